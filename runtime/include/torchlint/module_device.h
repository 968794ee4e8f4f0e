#pragma once
// Keep every parameter, buffer and gradient of a module on one device (seed 000: after a
// checkpoint restore some parameters stayed on the CPU).

#include <torchlint/policy.h>

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace torchlint {

/// Lists, without moving anything, every parameter, buffer and parameter gradient of `module`
/// (recursively, with dotted names as in named_parameters()) that is not on `device`.
/// Gradients are listed as "<parameter>.grad". A tensor registered under several names (tied
/// weights) is listed once. `device` without an index (torch::kCUDA) means the current one.
std::vector<TensorMove> find_stray_tensors(const torch::nn::Module& module, torch::Device device);

/// Moves every stray parameter, buffer and gradient (see find_stray_tensors) to `device` in
/// place, exactly as Module::to does (set_data), so handles held elsewhere, e.g. by an
/// optimizer, follow. Returns what was stray, with its old device.
/// - Warn (default): moves, then emits one warning listing the moved tensors.
/// - Strict: moves nothing; throws DeviceError naming every stray tensor and its device.
/// - Silent: moves without a warning.
/// A move torch itself refuses (e.g. out of the data-less "meta" device) throws c10::Error.
std::vector<TensorMove> ensure_module_device(
    torch::nn::Module& module,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn);

namespace detail {
// Reaches the Module behind a TORCH_MODULE holder or a shared_ptr. Deliberately not defined
// for a plain Module, so the templates below drop out of overload resolution for it.
template <typename M>
torch::nn::Module& module_of(const torch::nn::ModuleHolder<M>& holder) {
  return *holder.ptr();
}
template <typename M, typename = std::enable_if_t<std::is_base_of_v<torch::nn::Module, M>>>
torch::nn::Module& module_of(const std::shared_ptr<M>& module) {
  TORCH_CHECK(module != nullptr, "torchlint: null module pointer");
  return *module;
}
template <typename T>
using module_handle_t = decltype(module_of(std::declval<const T&>()));
} // namespace detail

/// Same, for a TORCH_MODULE holder (`Net net; ensure_module_device(net, device)`) or a
/// std::shared_ptr<NetImpl>.
template <typename Handle, typename = detail::module_handle_t<Handle>>
std::vector<TensorMove> find_stray_tensors(const Handle& module, torch::Device device) {
  return find_stray_tensors(detail::module_of(module), device);
}
template <typename Handle, typename = detail::module_handle_t<Handle>>
std::vector<TensorMove> ensure_module_device(
    const Handle& module,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn) {
  return ensure_module_device(detail::module_of(module), device, policy);
}

} // namespace torchlint
