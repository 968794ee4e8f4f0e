#include <torchlint/harmonize.h>

#include "internal.h"

#include <ATen/ATen.h>

namespace torchlint {
namespace {

std::string input_name(size_t index) {
  return "tensors[" + std::to_string(index) + "]";
}

} // namespace

torch::Device common_device(torch::TensorList tensors) {
  for (const auto& tensor : tensors) {
    if (tensor.defined() && !tensor.is_cpu()) {
      return tensor.device();
    }
  }
  return torch::Device(c10::kCPU);
}

std::vector<torch::Tensor> to_device(torch::TensorList tensors, torch::Device device, DevicePolicy policy) {
  const auto target = detail::resolve_device(device);
  std::vector<TensorMove> moves;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (tensors[i].defined() && !detail::is_on(tensors[i], target)) {
      moves.push_back({input_name(i), tensors[i].device(), target});
    }
  }
  detail::refuse_if_strict(policy, "to_device", moves);
  std::vector<torch::Tensor> result(tensors.begin(), tensors.end());
  for (auto& tensor : result) {
    if (tensor.defined()) {
      // A plain (autograd-recorded) copy: gradients flow back to inputs on other devices.
      tensor = tensor.to(target); // the same tensor when already there
    }
  }
  detail::warn_if_asked(policy, "to_device", moves);
  return result;
}

std::vector<torch::Tensor> to_common_device(torch::TensorList tensors, DevicePolicy policy) {
  return to_device(tensors, common_device(tensors), policy);
}

torch::Tensor stack(torch::TensorList tensors, int64_t dim, DevicePolicy policy) {
  return at::stack(to_common_device(tensors, policy), dim);
}

torch::Tensor cat(torch::TensorList tensors, int64_t dim, DevicePolicy policy) {
  return at::cat(to_common_device(tensors, policy), dim);
}

torch::Tensor stack(torch::TensorList tensors, torch::Device device, int64_t dim, DevicePolicy policy) {
  return at::stack(to_device(tensors, device, policy), dim);
}

torch::Tensor cat(torch::TensorList tensors, torch::Device device, int64_t dim, DevicePolicy policy) {
  return at::cat(to_device(tensors, device, policy), dim);
}

void check_same_device(torch::TensorList tensors, const std::vector<std::string>& names) {
  const torch::Tensor* first = nullptr;
  bool mixed = false;
  std::string listing;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (!tensors[i].defined()) {
      continue;
    }
    first = first ? first : &tensors[i];
    mixed = mixed || tensors[i].device() != first->device();
    const auto& name = i < names.size() && !names[i].empty() ? names[i] : input_name(i);
    listing += (listing.empty() ? "" : ", ") + name + " on " + tensors[i].device().str();
  }
  if (mixed) {
    throw DeviceError("torchlint::check_same_device: tensors are on different devices: " + listing);
  }
}

} // namespace torchlint
