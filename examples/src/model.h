// Model definitions for the example trainer: a small MLP classifier with a
// running input normalizer in front of it.
#pragma once

#include <torch/torch.h>

struct NetConfig {
  int64_t in_features = 16;
  int64_t hidden = 64;
  int64_t num_classes = 3;
  double dropout = 0.1;
};

// Standardizes inputs with running statistics (like BatchNorm without the
// affine part), updated in training mode and frozen in eval mode.
class RunningNormImpl : public torch::nn::Module {
 public:
  explicit RunningNormImpl(int64_t features, double momentum = 0.1);
  torch::Tensor forward(const torch::Tensor& input);

  torch::Tensor mean_;
  torch::Tensor var_;

 private:
  double momentum_;
};
TORCH_MODULE(RunningNorm);

class NetImpl : public torch::nn::Module {
 public:
  explicit NetImpl(const NetConfig& cfg);
  torch::Tensor forward(const torch::Tensor& x);

  RunningNorm norm{nullptr};
  torch::nn::Linear fc1{nullptr};
  torch::nn::Linear fc2{nullptr};
  torch::nn::Linear fc3{nullptr};
  torch::nn::Dropout drop{nullptr};
};
TORCH_MODULE(Net);
