// A small convolutional image classifier.
#pragma once

#include <torch/torch.h>

#include <cstdint>

namespace benchproj {

class ConvBlockImpl : public torch::nn::Module {
public:
  ConvBlockImpl(int64_t in_channels, int64_t out_channels, bool downsample);
  torch::Tensor forward(const torch::Tensor &x);

private:
  torch::nn::Conv2d conv1_{nullptr};
  torch::nn::BatchNorm2d bn1_{nullptr};
  torch::nn::Conv2d conv2_{nullptr};
  torch::nn::BatchNorm2d bn2_{nullptr};
  torch::nn::Conv2d shortcut_{nullptr};
  bool downsample_;
};
TORCH_MODULE(ConvBlock);

class SmallCnnImpl : public torch::nn::Module {
public:
  SmallCnnImpl(int64_t in_channels, int64_t num_classes, int64_t width = 32);
  torch::Tensor forward(const torch::Tensor &images);
  torch::Tensor embed(const torch::Tensor &images);
  // Puts the batch-norm layers in eval mode (frozen statistics) for fine-tuning.
  void freeze_batchnorm();

private:
  torch::nn::Conv2d stem_{nullptr};
  torch::nn::Sequential blocks_{nullptr};
  torch::nn::Linear classifier_{nullptr};
};
TORCH_MODULE(SmallCnn);

} // namespace benchproj
