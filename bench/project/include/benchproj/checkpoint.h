// Saving and restoring training state.
#pragma once

#include <torch/torch.h>

#include "benchproj/mlp.h"

#include <cstdint>
#include <string>
#include <vector>

namespace benchproj {

struct CheckpointMeta {
  int64_t epoch = 0;
  int64_t step = 0;
  double best_metric = 0.0;
};

void save_checkpoint(const std::string &dir, const std::string &name, Mlp model,
                     torch::optim::Optimizer &optimizer, const CheckpointMeta &meta);
CheckpointMeta load_checkpoint(const std::string &dir, const std::string &name, Mlp model,
                               torch::optim::Optimizer &optimizer, const torch::Device &device);
Mlp load_model_for_eval(const std::string &path, const MlpOptions &options,
                        const torch::Device &device);

// Keeps the newest N checkpoints in a directory.
class CheckpointManager {
public:
  CheckpointManager(std::string dir, int64_t keep);
  std::string save(Mlp model, torch::optim::Optimizer &optimizer, const CheckpointMeta &meta);
  bool has_latest() const;
  std::string latest() const;

private:
  void prune();
  std::string dir_;
  int64_t keep_;
  std::vector<std::string> saved_;
};

} // namespace benchproj
