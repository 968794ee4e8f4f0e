// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A libtorch function computes where its tensors are, as its method form
// does, listed in the op table or not: a device-less factory's tensor stays on
// the CPU through `torch::exp`, `torch::narrow`, `torch::cat`, and meets the
// device data further on. So do the modules' functional forms
// (`torch::nn::functional::pad`, `relu`).
#include <torch/torch.h>

torch::Tensor through_unary(torch::Device device) {
  auto x = torch::rand({4}, torch::device(device));
  auto noise = torch::exp(torch::randn({4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'device' in 'operator+'
  // CHECK-NOTES: :[[@LINE-4]]:8: note: the device is taken from local variable 'x'
  // CHECK-FIXES: auto noise = torch::exp(torch::randn({4}, torch::device(x.device())));
  return x + noise;
}

// A view keeps the dimensions of what it views: not a 0-dim scalar.
torch::Tensor through_view(const torch::Tensor &x) {
  auto window = torch::narrow(torch::ones({8}), 0, 0, 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-4]]:49: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto window = torch::narrow(torch::ones({8}, torch::device(x.device())), 0, 0, 4);
  return x * window;
}

torch::Tensor through_list(torch::Device device) {
  auto x = torch::rand({4}, torch::device(device));
  auto both = torch::cat({torch::zeros({2}), torch::ones({2})});
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-MESSAGES: :[[@LINE-2]]:46: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+5]]:12: note: it meets a tensor on the device of 'device' in 'operator-'
  // CHECK-NOTES: :[[@LINE+4]]:12: note: it meets a tensor on the device of 'device' in 'operator-'
  // CHECK-NOTES: :[[@LINE-6]]:8: note: the device is taken from local variable 'x'
  // CHECK-NOTES: :[[@LINE-7]]:8: note: the device is taken from local variable 'x'
  // CHECK-FIXES: auto both = torch::cat({torch::zeros({2}, torch::device(x.device())), torch::ones({2}, torch::device(x.device()))});
  return x - both;
}

// A 0-dim CPU tensor stays one through an unlisted op, and may join device
// data where the op allows it.
torch::Tensor scalar_through_op(torch::Device device) {
  auto x = torch::rand({4}, torch::device(device));
  auto scale = torch::exp(torch::tensor(2.0));
  return x * scale;
}

// Made on the device, the pieces stay there.
torch::Tensor on_device(torch::Device device) {
  auto x = torch::rand({4}, torch::device(device));
  auto both = torch::cat({torch::zeros({2}, torch::device(device)),
                          torch::ones({2}, torch::device(device))});
  return x - torch::exp(both);
}

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({8}, device);
  through_view(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'device' reaches parameter 'x' through this call of 'through_view'
}

