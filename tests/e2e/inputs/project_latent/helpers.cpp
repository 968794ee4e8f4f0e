#include "helpers.h"

// A fixed CUDA device whose only device is its parameter's: a caller in
// chooser.cpp passes data placed on a device chosen at run time.
torch::Tensor pad_cuda(const torch::Tensor &x) {
  return torch::cat({x, torch::ones({1}, torch::kCUDA)});
}

// A fixed CPU device whose only caller (host.cpp) passes host data.
torch::Tensor scale_cpu(const torch::Tensor &x) {
  return x * torch::full({1}, 2.0, torch::kCPU);
}

// A device-less factory whose tensor meets only its parameter: the same for
// the factory. A caller in chooser.cpp passes data on a device chosen at run
// time to shift; host.cpp passes shift_host host data.
torch::Tensor shift(const torch::Tensor &x) { return x + torch::ones({3}); }
torch::Tensor shift_host(const torch::Tensor &x) {
  return x - torch::zeros({3});
}
