// CHECKS: torch-hardcoded-device,torch-mixed-device-op
// HEADERS: fast real real2
// A class that moves its module to a fixed device in its constructor runs
// it there in every method: where another method puts the inputs on a
// device it chooses at run time, the fixed device defeats that choice. A
// local device used once places where that use does. Where the module's
// fixed device meets the chosen one in an op, the placement is the defect:
// one warning, this check's.
#include <torch/torch.h>

#include <memory>

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
    torch::Device device(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    encoder_->to(device);
  }
  torch::Tensor detect(const torch::Tensor &image) {
    torch::Device device(gpu_ ? torch::kCUDA : torch::kCPU);
    return encoder_->forward(image.to(device));
    // CHECK-NOTES: :[[@LINE-1]]:22: note: the module it places may meet a tensor on the device of 'device' here, in 'torch::nn::Conv2dImpl::forward'
    // CHECK-NOTES: :[[@LINE-16]]:64: note: 'forward' calls 'torch::nn::Conv2dImpl::forward' here
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
  // CHECK-NOTES: :[[@LINE-1]]:32: note: member 'encoder_' makes this code device-neutral; follow the device of the data it works with
  bool gpu_;
};

// The inputs go where the module is: one device, the program's design.
class CudaDetector {
public:
  CudaDetector() {
    encoder_ = std::make_shared<EncoderImpl>();
    encoder_->to(torch::kCUDA);
  }
  torch::Tensor detect(const torch::Tensor &image) {
    return encoder_->forward(image.to(torch::kCUDA));
  }

private:
  std::shared_ptr<EncoderImpl> encoder_;
};

// A fixed device for one input, beside a module moved to a device chosen at
// run time.
void choose(torch::nn::Linear &net, const torch::Tensor &x) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA
                                                   : torch::kCPU);
  torch::Device fixed = torch::kCUDA;
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-4]]:17: note: the device is taken from local variable 'device'
  // CHECK-NOTES: :[[@LINE-3]]:25: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  net->to(device);
  net->forward(x.to(fixed));
  // CHECK-NOTES: :[[@LINE-1]]:8: note: the tensor it places may meet a tensor on the device of 'device' here, in 'torch::nn::LinearImpl::forward'
}

// The module's move is the placement that meets the input's chosen device.
torch::Tensor run(torch::nn::Linear &net, const torch::Tensor &x, bool gpu) {
  net->to(torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:11: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:64: note: the device is taken from parameter 'x'
  return net->forward(x.to(gpu ? torch::kCUDA : torch::kCPU));
  // CHECK-NOTES: :[[@LINE-1]]:15: note: the module it places may meet a tensor on a device that depends on the path taken here, in 'torch::nn::LinearImpl::forward'
}
