// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A tensor with no elements made as a placeholder and replaced where a test
// of its element count says it is still empty: on the path where it has
// elements it is no longer the placeholder, so the placeholder never meets
// the device data there. Without such a test it still does.
#include <torch/torch.h>

#include <vector>

torch::Tensor initial_state(int64_t batch, torch::Device device) {
  return torch::zeros({batch, 4}, torch::device(device));
}

// A recurrent loop: the state starts as an empty placeholder and is made on
// the device the first time round (or whenever a reset is asked for).
torch::Tensor run_steps(const std::vector<torch::Tensor> &batches,
                        torch::Device device, bool reset) {
  torch::Tensor state = torch::empty({0});
  torch::Tensor out;
  for (const torch::Tensor &batch : batches) {
    auto x = batch.to(device);
    if (state.numel() == 0 || reset)
      state = initial_state(x.size(0), device);
    else
      state = state.detach();
    out = x + state;
  }
  return out;
}

// The same test written the other way round.
torch::Tensor warm_steps(const std::vector<torch::Tensor> &batches,
                         torch::Device device) {
  torch::Tensor state = torch::zeros({0});
  torch::Tensor out;
  for (const torch::Tensor &batch : batches) {
    auto x = batch.to(device);
    if (0 < state.numel())
      state = state.detach();
    else
      state = initial_state(x.size(0), device);
    out = x + state;
  }
  return out;
}

// Tested, but the placeholder is combined on the empty side.
torch::Tensor wrong_side(const torch::Tensor &x) {
  auto acc = torch::zeros({0});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto acc = torch::zeros({0}, torch::device(x.device()));
  if (acc.numel() == 0)
    acc = acc + x;
  // CHECK-NOTES: :[[@LINE-1]]:15: note: it meets a tensor on the device of 'x' in 'operator+'
  return acc;
}
// CHECK-NOTES: :[[@LINE-9]]:47: note: the device is taken from parameter 'x'

// Not tested at all: the empty tensor meets the device data.
torch::Tensor untested(const torch::Tensor &x) {
  auto acc = torch::empty({0});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto acc = torch::empty({0}, torch::device(x.device()));
  return acc + x;
  // CHECK-NOTES: :[[@LINE-1]]:14: note: it meets a tensor on the device of 'x' in 'operator+'
}
// CHECK-NOTES: :[[@LINE-7]]:45: note: the device is taken from parameter 'x'

// A placeholder with elements is not a placeholder the test rules out.
torch::Tensor not_empty(const torch::Tensor &x) {
  auto acc = torch::ones({2});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto acc = torch::ones({2}, torch::device(x.device()));
  if (acc.numel() > 0)
    acc = acc + x;
  // CHECK-NOTES: :[[@LINE-1]]:15: note: it meets a tensor on the device of 'x' in 'operator+'
  return acc;
}
// CHECK-NOTES: :[[@LINE-9]]:46: note: the device is taken from parameter 'x'

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  wrong_side(x);
  // CHECK-NOTES: :[[@LINE-1]]:14: note: data on the device of 'device' reaches parameter 'x' through this call of 'wrong_side'
  untested(x);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'untested'
  not_empty(x);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on the device of 'device' reaches parameter 'x' through this call of 'not_empty'
}
