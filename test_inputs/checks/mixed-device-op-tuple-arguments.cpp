// CHECKS: torch-mixed-device-op,torch-factory-without-device
// HEADERS: fast real real2
// A function of the file that takes a pair or tuple of tensors: each element
// is where the caller put it, followed through std::get and structured
// bindings.
#include <torch/torch.h>

#include <tuple>

struct PairNetImpl : torch::nn::Module {
  PairNetImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(std::tuple<torch::Tensor, torch::Tensor> in) {
    return fc->forward(std::get<0>(in)) + std::get<1>(in);
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(PairNet);

torch::Tensor run_on_host_net() {
  torch::Device host(torch::kCPU);
  PairNet net;
  net->to(host);
  auto a = torch::randn({2, 4}, torch::kCUDA);
  auto b = torch::randn({2, 4}, torch::kCUDA);
  return net->forward(std::make_tuple(a, b));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: operands of 'torch::nn::LinearImpl::forward' are on different devices (cpu and cuda) in this call of 'forward' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-14]]:16: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  // CHECK-NOTES: :[[@LINE-6]]:3: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cuda here
}

torch::Tensor cell(const torch::Tensor &x,
                   const std::pair<torch::Tensor, torch::Tensor> &state) {
  auto [h, c] = state;
  return torch::tanh(x + h) * c;
}

torch::Tensor step(torch::Device device, const torch::Tensor &input) {
  auto h = torch::zeros({2, 4});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto h = torch::zeros({2, 4}, torch::device(device));
  // CHECK-NOTES: :[[@LINE-4]]:34: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+2]]:10: note: it is passed to 'cell' here, where it meets a tensor on the device of 'device'
  auto c = torch::zeros({2, 4}, torch::device(device));
  return cell(input.to(device), std::make_pair(h, c));
  // CHECK-NOTES: :[[@LINE-11]]:24: note: 'cell' calls 'operator+' here
}

// --- Not flagged ---

// The element that meets the layer is where the layer is; the other one
// only meets its own kind.
torch::Tensor run_matching() {
  torch::Device host(torch::kCPU);
  PairNet net;
  net->to(host);
  auto a = torch::randn({2, 4});
  auto b = torch::randn({2, 4});
  return net->forward(std::make_tuple(a, b));
}

torch::Tensor placed_state(torch::Device device, const torch::Tensor &input) {
  auto x = input.to(device);
  return cell(x, std::make_pair(torch::zeros_like(x), torch::ones_like(x)));
}
