// CHECKS: torch-load-without-device
// HEADERS: fast real real2
// A module member loaded without a device in one method (a constructor) and
// run in another on data the code puts on a device: the parameters are
// where the file was saved, and nothing moves them where the data goes.
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
  Detector(const std::string &path, bool gpu) : gpu_(gpu) {
    encoder_ = std::make_shared<EncoderImpl>();
    torch::load(encoder_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'encoder_' on the device they were saved from, not on the device it is used on [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:5: note: pass the device to 'torch::load', or call 'torchlint::ensure_module_device(encoder_, device)' (<torchlint/torchlint.h>) after it
  }
  torch::Tensor detect(const torch::Tensor &image) {
    torch::Device device(gpu_ ? torch::kCUDA : torch::kCPU);
    return encoder_->forward(image.to(device));
    // CHECK-NOTES: :[[@LINE-1]]:12: note: 'encoder_' is used on a device here, after the load
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
  bool gpu_;
};

// Another method moves it before it runs.
class MovingDetector {
public:
  explicit MovingDetector(const std::string &path) {
    encoder_ = std::make_shared<EncoderImpl>();
    torch::load(encoder_, path);
  }
  torch::Tensor detect(const torch::Tensor &image, torch::Device device) {
    encoder_->to(device);
    return encoder_->forward(image.to(device));
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
};

// Run only on CPU inputs: a CPU program's checkpoint.
class HostDetector {
public:
  explicit HostDetector(const std::string &path) {
    encoder_ = std::make_shared<EncoderImpl>();
    torch::load(encoder_, path);
  }
  torch::Tensor detect(const torch::Tensor &image) {
    return encoder_->forward(image.cpu());
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
};
