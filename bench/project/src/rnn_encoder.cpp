// GRU encoder over padded token sequences, pooled by length.
#include <torch/torch.h>

#include "benchproj/rnn_encoder.h"

namespace benchproj {

RnnEncoderImpl::RnnEncoderImpl(const RnnEncoderOptions &options) : options_(options) {
  embedding_ = register_module(
      "embedding",
      torch::nn::Embedding(torch::nn::EmbeddingOptions(options.vocab_size, options.embedding_dim)
                               .padding_idx(options.padding_idx)));
  gru_ = register_module(
      "gru", torch::nn::GRU(torch::nn::GRUOptions(options.embedding_dim, options.hidden_size)
                                .num_layers(options.num_layers)
                                .batch_first(true)
                                .bidirectional(options.bidirectional)
                                .dropout(options.num_layers > 1 ? options.dropout : 0.0)));
  const int64_t directions = options.bidirectional ? 2 : 1;
  projection_ = register_module(
      "projection", torch::nn::Linear(directions * options.hidden_size, options.hidden_size));
}

int64_t RnnEncoderImpl::output_size() const { return options_.hidden_size; }

void RnnEncoderImpl::initialize_weights() {
  torch::NoGradGuard no_grad;
  for (auto &item : gru_->named_parameters()) {
    const auto &name = item.key();
    auto &p = item.value();
    if (name.find("weight_hh") != std::string::npos)
      torch::nn::init::orthogonal_(p);
    else if (name.find("weight_ih") != std::string::npos)
      torch::nn::init::xavier_uniform_(p);
    else if (name.find("bias") != std::string::npos)
      p.zero_();
  }
  torch::nn::init::normal_(embedding_->weight, 0.0, 0.1);
  embedding_->weight[options_.padding_idx].zero_();
}

torch::Tensor RnnEncoderImpl::last_states(const torch::Tensor &tokens,
                                          const torch::Tensor &lengths) {
  auto outputs = encode_sequence(tokens); // [B, S, D]
  auto last = (lengths.to(torch::kLong) - 1).clamp_min(0);
  auto index = last.view({-1, 1, 1}).expand({outputs.size(0), 1, outputs.size(2)});
  return outputs.gather(/*dim=*/1, index).squeeze(1);
}

torch::Tensor lengths_to_mask(const torch::Tensor &lengths, int64_t max_len) {
  // [B] -> [B, max_len], true for valid positions.
  auto positions = torch::arange(max_len, lengths.options()).unsqueeze(0);
  return positions < lengths.unsqueeze(1);
}

torch::Tensor RnnEncoderImpl::encode_sequence(const torch::Tensor &tokens) {
  auto embedded = embedding_(tokens);
  auto output_and_hidden = gru_(embedded);
  return std::get<0>(output_and_hidden);
}

torch::Tensor RnnEncoderImpl::forward(const torch::Tensor &tokens, const torch::Tensor &lengths) {
  TORCH_CHECK(tokens.dim() == 2, "tokens must be [batch, seq], got ", tokens.sizes());
  TORCH_CHECK(lengths.dim() == 1 && lengths.size(0) == tokens.size(0),
              "lengths must be [batch]");
  const int64_t seq = tokens.size(1);

  auto outputs = encode_sequence(tokens); // [B, S, D*H]
  auto mask = lengths_to_mask(lengths, seq).unsqueeze(-1).to(outputs.scalar_type());
  auto summed = (outputs * mask).sum(/*dim=*/1);
  auto counts = lengths.to(outputs.scalar_type()).clamp_min(1.0).unsqueeze(1);
  auto mean_pooled = summed / counts;

  // Max pooling over valid positions only.
  auto masked = outputs.masked_fill(mask.logical_not(), -1e4);
  auto max_pooled = std::get<0>(masked.max(/*dim=*/1));

  auto pooled = 0.5 * (mean_pooled + max_pooled);
  return torch::tanh(projection_(pooled));
}

} // namespace benchproj
