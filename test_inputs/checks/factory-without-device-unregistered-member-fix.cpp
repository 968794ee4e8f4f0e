// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// With UnsafeFixes, the member is registered as a buffer: it then moves with
// the module (and is saved in its state dict).
#include <torch/torch.h>

struct WindowImpl : torch::nn::Module {
  explicit WindowImpl(int64_t n) : m_window(torch::hann_window(n)) {
    // CHECK-MESSAGES: :[[@LINE-1]]:45: warning: tensor factory 'torch::hann_window' is called without a device and makes member 'm_window', which the module does not register: it stays on the CPU when the module moves [torch-factory-without-device]
    // CHECK-FIXES: explicit WindowImpl(int64_t n) : m_window(register_buffer("window", torch::hann_window(n))) {
    taps_ = torch::linspace(0, 1, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: tensor factory 'torch::linspace' is called without a device and makes member 'taps_', which the module does not register: it stays on the CPU when the module moves [torch-factory-without-device]
    // CHECK-FIXES: taps_ = register_buffer("taps", torch::linspace(0, 1, n));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return x * m_window + taps_;
    // CHECK-NOTES: :[[@LINE-1]]:14: note: it meets a tensor on the device of 'x' in 'operator*'
    // CHECK-NOTES: :[[@LINE-2]]:25: note: it meets a tensor on the device of 'x' in 'operator+'
  }
  torch::Tensor m_window;
  torch::Tensor taps_;
};
TORCH_MODULE(Window);
