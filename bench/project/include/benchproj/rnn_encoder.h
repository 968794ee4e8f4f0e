// A GRU sequence encoder over token ids.
#pragma once

#include <torch/torch.h>

#include <cstdint>

namespace benchproj {

struct RnnEncoderOptions {
  int64_t vocab_size = 1000;
  int64_t embedding_dim = 64;
  int64_t hidden_size = 128;
  int64_t num_layers = 2;
  bool bidirectional = true;
  double dropout = 0.1;
  int64_t padding_idx = 0;
};

class RnnEncoderImpl : public torch::nn::Module {
public:
  explicit RnnEncoderImpl(const RnnEncoderOptions &options);
  // tokens: [batch, seq] int64; lengths: [batch] int64.
  torch::Tensor forward(const torch::Tensor &tokens, const torch::Tensor &lengths);
  torch::Tensor encode_sequence(const torch::Tensor &tokens);
  int64_t output_size() const;
  // The output at the last valid position of each sequence.
  torch::Tensor last_states(const torch::Tensor &tokens, const torch::Tensor &lengths);
  void initialize_weights();

private:
  RnnEncoderOptions options_;
  torch::nn::Embedding embedding_{nullptr};
  torch::nn::GRU gru_{nullptr};
  torch::nn::Linear projection_{nullptr};
};
TORCH_MODULE(RnnEncoder);

torch::Tensor lengths_to_mask(const torch::Tensor &lengths, int64_t max_len);

} // namespace benchproj
