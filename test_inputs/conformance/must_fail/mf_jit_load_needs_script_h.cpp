// MUST NOT COMPILE (real and fake): <torch/torch.h> does not declare
// torch::jit::load (it lives in torch/csrc/jit/serialization/import.h, which
// only <torch/script.h> includes).
#include <torch/torch.h>

int main() {
  auto m = torch::jit::load("model.pt"); // MUST-FAIL-HERE
  (void)m;
}
