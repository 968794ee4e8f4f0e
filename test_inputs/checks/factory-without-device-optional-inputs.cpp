// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// The tensor an optional parameter holds (`slopes.value()`, `*scale`) lives
// wherever the caller put it, as a tensor parameter's does.
#include <torch/torch.h>

#include <optional>

// The function follows its query's device (`.to(query)`): the data may be
// anywhere, and the ALiBi slopes with it.
torch::Tensor attention_bias(const torch::Tensor &query,
                             const std::optional<torch::Tensor> &alibi_slopes,
                             int64_t kv_len) {
  auto mask = torch::ones({1, kv_len}, torch::kBool).to(query);
  if (!alibi_slopes)
    return mask;
  const torch::Tensor &slopes = alibi_slopes.value();
  auto distance = torch::arange(0, kv_len, query.dtype());
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto distance = torch::arange(0, kv_len, torch::TensorOptions(query.dtype()).device(query.device()));
  return distance.view({1, 1, kv_len}) * slopes.view({-1, 1, 1}) + mask;
  // CHECK-NOTES: :[[@LINE-1]]:40: note: it meets a tensor on the device of 'alibi_slopes' in 'operator*'
}

// CHECK-NOTES: :[[@LINE-14]]:51: note: the device is taken from parameter 'query'

// Nothing here asks where data lives: what the optional holds is whatever
// the callers pass, and the unit has none (latent).
torch::Tensor scaled(const torch::Tensor &x,
                     const std::optional<torch::Tensor> &scale) {
  auto ones = torch::ones({x.size(0)});
  return scale ? x * (*scale + ones) : x;
}
