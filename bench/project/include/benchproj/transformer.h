// A pre-norm transformer encoder block with hand-written attention.
#pragma once

#include <torch/torch.h>

#include <cstdint>

namespace benchproj {

struct TransformerOptions {
  int64_t d_model = 128;
  int64_t num_heads = 4;
  int64_t d_ff = 512;
  double dropout = 0.1;
  int64_t max_len = 512;
};

class SelfAttentionImpl : public torch::nn::Module {
public:
  explicit SelfAttentionImpl(const TransformerOptions &options);
  // mask: [batch, seq] with true for padding positions, or undefined.
  torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &padding_mask = {});

private:
  int64_t num_heads_;
  int64_t head_dim_;
  torch::nn::Linear qkv_{nullptr};
  torch::nn::Linear out_{nullptr};
  torch::nn::Dropout attn_dropout_{nullptr};
};
TORCH_MODULE(SelfAttention);

class TransformerBlockImpl : public torch::nn::Module {
public:
  explicit TransformerBlockImpl(const TransformerOptions &options);
  torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &padding_mask = {});

private:
  torch::nn::LayerNorm norm1_{nullptr};
  SelfAttention attention_{nullptr};
  torch::nn::LayerNorm norm2_{nullptr};
  torch::nn::Linear ff1_{nullptr};
  torch::nn::Linear ff2_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(TransformerBlock);

torch::Tensor sinusoidal_positions(int64_t length, int64_t d_model,
                                   const torch::TensorOptions &options);
torch::Tensor causal_mask(int64_t length, const torch::Device &device);
torch::Tensor padding_mask_from_lengths(const torch::Tensor &lengths, int64_t max_len);

} // namespace benchproj
