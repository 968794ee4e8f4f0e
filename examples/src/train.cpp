// Trains the MLP on synthetic data, keeps an EMA copy of the weights,
// checkpoints to a directory and resumes from it on the next run.
//
//   example_trainer [checkpoint_dir]     (EXAMPLE_DEBUG=1 dumps a few logits)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include <torch/torch.h>

#include "model.h"
#include "utils.h"

namespace {

constexpr int64_t kBatchSize = 64;
constexpr int kEpochs = 3;
constexpr double kEmaDecay = 0.9;
constexpr double kTemperature = 2.0;

struct EvalResult {
  double loss;
  double accuracy;
  double confidence;  // mean max-probability of the temperature-scaled softmax
};

double train_one_epoch(Net& model, torch::optim::Optimizer& optimizer,
                       const Dataset& data, int64_t batch_size) {
  model->train();
  const int64_t n = data.x.size(0);
  // A host-side permutation; CPU index tensors may index tensors on any device.
  auto perm = torch::randperm(n, torch::kLong);
  double total = 0.0;
  int64_t steps = 0;
  for (int64_t i = 0; i + batch_size <= n; i += batch_size) {
    auto idx = perm.slice(/*dim=*/0, i, i + batch_size);
    auto bx = data.x.index({idx});
    auto by = data.y.index({idx});

    optimizer.zero_grad();
    auto logits = model->forward(add_noise(bx, 0.05));
    auto loss = smoothed_cross_entropy(logits, by, /*eps=*/0.1);
    loss.backward();
    if (global_grad_norm(model->parameters()).item<double>() > 10.0) {
      torch::nn::utils::clip_grad_norm_(model->parameters(), 10.0);
    }
    optimizer.step();
    total += loss.item<double>();
    ++steps;
  }
  return total / static_cast<double>(steps);
}

EvalResult evaluate(Net& model, torch::Tensor x, torch::Tensor y,
                    torch::Device device) {
  torch::NoGradGuard no_grad;
  model->eval();
  // BUG(torch-discarded-to): Tensor::to returns a new tensor; x itself stays where it was
  x.to(device);
  y = y.to(device);
  auto logits = model->forward(x);
  auto loss = smoothed_cross_entropy(logits, y, /*eps=*/0.0);
  auto probs = torch::softmax(logits / torch::tensor(kTemperature), /*dim=*/1);
  auto accuracy = logits.argmax(1).eq(y).to(torch::kFloat).mean();
  auto confidence = std::get<0>(probs.max(/*dim=*/1)).mean();
  model->train();
  return {loss.item<double>(), accuracy.item<double>(), confidence.item<double>()};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string ckpt_dir =
      argc > 1 ? argv[1]
               : (std::filesystem::temp_directory_path() / "example_trainer").string();
  std::filesystem::create_directories(ckpt_dir);

  torch::manual_seed(0);
  const torch::Device device = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  std::cout << "device: " << device << "\n";

  NetConfig cfg;
  auto teacher = torch::randn({cfg.in_features, cfg.num_classes});
  Dataset train = make_dataset(teacher, 1024);
  Dataset test = make_dataset(teacher, 256);
  // The training set lives on the accelerator; the test set stays on the host
  // and evaluate() moves it.
  train.x = train.x.to(device);
  train.y = train.y.to(device);

  Net model(cfg);
  model->to(device);
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(3e-3));

  // Exponential moving average of the weights, kept on the host to save
  // accelerator memory.
  Net ema(cfg);
  ema->to(torch::kCPU);

  const std::string model_path = ckpt_dir + "/model.pt";
  const std::string optim_path = ckpt_dir + "/optimizer.pt";
  if (std::filesystem::exists(model_path) && std::filesystem::exists(optim_path)) {
    // BUG(torch-load-without-device): loading after model->to(device) puts the parameters back on the saved device
    torch::load(model, model_path);
    torch::load(optimizer, optim_path, device);
    std::cout << "resumed from " << ckpt_dir << "\n";
  }
  copy_params(ema, model);

  for (int epoch = 1; epoch <= kEpochs; ++epoch) {
    const double train_loss = train_one_epoch(model, optimizer, train, kBatchSize);
    {
      torch::NoGradGuard no_grad;
      auto live = model->parameters();
      auto shadow = ema->parameters();
      for (size_t i = 0; i < live.size(); ++i) {
        shadow[i].mul_(kEmaDecay).add_(live[i].detach().cpu(), 1.0 - kEmaDecay);
      }
    }
    // BUG(torch-mixed-device-op): the EMA copy stays on the CPU while model is on `device`
    auto fc1_norms = torch::stack({model->fc1->weight.norm(), ema->fc1->weight.norm()});
    const EvalResult res = evaluate(model, test.x, test.y, device);
    std::printf("epoch %d  train loss %.4f  test loss %.4f  acc %.3f  conf %.3f  |fc1| live %.3f ema %.3f\n",
                epoch, train_loss, res.loss, res.accuracy, res.confidence,
                fc1_norms[0].item<double>(), fc1_norms[1].item<double>());
  }

  save_checkpoint(model, optimizer, ckpt_dir);
  std::cout << "checkpoint saved to " << ckpt_dir << "\n";
  if (std::getenv("EXAMPLE_DEBUG") != nullptr) {
    debug_dump_logits(model, test.x);
  }
  return 0;
}
