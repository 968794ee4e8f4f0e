// CHECKS: torch-hardcoded-device, torch-mixed-device-op
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// A fixed device is a defect where the code is meant to run wherever its data
// is, and only the evidence says so: a device held as a value, a module, code
// that asks where its data lives, or a caller whose data is placed elsewhere.
// A tensor parameter alone, or a plain class's tensor member, only says
// "wherever the caller put it": a program written for one accelerator passes
// its data from there by design.
#include <torch/torch.h>
// CHECK-FIXES-INSERTED: #include <torchlint/torchlint.h>

// A helper of a program written for CUDA: no evidence, not flagged, nor the op
// where its CUDA tensor meets the parameter.
torch::Tensor add_bias(const torch::Tensor &x) {
  auto bias = torch::ones({3}, torch::kCUDA);
  return x + bias;
}

// A plain class holding tensors: they live where the program put them.
struct Grid {
  torch::Tensor cells;
  torch::Tensor shifted() const {
    return cells + torch::ones({1}, torch::kCUDA);
  }
};

// Host data handed to a helper that uploads it: what a CUDA program does.
torch::Tensor upload(const torch::Tensor &image) { return image.cuda(); }
void load_batch() {
  auto host = torch::zeros({4, 3});
  upload(host);
}

// Two fixed devices that provably meet fail wherever the code runs.
torch::Tensor gather_both(const torch::Tensor &x) {
  auto a = x.cpu();
  // CHECK-NOTES: :[[@LINE-1]]:12: note: placed on cpu here
  auto b = torch::ones({3}, torch::kCUDA);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: placed on cuda here
  return torch::cat({a, b});
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cat' gathers tensors that are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: torchlint::cat from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-FIXES: return torchlint::cat({a, b});
}

// A module: its parameters go wherever the module is moved.
struct HeadImpl : torch::nn::Module {
  HeadImpl() { fc = register_module("fc", torch::nn::Linear(3, 3)); }
  torch::Tensor forward(const torch::Tensor &x) {
  // CHECK-NOTES: :[[@LINE-1]]:46: note: the device is taken from parameter 'x'
    return fc->forward(x) + torch::ones({3}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-FIXES: return fc->forward(x) + torch::ones({3}, x.device());
    // CHECK-NOTES: :[[@LINE-3]]:27: note: the tensor it places may meet a tensor on the device of 'fc' here, in 'operator+'
  }
  torch::nn::Linear fc{nullptr};
};

// Code that asks where its data lives follows it; a fixed device beside that
// is an oversight.
torch::Tensor pad(const torch::Tensor &x) {
// CHECK-NOTES: :[[@LINE-1]]:40: note: the device is taken from parameter 'x'
  auto zeros = torch::zeros({1}, x.options());
  return torch::cat({x, zeros, torch::ones({1}, torch::kCUDA)});
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: return torch::cat({x, zeros, torch::ones({1}, x.device())});
  // CHECK-NOTES: :[[@LINE-3]]:10: note: the tensor it places may meet a tensor on the device of 'x' here, in 'cat'
}

// A caller that places its data by a run-time choice shows that the helper
// runs elsewhere too.
torch::Tensor scale(const torch::Tensor &x) {
// CHECK-NOTES: :[[@LINE-1]]:42: note: the device is taken from parameter 'x'
  return x * torch::full({1}, 2.0, torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: return x * torch::full({1}, 2.0, x.device());
  // CHECK-NOTES: :[[@LINE-3]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator*'
}
void run(torch::Device device) { scale(torch::ones({3}, device)); }
// CHECK-NOTES: :[[@LINE-1]]:40: note: data on the device of 'device' reaches parameter 'x' through this call of 'scale'

// Asserting a device states the code's one device; it chooses nothing at run
// time, so it is no evidence either.
torch::Tensor render(const torch::Tensor &means, const torch::Tensor &view) {
  TORCH_CHECK(means.is_cuda(), "means must be on CUDA, got ", means.device());
  auto camera = view.to(torch::kCUDA);
  return means.matmul(camera);
}

// A device variable that only spells one fixed device is that device under a
// name, not a choice (and printing which it is chooses nothing): this program
// trains on CUDA by design, and it moves the network it was handed back to
// the CPU on purpose, to evaluate it there.
float evaluate_on_host(HeadImpl &head);
void log(const char *what);
float train_then_evaluate(std::shared_ptr<HeadImpl> network) {
  torch::Device device(torch::kCUDA, 0);
  log(device.is_cuda() ? "training on the GPU" : "training on the CPU");
  network->to(device);
  network->to(torch::kCPU);
  return evaluate_on_host(*network);
}

// Chosen at run time, the device says the code runs wherever it is told: the
// move to the CPU leaves the caller's network there.
float train_where_told(std::shared_ptr<HeadImpl> network) {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA, 0);
  network->to(device);
  network->to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-6]]:17: note: the device is taken from local variable 'device'
  // CHECK-FIXES: network->to(device);
  return evaluate_on_host(*network);
}
