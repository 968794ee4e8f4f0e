#include "grids.h"

// Made without a device and returned: decode in detector.cpp adds it to
// data on a device chosen at run time.
torch::Tensor make_grid(int64_t h, int64_t w) {
  return torch::arange(h * w).view({h, w});
}

// Two results: decode multiplies device data by the strides; the counts
// are only read on the host.
std::tuple<torch::Tensor, torch::Tensor> strides_and_counts(int64_t n) {
  return {torch::full({n}, 8.0), torch::zeros({n}, torch::kLong)};
}

// Returned to host.cpp only, which compares it with host data.
torch::Tensor histogram_bins(int64_t n) { return torch::linspace(0, 1, n); }

// Made without a device on the first calls only: rescale divides device data
// by it, which the first calls' CPU tensor cannot meet.
torch::Tensor running_scale(const torch::Tensor &x, int64_t seen) {
  if (seen <= 1)
    return torch::ones({4});
  return x.abs().amax(0);
}
