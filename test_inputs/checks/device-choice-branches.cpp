// CHECKS: torch-hardcoded-device, torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// Run-time device choices written as branches: the program picks where to
// run, as `t.to(flag ? torch::kCUDA : torch::kCPU)` does in one expression.
// Neither the placement under the branch nor a factory moved there is a bug.
#include <torch/torch.h>

#include <string>

struct Config {
  bool use_gpu = false;
  bool verbose = false;
};

torch::Tensor by_flag(const torch::Tensor &x, const Config &cfg) {
  auto t = torch::ones({3});
  if (cfg.use_gpu)
    t = t.cuda();
  return x * t;
}

torch::Tensor by_availability(torch::nn::Linear &net, const torch::Tensor &x) {
  if (torch::cuda::is_available()) {
    net->to(torch::kCUDA);
  } else {
    net->to(torch::kCPU);
  }
  return net->forward(x);
}

torch::Tensor by_negated_flag(const torch::Tensor &x, bool cpu_only) {
  auto scale = torch::full({3}, 2.0);
  if (!cpu_only && torch::cuda::device_count() > 0)
    scale = scale.to(torch::kCUDA);
  return x * scale;
}

torch::Tensor by_device_type(const torch::Tensor &x, torch::Device device) {
  auto bias = torch::zeros({3});
  if (device.type() == torch::kCUDA)
    bias = bias.cuda();
  return x + bias;
}

torch::Tensor by_name(const torch::Tensor &x, const std::string &device_str) {
  auto labels = torch::zeros({3}, torch::kLong);
  if (device_str == "cuda")
    labels = labels.to(torch::kCUDA);
  return x.index_select(0, labels);
}

torch::Tensor not_yet_on_gpu(torch::Tensor x, bool use_cuda) {
  if (!x.is_cuda() && use_cuda)
    x = x.cuda();
  return x;
}

torch::Tensor by_ternary(const torch::Tensor &x, bool gpu) {
  auto w = torch::ones({3});
  torch::Tensor moved = gpu ? w.cuda() : w.cpu();
  return x + moved;
}

// `.cuda()` under `if (x.is_cuda())` lands on the current CUDA device, not
// x's (a cuda:1 input gets a cuda:0 bias): still hard-coded, fixed by
// following x.
torch::Tensor follows_queried(const torch::Tensor &x, torch::Tensor bias) {
  if (x.is_cuda())
    bias = bias.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-4]]:52: note: the device is taken from parameter 'x'
  // CHECK-FIXES: bias = bias.to(x.device());
  return x + bias;
}

// A branch that is not a device choice does not excuse a hard-coded device.
torch::Tensor not_a_choice(const torch::Tensor &x, const Config &cfg) {
  auto y = x;
  if (cfg.verbose)
    y = y.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-5]]:49: note: the device is taken from parameter 'x'
  // CHECK-FIXES: y = y.to(x.device());
    // CHECK-NOTES: :[[@LINE-4]]:11: note: the tensor it places is returned from 'not_a_choice', for code whose data may be on another device
  return y;
}

// A factory moved on one branch of an unrelated condition still meets x as
// a CPU tensor on the other path.
torch::Tensor unrelated_branch(const torch::Tensor &x, const Config &cfg) {
  auto t = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+5]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-4]]:53: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto t = torch::ones({3}, torch::device(x.device()));
  if (cfg.verbose)
    t = t.to(x.device());
  return x * t;
}

// A device chosen at run time is one device, whichever was chosen: tensors
// placed with it are together (a loss accumulated in a training loop).
double accumulate_losses(const torch::Tensor &target) {
  const bool cuda_available = torch::cuda::is_available();
  torch::Device device(cuda_available ? torch::kCUDA : torch::kCPU);
  auto content_loss = torch::zeros({1}, torch::TensorOptions(device));
  auto style_loss = torch::zeros({1}, torch::TensorOptions(device));
  auto total = content_loss + 100 * style_loss;
  return total.item<double>() + target.numel();
}
double accumulate_after_choice() {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  auto a = torch::zeros({1}, torch::TensorOptions(device));
  auto b = torch::ones({1}, torch::TensorOptions(device));
  return (a + b).item<double>();
}

// The helper above is called with data placed by a run-time device choice.
void run_on(torch::Device device, const Config &cfg) {
  not_a_choice(torch::ones({3}, device), cfg);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'device' reaches parameter 'x' through this call of 'not_a_choice'
}
