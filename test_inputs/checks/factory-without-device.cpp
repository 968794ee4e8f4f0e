// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
#include <torch/torch.h>
#include <vector>

// Seed 002: a device-less factory meets data that may live on CUDA.
torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}
// CHECK-NOTES: :[[@LINE-2]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
// CHECK-NOTES: :[[@LINE-7]]:42: note: the device is taken from parameter 'x'

// Options without a device keep their dtype; a local options variable too.
// Two factories combined first are both reported, so one run fixes all.
torch::Tensor weighted(const torch::Tensor &x) {
  auto w = torch::tensor({1.0, 2.0, 0.5}, torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::tensor({1.0, 2.0, 0.5}, torch::dtype(torch::kDouble).device(x.device()));
  auto ids = torch::zeros({3}, torch::dtype(torch::kLong));
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto ids = torch::zeros({3}, torch::dtype(torch::kLong).device(x.device()));
  auto mask = torch::ones({3}, torch::TensorOptions().dtype(torch::kBool));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto mask = torch::ones({3}, torch::TensorOptions().dtype(torch::kBool).device(x.device()));
  auto opts = torch::TensorOptions().dtype(torch::kLong);
  auto steps = torch::arange(3, opts);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto steps = torch::arange(3, opts.device(x.device()));
  return x.index_select(0, ids) * w + mask * steps;
}

// The operand the factory meets decides the device.
struct ScalerImpl : torch::nn::Module {
  torch::Tensor bias;
  torch::Tensor forward(const torch::Tensor &input) {
    return input + (bias - torch::full({1}, 0.5));
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: return input + (bias - torch::full({1}, 0.5, torch::device(bias.device())));
  }
};

// A module's parameters may be anywhere, but there is no cheap spelling of
// a module's device: warn without a fix.
void reset(torch::nn::Linear &layer) {
  auto scale = torch::rand({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  layer->weight.mul_(scale);
}

// Flow: moved on one branch only, the tensor may still be on the CPU.
torch::Tensor branch(const torch::Tensor &x, bool fast) {
  auto t = torch::randn({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto t = torch::randn({3}, torch::device(x.device()));
  if (fast)
    t = t.to(x.device());
  return torch::cat({x, t});
}

// Flow: a list built in a loop, stacked with a tensor on the caller's device.
torch::Tensor gathered(const torch::Tensor &x, int n) {
  std::vector<torch::Tensor> parts;
  for (int i = 0; i < n; ++i)
    parts.push_back(torch::zeros({2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: parts.push_back(torch::zeros({2}, torch::device(x.device())));
  parts.push_back(x);
  return torch::stack(parts);
}

// Lambdas are analysed as functions of their own.
torch::Tensor with_lambda(const torch::Tensor &x) {
  auto shift = [](const torch::Tensor &v) { return v - torch::ones({2}); };
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto shift = [](const torch::Tensor &v) { return v - torch::ones({2}, torch::device(v.device())); };
  return shift(x);
}

// --- Not flagged: what PyTorch allows, or never meets a device. ---

// A 0-dim CPU tensor may join a CUDA op (the CPU-scalar exception).
torch::Tensor scalar_ok(const torch::Tensor &x) {
  auto temperature = torch::tensor(2.0);
  return x / temperature + x * torch::scalar_tensor(0.5);
}

// Moved before use.
torch::Tensor moved_ok(const torch::Tensor &x) {
  auto w = torch::ones({3}).to(x.device());
  auto v = torch::zeros({3});
  v = v.to(x.device());
  return x * w + x * v;
}

// CPU index tensors are allowed on a device tensor; copy_ copies across.
torch::Tensor index_ok(torch::Tensor x) {
  auto idx = torch::arange(2);
  auto picked = x.index({idx});
  auto buffer = torch::zeros({2});
  x.copy_(buffer);
  return picked;
}

// All-CPU code, and factories whose tensors never meet device data.
torch::Tensor cpu_only() {
  auto a = torch::ones({2});
  auto b = torch::tensor({1.0, 2.0});
  return torch::stack({a * b, a});
}
torch::Tensor returned(const torch::Tensor &x) { return torch::zeros({3}); }

// Every note: where each factory's tensor meets device data, and where the
// fix takes its device from.
// CHECK-NOTES: :[[@LINE-99]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-100]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-101]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-102]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-89]]:12: note: it meets a tensor on the device of 'x' in 'Tensor::index_select'
// CHECK-NOTES: :[[@LINE-90]]:33: note: it meets a tensor on the device of 'x' in 'operator*'
// CHECK-NOTES: :[[@LINE-91]]:37: note: it meets a tensor on the device of 'x' in 'operator+'
// CHECK-NOTES: :[[@LINE-92]]:37: note: it meets a tensor on the device of 'x' in 'operator+'
// CHECK-NOTES: :[[@LINE-88]]:17: note: the device is taken from member 'bias'
// CHECK-NOTES: :[[@LINE-87]]:26: note: it meets a tensor on the device of 'bias' in 'operator-'
// CHECK-NOTES: :[[@LINE-80]]:31: note: 'layer' may live on any device (wherever the caller put it)
// CHECK-NOTES: :[[@LINE-78]]:17: note: it meets a tensor on the device of 'layer' in 'Tensor::mul_'
// CHECK-NOTES: :[[@LINE-75]]:43: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-70]]:10: note: it meets a tensor on the device of 'x' in 'cat'
// CHECK-NOTES: :[[@LINE-67]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-61]]:10: note: it meets a tensor on the device of 'x' in 'stack'
// CHECK-NOTES: :[[@LINE-57]]:40: note: the device is taken from parameter 'v'
// CHECK-NOTES: :[[@LINE-58]]:54: note: it meets a tensor on the device of 'v' in 'operator-'

// Met on a device known here: the message says so. The fix follows the
// tensor met where it has a name; `x.cuda()` has none, and x itself may be
// elsewhere, so no fix.
torch::Tensor on_gpu_named(const torch::Tensor &x) {
  auto g = x.cuda();
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(g.device()));
  return g * w;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on cuda in 'operator*'
  // CHECK-NOTES: :[[@LINE-6]]:8: note: the device is taken from local variable 'g'
}
torch::Tensor on_gpu_unnamed(const torch::Tensor &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
  return x.cuda() * w;
  // CHECK-NOTES: :[[@LINE-1]]:19: note: it meets a tensor on cuda in 'operator*'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: placed on cuda here
}

// Reshaped to broadcast over channels: `.view({1, 3, 1, 1})` keeps four
// dimensions, so the CPU tensor is no 0-dim scalar that PyTorch would move.
torch::Tensor normalize_channels(const torch::Tensor &images) {
  auto mean = torch::tensor({0.5, 0.4, 0.3}).view({1, 3, 1, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto mean = torch::tensor({0.5, 0.4, 0.3}, torch::device(images.device())).view({1, 3, 1, 1});
  auto x = images.to(torch::kFloat);
  return x - mean;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'images' in 'operator-'
  // CHECK-NOTES: :[[@LINE-7]]:55: note: the device is taken from parameter 'images'
}

// What makes the helpers' parameters evidence: this file hands them data on a
// device chosen at run time. Without such a caller, a factory that meets
// nothing but a tensor parameter is latent (factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  scale(x);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'scale'
  weighted(x);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'weighted'
  // CHECK-NOTES: :[[@LINE-2]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'weighted'
  // CHECK-NOTES: :[[@LINE-3]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'weighted'
  // CHECK-NOTES: :[[@LINE-4]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'weighted'
  gathered(x, 2);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'gathered'
  with_lambda(x);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: data on the device of 'device' reaches parameter 'x' through this call of 'with_lambda'
  normalize_channels(x);
  // CHECK-NOTES: :[[@LINE-1]]:22: note: data on the device of 'device' reaches parameter 'images' through this call of 'normalize_channels'
}

// A device another object holds (a configuration's, behind a pointer) is
// chosen where that object is set up, as a member of this one is: data
// placed with it may be anywhere.
struct TrainConfig {
  torch::Device device = torch::kCPU;
};
torch::Tensor value_loss(const std::shared_ptr<TrainConfig> &config,
                         torch::nn::Linear &head, const torch::Tensor &states,
                         std::vector<float> &results) {
  auto values = head->forward(states.to(config->device));
  // CHECK-NOTES: :[[@LINE-1]]:8: note: the device is taken from local variable 'values'
  auto targets = torch::from_blob(results.data(),
                                  {static_cast<int64_t>(results.size()), 1});
  // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: tensor factory 'torch::from_blob' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:18: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  return (values - targets).pow(2).mean();
  // CHECK-NOTES: :[[@LINE-1]]:18: note: it meets a tensor on the device of 'device' in 'operator-'
}
