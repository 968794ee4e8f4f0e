// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// The notes of a finding that crosses functions lead from the call to the
// op where the tensors meet, one call at a time.
#include <torch/torch.h>

#include <cstdint>

struct GridImpl : torch::nn::Module {
  torch::Tensor values;
  GridImpl() { values = register_buffer("values", torch::zeros({8})); }
  torch::Tensor pick(const torch::Tensor &i) {
    return torch::where(i >= 0, values, torch::zeros_like(values));
  }
  torch::Tensor at(const torch::Tensor &i) { return pick(i.to(torch::kLong)); }
};
TORCH_MODULE(Grid);

struct Probe {
  Grid grid;
  torch::Device device;
  explicit Probe(torch::Device d) : device(d) { grid->to(d); }
  double value(int64_t i) {
    return grid->at(torch::tensor({i})).item<double>();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:18: note: it is passed to 'at' here, where it meets a tensor on the device of 'grid'
    // CHECK-NOTES: :[[@LINE-12]]:53: note: 'at' passes it on to 'pick' here
    // CHECK-NOTES: :[[@LINE-15]]:12: note: 'pick' calls 'where' here
    // CHECK-NOTES: :[[@LINE-8]]:17: note: the device is taken from member 'device'
    // CHECK-FIXES: return grid->at(torch::tensor({i}, torch::device(device))).item<double>();
  }
};
