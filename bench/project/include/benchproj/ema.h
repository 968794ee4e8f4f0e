// Exponential moving average of model parameters.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

namespace benchproj {

class ModelEma {
public:
  ModelEma(const torch::nn::Module &model, double decay);
  void update(const torch::nn::Module &model);
  // Swaps the averaged weights into the model (and back on the second call).
  void swap_into(torch::nn::Module &model);
  double decay_at(int64_t step) const;
  int64_t updates() const { return updates_; }

private:
  double decay_;
  int64_t updates_ = 0;
  std::vector<torch::Tensor> shadow_;
};

double ema_distance(const torch::nn::Module &model, const std::vector<torch::Tensor> &shadow);
std::vector<torch::Tensor> load_shadow(const std::string &path, const torch::Device &device);
void save_shadow(const std::vector<torch::Tensor> &shadow, const std::string &path);

} // namespace benchproj
