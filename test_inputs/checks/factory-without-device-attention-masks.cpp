// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: real real2
// Attention and the Transformer blocks run their projections' weights
// against every tensor they are given: the query, key and value, and each
// mask, which is added to or filled into the attention weights on the
// query's device. A causal or padding mask made without a device, handed to
// such a module once it is moved, is a CPU tensor meeting device data.
#include <torch/torch.h>

#include <tuple>

class Decoder {
public:
  explicit Decoder(torch::Device device) : device_(device) {
    attention_->to(device);
    block_->to(device);
  }

  // A causal mask: -inf above the diagonal.
  torch::Tensor attend(const torch::Tensor &x) {
    // CHECK-NOTES: :[[@LINE-1]]:45: note: the device is taken from parameter 'x'
    auto mask = torch::triu(torch::full({x.size(0), x.size(0)}, -1e9), 1);
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto mask = torch::triu(torch::full({x.size(0), x.size(0)}, -1e9, torch::device(x.device())), 1);
    return std::get<0>(attention_->forward(x, x, x, {}, true, mask));
    // CHECK-NOTES: :[[@LINE-1]]:36: note: it meets a tensor on the device of 'x' in 'torch::nn::MultiheadAttentionImpl::forward'
  }

  // A key padding mask for a batch padded to `length`.
  torch::Tensor encode(const torch::Tensor &x, int64_t length) {
    auto padding = torch::zeros({x.size(1), length}, torch::kBool);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto padding = torch::zeros({x.size(1), length}, torch::dtype(torch::kBool).device(device_));
    return block_->forward(x.to(device_), {}, padding);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'device_' in 'torch::nn::TransformerEncoderLayerImpl::forward'

  }

  // Made where the query is: nothing to report (and evidence that this
  // class makes its data where its inputs are).
  torch::Tensor attend_placed(const torch::Tensor &x) {
    auto mask = torch::zeros({x.size(0), x.size(0)}, x.options());
    // CHECK-NOTES: :[[@LINE-1]]:17: note: 'attend_placed' beside it makes its data where its inputs are; nothing here says the factory's tensor stays on the CPU
    return std::get<0>(attention_->forward(x, x, x, {}, true, mask));
  }

private:
  torch::nn::MultiheadAttention attention_{
      torch::nn::MultiheadAttentionOptions(8, 2)};
  torch::nn::TransformerEncoderLayer block_{
      torch::nn::TransformerEncoderLayerOptions(8, 2)};
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};

// A helper handed the module: modules exist to be moved, so a mask made on
// the CPU for it breaks wherever the module goes.
torch::Tensor attend_with(torch::nn::MultiheadAttention &attention,
                          const torch::Tensor &x) {
  // CHECK-NOTES: :[[@LINE-1]]:48: note: the device is taken from parameter 'x'
  auto mask = torch::zeros({x.size(0), x.size(0)});
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto mask = torch::zeros({x.size(0), x.size(0)}, torch::device(x.device()));
  return std::get<0>(attention->forward(x, x, x, {}, true, mask));
  // CHECK-NOTES: :[[@LINE-1]]:33: note: it meets a tensor on the device of 'x' in 'torch::nn::MultiheadAttentionImpl::forward'
}
