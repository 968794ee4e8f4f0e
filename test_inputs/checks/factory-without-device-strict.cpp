// CHECKS: torch-factory-without-device
// CHECK-OPTION: torch-factory-without-device.StrictMode=true
// HEADERS: fast real real2
// StrictMode: every device-less factory in device-aware code, used or not.
// Those seen meeting device data are reported as without StrictMode, with a
// fix --fix applies; for the others a device would move data that may be
// host data on purpose, so their fix is on a note.
#include <torch/torch.h>

// Seed 002: a device-less factory meets data that may live on CUDA.
torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
}
// CHECK-NOTES: :[[@LINE-7]]:42: note: the device is taken from parameter 'x'

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
  // CHECK-NOTES: :[[@LINE-1]]:33: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-2]]:12: note: it meets a tensor on the device of 'x' in 'Tensor::index_select'
  // CHECK-NOTES: :[[@LINE-3]]:37: note: it meets a tensor on the device of 'x' in 'operator+'
  // CHECK-NOTES: :[[@LINE-4]]:37: note: it meets a tensor on the device of 'x' in 'operator+'
}
// CHECK-NOTES: :[[@LINE-20]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-21]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-22]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-23]]:45: note: the device is taken from parameter 'x'

// A torch::Device parameter is followed as it is.
torch::Tensor noise(torch::Device device, int64_t n) {
  return torch::randn({n});
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor in device-aware code [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
}
// CHECK-NOTES: :[[@LINE-5]]:35: note: the device is taken from parameter 'device'

// The operand the factory meets wins over other tensors in scope.
struct ScalerImpl : torch::nn::Module {
  torch::Tensor bias;
  torch::Tensor forward(const torch::Tensor &input) {
    return input + (bias - torch::full({1}, 0.5));
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:26: note: it meets a tensor on the device of 'bias' in 'operator-'
    // CHECK-FIXES: return input + (bias - torch::full({1}, 0.5, torch::device(bias.device())));
  }
};
// CHECK-NOTES: :[[@LINE-8]]:17: note: the device is taken from member 'bias'

// A module offers no cheap device spelling: warn, no fix.
void reset(torch::nn::Linear &layer) {
  auto scale = torch::rand({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  layer->weight.mul_(scale);
  // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'layer' in 'Tensor::mul_'
}
// CHECK-NOTES: :[[@LINE-6]]:31: note: 'layer' may live on any device (wherever the caller put it)

// A local torch::Device in main makes main device-aware (seed 002).
int main() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto batch = torch::randn({8, 3});
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor in device-aware code [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  auto out = scale(batch.to(device));
  return out.numel() > 0 ? 0 : 1;
}
// CHECK-NOTES: :[[@LINE-7]]:17: note: the device is taken from local variable 'device'
