// CHECKS: torch-discarded-to,torch-hardcoded-device,torch-implicit-device-migration
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// EXPECT-COMPILE-ERRORS
#include <torch/torch.h>

// Half-typed, broken code as an editor sees it: the checks must not crash.
// (--fix-errors also applies clang's own recovery fixes: kCUDAA -> kCUDA and
// the missing ';'.)
struct BrokenImpl : torch::nn::Module {
  torch::Tensor mean_;
  UnknownType other_;
  torch::Tensor forward(const torch::Tensor &x) {
    mean_ = mean_.to(y.device());
    other_ = other_.to(x.device());
    mean_.to(undeclared_device);
    this->to(x.devic());
    helper(x);
    return x.cuda(1) + mean_.to(;
  }
};

// Where the body does not compile, the model cannot show what a placed
// tensor meets: the hard-coded devices here are not reported.
torch::Tensor neutral(const torch::Tensor &x, Unknown w, torch::Device device) {
  w.cuda();
  auto a = x.to(torch::kCUDAA);
  // CHECK-FIXES: auto a = x.to(torch::kCUDA);
  auto b = torch::ones({3}, torch::Device(42, "cuda"));
  x.to(torch::kCUDA).nonexistent();
  undeclared.cuda();
  return a + b + torch::zeros({3}, torch::kCUDA);
}

void incomplete(torch::Tensor t, torch::Device device) {
  t.to(device)
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(device);
  t.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-NOTES: :[[@LINE-6]]:48: note: the hard-coded CUDA device is replaced by the device of parameter 'device'
  // CHECK-FIXES: t = t.to(device);
}
// CHECK-NOTES: :[[@LINE-31]]:49: note: to match this '{'
