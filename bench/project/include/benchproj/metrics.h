// Classification metrics.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

namespace benchproj {

double accuracy(const torch::Tensor &logits, const torch::Tensor &targets);
double topk_accuracy(const torch::Tensor &logits, const torch::Tensor &targets, int64_t k);
torch::Tensor confusion_matrix(const torch::Tensor &preds, const torch::Tensor &targets,
                               int64_t num_classes);
torch::Tensor per_class_f1(const torch::Tensor &confusion);
double expected_calibration_error(const torch::Tensor &probs, const torch::Tensor &targets,
                                  int64_t bins);

class RunningMean {
public:
  void add(double value, int64_t count = 1);
  double value() const;
  void reset();

private:
  double sum_ = 0.0;
  int64_t count_ = 0;
};

// Accumulates predictions over an evaluation epoch.
class ClassificationAccumulator {
public:
  explicit ClassificationAccumulator(int64_t num_classes);
  void add(const torch::Tensor &logits, const torch::Tensor &targets);
  double accuracy() const;
  torch::Tensor confusion() const { return confusion_; }
  void reset();

private:
  int64_t num_classes_;
  int64_t seen_ = 0;
  int64_t correct_ = 0;
  torch::Tensor confusion_;
};

} // namespace benchproj
