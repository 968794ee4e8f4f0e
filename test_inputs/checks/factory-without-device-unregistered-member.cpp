// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A tensor member that a module's constructor makes without a device and
// never registers stays on the CPU when the module moves; its methods then
// combine it with data that moved (the module's buffers and parameters, the
// input). Registered members move with the module and are fine.
#include <torch/torch.h>

struct MaskedImpl : torch::nn::Module {
  explicit MaskedImpl(int64_t n) {
    fc = register_module("fc", torch::nn::Linear(n, n));
    mask_ = torch::ones({n});
    // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: tensor factory 'torch::ones' is called without a device and makes member 'mask_', which the module does not register: it stays on the CPU when the module moves [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:13: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
    bias_ = register_buffer("bias", torch::zeros({n}));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc(x) * mask_ + bias_;
    // CHECK-NOTES: :[[@LINE-1]]:18: note: it meets a tensor on the device of 'x' in 'operator*'
  }
  torch::nn::Linear fc{nullptr};
  torch::Tensor mask_;
  torch::Tensor bias_;
};
TORCH_MODULE(Masked);

// The member made in the initializer list, and met with the input.
struct ShiftImpl : torch::nn::Module {
  explicit ShiftImpl(int64_t n) : offset_(torch::full({n}, 0.5)) {}
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: tensor factory 'torch::full' is called without a device and makes member 'offset_', which the module does not register: it stays on the CPU when the module moves [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:43: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  torch::Tensor forward(const torch::Tensor &x) { return x - offset_; }
  // CHECK-NOTES: :[[@LINE-1]]:60: note: it meets a tensor on the device of 'x' in 'operator-'
  torch::Tensor offset_;
};
TORCH_MODULE(Shift);

// Negatives.

// Registered by passing the member: it is the module's buffer.
struct RegisteredImpl : torch::nn::Module {
  explicit RegisteredImpl(int64_t n) {
    scale_ = torch::ones({n});
    register_buffer("scale", scale_);
  }
  torch::Tensor forward(const torch::Tensor &x) { return x * scale_; }
  torch::Tensor scale_;
};
TORCH_MODULE(Registered);

// Registered in the initializer list.
struct InitRegisteredImpl : torch::nn::Module {
  explicit InitRegisteredImpl(int64_t n)
      : scale_(register_buffer("scale", torch::ones({n}))) {}
  torch::Tensor forward(const torch::Tensor &x) { return x * scale_; }
  torch::Tensor scale_;
};
TORCH_MODULE(InitRegistered);

// Moved to the input's device before use (torch-implicit-device-migration's
// concern, not a factory's).
struct FollowsImpl : torch::nn::Module {
  explicit FollowsImpl(int64_t n) : table_(torch::arange(n)) {}
  torch::Tensor forward(const torch::Tensor &x) {
    return x + table_.to(x.device());
  }
  torch::Tensor table_;
};
TORCH_MODULE(Follows);

// Read on the host only.
struct CounterImpl : torch::nn::Module {
  CounterImpl() : steps_(torch::zeros({1}, torch::kLong)) {}
  torch::Tensor forward(const torch::Tensor &x) {
    steps_ += 1;
    return x;
  }
  torch::Tensor steps_;
};
TORCH_MODULE(Counter);

// Reassigned in another method: where it lives is that method's business.
struct ResettableImpl : torch::nn::Module {
  explicit ResettableImpl(int64_t n) : state_(torch::zeros({n})) {}
  void reset(const torch::Tensor &like) { state_ = torch::zeros_like(like); }
  torch::Tensor forward(const torch::Tensor &x) { return x + state_; }
  torch::Tensor state_;
};
TORCH_MODULE(Resettable);

// Not a module: nothing moves it, its callers place it.
struct RunningMean {
  explicit RunningMean(int64_t n) : mean_(torch::zeros({n})) {}
  torch::Tensor centre(const torch::Tensor &x) const { return x - mean_; }
  torch::Tensor mean_;
};
