// The training loop: normalisation, forward/backward, clipping, scheduling, EMA, checkpoints.
#include <torch/torch.h>

#include "benchproj/trainer.h"

#include "benchproj/augment.h"
#include "benchproj/checkpoint.h"
#include "benchproj/metrics.h"

#include <chrono>
#include <sstream>

namespace benchproj {

namespace F = torch::nn::functional;

Trainer::Trainer(const TrainConfig &config, Mlp model, torch::Device device)
    : config_(config), model_(std::move(model)), device_(device),
      normalizer_(config.input_dim), monitor_(200, 20.0) {
  model_->to(device_);
  optimizer_ = std::make_unique<torch::optim::AdamW>(
      model_->parameters(),
      torch::optim::AdamWOptions(config.learning_rate).weight_decay(config.weight_decay));
  const int64_t steps_per_epoch = std::max<int64_t>(1, config.num_samples / config.batch_size);
  scheduler_ = std::make_unique<Scheduler>(
      *optimizer_, make_schedule(config.scheduler, config.learning_rate, config.warmup_steps,
                                 steps_per_epoch * config.epochs));
  normalizer_.to(device_);
  if (config.use_ema)
    ema_ = std::make_unique<ModelEma>(*model_, config.ema_decay);
}

void Trainer::fit_normalizer(const std::vector<Batch> &batches) {
  for (const auto &batch : batches)
    normalizer_.update(batch.inputs.to(device_));
  default_logger().tensor("normalizer.mean", normalizer_.mean());
}

torch::Tensor Trainer::loss_fn(const torch::Tensor &logits, const torch::Tensor &targets) const {
  return F::cross_entropy(logits, targets, F::CrossEntropyFuncOptions().label_smoothing(0.05));
}

EpochResult Trainer::train_epoch(const std::vector<Batch> &batches) {
  model_->train();
  EpochResult result;
  RunningMean loss_mean;
  RunningMean acc_mean;
  RunningMean norm_mean;
  for (const auto &host_batch : batches) {
    auto batch = host_batch.to(device_, /*non_blocking=*/true);
    auto inputs = add_gaussian_noise(normalizer_.normalize(batch.inputs), 0.01);

    optimizer_->zero_grad();
    auto logits = model_->forward(inputs);
    auto loss = loss_fn(logits, batch.targets);
    loss.backward();

    const double norm = clip_grad_norm(model_->parameters(), config_.max_grad_norm);
    if (monitor_.observe(norm)) {
      default_logger().warn("skipping step " + std::to_string(global_step_) +
                            ": gradient spike " + std::to_string(norm));
      continue;
    }
    optimizer_->step();
    scheduler_->step();
    if (ema_)
      ema_->update(*model_);
    ++global_step_;

    const auto n = batch.size();
    loss_mean.add(loss.item<double>(), n);
    acc_mean.add(accuracy(logits.detach(), batch.targets), n);
    norm_mean.add(norm);
    if (config_.log_every > 0 && global_step_ % config_.log_every == 0) {
      default_logger().scalar("loss", loss_mean.value(), global_step_);
      default_logger().scalar("lr", current_learning_rate(*optimizer_), global_step_);
    }
    ++result.steps;
  }
  result.loss = loss_mean.value();
  result.accuracy = acc_mean.value();
  result.grad_norm = norm_mean.value();
  return result;
}

EpochResult Trainer::evaluate(const std::vector<Batch> &batches) {
  if (ema_)
    ema_->swap_into(*model_);
  model_->eval();
  torch::NoGradGuard no_grad;
  ClassificationAccumulator acc(config_.num_classes);
  RunningMean loss_mean;
  for (const auto &host_batch : batches) {
    auto batch = host_batch.to(device_);
    auto logits = model_->forward(normalizer_.normalize(batch.inputs));
    loss_mean.add(loss_fn(logits, batch.targets).item<double>(), batch.size());
    acc.add(logits, batch.targets);
  }
  if (ema_)
    ema_->swap_into(*model_);
  EpochResult result;
  result.loss = loss_mean.value();
  result.accuracy = acc.accuracy();
  result.steps = static_cast<int64_t>(batches.size());
  return result;
}

void Trainer::fit(const std::vector<Batch> &train, const std::vector<Batch> &val) {
  CheckpointManager checkpoints(config_.checkpoint_dir, config_.keep_checkpoints);
  fit_normalizer(train);
  for (; epoch_ < config_.epochs; ++epoch_) {
    const auto start = std::chrono::steady_clock::now();
    auto train_result = train_epoch(train);
    auto val_result = evaluate(val);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::ostringstream line;
    line << "epoch " << epoch_ + 1 << "/" << config_.epochs << " train_loss=" << train_result.loss
         << " train_acc=" << train_result.accuracy << " val_loss=" << val_result.loss
         << " val_acc=" << val_result.accuracy << " grad_norm=" << train_result.grad_norm
         << " (" << seconds << " s)";
    default_logger().info(line.str());
    if (val_result.accuracy > best_accuracy_) {
      best_accuracy_ = val_result.accuracy;
      CheckpointMeta meta{epoch_ + 1, global_step_, best_accuracy_};
      auto name = checkpoints.save(model_, *optimizer_, meta);
      normalizer_.save(config_.checkpoint_dir + "/" + name + ".norm.pt");
    }
  }
  if (monitor_.spikes() > 0)
    default_logger().warn(std::to_string(monitor_.spikes()) + " gradient spikes skipped");
}

void Trainer::resume(const std::string &name) {
  auto meta = load_checkpoint(config_.checkpoint_dir, name, model_, *optimizer_, device_);
  normalizer_.load(config_.checkpoint_dir + "/" + name + ".norm.pt");
  epoch_ = meta.epoch;
  global_step_ = meta.step;
  best_accuracy_ = meta.best_metric;
  for (int64_t i = 0; i < global_step_; ++i)
    scheduler_->step();
}

} // namespace benchproj
