// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A function handed to Python (pybind11's `m.def`) is called from code the
// unit does not see, with tensors on any device: a tensor made without a
// device that meets its tensors, or those of a helper it hands them to, is
// a defect there. pybind11 is declared here as far as the code uses it.
#include <torch/torch.h>

namespace pybind11 {
struct module_ {
  template <typename F> module_ &def(const char *, F &&) { return *this; }
};
} // namespace pybind11

namespace fluid {

torch::Tensor displaced(const torch::Tensor &vel) {
  auto pos = torch::zeros({vel.size(0), 3});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto pos = torch::zeros({vel.size(0), 3}, torch::device(vel.device()));
  return pos + vel;
  // CHECK-NOTES: :[[@LINE-1]]:14: note: it meets a tensor on the device of 'vel' in 'operator+'
  // CHECK-NOTES: :[[@LINE-6]]:46: note: the device is taken from parameter 'vel'
  // CHECK-NOTES: :[[@LINE+42]]:19: note: 'advect' is bound here to be called from elsewhere: its caller may pass a CUDA tensor for parameter 'vel'
}

torch::Tensor advect(const torch::Tensor &vel, double dt) {
  return displaced(vel) * dt;
}

// Not bound, and no caller in view: whatever its callers pass.
torch::Tensor unbound(const torch::Tensor &vel) {
  auto pos = torch::zeros({vel.size(0), 3});
  return pos + vel;
}

// Bound, but a CPU kernel by its own check: its tensors are on the CPU.
torch::Tensor on_host(const torch::Tensor &vel) {
  TORCH_CHECK(vel.device().is_cpu(), "vel must be a CPU tensor");
  auto pos = torch::zeros({vel.size(0), 3});
  return pos + vel;
}

// A scatter into a tensor made without a device, with its caller's mask.
torch::Tensor scattered(const torch::Tensor &vel, const torch::Tensor &border) {
  torch::Tensor displacement = torch::zeros({vel.size(0), 3});
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: torch::Tensor displacement = torch::zeros({vel.size(0), 3}, torch::device(border.device()));
  displacement.masked_scatter_(border.ne(1), vel);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: it meets a tensor on the device of 'border' in 'Tensor::masked_scatter_'
  // CHECK-NOTES: :[[@LINE-6]]:72: note: the device is taken from parameter 'border'
  // CHECK-NOTES: :[[@LINE+16]]:22: note: 'scattered' is bound here to be called from elsewhere: its caller may pass a CUDA tensor for parameter 'border'
  return displacement;
}

// Bound as the CPU kernel beside a CUDA one: its callers pass host tensors.
torch::Tensor forward_cpu(const torch::Tensor &vel) {
  auto pos = torch::zeros({vel.size(0), 3});
  return pos + vel;
}

} // namespace fluid

void bind(pybind11::module_ &m) {
  m.def("forward_cpu", &fluid::forward_cpu);
  m.def("advect", &fluid::advect);
  m.def("on_host", &fluid::on_host);
  m.def("scattered", &fluid::scattered);
}
