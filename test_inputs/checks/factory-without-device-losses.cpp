// CHECKS: torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real real2
// A loss compares a model's output with its target. mse_loss runs both through
// one TensorIterator: a target made on the CPU meets the output where the
// model ran, and only a 0-dim CPU target may join device data there.
#include <torch/torch.h>

namespace F = torch::nn::functional;

torch::Tensor regression_loss(torch::nn::Linear &head, torch::Device device,
                              const torch::Tensor &batch) {
  auto target = torch::zeros({8, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto target = torch::zeros({8, 1}, torch::device(device));
  // CHECK-NOTES: :[[@LINE-5]]:70: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+2]]:10: note: it meets a tensor on the device of 'device' in 'mse_loss'
  auto output = head->forward(batch.to(device));
  return torch::mse_loss(output, target);
}

torch::Tensor functional_loss(torch::nn::Linear &head, torch::Device device,
                              const torch::Tensor &batch) {
  auto target = torch::ones({8, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto target = torch::ones({8, 1}, torch::device(device));
  // CHECK-NOTES: :[[@LINE-5]]:70: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+2]]:10: note: it meets a tensor on the device of 'device' in 'torch::nn::functional::mse_loss'
  auto output = head->forward(batch.to(device));
  return F::mse_loss(output, target);
}

// --- Not flagged ---
// A 0-dim CPU target joins the output on any device.
torch::Tensor scalar_target(torch::nn::Linear &head, torch::Device device,
                            const torch::Tensor &batch) {
  auto target = torch::tensor(0.5);
  auto output = head->forward(batch.to(device));
  return torch::mse_loss(output, target);
}

// The target made where the output is.
torch::Tensor placed_target(torch::nn::Linear &head, torch::Device device,
                            const torch::Tensor &batch) {
  auto output = head->forward(batch.to(device));
  auto target = torch::zeros({8, 1}, output.options());
  return torch::mse_loss(output, target);
}
