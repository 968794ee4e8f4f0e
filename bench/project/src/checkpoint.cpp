// Checkpoints: model and optimizer state plus a small metadata archive.
#include <torch/torch.h>

#include "benchproj/checkpoint.h"
#include "benchproj/logging.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace benchproj {
namespace fs = std::filesystem;

namespace {

std::string path_for(const std::string &dir, const std::string &name, const char *suffix) {
  return (fs::path(dir) / (name + suffix)).string();
}

void write_meta(const std::string &path, const CheckpointMeta &meta) {
  torch::serialize::OutputArchive archive;
  archive.write("epoch", c10::IValue(meta.epoch));
  archive.write("step", c10::IValue(meta.step));
  archive.write("best_metric", c10::IValue(meta.best_metric));
  archive.save_to(path);
}

CheckpointMeta read_meta(const std::string &path) {
  torch::serialize::InputArchive archive;
  archive.load_from(path);
  CheckpointMeta meta;
  c10::IValue value;
  if (archive.try_read("epoch", value))
    meta.epoch = value.toInt();
  if (archive.try_read("step", value))
    meta.step = value.toInt();
  if (archive.try_read("best_metric", value))
    meta.best_metric = value.toDouble();
  return meta;
}

} // namespace

void save_checkpoint(const std::string &dir, const std::string &name, Mlp model,
                     torch::optim::Optimizer &optimizer, const CheckpointMeta &meta) {
  fs::create_directories(dir);
  torch::save(model, path_for(dir, name, ".model.pt"));
  torch::save(optimizer, path_for(dir, name, ".optim.pt"));
  write_meta(path_for(dir, name, ".meta.pt"), meta);
}

CheckpointMeta load_checkpoint(const std::string &dir, const std::string &name, Mlp model,
                               torch::optim::Optimizer &optimizer, const torch::Device &device) {
  const auto model_path = path_for(dir, name, ".model.pt");
  if (!fs::exists(model_path))
    throw std::runtime_error("no checkpoint at " + model_path);
  model->to(device);
  torch::load(model, model_path);
  torch::load(optimizer, path_for(dir, name, ".optim.pt"), device);
  auto meta = read_meta(path_for(dir, name, ".meta.pt"));
  default_logger().info("resumed " + name + " at epoch " + std::to_string(meta.epoch) +
                        ", step " + std::to_string(meta.step));
  return meta;
}

Mlp load_model_for_eval(const std::string &path, const MlpOptions &options,
                        const torch::Device &device) {
  Mlp model(options);
  torch::load(model, path, device);
  model->to(device);
  model->eval();
  return model;
}

CheckpointManager::CheckpointManager(std::string dir, int64_t keep)
    : dir_(std::move(dir)), keep_(std::max<int64_t>(1, keep)) {
  if (!fs::exists(dir_))
    return;
  for (const auto &entry : fs::directory_iterator(dir_)) {
    const auto file = entry.path().filename().string();
    const std::string suffix = ".model.pt";
    if (file.size() > suffix.size() &&
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0)
      saved_.push_back(file.substr(0, file.size() - suffix.size()));
  }
  std::sort(saved_.begin(), saved_.end());
}

std::string CheckpointManager::save(Mlp model, torch::optim::Optimizer &optimizer,
                                    const CheckpointMeta &meta) {
  char name[32];
  std::snprintf(name, sizeof(name), "ckpt-%08lld", static_cast<long long>(meta.step));
  save_checkpoint(dir_, name, model, optimizer, meta);
  if (std::find(saved_.begin(), saved_.end(), name) == saved_.end())
    saved_.push_back(name);
  prune();
  return name;
}

bool CheckpointManager::has_latest() const { return !saved_.empty(); }

std::string CheckpointManager::latest() const {
  if (saved_.empty())
    throw std::runtime_error("no checkpoints in " + dir_);
  return saved_.back();
}

void CheckpointManager::prune() {
  while (static_cast<int64_t>(saved_.size()) > keep_) {
    const auto victim = saved_.front();
    for (const char *suffix : {".model.pt", ".optim.pt", ".meta.pt"}) {
      std::error_code ec;
      fs::remove(path_for(dir_, victim, suffix), ec);
    }
    saved_.erase(saved_.begin());
  }
}

} // namespace benchproj
