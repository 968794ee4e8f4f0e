// Learning-rate schedules applied to an optimizer's parameter groups.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <memory>
#include <string>

namespace benchproj {

class LrSchedule {
public:
  virtual ~LrSchedule() = default;
  virtual double lr_at(int64_t step) const = 0;
};

class ConstantSchedule : public LrSchedule {
public:
  explicit ConstantSchedule(double lr) : lr_(lr) {}
  double lr_at(int64_t) const override { return lr_; }

private:
  double lr_;
};

class WarmupCosineSchedule : public LrSchedule {
public:
  WarmupCosineSchedule(double base_lr, int64_t warmup_steps, int64_t total_steps,
                       double min_lr = 0.0);
  double lr_at(int64_t step) const override;

private:
  double base_lr_;
  int64_t warmup_steps_;
  int64_t total_steps_;
  double min_lr_;
};

class StepSchedule : public LrSchedule {
public:
  StepSchedule(double base_lr, int64_t step_size, double gamma);
  double lr_at(int64_t step) const override;

private:
  double base_lr_;
  int64_t step_size_;
  double gamma_;
};

std::unique_ptr<LrSchedule> make_schedule(const std::string &name, double base_lr,
                                          int64_t warmup_steps, int64_t total_steps);
void set_learning_rate(torch::optim::Optimizer &optimizer, double lr);
double current_learning_rate(const torch::optim::Optimizer &optimizer);
torch::Tensor learning_rate_tensor(const torch::optim::Optimizer &optimizer);

// Steps the schedule and applies it.
class Scheduler {
public:
  Scheduler(torch::optim::Optimizer &optimizer, std::unique_ptr<LrSchedule> schedule);
  double step();
  int64_t steps() const { return step_; }

private:
  torch::optim::Optimizer &optimizer_;
  std::unique_ptr<LrSchedule> schedule_;
  int64_t step_ = 0;
};

} // namespace benchproj
