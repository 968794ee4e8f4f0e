// A small residual CNN for 32x32 images.
#include <torch/torch.h>

#include "benchproj/cnn.h"

namespace benchproj {

namespace F = torch::nn::functional;

ConvBlockImpl::ConvBlockImpl(int64_t in_channels, int64_t out_channels, bool downsample)
    : downsample_(downsample) {
  const int64_t stride = downsample ? 2 : 1;
  conv1_ = register_module(
      "conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, out_channels, 3)
                                     .stride(stride)
                                     .padding(1)
                                     .bias(false)));
  bn1_ = register_module("bn1", torch::nn::BatchNorm2d(out_channels));
  conv2_ = register_module(
      "conv2",
      torch::nn::Conv2d(
          torch::nn::Conv2dOptions(out_channels, out_channels, 3).padding(1).bias(false)));
  bn2_ = register_module("bn2", torch::nn::BatchNorm2d(out_channels));
  if (downsample || in_channels != out_channels) {
    shortcut_ = register_module(
        "shortcut", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, out_channels, 1)
                                          .stride(stride)
                                          .bias(false)));
  }
}

torch::Tensor ConvBlockImpl::forward(const torch::Tensor &x) {
  auto h = torch::relu(bn1_(conv1_(x)));
  h = bn2_(conv2_(h));
  auto identity = shortcut_ ? shortcut_(x) : x;
  return torch::relu(h + identity);
}

SmallCnnImpl::SmallCnnImpl(int64_t in_channels, int64_t num_classes, int64_t width) {
  stem_ = register_module(
      "stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, width, 3).padding(1)));
  blocks_ = register_module("blocks", torch::nn::Sequential(ConvBlock(width, width, false),
                                                            ConvBlock(width, 2 * width, true),
                                                            ConvBlock(2 * width, 2 * width, false),
                                                            ConvBlock(2 * width, 4 * width, true)));
  classifier_ = register_module("classifier", torch::nn::Linear(4 * width, num_classes));

  for (auto &module : modules(/*include_self=*/false)) {
    if (auto *conv = module->as<torch::nn::Conv2d>()) {
      torch::nn::init::kaiming_normal_(conv->weight, 0.0, torch::kFanOut, torch::kReLU);
    } else if (auto *bn = module->as<torch::nn::BatchNorm2d>()) {
      torch::nn::init::ones_(bn->weight);
      torch::nn::init::zeros_(bn->bias);
    }
  }
}

torch::Tensor SmallCnnImpl::embed(const torch::Tensor &images) {
  TORCH_CHECK(images.dim() == 4, "SmallCnn expects NCHW images, got ", images.sizes());
  auto h = torch::relu(stem_(images));
  h = blocks_->forward(h);
  h = F::adaptive_avg_pool2d(h, F::AdaptiveAvgPool2dFuncOptions({1, 1}));
  return h.flatten(/*start_dim=*/1);
}

void SmallCnnImpl::freeze_batchnorm() {
  for (auto &module : modules(/*include_self=*/false)) {
    if (auto *bn = module->as<torch::nn::BatchNorm2d>()) {
      bn->eval();
      for (auto &p : bn->parameters())
        p.set_requires_grad(false);
    }
  }
}

torch::Tensor SmallCnnImpl::forward(const torch::Tensor &images) {
  auto features = embed(images);
  features = F::dropout(features, F::DropoutFuncOptions().p(0.2).training(is_training()));
  return classifier_(features);
}

} // namespace benchproj
