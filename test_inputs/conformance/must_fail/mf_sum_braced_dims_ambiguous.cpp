// MUST NOT COMPILE (real and fake): {0, 1} converts both to
// at::OptionalIntArrayRef (initializer_list) and to at::DimnameList
// (ArrayRef(const Dimname* data, size_t length) with 0 as a null pointer),
// so Tensor::sum({0, 1}, true) is ambiguous.
#include <torch/torch.h>

int main() {
  torch::Tensor x = torch::ones({2, 2});
  auto s = x.sum({0, 1}, true); // MUST-FAIL-HERE
  (void)s;
}
