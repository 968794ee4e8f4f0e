// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// Tensors kept together in a plain struct of the program: a local of it is
// followed member by member, and so is one a helper of the file returns.
#include <torch/torch.h>

#include <utility>

struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

torch::Tensor local_batch(torch::nn::Linear &net, torch::Device device) {
  Batch batch;
  batch.images = torch::rand({8, 4}, device);
  batch.labels = torch::zeros({8}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: batch.labels = torch::zeros({8}, torch::dtype(torch::kLong).device(device));
  // CHECK-NOTES: :[[@LINE-6]]:65: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+3]]:10: note: it meets a tensor on the device of 'device' in 'nll_loss'
  net->to(device);
  auto out = net->forward(batch.images);
  return torch::nll_loss(out, batch.labels);
}

Batch sample(torch::Device device) {
  return Batch{torch::rand({8, 4}, device), torch::ones({8}, torch::kLong)};
  // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: return Batch{torch::rand({8, 4}, device), torch::ones({8}, torch::dtype(torch::kLong).device(device))};
  // CHECK-NOTES: :[[@LINE-4]]:28: note: the device is taken from parameter 'device'
}

torch::Tensor sampled_batch(torch::nn::Linear &net, torch::Device device) {
  net->to(device);
  Batch batch = sample(device);
  return torch::nll_loss(net->forward(batch.images), batch.labels);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: it meets a tensor on the device of 'device' in 'nll_loss'
}

// --- Not flagged ---

void to_device(Batch &batch, torch::Device device) {
  batch.images = batch.images.to(device);
  batch.labels = batch.labels.to(device);
}

// Handed to a function that may move its members: not followed.
torch::Tensor moved_batch(torch::nn::Linear &net, torch::Device device) {
  Batch batch;
  batch.images = torch::rand({8, 4});
  batch.labels = torch::zeros({8}, torch::kLong);
  to_device(batch, device);
  net->to(device);
  return torch::nll_loss(net->forward(batch.images), batch.labels);
}

// Moved member by member before the meeting.
torch::Tensor placed_batch(torch::nn::Linear &net, torch::Device device) {
  Batch batch{torch::rand({8, 4}), torch::zeros({8}, torch::kLong)};
  batch.images = batch.images.to(device);
  batch.labels = batch.labels.to(device);
  net->to(device);
  return torch::nll_loss(net->forward(batch.images), batch.labels);
}
