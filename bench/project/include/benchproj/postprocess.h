// Post-processing of model outputs: top-k, box decoding and NMS.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

namespace benchproj {

struct Prediction {
  int64_t label = -1;
  double score = 0.0;
};

std::vector<std::vector<Prediction>> topk_predictions(const torch::Tensor &logits, int64_t k,
                                                      double temperature = 1.0);
torch::Tensor box_iou(const torch::Tensor &a, const torch::Tensor &b);
// boxes: [N, 4] (x1, y1, x2, y2); returns kept indices sorted by score.
torch::Tensor nms(const torch::Tensor &boxes, const torch::Tensor &scores, double iou_threshold);
torch::Tensor batched_nms(const torch::Tensor &boxes, const torch::Tensor &scores,
                          const torch::Tensor &classes, double iou_threshold);
torch::Tensor decode_boxes(const torch::Tensor &anchors, const torch::Tensor &deltas);
std::string format_predictions(const std::vector<Prediction> &preds,
                               const std::vector<std::string> &names);

} // namespace benchproj