// A module's output lives where the data it ran on does: a Linear, and a
// Sequential of layers, run as `net->forward(x)`.
torch::Tensor through_module(torch::Device device, const torch::Tensor &batch) {
  torch::nn::Linear head(4, 1);
  head->to(device);
  auto target = torch::full({8, 1}, 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto target = torch::full({8, 1}, 1.0, torch::device(device));
  // CHECK-NOTES: :[[@LINE-6]]:44: note: the device is taken from parameter 'device'
  auto output = head->forward(batch.to(device));
  return output - target;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'device' in 'operator-'
}

torch::Tensor through_sequential(torch::Device device,
                                 const torch::Tensor &batch) {
  torch::nn::Sequential discriminator(torch::nn::Linear(4, 1),
                                      torch::nn::Sigmoid());
  discriminator->to(device);
  auto target = torch::full({8, 1}, 1.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto target = torch::full({8, 1}, 1.0, torch::device(device));
  // CHECK-NOTES: :[[@LINE-8]]:48: note: the device is taken from parameter 'device'
  auto output = discriminator->forward(batch.to(device));
  return output - target;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'device' in 'operator-'
}

// An output made on the CPU and written in place with device values: scatter_
// and scatter_add_ check every tensor they are given, the output included.
torch::Tensor scatter_scores(torch::Device device, const torch::Tensor &scores,
                             const torch::Tensor &index) {
  auto out = torch::zeros({4, 2});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::zeros({4, 2}, torch::device(device));
  // CHECK-NOTES: :[[@LINE-5]]:44: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+1]]:7: note: it meets a tensor on the device of 'device' in 'Tensor::scatter_add_'
  out.scatter_add_(1, index.to(device), scores.to(device));
  return out;
}

// The modules' functional forms (torch::nn::functional) compute where their
// input is, listed in the op table or not.
torch::Tensor through_functional(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:48: note: the device is taken from parameter 'device'
  auto x = torch::rand({4}, torch::device(device));
  auto activated = torch::nn::functional::relu(x);
  return activated * torch::rand({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: it meets a tensor on the device of 'device' in 'operator*'
  // CHECK-FIXES: return activated * torch::rand({4}, torch::device(device));
}

// An op that returns values and indices (`torch::sort`, `max` over a
// dimension) computes both where its input is, read with `std::get`, a
// structured binding or through a local that keeps the pair.
torch::Tensor through_sort(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:42: note: the device is taken from parameter 'device'
  auto x = torch::rand({4, 8}, torch::device(device));
  auto sorted = std::get<0>(torch::sort(x, 1));
  return sorted - torch::zeros({4, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: it meets a tensor on the device of 'device' in 'operator-'
  // CHECK-FIXES: return sorted - torch::zeros({4, 8}, torch::device(device));
}

torch::Tensor through_max_binding(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:49: note: the device is taken from parameter 'device'
  auto x = torch::rand({4, 8}, torch::device(device));
  auto [best, where] = torch::max(x, 1);
  return best + torch::ones({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: it meets a tensor on the device of 'device' in 'operator+'
  // CHECK-FIXES: return best + torch::ones({4}, torch::device(device));
}

torch::Tensor through_kept_pair(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:47: note: the device is taken from parameter 'device'
  auto x = torch::rand({4, 8}, torch::device(device));
  auto sorted = x.sort(1);
  return std::get<1>(sorted) * torch::rand({4, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:30: note: it meets a tensor on the device of 'device' in 'operator*'
  // CHECK-FIXES: return std::get<1>(sorted) * torch::rand({4, 8}, torch::device(device));
}

// A pair replaced in part is no longer followed; one of the CPU stays there.
torch::Tensor pair_replaced_in_part(torch::Device device) {
  auto x = torch::rand({4, 8});
  auto sorted = torch::sort(x, 1);
  std::get<0>(sorted) = torch::rand({4, 8}, torch::device(device));
  auto on_cpu = std::get<1>(torch::sort(x, 1));
  return on_cpu + torch::zeros({4, 8});
}

// A helper whose result is one of its parameters' devices on one path and
// another's on the other (`keep ? torch::cat({a, b}) : b`): at a call, where
// the arguments for them are.
torch::Tensor joined_or_last(const torch::Tensor &a, const torch::Tensor &b,
                             bool keep) {
  return keep ? torch::cat({a, b}, 1) : b;
}

torch::Tensor through_joined_helper(torch::Device device, bool keep) {
  // CHECK-NOTES: :[[@LINE-1]]:51: note: the device is taken from parameter 'device'
  auto a = torch::rand({4, 2}, torch::device(device));
  auto b = torch::rand({4, 2}, torch::device(device));
  return joined_or_last(a, b, keep) - torch::zeros({4, 2});
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:37: note: it meets a tensor on the device of 'device' in 'operator-'
  // CHECK-FIXES: return joined_or_last(a, b, keep) - torch::zeros({4, 2}, torch::device(device));
}

// stft checks its input and window are together; grid sampling, its input
// and grid.
torch::Tensor spectrum(torch::Device device, const torch::Tensor &samples) {
  // CHECK-NOTES: :[[@LINE-1]]:38: note: the device is taken from parameter 'device'
  auto window = torch::hann_window(400);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::hann_window' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto window = torch::hann_window(400, torch::device(device));
  return torch::stft(samples.to(device), 400, 160, 400, window, false, true,
                     true);
  // CHECK-NOTES: :[[@LINE-2]]:10: note: it meets a tensor on the device of 'device' in 'stft'
}

torch::Tensor sample_grid(torch::Device device, const torch::Tensor &image) {
  // CHECK-NOTES: :[[@LINE-1]]:41: note: the device is taken from parameter 'device'
  auto grid = torch::zeros({1, 8, 8, 2});
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto grid = torch::zeros({1, 8, 8, 2}, torch::device(device));
  return torch::grid_sampler(image.to(device), grid, 0, 0, false);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: it meets a tensor on the device of 'device' in 'grid_sampler'
}
