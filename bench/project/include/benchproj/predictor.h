// Batched inference over a list of inputs.
#pragma once

#include <torch/script.h>
#include <torch/torch.h>

#include "benchproj/mlp.h"
#include "benchproj/postprocess.h"

#include <cstdint>
#include <vector>

namespace benchproj {

class BatchPredictor {
public:
  BatchPredictor(Mlp model, torch::Device device, int64_t batch_size);

  torch::Tensor predict_logits(const std::vector<torch::Tensor> &inputs);
  std::vector<std::vector<Prediction>> predict(const std::vector<torch::Tensor> &inputs,
                                               int64_t top_k);
  torch::Tensor predict_proba(const torch::Tensor &batch);
  double throughput() const;

private:
  Mlp model_;
  torch::Device device_;
  int64_t batch_size_;
  int64_t processed_ = 0;
  double seconds_ = 0.0;
};

class ScriptedPredictor {
public:
  ScriptedPredictor(torch::jit::Module module, torch::Device device);
  torch::Tensor run(const torch::Tensor &batch);

private:
  torch::jit::Module module_;
  torch::Device device_;
};

} // namespace benchproj
