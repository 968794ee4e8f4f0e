// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: real real2
// A recurrent layer runs its input and its initial state (one tensor, or a
// pair for an LSTM) against its weights: a state made on the CPU meets them
// wherever the layer was moved.
#include <torch/torch.h>

#include <tuple>

torch::Tensor encode(torch::nn::LSTM &lstm, torch::Device device,
                     const torch::Tensor &sequence) {
  lstm->to(device);
  auto h0 = torch::zeros({1, 4, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto h0 = torch::zeros({1, 4, 8}, torch::device(device));
  // CHECK-NOTES: :[[@LINE-6]]:59: note: the device is taken from parameter 'device'
  auto c0 = torch::zeros({1, 4, 8}, torch::device(device));
  auto output = lstm->forward(sequence.to(device), std::make_tuple(h0, c0));
  // CHECK-NOTES: :[[@LINE-1]]:23: note: it meets a tensor on the device of 'device' in 'torch::nn::LSTMImpl::forward'
  return std::get<0>(output);
}

torch::Tensor step(torch::nn::GRU &gru, torch::Device device,
                   const torch::Tensor &input) {
  gru->to(device);
  auto hidden = torch::zeros({1, 4, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto hidden = torch::zeros({1, 4, 8}, torch::device(device));
  // CHECK-NOTES: :[[@LINE-6]]:55: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE+1]]:27: note: it meets a tensor on the device of 'device' in 'torch::nn::GRUImpl::forward'
  return std::get<0>(gru->forward(input.to(device), hidden));
}

// --- Not flagged ---

// The state made where the input is.
torch::Tensor placed_state(torch::nn::LSTM &lstm, torch::Device device,
                           const torch::Tensor &sequence) {
  lstm->to(device);
  auto x = sequence.to(device);
  auto h0 = torch::zeros({1, 4, 8}, x.options());
  auto c0 = torch::zeros_like(h0);
  return std::get<0>(lstm->forward(x, std::make_tuple(h0, c0)));
}

// A layer left on the CPU with a CPU state and input.
torch::Tensor host_layer(torch::nn::LSTM &lstm, const torch::Tensor &sequence) {
  auto h0 = torch::zeros({1, 4, 8});
  auto c0 = torch::zeros({1, 4, 8});
  return std::get<0>(lstm->forward(sequence.cpu(), std::make_tuple(h0, c0)));
}

// Both halves of the state made without a device: both are flagged, so one
// run of the fixes repairs the call.
torch::Tensor encode_both(torch::nn::LSTM &lstm, torch::Device device,
                          const torch::Tensor &sequence) {
  lstm->to(device);
  auto x = sequence.to(device);
  auto h0 = torch::zeros({1, 4, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto h0 = torch::zeros({1, 4, 8}, torch::device(x.device()));
  // CHECK-NOTES: :[[@LINE-4]]:8: note: the device is taken from local variable 'x'
  auto c0 = torch::zeros({1, 4, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto c0 = torch::zeros({1, 4, 8}, torch::device(x.device()));
  // CHECK-NOTES: :[[@LINE-8]]:8: note: the device is taken from local variable 'x'
  return std::get<0>(lstm->forward(x, std::make_tuple(h0, c0)));
  // CHECK-NOTES: :[[@LINE-1]]:28: note: it meets a tensor on the device of 'device' in 'torch::nn::LSTMImpl::forward'
  // CHECK-NOTES: :[[@LINE-2]]:28: note: it meets a tensor on the device of 'device' in 'torch::nn::LSTMImpl::forward'
}
