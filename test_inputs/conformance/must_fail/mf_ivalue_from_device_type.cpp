// MUST NOT COMPILE (real and fake): IValue has a constructor from c10::Device
// but not from c10::DeviceType, and DeviceType -> Device -> IValue would be two
// user-defined conversions.
#include <torch/script.h>

#include <vector>

int main() {
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::kCUDA); // MUST-FAIL-HERE
}
