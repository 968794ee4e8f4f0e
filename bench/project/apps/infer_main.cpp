// benchproj-infer: loads a model, classifies random inputs and runs the detection post-processing.
#include <torch/script.h>
#include <torch/torch.h>

#include "benchproj/config.h"
#include "benchproj/device.h"
#include "benchproj/logging.h"
#include "benchproj/model_loader.h"
#include "benchproj/postprocess.h"
#include "benchproj/predictor.h"

#include <iostream>

using namespace benchproj;

namespace {

void detection_demo(const torch::Device &device, const InferenceConfig &config) {
  torch::NoGradGuard no_grad;
  const int64_t anchors_per_side = 8;
  auto grid = torch::arange(anchors_per_side, torch::dtype(torch::kFloat).device(device)) * 16.0;
  auto ys = grid.view({-1, 1}).expand({anchors_per_side, anchors_per_side}).reshape({-1});
  auto xs = grid.view({1, -1}).expand({anchors_per_side, anchors_per_side}).reshape({-1});
  auto anchors = torch::stack({xs, ys, xs + 32.0, ys + 32.0}, /*dim=*/1);

  // A stand-in box head: features -> deltas and class scores.
  torch::nn::Linear box_head(16, 4);
  torch::nn::Linear cls_head(16, 3);
  box_head->to(device);
  cls_head->to(device);
  auto features = torch::randn({anchors.size(0), 16}, anchors.options());
  auto deltas = box_head(features);
  auto boxes = decode_boxes(anchors, deltas);
  auto class_scores = torch::softmax(cls_head(features), /*dim=*/1);
  auto best = class_scores.max(/*dim=*/1);
  auto scores = std::get<0>(best);
  auto classes = std::get<1>(best);

  auto confident = scores.gt(config.score_threshold);
  auto keep = batched_nms(boxes.index({confident}), scores.index({confident}),
                          classes.index({confident}), config.iou_threshold);
  default_logger().info("detections kept: " + std::to_string(keep.size(0)) + " of " +
                        std::to_string(anchors.size(0)));
}

} // namespace

int main(int argc, char **argv) {
  try {
    ConfigParser parser;
    if (argc > 1 && std::string(argv[1]) == "--help") {
      std::cout << "usage: benchproj-infer [config.ini]\n"
                << "  infer.model_path, infer.device, infer.top_k, infer.batch_size\n";
      return 0;
    }
    if (argc > 1)
      parser.parse_file(argv[1]);
    const InferenceConfig config = inference_config_from(parser);
    const torch::Device device = select_device(config.device);

    MlpOptions options;
    std::vector<torch::Tensor> rows;
    for (int i = 0; i < 500; ++i)
      rows.push_back(torch::randn({options.input_dim}));

    if (config.scripted || looks_like_torchscript(config.model_path)) {
      ScriptedPredictor predictor(load_scripted(config.model_path, device), device);
      auto logits = predictor.run(torch::stack(rows));
      auto top = topk_predictions(logits, config.top_k);
      std::cout << format_predictions(top.front(), {}) << "\n";
    } else {
      BatchPredictor predictor(load_mlp(config.model_path, options, device), device,
                               config.batch_size);
      auto top = predictor.predict(rows, config.top_k);
      std::cout << format_predictions(top.front(), {}) << "\n";
      default_logger().info("throughput: " + std::to_string(predictor.throughput()) + " rows/s");
    }
    detection_demo(device, config);
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
