// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A helper no call in this file explains is judged by the code beside it.
// Where another function of its class or file makes its data where its
// inputs are (`x.options()`, `y.to(x.device())`), the file is written to run
// wherever its data is: a device-less factory that ignores its input's
// device is the odd one out, and a note names the function that shows it.
#include <torch/torch.h>

// Follows its input's device: the evidence for the helpers below.
torch::Tensor make_batch(const torch::Tensor &teacher, int64_t n) {
  return torch::randn({n, teacher.size(0)}, teacher.options());
  // CHECK-NOTES: :[[@LINE-1]]:10: note: 'make_batch' beside it makes its data where its inputs are; nothing here says the factory's tensor stays on the CPU
  // CHECK-NOTES: :[[@LINE-2]]:10: note: 'make_batch' beside it makes its data where its inputs are; nothing here says the factory's tensor stays on the CPU
}

// No call here: the code beside it decides.
torch::Tensor add_noise(const torch::Tensor &x, double stddev) {
  auto noise = torch::randn(x.sizes());
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto noise = torch::randn(x.sizes(), torch::device(x.device()));
  return x + noise * stddev;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'x' in 'operator+'
  // CHECK-NOTES: :[[@LINE-6]]:46: note: the device is taken from parameter 'x'
}

// Its only call here passes host data: the call decides, and it is latent.
torch::Tensor centered(const torch::Tensor &x) {
  return x - torch::tensor({0.5, 0.5});
}
torch::Tensor centered_on_host(const torch::Tensor &x) {
  return centered(x.cpu());
}

// Its only call here hands on the caller's own parameter, which says nothing
// of where the data lives: the code beside decides.
torch::Tensor jittered(const torch::Tensor &x) {
  return x * torch::rand({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: return x * torch::rand({3}, torch::device(x.device()));
  // CHECK-NOTES: :[[@LINE-3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-5]]:45: note: the device is taken from parameter 'x'
}
torch::Tensor relay(const torch::Tensor &x) { return jittered(x); }

// A method: the class's own methods come first.
class ValueCodec {
public:
  explicit ValueCodec(int64_t support) : support_(support) {}
  torch::Tensor encode(const torch::Tensor &x) const {
    auto steps = torch::arange(0, support_).to(x.device());
    // CHECK-NOTES: :[[@LINE-1]]:45: note: 'encode' beside it makes its data where its inputs are; nothing here says the factory's tensor stays on the CPU
    return x.unsqueeze(-1).eq(steps);
  }
  torch::Tensor decode(const torch::Tensor &logits) const {
    auto probabilities = torch::softmax(logits, 1);
    auto support = torch::arange(0, support_).to(torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto support = torch::arange(0, support_, torch::device(logits.device())).to(torch::kFloat);
    return (support * probabilities).sum(1);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'logits' in 'operator*'
    // CHECK-NOTES: :[[@LINE-7]]:45: note: the device is taken from parameter 'logits'
  }

private:
  int64_t support_;
};

// Host work stays host work: a buffer filled through its data pointer.
torch::Tensor histogram(const torch::Tensor &values, int64_t bins) {
  auto counts = torch::zeros({bins}, torch::kLong);
  auto *data = counts.data_ptr<int64_t>();
  data[0] = values.numel();
  return counts.to(values.device());
}

// The function asks where its data lives: it expects data anywhere.
torch::Tensor blended(const torch::Tensor &x, const torch::Tensor &y) {
  auto w = torch::rand({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::rand({3}, torch::device(x.device()));
  return x * w + y.to(x.device());
  // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-6]]:44: note: the device is taken from parameter 'x'
}
