// A multi-layer perceptron classifier.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace benchproj {

struct MlpOptions {
  int64_t input_dim = 32;
  std::vector<int64_t> hidden = {128, 128};
  int64_t output_dim = 10;
  double dropout = 0.1;
  bool layer_norm = true;
};

class MlpImpl : public torch::nn::Module {
public:
  explicit MlpImpl(const MlpOptions &options);
  torch::Tensor forward(const torch::Tensor &x);
  torch::Tensor features(const torch::Tensor &x);
  const MlpOptions &options() const { return options_; }
  int64_t num_parameters() const;
  torch::Tensor predict_proba(const torch::Tensor &x);
  void freeze_features(bool frozen);
  void reset_head(int64_t num_classes);

private:
  MlpOptions options_;
  torch::nn::ModuleList layers_{nullptr};
  torch::nn::ModuleList norms_{nullptr};
  torch::nn::Linear head_{nullptr};
  torch::nn::Dropout dropout_{nullptr};
};
TORCH_MODULE(Mlp);

} // namespace benchproj
