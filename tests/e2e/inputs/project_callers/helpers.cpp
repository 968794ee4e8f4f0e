#include "helpers.h"

torch::Tensor scale_rows(const torch::Tensor &weights) {
  auto noise = torch::rand({4});
  return weights * noise;
}

torch::Tensor make_targets(torch::Tensor weights, int64_t n) {
  auto inputs = torch::normal(0.0, 1.0, {n, 4});
  return torch::matmul(inputs, weights);
}

torch::Tensor normalize_rows(const torch::Tensor &table) {
  auto scale = torch::ones({4});
  return table / scale;
}

torch::Tensor add_bias(const torch::Tensor &x) {
  auto bias = torch::ones({4});
  return x + bias;
}

torch::Tensor center(const torch::Tensor &features) {
  auto mean = torch::zeros({4});
  return features - mean;
}

torch::Tensor clip_host(const torch::Tensor &x) {
  auto limit = torch::ones({4});
  return torch::min(x, limit);
}

torch::Tensor clip_device(const torch::Tensor &x) {
  auto limit = torch::ones({4});
  return torch::min(x, limit);
}

torch::Tensor unused_helper(const torch::Tensor &x) {
  auto offset = torch::ones({4});
  return x + offset;
}

torch::Tensor by_address(const torch::Tensor &x) {
  auto offset = torch::ones({4});
  return x - offset;
}

torch::Tensor read_table(const std::string &path) {
  return torch::rand({8, 4}) + static_cast<double>(path.size());
}

torch::Tensor weigh(const torch::Tensor &scores) {
  auto weights = torch::ones({4});
  return scores * weights;
}

