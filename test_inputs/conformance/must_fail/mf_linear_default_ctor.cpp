// MUST NOT COMPILE (real and fake): ModuleHolder's default constructor
// static_asserts that LinearImpl is default constructible (use `= nullptr`).
// The error is reported inside pimpl.h, hence:
// MUST-FAIL-MATCH: is_default_constructible<torch::nn::LinearImpl>
#include <torch/torch.h>

int main() {
  torch::nn::Linear l;
  (void)l;
}
