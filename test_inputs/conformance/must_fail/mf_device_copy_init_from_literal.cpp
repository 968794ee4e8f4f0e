// MUST NOT COMPILE (real and fake): there is no Device(const char*)
// constructor; copy-initialisation from a string literal would need two
// user-defined conversions (const char* -> std::string -> Device).
#include <torch/torch.h>

int main() {
  torch::Device d = "cuda:0"; // MUST-FAIL-HERE
  (void)d;
}
