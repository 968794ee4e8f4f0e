// The training loop.
#pragma once

#include <torch/torch.h>

#include "benchproj/collate.h"
#include "benchproj/config.h"
#include "benchproj/ema.h"
#include "benchproj/grad_clip.h"
#include "benchproj/logging.h"
#include "benchproj/mlp.h"
#include "benchproj/normalizer.h"
#include "benchproj/scheduler.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace benchproj {

struct EpochResult {
  double loss = 0.0;
  double accuracy = 0.0;
  double grad_norm = 0.0;
  int64_t steps = 0;
};

class Trainer {
public:
  Trainer(const TrainConfig &config, Mlp model, torch::Device device);

  void fit_normalizer(const std::vector<Batch> &batches);
  EpochResult train_epoch(const std::vector<Batch> &batches);
  EpochResult evaluate(const std::vector<Batch> &batches);
  void fit(const std::vector<Batch> &train, const std::vector<Batch> &val);
  void resume(const std::string &name);

  Mlp model() const { return model_; }
  torch::optim::Optimizer &optimizer() { return *optimizer_; }

private:
  torch::Tensor loss_fn(const torch::Tensor &logits, const torch::Tensor &targets) const;

  TrainConfig config_;
  Mlp model_;
  torch::Device device_;
  std::unique_ptr<torch::optim::AdamW> optimizer_;
  std::unique_ptr<Scheduler> scheduler_;
  RunningNormalizer normalizer_;
  GradientMonitor monitor_;
  std::unique_ptr<ModelEma> ema_;
  int64_t global_step_ = 0;
  int64_t epoch_ = 0;
  double best_accuracy_ = 0.0;
};

} // namespace benchproj
