// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// A plain class that builds a module in its constructor and never moves it
// keeps it on the CPU in every method: running it on data placed on a
// device the code chooses at run time meets its CPU parameters. A class that
// moves the module, loads it from a file, or hands it to code that may move
// it does not say where it is.
#include <torch/torch.h>

#include <memory>
#include <string>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() : conv(torch::nn::Conv2dOptions(1, 8, 3)) {
    register_module("conv", conv);
  }
  torch::Tensor forward(const torch::Tensor &x) { return conv->forward(x); }
  torch::nn::Conv2d conv{nullptr};
};

class Detector {
public:
  explicit Detector(bool gpu) : gpu_(gpu) {
    encoder_ = std::make_shared<EncoderImpl>();
    // CHECK-NOTES: :[[@LINE-1]]:16: note: the module is built on the CPU here and not moved before it runs
  }
  torch::Tensor detect(const torch::Tensor &image) {
    torch::Device device(gpu_ ? torch::kCUDA : torch::kCPU);
    // CHECK-NOTES: :[[@LINE-1]]:19: note: 'device' may be any device (it is chosen at run time)
    return encoder_->forward(image.to(device));
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: operands of 'torch::nn::Conv2dImpl::forward' may be on different devices (cpu and the device of 'device') in this call of 'forward' [torch-mixed-device-op]
    // CHECK-NOTES: :[[@LINE-15]]:64: note: 'forward' calls 'torch::nn::Conv2dImpl::forward' here
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
  bool gpu_;
};

// The class moves the module where it runs its inputs.
class MovingDetector {
public:
  explicit MovingDetector(bool gpu) : gpu_(gpu) {
    encoder_ = std::make_shared<EncoderImpl>();
  }
  torch::Tensor detect(const torch::Tensor &image) {
    torch::Device device(gpu_ ? torch::kCUDA : torch::kCPU);
    encoder_->to(device);
    return encoder_->forward(image.to(device));
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
  bool gpu_;
};

// The class hands the module out: its owner may move it.
class SharingDetector {
public:
  explicit SharingDetector(bool gpu) : gpu_(gpu) {
    encoder_ = std::make_shared<EncoderImpl>();
  }
  std::shared_ptr<EncoderImpl> encoder() { return encoder_; }
  torch::Tensor detect(const torch::Tensor &image) {
    torch::Device device(gpu_ ? torch::kCUDA : torch::kCPU);
    return encoder_->forward(image.to(device));
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
  bool gpu_;
};

// Loaded from a file: its parameters are where they were saved (what
// torch-load-without-device judges), not on the CPU.
class LoadedDetector {
public:
  explicit LoadedDetector(const std::string &path) {
    encoder_ = std::make_shared<EncoderImpl>();
    torch::load(encoder_, path);
  }
  torch::Tensor detect(const torch::Tensor &image) {
    return encoder_->forward(image.cpu());
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
};

// A CPU program: nothing is put on a device.
class HostDetector {
public:
  HostDetector() { encoder_ = std::make_shared<EncoderImpl>(); }
  torch::Tensor detect(const torch::Tensor &image) {
    return encoder_->forward(image);
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
};

// A module's own submodule moves with it: built in its constructor, it is
// where the module is, wherever the module's owner moves it.
struct RunnerImpl : torch::nn::Module {
  RunnerImpl() {
    encoder_ = std::make_shared<EncoderImpl>();
    register_module("encoder", encoder_);
  }
  torch::Tensor run(const torch::Tensor &x, torch::Device device) {
    return encoder_->forward(x.to(device));
  }
  std::shared_ptr<EncoderImpl> encoder_;
};
