// Batched inference with an eager MLP or a TorchScript module.
#include <torch/script.h>
#include <torch/torch.h>

#include "benchproj/predictor.h"

#include <algorithm>
#include <chrono>

namespace benchproj {

BatchPredictor::BatchPredictor(Mlp model, torch::Device device, int64_t batch_size)
    : model_(std::move(model)), device_(device), batch_size_(std::max<int64_t>(1, batch_size)) {
  model_->to(device_);
  model_->eval();
}

torch::Tensor BatchPredictor::predict_logits(const std::vector<torch::Tensor> &inputs) {
  TORCH_CHECK(!inputs.empty(), "predict_logits: no inputs");
  torch::NoGradGuard no_grad;
  const auto start = std::chrono::steady_clock::now();
  std::vector<torch::Tensor> outputs;
  const auto step = static_cast<size_t>(batch_size_);
  for (size_t begin = 0; begin < inputs.size(); begin += step) {
    const size_t end = std::min(inputs.size(), begin + step);
    std::vector<torch::Tensor> chunk(inputs.begin() + static_cast<std::ptrdiff_t>(begin),
                                     inputs.begin() + static_cast<std::ptrdiff_t>(end));
    auto batch = torch::stack(chunk).to(torch::kFloat);
    batch.to(device_);
    auto logits = model_->forward(batch);
    outputs.push_back(logits.detach().cpu());
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  processed_ += static_cast<int64_t>(inputs.size());
  return torch::cat(outputs);
}

std::vector<std::vector<Prediction>>
BatchPredictor::predict(const std::vector<torch::Tensor> &inputs, int64_t top_k) {
  return topk_predictions(predict_logits(inputs), top_k);
}

torch::Tensor BatchPredictor::predict_proba(const torch::Tensor &batch) {
  torch::NoGradGuard no_grad;
  auto x = batch.to(device_, torch::kFloat);
  return torch::softmax(model_->forward(x), /*dim=*/1);
}

double BatchPredictor::throughput() const {
  return seconds_ > 0.0 ? static_cast<double>(processed_) / seconds_ : 0.0;
}

ScriptedPredictor::ScriptedPredictor(torch::jit::Module module, torch::Device device)
    : module_(std::move(module)), device_(device) {
  module_.to(device_);
  module_.eval();
}

torch::Tensor ScriptedPredictor::run(const torch::Tensor &batch) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{batch.to(device_)};
  auto output = module_.forward(inputs);
  if (output.isTuple())
    return output.toTuple()->elements().at(0).toTensor();
  return output.toTensor();
}

// Runs the predictor over a stream of feature rows and keeps only confident answers.
std::vector<std::pair<size_t, Prediction>>
confident_predictions(BatchPredictor &predictor, const std::vector<torch::Tensor> &rows,
                      double min_score) {
  std::vector<std::pair<size_t, Prediction>> result;
  auto all = predictor.predict(rows, /*top_k=*/1);
  for (size_t i = 0; i < all.size(); ++i) {
    if (!all[i].empty() && all[i].front().score >= min_score)
      result.emplace_back(i, all[i].front());
  }
  return result;
}

// Agreement between two predictors on the same inputs (e.g. eager vs. scripted).
double agreement(BatchPredictor &a, ScriptedPredictor &b, const torch::Tensor &batch) {
  auto pa = a.predict_proba(batch).argmax(/*dim=*/1);
  auto pb = b.run(batch).argmax(/*dim=*/1);
  return pa.eq(pb.to(pa.device())).to(torch::kFloat).mean().item<double>();
}

} // namespace benchproj
