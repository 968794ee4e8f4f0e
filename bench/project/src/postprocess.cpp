// Post-processing: top-k class predictions, box decoding, IoU and non-maximum suppression.
#include <torch/torch.h>

#include "benchproj/postprocess.h"

#include <iomanip>
#include <sstream>

namespace benchproj {

std::vector<std::vector<Prediction>> topk_predictions(const torch::Tensor &logits, int64_t k,
                                                      double temperature) {
  TORCH_CHECK(logits.dim() == 2, "topk_predictions expects [N, C] logits");
  TORCH_CHECK(temperature > 0.0, "temperature must be positive");
  k = std::min<int64_t>(k, logits.size(1));
  auto probs = torch::softmax(logits.detach() / temperature, /*dim=*/1);
  auto top = probs.topk(k, /*dim=*/1);
  auto scores = std::get<0>(top).to(torch::kCPU, torch::kDouble);
  auto labels = std::get<1>(top).to(torch::kCPU);
  auto score_acc = scores.accessor<double, 2>();
  auto label_acc = labels.accessor<int64_t, 2>();

  std::vector<std::vector<Prediction>> result(static_cast<size_t>(logits.size(0)));
  for (int64_t i = 0; i < logits.size(0); ++i) {
    auto &row = result[static_cast<size_t>(i)];
    row.reserve(static_cast<size_t>(k));
    for (int64_t j = 0; j < k; ++j)
      row.push_back({label_acc[i][j], score_acc[i][j]});
  }
  return result;
}

torch::Tensor box_iou(const torch::Tensor &a, const torch::Tensor &b) {
  // a: [N, 4], b: [M, 4] -> [N, M]
  auto area_a = (a.select(1, 2) - a.select(1, 0)).clamp_min(0) *
                (a.select(1, 3) - a.select(1, 1)).clamp_min(0);
  auto area_b = (b.select(1, 2) - b.select(1, 0)).clamp_min(0) *
                (b.select(1, 3) - b.select(1, 1)).clamp_min(0);
  auto top_left = torch::max(a.unsqueeze(1).narrow(2, 0, 2), b.unsqueeze(0).narrow(2, 0, 2));
  auto bottom_right =
      torch::min(a.unsqueeze(1).narrow(2, 2, 2), b.unsqueeze(0).narrow(2, 2, 2));
  auto wh = (bottom_right - top_left).clamp_min(0);
  auto inter = wh.select(2, 0) * wh.select(2, 1);
  auto uni = area_a.unsqueeze(1) + area_b.unsqueeze(0) - inter;
  return inter / uni.clamp_min(1e-9);
}

torch::Tensor nms(const torch::Tensor &boxes, const torch::Tensor &scores, double iou_threshold) {
  TORCH_CHECK(boxes.dim() == 2 && boxes.size(1) == 4, "nms expects [N, 4] boxes");
  TORCH_CHECK(scores.dim() == 1 && scores.size(0) == boxes.size(0), "nms: scores must be [N]");
  const int64_t n = boxes.size(0);
  if (n == 0)
    return torch::empty({0}, boxes.options().dtype(torch::kLong));

  // The greedy loop runs on the host over a precomputed IoU matrix.
  auto order = std::get<1>(scores.sort(/*dim=*/0, /*descending=*/true)).to(torch::kCPU);
  auto iou = box_iou(boxes, boxes).to(torch::kCPU, torch::kFloat);
  auto order_acc = order.accessor<int64_t, 1>();
  auto iou_acc = iou.accessor<float, 2>();

  std::vector<char> suppressed(static_cast<size_t>(n), 0);
  std::vector<int64_t> keep;
  for (int64_t r = 0; r < n; ++r) {
    const int64_t i = order_acc[r];
    if (suppressed[static_cast<size_t>(i)])
      continue;
    keep.push_back(i);
    for (int64_t s = r + 1; s < n; ++s) {
      const int64_t j = order_acc[s];
      if (!suppressed[static_cast<size_t>(j)] && iou_acc[i][j] > iou_threshold)
        suppressed[static_cast<size_t>(j)] = 1;
    }
  }
  return torch::tensor(keep, torch::dtype(torch::kLong).device(boxes.device()));
}

torch::Tensor batched_nms(const torch::Tensor &boxes, const torch::Tensor &scores,
                          const torch::Tensor &classes, double iou_threshold) {
  if (boxes.size(0) == 0)
    return torch::empty({0}, boxes.options().dtype(torch::kLong));
  // Shift each class into its own coordinate range so boxes of different classes never overlap.
  auto max_coordinate = boxes.max();
  auto offsets = classes.to(boxes.scalar_type()) * (max_coordinate + 1);
  return nms(boxes + offsets.unsqueeze(1), scores, iou_threshold);
}

torch::Tensor decode_boxes(const torch::Tensor &anchors, const torch::Tensor &deltas) {
  // anchors: [N, 4] (x1, y1, x2, y2); deltas: [N, 4] (dx, dy, dw, dh) from the box head.
  TORCH_CHECK(anchors.sizes() == deltas.sizes(), "anchors and deltas differ in shape");
  // Box-coder variances of the SSD convention.
  auto variances = torch::tensor({0.1, 0.1, 0.2, 0.2});
  auto d = deltas * variances;

  auto widths = anchors.select(1, 2) - anchors.select(1, 0);
  auto heights = anchors.select(1, 3) - anchors.select(1, 1);
  auto cx = anchors.select(1, 0) + 0.5 * widths;
  auto cy = anchors.select(1, 1) + 0.5 * heights;

  auto pred_cx = cx + d.select(1, 0) * widths;
  auto pred_cy = cy + d.select(1, 1) * heights;
  auto pred_w = widths * torch::exp(d.select(1, 2).clamp_max(4.0));
  auto pred_h = heights * torch::exp(d.select(1, 3).clamp_max(4.0));
  return torch::stack({pred_cx - 0.5 * pred_w, pred_cy - 0.5 * pred_h, pred_cx + 0.5 * pred_w,
                       pred_cy + 0.5 * pred_h},
                      /*dim=*/1);
}

std::string format_predictions(const std::vector<Prediction> &preds,
                               const std::vector<std::string> &names) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(3);
  for (size_t i = 0; i < preds.size(); ++i) {
    const auto label = preds[i].label;
    const bool named = label >= 0 && static_cast<size_t>(label) < names.size();
    out << (i ? ", " : "") << (named ? names[static_cast<size_t>(label)] : std::to_string(label))
        << "=" << preds[i].score;
  }
  return out.str();
}

} // namespace benchproj
