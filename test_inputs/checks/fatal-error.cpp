// CHECKS: torch-*
// HEADERS: fast
// EXPECT-COMPILE-ERRORS
// After a fatal error (here a missing #include) clang instantiates no more
// templates and calls lose their types: the checks analyse nothing in the
// file rather than guess. The defect below is reported once the build works.
#include <torch/torch.h>
#include "no/such/header.h"

torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  return x * w;
}
