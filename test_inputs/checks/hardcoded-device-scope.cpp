// CHECKS: torch-hardcoded-device,torch-discarded-to
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

// Constructor initializers belong to the constructor: its parameters are in
// scope there.
struct BiasImpl : torch::nn::Module {
  BiasImpl(torch::Device device, int64_t n)
      : bias(torch::zeros({n}, torch::kCUDA)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-FIXES: : bias(torch::zeros({n}, device)) {
      // CHECK-NOTES: :[[@LINE-3]]:32: note: the tensor it places is kept in 'bias', for code whose data may be on another device
    register_buffer("bias", bias);
  }
  torch::Tensor bias;
  // Default member initializers and default arguments are outside any
  // function body: the constructor's or the function's parameters are not in
  // scope there, so no fix could name them. They are not analysed.
  torch::Tensor scale = torch::ones({1}).cuda();
  torch::Tensor shift(const torch::Tensor &x,
                      torch::Tensor by = torch::zeros({1}, torch::kCUDA)) {
    return x + by;
  }
};
// CHECK-NOTES: :[[@LINE-17]]:26: note: the device is taken from parameter 'device'
