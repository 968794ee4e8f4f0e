// A command-line tool that works on the host only.
#include "helpers.h"

#include <iostream>

int main() {
  auto weights = torch::ones({4});
  std::cout << scale_rows(weights) << make_targets(weights, 16) << '\n';
  std::cout << normalize_rows(read_table("table.csv")) << '\n';
  std::cout << relay_host(torch::rand({4})) << '\n';
  std::cout << add_bias(torch::zeros({4})) << '\n';
  std::cout << score(Batch{torch::rand({4}), torch::rand({4})}) << '\n';
  std::cout << match(weights, weights) << offset_rows(weights) << '\n';
  return 0;
}
