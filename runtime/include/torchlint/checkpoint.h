#pragma once
// One-call checkpoint save/load that leaves the module AND its optimizer state on one device.

#include <torchlint/module_device.h>
#include <torchlint/optimizer_state.h>
#include <torchlint/policy.h>

#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>

#include <string>
#include <vector>

namespace torchlint {

/// A checkpoint is two ordinary torch::save archives, one for the module and one for the
/// optimizer, so either half can also be read with plain torch::load.
struct CheckpointPaths {
  std::string model;     ///< written like torch::save(module, model)
  std::string optimizer; ///< written like torch::save(optimizer, optimizer)
};

/// `<directory>/model.pt` and `<directory>/optimizer.pt`.
CheckpointPaths checkpoint_paths(const std::string& directory);

/// Writes the two archives (creating the parent directories).
void save_checkpoint(
    const torch::nn::Module& module,
    const torch::optim::Optimizer& optimizer,
    const CheckpointPaths& paths);
void save_checkpoint(
    const torch::nn::Module& module,
    const torch::optim::Optimizer& optimizer,
    const std::string& directory);

/// What load_checkpoint had to repair after loading with the device mapped.
struct CheckpointReport {
  std::vector<TensorMove> module; ///< from ensure_module_device (e.g. old gradients)
  MigrationReport optimizer;      ///< from migrate_optimizer_state
};

/// Loads `module` then `optimizer` with every stored tensor mapped to `device` (the device
/// argument of torch::load), then runs ensure_module_device(module, device, policy) and
/// migrate_optimizer_state(optimizer, policy) so nothing is left behind, whatever device the
/// checkpoint was saved from and wherever the module was before. `optimizer` must be built
/// over `module`'s parameters (the same parameter order as when saved). Missing or corrupt
/// files throw torch's c10::Error.
CheckpointReport load_checkpoint(
    torch::nn::Module& module,
    torch::optim::Optimizer& optimizer,
    const CheckpointPaths& paths,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn);
CheckpointReport load_checkpoint(
    torch::nn::Module& module,
    torch::optim::Optimizer& optimizer,
    const std::string& directory,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn);

/// Same, for a TORCH_MODULE holder or a std::shared_ptr<NetImpl>.
template <typename Handle, typename Where, typename = detail::module_handle_t<Handle>>
void save_checkpoint(const Handle& module, const torch::optim::Optimizer& optimizer, const Where& where) {
  save_checkpoint(static_cast<const torch::nn::Module&>(detail::module_of(module)), optimizer, where);
}
template <typename Handle, typename Where, typename = detail::module_handle_t<Handle>>
CheckpointReport load_checkpoint(
    const Handle& module,
    torch::optim::Optimizer& optimizer,
    const Where& where,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn) {
  return load_checkpoint(detail::module_of(module), optimizer, where, device, policy);
}

} // namespace torchlint
