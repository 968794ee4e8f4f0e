// Device selection and placement helpers shared by training and inference.
#include <torch/torch.h>

#include "benchproj/device.h"
#include "benchproj/logging.h"

#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace benchproj {

bool cuda_usable() {
  if (const char *env = std::getenv("BENCHPROJ_FORCE_CPU")) {
    if (std::string(env) == "1")
      return false;
  }
  return torch::cuda::is_available() && torch::cuda::device_count() > 0;
}

torch::Device select_device(const std::string &spec) {
  if (spec.empty() || spec == "auto") {
    if (cuda_usable()) {
      default_logger().info("using CUDA (" + std::to_string(torch::cuda::device_count()) +
                            " device(s))");
      return torch::Device(torch::kCUDA, 0);
    }
    default_logger().info("CUDA not available, using CPU");
    return torch::Device(torch::kCPU);
  }
  torch::Device device(spec);
  if (device.is_cuda()) {
    if (!cuda_usable())
      throw std::runtime_error("device '" + spec + "' requested but CUDA is not available");
    if (device.has_index() && device.index() >= static_cast<int>(torch::cuda::device_count()))
      throw std::runtime_error("device '" + spec + "' does not exist");
  }
  return device;
}

std::string describe_device(const torch::Device &device) {
  std::ostringstream out;
  out << device;
  if (device.is_cuda())
    out << " (of " << torch::cuda::device_count() << ")";
  return out.str();
}

torch::Tensor to_device(const torch::Tensor &t, const torch::Device &device, bool non_blocking) {
  if (!t.defined() || t.device() == device)
    return t;
  return t.to(device, /*non_blocking=*/non_blocking);
}

std::vector<torch::Tensor> to_device(const std::vector<torch::Tensor> &ts,
                                     const torch::Device &device) {
  std::vector<torch::Tensor> moved;
  moved.reserve(ts.size());
  for (const auto &t : ts)
    moved.push_back(to_device(t, device));
  return moved;
}

torch::Device device_of(const torch::nn::Module &module) {
  for (const auto &p : module.parameters())
    return p.device();
  for (const auto &b : module.buffers())
    return b.device();
  return torch::Device(torch::kCPU);
}

bool all_on(const std::vector<torch::Tensor> &ts, const torch::Device &device) {
  for (const auto &t : ts) {
    if (t.defined() && t.device() != device)
      return false;
  }
  return true;
}

torch::Tensor pinned_copy(const torch::Tensor &host) {
  if (!host.device().is_cpu())
    throw std::invalid_argument("pinned_copy expects a CPU tensor, got " + format_shape(host));
  if (!cuda_usable() || host.is_pinned())
    return host;
  return host.pin_memory();
}

} // namespace benchproj
