#include <torchlint/checkpoint.h>

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include <filesystem>

namespace torchlint {
namespace {

void create_parent_directory(const std::string& file) {
  const auto parent = std::filesystem::path(file).parent_path();
  if (!parent.empty()) {
    std::filesystem::create_directories(parent);
  }
}

// What torch::save(value, path) does, for anything with save(OutputArchive&) (Module and
// Optimizer both have it, so plain references work without a shared_ptr).
template <typename Value>
void save_archive(const Value& value, const std::string& path) {
  create_parent_directory(path);
  torch::serialize::OutputArchive archive;
  value.save(archive);
  archive.save_to(path);
}

// What torch::load(value, path, device) does: every stored tensor is mapped to `device`.
template <typename Value>
void load_archive(Value& value, const std::string& path, const torch::Device& device) {
  torch::serialize::InputArchive archive;
  archive.load_from(path, device);
  value.load(archive);
}

} // namespace

CheckpointPaths checkpoint_paths(const std::string& directory) {
  const std::filesystem::path dir(directory);
  return {(dir / "model.pt").string(), (dir / "optimizer.pt").string()};
}

void save_checkpoint(
    const torch::nn::Module& module,
    const torch::optim::Optimizer& optimizer,
    const CheckpointPaths& paths) {
  save_archive(module, paths.model);
  save_archive(optimizer, paths.optimizer);
}

void save_checkpoint(
    const torch::nn::Module& module,
    const torch::optim::Optimizer& optimizer,
    const std::string& directory) {
  save_checkpoint(module, optimizer, checkpoint_paths(directory));
}

CheckpointReport load_checkpoint(
    torch::nn::Module& module,
    torch::optim::Optimizer& optimizer,
    const CheckpointPaths& paths,
    torch::Device device,
    DevicePolicy policy) {
  // The module first: InputArchive re-points each parameter at the loaded data with set_data
  // when devices differ, so the optimizer's parameter handles follow, and the optimizer's
  // state is re-keyed to those same parameters when it is loaded next.
  load_archive(module, paths.model, device);
  CheckpointReport report;
  report.module = ensure_module_device(module, device, policy);
  load_archive(optimizer, paths.optimizer, device);
  report.optimizer = migrate_optimizer_state(optimizer, policy);
  return report;
}

CheckpointReport load_checkpoint(
    torch::nn::Module& module,
    torch::optim::Optimizer& optimizer,
    const std::string& directory,
    torch::Device device,
    DevicePolicy policy) {
  return load_checkpoint(module, optimizer, checkpoint_paths(directory), device, policy);
}

} // namespace torchlint
