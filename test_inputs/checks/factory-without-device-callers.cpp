// CHECKS: torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real real2
// A helper only this file can call (`static`, an anonymous namespace) gets
// what its callers here pass. When every call hands it host tensors
// (`.cpu()` results), it works on the host, and its device-less factories
// meet CPU data only. A caller that passes data placed on a device chosen
// at run time, here or through its own callers, makes them a defect. A
// helper other files can call, or one whose address is taken, with no such
// caller here, is latent: its callers elsewhere decide (torchlint-run).
#include <torch/torch.h>

#include <functional>

// Interval overlap, clamped at zero with a device-less zero tensor.
static torch::Tensor overlap(const torch::Tensor &a, const torch::Tensor &b) {
  auto width = torch::min(a, b) - 1;
  return torch::max(width, torch::zeros(width.sizes()));
}

// Its only caller works on host copies.
torch::Tensor keep_best(const torch::Tensor &scores) {
  auto host = scores.cpu();
  for (int64_t i = 1; i < host.size(0); ++i) {
    auto o = overlap(host[i].unsqueeze(0), host.slice(0, 0, i));
    host.slice(0, 0, i) *= (o < 0.5).to(torch::kFloat);
  }
  return host;
}

namespace {
// Same in an anonymous namespace, reached through another internal helper
// that passes its own parameter on.
torch::Tensor shift(const torch::Tensor &t) { return t + torch::ones({3}); }
torch::Tensor shift_twice(const torch::Tensor &t) { return shift(shift(t)); }
} // namespace

torch::Tensor on_host(const torch::Tensor &x) {
  return shift_twice(x.to(torch::kCPU));
}

// A helper with one host caller and one that passes its input as it comes.
static torch::Tensor pad(const torch::Tensor &t) {
  return torch::cat({t, torch::zeros({1})});
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: it meets a tensor on the device of 't' in 'cat'
  // CHECK-NOTES: :[[@LINE-4]]:47: note: the device is taken from parameter 't'
  // CHECK-FIXES: return torch::cat({t, torch::zeros({1}, torch::device(t.device()))});
}

torch::Tensor pad_both(const torch::Tensor &x) {
  return pad(x.cpu()) + pad(x).cpu();
}

// Other files may call a helper with external linkage: latent, as nothing
// here passes it data off the CPU.
torch::Tensor widen(const torch::Tensor &t) {
  return t * torch::full({3}, 2.0);
}

torch::Tensor widen_here(const torch::Tensor &x) { return widen(x.cpu()); }

// Its address escapes: anyone holding the function may call it. Latent too.
static torch::Tensor scale(const torch::Tensor &t) {
  return t * torch::rand({3});
}

std::function<torch::Tensor(const torch::Tensor &)> scaler() { return scale; }

torch::Tensor scale_here(const torch::Tensor &x) { return scale(x.cpu()); }

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  pad_both(x);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'pad_both'
}
