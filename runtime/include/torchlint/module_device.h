#pragma once
// Keep every parameter, buffer and gradient of a module on one device (seed 000: after a
// checkpoint restore some parameters stayed on the CPU).

#include <torchlint/policy.h>

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/serialize/input-archive.h>

#include <memory>
#include <string>
#include <type_traits>
#include <utility>
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

/// Where one parameter or buffer of a module lives, by its dotted name.
struct TensorPlacement {
  std::string name;
  torch::Device device;
};

/// Every parameter and buffer of `module` (recursively) with its device.
std::vector<TensorPlacement> placement_of(const torch::nn::Module& module);

/// Moves every parameter and buffer named in `placement` back to the device recorded there, in
/// place (set_data, as Module::to does); names `module` does not have are skipped. Returns the
/// moves. Policy as for ensure_module_device.
std::vector<TensorMove> restore_placement(
    torch::nn::Module& module,
    const std::vector<TensorPlacement>& placement,
    DevicePolicy policy = DevicePolicy::Warn);

namespace detail {
inline torch::nn::Module& module_ref(torch::nn::Module& module) {
  return module;
}
template <typename Handle, typename = module_handle_t<Handle>>
torch::nn::Module& module_ref(const Handle& module) {
  return module_of(module);
}
} // namespace detail

/// Same, for a TORCH_MODULE holder or a std::shared_ptr<NetImpl>.
template <typename Handle, typename = detail::module_handle_t<Handle>>
std::vector<TensorPlacement> placement_of(const Handle& module) {
  return placement_of(detail::module_of(module));
}
template <typename Handle, typename = detail::module_handle_t<Handle>>
std::vector<TensorMove> restore_placement(
    const Handle& module,
    const std::vector<TensorPlacement>& placement,
    DevicePolicy policy = DevicePolicy::Warn) {
  return restore_placement(detail::module_of(module), placement, policy);
}

/// torch::load(module, args...) that leaves every parameter and buffer on the device it was on
/// before the load, wherever the archive was saved from (Python's load_state_dict copies into
/// the existing tensors; libtorch's load puts them on the saved device). `args` are what
/// torch::load takes after the module: a path or a stream, and optionally the device to read
/// onto. `module` is a Module, a TORCH_MODULE holder or a std::shared_ptr<NetImpl>. Returns the
/// tensors moved back, with one warning listing them (DevicePolicy::Warn).
template <typename ModuleLike, typename... LoadArgs>
std::vector<TensorMove> load_in_place(ModuleLike& module, LoadArgs&&... args) {
  torch::nn::Module& target = detail::module_ref(module);
  const auto before = placement_of(target);
  torch::serialize::InputArchive archive;
  archive.load_from(std::forward<LoadArgs>(args)...);
  target.load(archive);
  return restore_placement(target, before);
}

} // namespace torchlint
