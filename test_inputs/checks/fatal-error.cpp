// CHECKS: torch-*
// HEADERS: fast real real2
// EXPECT-COMPILE-ERRORS
// After a fatal error (here a missing #include) clang instantiates no more
// templates and calls lose their types: the checks that reason about where
// data lives analyse nothing in the file rather than guess (the factory below
// is reported once the build works). A discarded result needs only the
// statement itself: torch-discarded-to still reports it.
#include <torch/torch.h>
#include "no/such/header.h"

torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  return x * w;
}

void keep(torch::Tensor t) {
  t.to(torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(torch::kDouble);
}
