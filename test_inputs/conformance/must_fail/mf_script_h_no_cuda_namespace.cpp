// MUST NOT COMPILE (real and fake): <torch/script.h> does not include
// <torch/cuda.h>; torch::cuda then names at::cuda (through
// `namespace torch { using namespace at; }`), which has no is_available().
#include <torch/script.h>

int main() {
  bool ok = torch::cuda::is_available(); // MUST-FAIL-HERE
  (void)ok;
}
