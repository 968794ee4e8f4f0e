// Runs each op of scale_ops on CUDA tensors and compares the result with the
// same computation on the CPU; `negate_cpu` hands negate, which is registered
// for every device, a CPU tensor, which it must refuse. Exit 0 when all
// match, 1 when one differs, 2 without a GPU. `check_ops OP` runs one only.
#include "scale_ops.h"

#include <torch/torch.h>

#include <cstring>
#include <functional>
#include <iostream>
#include <utility>
#include <vector>

int main(int argc, char **argv) {
  if (!torch::cuda::is_available()) {
    std::cerr << "check_ops: no CUDA device\n";
    return 2;
  }
  const torch::Tensor host = torch::linspace(-4, 4, 1 << 20);
  const torch::Tensor x = host.to(torch::kCUDA);
  using Op = std::function<std::pair<torch::Tensor, torch::Tensor>()>;
  const std::vector<std::pair<const char *, Op>> ops = {
      {"scale",
       [&] { return std::pair(scale_ops::scale(x, 2.5), host * 2.5); }},
      {"shift",
       [&] { return std::pair(scale_ops::shift(x, -1.0), host - 1.0); }},
      {"clamp",
       [&] {
         return std::pair(scale_ops::clamp(x, -1.0, 2.0),
                          host.clamp(-1.0, 2.0));
       }},
      {"square", [&] { return std::pair(scale_ops::square(x), host * host); }},
      {"negate", [&] { return std::pair(scale_ops::negate(x), -host); }},
      // Refused: an error, and the CPU's answer stands in for the op's.
      {"negate_cpu",
       [&] {
         try {
           return std::pair(scale_ops::negate(host), host);
         } catch (const c10::Error &) {
           return std::pair(-host, -host);
         }
       }},
  };
  int failed = 0;
  for (const auto &[name, op] : ops) {
    if (argc > 1 && std::strcmp(argv[1], name) != 0)
      continue;
    auto [got, want] = op();
    const bool same = torch::allclose(got.cpu(), want);
    std::cout << name << ": "
              << (same ? "matches the CPU" : "DIFFERS from the CPU") << "\n";
    failed += same ? 0 : 1;
  }
  return failed == 0 ? 0 : 1;
}
