// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A class given a device to construct, whose constructor places its tensors
// with it, keeps them on that device in every method: a tensor a method
// makes without a device is on the CPU and meets them there.
#include <torch/torch.h>

class Spectrogram {
public:
  Spectrogram(int nfft, const torch::Device &device) : nfft_(nfft) {
    window_ = torch::hann_window(nfft).to(device);
  }
  torch::Tensor frames(long n) const {
    torch::Tensor samples = torch::zeros({n, nfft_});
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::Tensor samples = torch::zeros({n, nfft_}, torch::device(window_.device()));
    return samples * window_;
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'window_' in 'operator*'
    // CHECK-NOTES: :[[@LINE+9]]:17: note: the device is taken from member 'window_'
  }
  torch::Tensor framesLike(long n) const {
    torch::Tensor samples = torch::zeros({n, nfft_}, window_.options());
    return samples * window_;
  }

private:
  int nfft_;
  torch::Tensor window_;
};

// Given no device, the class keeps its tensors where it makes them: on the
// CPU, the program's design.
class HostSpectrogram {
public:
  explicit HostSpectrogram(int nfft) : nfft_(nfft) {
    window_ = torch::hann_window(nfft);
  }
  torch::Tensor frames(long n) const {
    return torch::zeros({n, nfft_}) * window_;
  }

private:
  int nfft_;
  torch::Tensor window_;
};

// Given its window by its creator: wherever that code put it.
class SharedWindow {
public:
  explicit SharedWindow(torch::Tensor window) : window_(std::move(window)) {}
  torch::Tensor frames(long n) const {
    return torch::zeros({n, window_.size(0)}) * window_;
  }

private:
  torch::Tensor window_;
};
