// CHECKS: torch-*
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

#include <algorithm>

// One defect, one warning: a discarded `w.cuda();` in device-neutral code is
// both discarded and hard-coded. torch-discarded-to reports it and its fix
// repairs both; torch-hardcoded-device stays silent on it.
torch::Tensor step(const torch::Tensor &x, torch::Tensor w) {
  w.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 'w' unchanged [torch-discarded-to]
  // CHECK-FIXES: w = w.to(x.device());
  w.to(torch::kCUDA, torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'w' unchanged [torch-discarded-to]
  // CHECK-FIXES: w = w.to(x.device(), torch::kHalf);
  w.to(torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'w' unchanged [torch-discarded-to]
  // CHECK-FIXES: w = w.to(torch::kFloat);
  return x * w;
}
// CHECK-NOTES: :[[@LINE-12]]:41: note: the hard-coded CUDA device is replaced by the device of parameter 'x'
// CHECK-NOTES: :[[@LINE-13]]:41: note: the hard-coded CUDA device is replaced by the device of parameter 'x'

// Nothing else spells a device: assigning the result would keep the
// hard-coded device, so there is no fix.
torch::Tensor only_self(torch::Tensor x) {
  x.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 'x' unchanged [torch-discarded-to]
  return x * 2;
}
// CHECK-NOTES: :[[@LINE-5]]:39: note: parameter 'x' makes this code device-neutral; assigning the result would keep the hard-coded CUDA device

// In a forward method, a plain member assigned its own move is kept where
// the data first comes, which torch-implicit-device-migration allows: the
// fix assigns it back. A hard-coded device on state is not replaced by the
// input's device (that would move it on every call).
struct NormImpl : torch::nn::Module {
  torch::Tensor mean_, scale_;
  torch::Tensor forward(const torch::Tensor &x) {
    mean_.to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 'mean_' unchanged [torch-discarded-to]
    // CHECK-FIXES: mean_ = mean_.to(x.device());
    scale_.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 'scale_' unchanged [torch-discarded-to]
    auto s = scale_.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
    this->to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the module is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    return (x - mean_) * s;
    // CHECK-NOTES: :[[@LINE-1]]:24: note: the tensor it places may meet a tensor on the device of 'mean_' here, in 'operator*'
  }
};
// CHECK-NOTES: :[[@LINE-14]]:46: note: following parameter 'x' would move 'scale_' to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up
// CHECK-NOTES: :[[@LINE-15]]:46: note: following parameter 'x' would move 'scale_' to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up
// CHECK-NOTES: :[[@LINE-16]]:46: note: input 'x' whose device is followed

// The other direction: in forward, an input does not follow the state either.
struct ScaleImpl : torch::nn::Module {
  torch::Device device_ = torch::kCPU;
  torch::Tensor w_;
  torch::Tensor forward(torch::Tensor x) {
    x.to(w_.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 'x' unchanged [torch-discarded-to]
    auto y = x.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
    return y * w_;
    // CHECK-NOTES: :[[@LINE-1]]:14: note: the tensor it places may meet a tensor on the device of 'w_' here, in 'operator*'
  }
};
// CHECK-NOTES: :[[@LINE-10]]:17: note: assigning the result would move input 'x' to the device of 'w_' on every call of 'forward'; leave placing the data to the caller
// CHECK-NOTES: :[[@LINE-12]]:17: note: following member 'device_' would move input 'x' to the device of 'device_' on every call of 'forward'; leave placing the data to the caller

// main chooses devices (torch-hardcoded-device ignores it): the plain fix.
int main() {
  torch::Tensor t = torch::ones({2});
  t.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.cuda();
  return step(t, t).numel() + only_self(t).numel() > 0 ? 0 : 1;
}

// Meant for host work: the tensor is read pixel by pixel afterwards. The
// move to the host is thrown away (one defect); keeping it is the fix.
float brightest(torch::Tensor image) {
  image.to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'image' unchanged [torch-discarded-to]
  // CHECK-FIXES: image = image.to(torch::kCPU);
  float best = 0;
  for (int64_t i = 0; i < image.size(0); ++i)
    best = std::max(best, image[i].item<float>());
  return best;
}

// The helpers above are called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  step(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: data on the device of 'device' reaches parameter 'x' through this call of 'step'
  // CHECK-NOTES: :[[@LINE-2]]:8: note: data on the device of 'device' reaches parameter 'x' through this call of 'step'
  only_self(x);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on the device of 'device' reaches parameter 'x' through this call of 'only_self'
}

// A factory's tensor whose move is discarded before it meets the input: one
// defect, the lost move. torch-discarded-to reports it (keeping the result
// repairs the op); the factory and the op stay silent.
torch::Tensor drop_connect(const torch::Tensor &inputs, double keep) {
  torch::Tensor mask = keep * torch::ones({inputs.size(0), 1});
  mask += torch::rand({inputs.size(0), 1});
  mask.to(inputs.device());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'mask' unchanged [torch-discarded-to]
  // CHECK-FIXES: mask = mask.to(inputs.device());
  auto binary = torch::floor(mask);
  return inputs / keep * binary;
}
