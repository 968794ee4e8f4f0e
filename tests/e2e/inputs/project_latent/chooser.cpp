#include "helpers.h"

torch::Tensor run(torch::Device device) {
  return pad_cuda(torch::ones({3}, device));
}

torch::Tensor run_shift(torch::Device device) {
  return shift(torch::ones({3}, device));
}
