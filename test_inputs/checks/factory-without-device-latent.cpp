// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A helper's tensor parameter holds whatever its callers pass. Alone, it does
// not show that a device-less factory's tensor meets data off the CPU: a data
// helper whose every caller hands it host tensors is right to make host
// tensors. Such a finding is latent: a file shows it only where its own code
// gives the evidence (a call that passes data placed on a device, a device
// chosen at run time, a module's own state). torchlint-run, which sees the
// calls of every file, shows it where a call elsewhere gives it.
#include <torch/torch.h>

// --- Latent: nothing in this file shows the data may be off the CPU. ---

// No caller here.
torch::Tensor normalized(const torch::Tensor &x) {
  auto mean = torch::tensor({0.5, 0.4, 0.3});
  return x - mean;
}

// Its only caller here passes host data.
torch::Tensor padded(const torch::Tensor &x) {
  return torch::cat({x, torch::zeros({1})});
}
torch::Tensor pad_host(const torch::Tensor &x) { return padded(x.cpu()); }

// Its caller hands on its own parameter: that caller's callers decide.
torch::Tensor relay(const torch::Tensor &x) { return normalized(x); }

// A plain class's tensor member lives wherever its user put it.
struct Window {
  torch::Tensor samples;
  torch::Tensor centered() const { return samples - torch::ones({4}); }
};

// A host grid advanced by a parameter's data on later iterations: on some
// paths the grid is where the parameter is, which is no more evidence than
// the parameter itself.
torch::Tensor advected(const torch::Tensor &flow, int64_t n, int steps) {
  auto grid = torch::arange(n).to(torch::kFloat);
  auto lo = torch::zeros({1});
  for (int i = 0; i < steps; ++i)
    grid = torch::clamp(grid + flow, lo);
  return grid;
}

// --- Shown: the code gives the evidence. ---

// The same, with a caller here that passes data it placed on CUDA.
torch::Tensor drifted(const torch::Tensor &flow, int64_t n, int steps) {
  auto grid = torch::arange(n).to(torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto grid = torch::arange(n, torch::device(flow.device())).to(torch::kFloat);
  for (int i = 0; i < steps; ++i)
    grid = grid + flow;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'flow' in 'operator+'
  // CHECK-NOTES: :[[@LINE-7]]:44: note: the device is taken from parameter 'flow'
  return grid;
}
torch::Tensor drift_on_gpu(const torch::Tensor &flow) {
  return drifted(flow.cuda(), 8, 3);
  // CHECK-NOTES: :[[@LINE-1]]:18: note: data on cuda reaches parameter 'flow' through this call of 'drifted'
}

// A caller here passes data it placed on CUDA.
torch::Tensor scaled(const torch::Tensor &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-6]]:43: note: the device is taken from parameter 'x'
}
torch::Tensor scale_on_gpu(const torch::Tensor &x) { return scaled(x.cuda()); }
// CHECK-NOTES: :[[@LINE-1]]:68: note: data on cuda reaches parameter 'x' through this call of 'scaled'

// A module's own parameters go wherever the module goes.
struct ShiftImpl : torch::nn::Module {
  torch::Tensor offset;
  torch::Tensor forward(const torch::Tensor &x) {
    return x + offset * torch::full({1}, 2.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: return x + offset * torch::full({1}, 2.0, torch::device(offset.device()));
    // CHECK-NOTES: :[[@LINE-3]]:23: note: it meets a tensor on the device of 'offset' in 'operator*'
    // CHECK-NOTES: :[[@LINE-6]]:17: note: the device is taken from member 'offset'
  }
};
