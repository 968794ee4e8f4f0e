// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// Nothing in this file makes data where its inputs are: a helper whose only
// device is its parameter's stays latent, with or without a call here. A
// function that takes a torch::Device is not code that follows its data's
// device: it places data where it is told.
#include <torch/torch.h>

torch::Tensor normalized(const torch::Tensor &x) {
  auto mean = torch::tensor({0.5, 0.4, 0.3});
  return x - mean;
}

torch::Tensor weights_on(torch::Device device) {
  return torch::ones({3}, torch::device(device));
}

struct Scaler {
  torch::Tensor scale(const torch::Tensor &x) const {
    return x * torch::full({3}, 2.0);
  }
};
