// Learning-rate schedules.
#include <torch/torch.h>

#include "benchproj/scheduler.h"

#include <cmath>
#include <stdexcept>

namespace benchproj {

WarmupCosineSchedule::WarmupCosineSchedule(double base_lr, int64_t warmup_steps,
                                           int64_t total_steps, double min_lr)
    : base_lr_(base_lr), warmup_steps_(warmup_steps), total_steps_(total_steps),
      min_lr_(min_lr) {
  if (total_steps <= 0)
    throw std::invalid_argument("WarmupCosineSchedule: total_steps must be positive");
  if (warmup_steps < 0 || warmup_steps > total_steps)
    throw std::invalid_argument("WarmupCosineSchedule: bad warmup_steps");
}

double WarmupCosineSchedule::lr_at(int64_t step) const {
  if (step < warmup_steps_)
    return base_lr_ * static_cast<double>(step + 1) / static_cast<double>(warmup_steps_);
  if (step >= total_steps_)
    return min_lr_;
  const double progress = static_cast<double>(step - warmup_steps_) /
                          static_cast<double>(std::max<int64_t>(1, total_steps_ - warmup_steps_));
  const double cosine = 0.5 * (1.0 + std::cos(M_PI * progress));
  return min_lr_ + (base_lr_ - min_lr_) * cosine;
}

StepSchedule::StepSchedule(double base_lr, int64_t step_size, double gamma)
    : base_lr_(base_lr), step_size_(step_size), gamma_(gamma) {
  if (step_size <= 0)
    throw std::invalid_argument("StepSchedule: step_size must be positive");
}

double StepSchedule::lr_at(int64_t step) const {
  return base_lr_ * std::pow(gamma_, static_cast<double>(step / step_size_));
}

std::unique_ptr<LrSchedule> make_schedule(const std::string &name, double base_lr,
                                          int64_t warmup_steps, int64_t total_steps) {
  if (name == "constant")
    return std::make_unique<ConstantSchedule>(base_lr);
  if (name == "cosine")
    return std::make_unique<WarmupCosineSchedule>(
        base_lr, std::min(warmup_steps, total_steps), total_steps, base_lr * 0.01);
  if (name == "step")
    return std::make_unique<StepSchedule>(base_lr, std::max<int64_t>(1, total_steps / 3), 0.1);
  throw std::invalid_argument("unknown schedule '" + name + "'");
}

void set_learning_rate(torch::optim::Optimizer &optimizer, double lr) {
  for (auto &group : optimizer.param_groups())
    group.options().set_lr(lr);
}

double current_learning_rate(const torch::optim::Optimizer &optimizer) {
  const auto &groups = optimizer.param_groups();
  if (groups.empty())
    return 0.0;
  return groups.front().options().get_lr();
}

Scheduler::Scheduler(torch::optim::Optimizer &optimizer, std::unique_ptr<LrSchedule> schedule)
    : optimizer_(optimizer), schedule_(std::move(schedule)) {
  if (!schedule_)
    throw std::invalid_argument("Scheduler: null schedule");
  set_learning_rate(optimizer_, schedule_->lr_at(0));
}

double Scheduler::step() {
  ++step_;
  const double lr = schedule_->lr_at(step_);
  set_learning_rate(optimizer_, lr);
  return lr;
}

// A scalar tensor of the current rate, for logging alongside tensor statistics.
torch::Tensor learning_rate_tensor(const torch::optim::Optimizer &optimizer) {
  return torch::tensor(current_learning_rate(optimizer), torch::kDouble);
}

} // namespace benchproj
