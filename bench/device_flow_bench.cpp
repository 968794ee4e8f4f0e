// Benchmark input for torchlint's device-flow checks (bench/run.sh).
//
// A realistic libtorch translation unit of a few hundred lines: modules, a
// training loop, factories, stacks, branches and loops. It includes the real
// <torch/torch.h>, so most of the time goes to parsing the headers; run.sh
// measures how much of the total the torch-* checks take.
//
// BENCH-EXPECT: torch-factory-without-device torch-mixed-device-op
// BENCH-EXPECT: torch-load-without-device torch-implicit-device-migration
// BENCH-EXPECT: torch-hardcoded-device torch-discarded-to
//
// Compiles with:
//   clang++-19 -fsyntax-only -std=c++17 -isystem /usr/include/torch/csrc/api/include
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// --- Modules -----------------------------------------------------------------

struct MlpImpl : torch::nn::Module {
  MlpImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, hidden))),
        fc3(register_module("fc3", torch::nn::Linear(hidden, out))),
        norm(register_module("norm", torch::nn::LayerNorm(
                                         torch::nn::LayerNormOptions({hidden})))) {
    scale = register_buffer("scale", torch::ones({hidden}));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::relu(fc1->forward(x));
    h = norm->forward(h) * scale;
    h = torch::gelu(fc2->forward(h));
    if (h.dim() > 2) {
      h = h.flatten(1);
    }
    return fc3->forward(h);
  }

  torch::nn::Linear fc1{nullptr}, fc2{nullptr}, fc3{nullptr};
  torch::nn::LayerNorm norm{nullptr};
  torch::Tensor scale;
};
TORCH_MODULE(Mlp);

struct ConvBlockImpl : torch::nn::Module {
  ConvBlockImpl(int64_t in, int64_t out)
      : conv(register_module(
            "conv", torch::nn::Conv2d(
                        torch::nn::Conv2dOptions(in, out, 3).padding(1)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(out))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = conv->forward(x);
    x = bn->forward(x);
    return torch::relu(x);
  }

  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
};
TORCH_MODULE(ConvBlock);

struct EncoderImpl : torch::nn::Module {
  explicit EncoderImpl(int64_t channels) {
    for (int i = 0; i < 3; ++i) {
      blocks.push_back(register_module("block" + std::to_string(i),
                                       ConvBlock(i == 0 ? 3 : channels, channels)));
    }
    pool = register_module(
        "pool", torch::nn::AdaptiveAvgPool2d(
                    torch::nn::AdaptiveAvgPool2dOptions({1, 1})));
  }

  torch::Tensor forward(torch::Tensor x) {
    std::vector<torch::Tensor> features;
    for (auto &block : blocks) {
      x = block->forward(x);
      features.push_back(pool->forward(x).flatten(1));
    }
    return torch::cat(features, 1);
  }

