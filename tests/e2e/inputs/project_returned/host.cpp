#include "grids.h"

#include <vector>

int64_t count_below(const std::vector<float> &values) {
  auto bins = histogram_bins(10);
  return (torch::tensor(values) < bins[5]).sum().item<int64_t>();
}
