// CHECKS: torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real real2
// A loss compares a model's output with its target: a target made on the CPU
// meets the output where the model ran. mse_loss and l1_loss run both through
// one TensorIterator, where only a 0-dim CPU target may join device data; the
// cross entropies and binary_cross_entropy take no CPU target at all.
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

// Class labels made on the CPU meet the logits in the cross entropy, whose
// device check takes no CPU tensor at all.
torch::Tensor classification_loss(torch::nn::Linear &head, torch::Device device,
                                  const torch::Tensor &batch) {
  auto labels = torch::zeros({8}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto labels = torch::zeros({8}, torch::dtype(torch::kLong).device(device));
  // CHECK-NOTES: :[[@LINE-5]]:74: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+2]]:10: note: it meets a tensor on the device of 'device' in 'torch::nn::functional::cross_entropy'
  auto logits = head->forward(batch.to(device));
  return F::cross_entropy(logits, labels);
}

torch::Tensor likelihood_loss(torch::nn::Linear &head, torch::Device device,
                              const torch::Tensor &batch) {
  auto logits = head->forward(batch.to(device));
  auto labels = torch::ones({8}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto labels = torch::ones({8}, torch::dtype(torch::kLong).device(device));
  // CHECK-NOTES: :[[@LINE-6]]:70: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+1]]:10: note: it meets a tensor on the device of 'device' in 'nll_loss'
  return torch::nll_loss(torch::log_softmax(logits, 1), labels);
}

torch::Tensor mask_loss(torch::nn::Linear &head, torch::Device device,
                        const torch::Tensor &batch) {
  auto probability = torch::sigmoid(head->forward(batch.to(device)));
  auto mask = torch::full({8, 1}, 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto mask = torch::full({8, 1}, 1.0, torch::device(probability.device()));
  // CHECK-NOTES: :[[@LINE-4]]:8: note: the device is taken from local variable 'probability'
  // CHECK-NOTES: :[[@LINE+1]]:10: note: it meets a tensor on the device of 'device' in 'binary_cross_entropy'
  return torch::binary_cross_entropy(probability, mask) +
         torch::l1_loss(probability, torch::ones({8, 1}));
  // CHECK-MESSAGES: :[[@LINE-1]]:38: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: torch::l1_loss(probability, torch::ones({8, 1}, torch::device(probability.device())));
  // CHECK-NOTES: :[[@LINE-10]]:8: note: the device is taken from local variable 'probability'
  // CHECK-NOTES: :[[@LINE-4]]:10: note: it meets a tensor on the device of 'device' in 'l1_loss'
}

// A loss module computes the same as its function.
torch::Tensor criterion_loss(torch::nn::Linear &head, torch::Device device,
                             const torch::Tensor &batch) {
  torch::nn::CrossEntropyLoss criterion;
  auto labels = torch::zeros({8}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto labels = torch::zeros({8}, torch::dtype(torch::kLong).device(device));
  // CHECK-NOTES: :[[@LINE-6]]:69: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+1]]:10: note: it meets a tensor on the device of 'device' in 'torch::nn::CrossEntropyLossImpl::forward'
  return criterion(head->forward(batch.to(device)), labels);
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

// l1_loss subtracts: a 0-dim CPU target joins the output on any device.
torch::Tensor scalar_l1_target(torch::nn::Linear &head, torch::Device device,
                               const torch::Tensor &batch) {
  auto output = head->forward(batch.to(device));
  return torch::l1_loss(output, torch::tensor(0.0));
}

// A loss module holds no parameters: built here and never moved, it takes
// output and target on any device, as long as they are together.
torch::Tensor unmoved_criterion(torch::nn::Linear &head, torch::Device device,
                                const torch::Tensor &batch, const torch::Tensor &target) {
  torch::nn::MSELoss criterion;
  auto output = head->forward(batch.to(device));
  return criterion(output, target.to(device)) + criterion->forward(output, output.detach());
}
