// Classification metrics computed on the device of the predictions.
#include <torch/torch.h>

#include "benchproj/metrics.h"

#include <stdexcept>

namespace benchproj {

double accuracy(const torch::Tensor &logits, const torch::Tensor &targets) {
  if (logits.size(0) == 0)
    return 0.0;
  auto preds = logits.argmax(/*dim=*/1);
  return preds.eq(targets).to(torch::kFloat).mean().item<double>();
}

double topk_accuracy(const torch::Tensor &logits, const torch::Tensor &targets, int64_t k) {
  if (logits.size(0) == 0)
    return 0.0;
  k = std::min<int64_t>(k, logits.size(1));
  auto topk = std::get<1>(logits.topk(k, /*dim=*/1));
  auto hits = topk.eq(targets.unsqueeze(1)).any(/*dim=*/1);
  return hits.to(torch::kFloat).mean().item<double>();
}

torch::Tensor confusion_matrix(const torch::Tensor &preds, const torch::Tensor &targets,
                               int64_t num_classes) {
  TORCH_CHECK(preds.sizes() == targets.sizes(), "preds and targets differ in shape");
  auto index = targets.to(torch::kLong) * num_classes + preds.to(torch::kLong);
  auto counts = torch::bincount(index.flatten(), /*weights=*/{}, num_classes * num_classes);
  return counts.view({num_classes, num_classes});
}

torch::Tensor per_class_f1(const torch::Tensor &confusion) {
  auto cm = confusion.to(torch::kDouble);
  auto tp = cm.diagonal();
  auto predicted = cm.sum(/*dim=*/0);
  auto actual = cm.sum(/*dim=*/1);
  auto precision = tp / predicted.clamp_min(1.0);
  auto recall = tp / actual.clamp_min(1.0);
  auto denom = (precision + recall).clamp_min(1e-12);
  return 2.0 * precision * recall / denom;
}

double expected_calibration_error(const torch::Tensor &probs, const torch::Tensor &targets,
                                  int64_t bins) {
  auto confidence_and_pred = probs.max(/*dim=*/1);
  auto confidence = std::get<0>(confidence_and_pred);
  auto correct = std::get<1>(confidence_and_pred).eq(targets).to(probs.scalar_type());
  auto edges = torch::linspace(0.0, 1.0, bins + 1, probs.options());
  double ece = 0.0;
  const double n = static_cast<double>(probs.size(0));
  for (int64_t b = 0; b < bins; ++b) {
    auto in_bin = confidence.gt(edges[b]).logical_and(confidence.le(edges[b + 1]));
    auto count = in_bin.sum().item<double>();
    if (count == 0.0)
      continue;
    auto avg_conf = confidence.masked_select(in_bin).mean().item<double>();
    auto avg_acc = correct.masked_select(in_bin).mean().item<double>();
    ece += std::abs(avg_conf - avg_acc) * count / n;
  }
  return ece;
}

void RunningMean::add(double value, int64_t count) {
  sum_ += value * static_cast<double>(count);
  count_ += count;
}

double RunningMean::value() const { return count_ ? sum_ / static_cast<double>(count_) : 0.0; }

void RunningMean::reset() {
  sum_ = 0.0;
  count_ = 0;
}

ClassificationAccumulator::ClassificationAccumulator(int64_t num_classes)
    : num_classes_(num_classes) {
  if (num_classes <= 0)
    throw std::invalid_argument("num_classes must be positive");
  reset();
}

void ClassificationAccumulator::add(const torch::Tensor &logits, const torch::Tensor &targets) {
  // The confusion matrix is kept on the host so it can be printed at any time.
  auto preds = logits.detach().argmax(/*dim=*/1).flatten().cpu();
  auto index = targets.flatten().to(torch::kLong) * num_classes_ + preds;
  auto counts = torch::bincount(index, /*weights=*/{}, num_classes_ * num_classes_);
  confusion_ += counts.view({num_classes_, num_classes_});
  seen_ += preds.size(0);
  correct_ += counts.view({num_classes_, num_classes_}).diagonal().sum().item<int64_t>();
}

double ClassificationAccumulator::accuracy() const {
  return seen_ ? static_cast<double>(correct_) / static_cast<double>(seen_) : 0.0;
}

void ClassificationAccumulator::reset() {
  seen_ = 0;
  correct_ = 0;
  confusion_ = torch::zeros({num_classes_, num_classes_}, torch::kLong);
}

} // namespace benchproj
