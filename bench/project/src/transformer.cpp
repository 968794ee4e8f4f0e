// A pre-norm transformer encoder block with scaled dot-product attention.
#include <torch/torch.h>

#include "benchproj/transformer.h"

#include <cmath>

namespace benchproj {

SelfAttentionImpl::SelfAttentionImpl(const TransformerOptions &options)
    : num_heads_(options.num_heads), head_dim_(options.d_model / options.num_heads) {
  TORCH_CHECK(options.d_model % options.num_heads == 0,
              "d_model must be divisible by num_heads");
  qkv_ = register_module("qkv", torch::nn::Linear(options.d_model, 3 * options.d_model));
  out_ = register_module("out", torch::nn::Linear(options.d_model, options.d_model));
  attn_dropout_ = register_module("attn_dropout", torch::nn::Dropout(options.dropout));
}

torch::Tensor SelfAttentionImpl::forward(const torch::Tensor &x,
                                         const torch::Tensor &padding_mask) {
  const int64_t batch = x.size(0);
  const int64_t seq = x.size(1);
  const int64_t d_model = x.size(2);

  // [B, S, 3, H, Dh] -> three [B, H, S, Dh]
  auto qkv = qkv_(x).view({batch, seq, 3, num_heads_, head_dim_}).permute({2, 0, 3, 1, 4});
  auto q = qkv[0];
  auto k = qkv[1];
  auto v = qkv[2];

  auto scores = torch::matmul(q, k.transpose(-2, -1)) / std::sqrt(static_cast<double>(head_dim_));
  if (padding_mask.defined()) {
    // padding_mask: [B, S], true where the key is padding.
    auto mask = padding_mask.view({batch, 1, 1, seq});
    scores = scores.masked_fill(mask, -std::numeric_limits<float>::infinity());
  }
  auto weights = attn_dropout_(torch::softmax(scores, /*dim=*/-1));
  auto context = torch::matmul(weights, v).transpose(1, 2).reshape({batch, seq, d_model});
  return out_(context);
}

TransformerBlockImpl::TransformerBlockImpl(const TransformerOptions &options) {
  norm1_ = register_module("norm1", torch::nn::LayerNorm(
                                        torch::nn::LayerNormOptions({options.d_model})));
  attention_ = register_module("attention", SelfAttention(options));
  norm2_ = register_module("norm2", torch::nn::LayerNorm(
                                        torch::nn::LayerNormOptions({options.d_model})));
  ff1_ = register_module("ff1", torch::nn::Linear(options.d_model, options.d_ff));
  ff2_ = register_module("ff2", torch::nn::Linear(options.d_ff, options.d_model));
  dropout_ = register_module("dropout", torch::nn::Dropout(options.dropout));
}

torch::Tensor TransformerBlockImpl::forward(const torch::Tensor &x,
                                            const torch::Tensor &padding_mask) {
  auto h = x + dropout_(attention_(norm1_(x), padding_mask));
  auto ff = ff2_(dropout_(torch::gelu(ff1_(norm2_(h)))));
  return h + dropout_(ff);
}

torch::Tensor sinusoidal_positions(int64_t length, int64_t d_model,
                                   const torch::TensorOptions &options) {
  auto position = torch::arange(length, options).unsqueeze(1);
  auto div_term = torch::exp(torch::arange(0, d_model, 2, options) *
                             (-std::log(10000.0) / static_cast<double>(d_model)));
  auto table = torch::zeros({length, d_model}, options);
  table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(0, torch::indexing::None, 2)},
                   torch::sin(position * div_term));
  table.index_put_({torch::indexing::Slice(), torch::indexing::Slice(1, torch::indexing::None, 2)},
                   torch::cos(position * div_term));
  return table;
}

torch::Tensor padding_mask_from_lengths(const torch::Tensor &lengths, int64_t max_len) {
  // true where the position is padding
  auto positions = torch::arange(max_len, lengths.options().dtype(torch::kLong));
  return positions.unsqueeze(0) >= lengths.to(torch::kLong).unsqueeze(1);
}

torch::Tensor causal_mask(int64_t length, const torch::Device &device) {
  auto ones = torch::ones({length, length}, torch::dtype(torch::kBool).device(device));
  return torch::triu(ones, /*diagonal=*/1);
}

} // namespace benchproj