  std::vector<ConvBlock> blocks;
  torch::nn::AdaptiveAvgPool2d pool{nullptr};
};
TORCH_MODULE(Encoder);

// --- Data ----------------------------------------------------------------------

struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

Batch make_batch(int64_t n, torch::Device device) {
  auto images = torch::randn({n, 3, 16, 16}, torch::device(device));
  auto labels = torch::randint(0, 10, {n}, torch::device(device).dtype(torch::kLong));
  return {images, labels};
}

std::vector<Batch> make_dataset(int64_t batches, int64_t n,
                                torch::Device device) {
  std::vector<Batch> data;
  data.reserve(batches);
  for (int64_t i = 0; i < batches; ++i) {
    data.push_back(make_batch(n, device));
  }
  return data;
}

torch::Tensor normalize(const torch::Tensor &images) {
  auto mean = images.mean({0, 2, 3}, /*keepdim=*/true);
  auto stddev = images.std({0, 2, 3}, /*unbiased=*/true, /*keepdim=*/true);
  return (images - mean) / (stddev + 1e-5);
}

torch::Tensor augment(const torch::Tensor &images, bool flip) {
  auto out = images;
  if (flip) {
    out = out.flip({3});
  }
  auto noise = torch::randn_like(out) * 0.01;
  return out + noise;
}

torch::Tensor to_one_hot(const torch::Tensor &labels, int64_t classes) {
  auto eye = torch::eye(classes, labels.options().dtype(torch::kFloat));
  return eye.index_select(0, labels);
}

// --- Helpers reached through calls and templates ---------------------------------
// Correct code that makes the checks follow calls (summaries of the callees)
// and analyse template instantiations.

torch::Tensor scale_like(const torch::Tensor &x, const torch::Tensor &ref) {
  return x * ref.abs().max();
}

torch::Tensor centre_on(const torch::Tensor &x, const torch::Tensor &ref) {
  return scale_like(x - ref.mean(), ref);
}

template <typename Scalar>
torch::Tensor clipped(const torch::Tensor &x, Scalar bound) {
  auto limit = torch::full({1}, bound, x.options());
  return torch::minimum(torch::maximum(x, -limit), limit);
}

template <int Channels> struct GateImpl : torch::nn::Module {
  GateImpl() { weight = register_parameter("weight", torch::ones({Channels})); }
  torch::Tensor forward(const torch::Tensor &x) {
    return centre_on(x, weight) * weight.sigmoid();
  }
  torch::Tensor weight;
};

torch::Tensor gated(const torch::Tensor &x) {
  GateImpl<4> narrow;
  GateImpl<8> wide;
  narrow.to(x.device());
  wide.to(x.device());
  return clipped(narrow.forward(x), 1.0) + clipped(wide.forward(x), 2.0f);
}

// --- Losses and metrics ----------------------------------------------------------

torch::Tensor label_smoothing_loss(const torch::Tensor &logits,
                                   const torch::Tensor &labels,
                                   double smoothing) {
  const int64_t classes = logits.size(1);
  auto target = to_one_hot(labels, classes);
  target = target * (1.0 - smoothing) + smoothing / classes;
  auto logp = torch::log_softmax(logits, 1);
  return -(target * logp).sum(1).mean();
}

double accuracy(const torch::Tensor &logits, const torch::Tensor &labels) {
  auto pred = logits.argmax(1);
  auto correct = pred.eq(labels).sum();
  return correct.item<double>() / static_cast<double>(labels.size(0));
}

torch::Tensor confusion_matrix(const torch::Tensor &pred,
                               const torch::Tensor &labels, int64_t classes) {
  auto matrix = torch::zeros({classes, classes},
                             torch::dtype(torch::kLong).device(pred.device()));
  auto flat = labels * classes + pred;
  auto counts = torch::bincount(flat, {}, classes * classes);
  matrix += counts.view({classes, classes});
  return matrix;
}

torch::Tensor grad_norm(torch::nn::Module &model) {
  std::vector<torch::Tensor> norms;
  for (auto &p : model.parameters()) {
    if (p.grad().defined()) {
      norms.push_back(p.grad().norm());
    }
  }
  if (norms.empty()) {
    return torch::zeros({}, torch::kFloat);
  }
  return torch::stack(norms).norm();
}

void clip_gradients(torch::nn::Module &model, double max_norm) {
  auto total = grad_norm(model);
  auto factor = torch::clamp(max_norm / (total + 1e-6), 0.0, 1.0);
  for (auto &p : model.parameters()) {
    if (p.grad().defined()) {
      p.grad().mul_(factor);
    }
  }
}

// --- Training ----------------------------------------------------------------------

struct Classifier : torch::nn::Module {
  Classifier(int64_t channels, int64_t classes)
      : encoder(register_module("encoder", Encoder(channels))),
        head(register_module("head", Mlp(3 * channels, 64, classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    return head->forward(encoder->forward(x));
  }

  Encoder encoder;
  Mlp head;
};

struct TrainStats {
  double loss = 0.0;
  double acc = 0.0;
  int64_t steps = 0;
};

TrainStats train_epoch(Classifier &model, torch::optim::Optimizer &optimizer,
                       const std::vector<Batch> &data, torch::Device device,
                       double smoothing) {
  TrainStats stats;
  model.train();
  auto running = torch::zeros({}, torch::device(device));
  for (const Batch &batch : data) {
    auto images = normalize(batch.images.to(device));
    images = augment(images, stats.steps % 2 == 0);
    auto labels = batch.labels.to(device);

    optimizer.zero_grad();
    auto logits = model.forward(images);
    auto loss = label_smoothing_loss(logits, labels, smoothing);
    loss.backward();
    clip_gradients(model, 1.0);
    optimizer.step();

    running += loss.detach();
    stats.acc += accuracy(logits, labels);
    ++stats.steps;
  }
  if (stats.steps > 0) {
    stats.loss = running.item<double>() / static_cast<double>(stats.steps);
    stats.acc /= static_cast<double>(stats.steps);
  }
  return stats;
}

torch::Tensor evaluate(Classifier &model, const std::vector<Batch> &data,
                       torch::Device device, int64_t classes) {
  torch::NoGradGuard no_grad;
  model.eval();
  auto matrix = torch::zeros({classes, classes},
                             torch::dtype(torch::kLong).device(device));
  std::vector<torch::Tensor> all_logits;
  for (const Batch &batch : data) {
    auto images = normalize(batch.images.to(device));
    auto logits = model.forward(images);
    all_logits.push_back(logits);
    auto pred = logits.argmax(1);
    matrix += confusion_matrix(pred, batch.labels.to(device), classes);
  }
  auto stacked = torch::cat(all_logits, 0);
  auto probs = torch::softmax(stacked, 1);
  auto confidence = std::get<0>(probs.max(1));
  std::cout << "mean confidence " << confidence.mean().item<double>() << "\n";
  return matrix;
}

torch::Tensor ema_update(torch::Tensor ema, const torch::Tensor &value,
                         double decay) {
  if (!ema.defined()) {
    return value.detach().clone();
  }
  ema.mul_(decay).add_(value.detach(), 1.0 - decay);
  return ema;
}

torch::Tensor schedule(int64_t epochs, double base_lr, torch::Device device) {
  auto steps = torch::arange(epochs, torch::dtype(torch::kFloat).device(device));
  auto cosine = 0.5 * (1.0 + torch::cos(steps * M_PI / epochs));
  return cosine * base_lr;
}

torch::Tensor masked_mean(const torch::Tensor &x, const torch::Tensor &mask) {
  auto filled = x.masked_fill(mask.logical_not(), 0.0);
  auto count = mask.sum().clamp_min(1);
  return filled.sum() / count;
}

torch::Tensor select_topk(const torch::Tensor &scores, int64_t k) {
  auto top = scores.topk(k);
  auto idx = std::get<1>(top);
  auto host_idx = idx.cpu();
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < host_idx.size(0); ++i) {
    keep.push_back(host_idx[i].item<int64_t>());
  }
  auto chosen = torch::tensor(keep, torch::device(scores.device()));
  return scores.index_select(0, chosen);
}

void run(int64_t epochs, bool use_cuda) {
  torch::Device device = use_cuda && torch::cuda::is_available()
                             ? torch::Device(torch::kCUDA)
                             : torch::Device(torch::kCPU);
  const int64_t classes = 10;
  Classifier model(16, classes);
  model.to(device);
  torch::optim::SGD optimizer(model.parameters(),
                              torch::optim::SGDOptions(0.1).momentum(0.9));

  auto train = make_dataset(8, 32, device);
  auto valid = make_dataset(2, 32, device);
  auto lrs = schedule(epochs, 0.1, device).cpu();

  torch::Tensor ema;
  for (int64_t epoch = 0; epoch < epochs; ++epoch) {
    for (auto &group : optimizer.param_groups()) {
      static_cast<torch::optim::SGDOptions &>(group.options())
          .lr(lrs[epoch].item<double>());
    }
    TrainStats stats = train_epoch(model, optimizer, train, device, 0.1);
    auto loss = torch::full({}, stats.loss, torch::device(device));
    ema = ema_update(ema, loss, 0.9);
    if (epoch % 2 == 1) {
      auto matrix = evaluate(model, valid, device, classes);
      auto diag = matrix.diagonal().to(torch::kFloat);
      auto per_class = diag / matrix.sum(1).to(torch::kFloat).clamp_min(1);
      std::cout << "epoch " << epoch << " per-class " << per_class << "\n";
    }
    std::cout << "epoch " << epoch << " loss " << stats.loss << " acc "
              << stats.acc << " ema " << ema.item<double>() << "\n";
  }
  torch::save(model.encoder, "encoder.pt");
}

// --- Seeded defects ------------------------------------------------------------
// One per torch-* check. bench/run.sh expects exactly these six warnings, so a
// check that silently stopped analysing fails the benchmark instead of making
// the time share look good.
namespace seeded {

struct ShiftImpl : torch::nn::Module {
  ShiftImpl() { offset = register_buffer("offset", torch::zeros({4})); }
  torch::Tensor forward(const torch::Tensor &x) {
    // torch-implicit-device-migration
    return x.to(offset.device()) + offset;
  }
  torch::Tensor offset;
};
TORCH_MODULE(Shift);

torch::Tensor jitter(const torch::Tensor &x) {
  auto noise = torch::randn(x.sizes()); // torch-factory-without-device
  return x + noise * 0.01;
}

void restore(Shift &model, torch::Device device, const std::string &path) {
  model->to(device);
  torch::load(model, path); // torch-load-without-device
}

torch::Tensor peek(Shift &model, const torch::Tensor &x) {
  return model->forward(x.cuda()); // torch-hardcoded-device
}

torch::Tensor centred(torch::Tensor x, torch::Device device) {
  x.to(device); // torch-discarded-to
  return x - x.mean();
}

torch::Tensor offsets(Shift &live) {
  Shift shadow; // built on the CPU; live may be anywhere
  // torch-mixed-device-op
  return torch::stack({live->offset.norm(), shadow->offset.norm()});
}

} // namespace seeded

} // namespace bench

int main(int argc, char **argv) {
  const int64_t epochs = argc > 1 ? std::stoll(argv[1]) : 4;
  bench::run(epochs, /*use_cuda=*/true);
  return 0;
}
