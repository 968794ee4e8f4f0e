// CHECKS: torch-mixed-device-op,torch-hardcoded-device,torch-implicit-device-migration
// HEADERS: fast real real2
// One defect, one warning, decided in one place: the check whose fix repairs
// a defect reports it, and the others leave it to that check only while it
// is enabled. Here the owners of two shared defects (torch-discarded-to and
// torch-factory-without-device) are disabled, so the defects are reported by
// the checks that also see them, not lost.
#include <torch/torch.h>

// A device-less factory meeting a parameter: without
// torch-factory-without-device, it is a mixed-device op.
torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  return x * w;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'operator*' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-5]]:42: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cpu here
  // CHECK-FIXES: return x * w;
}

// A discarded hard-coded move: without torch-discarded-to, it is a hard-coded
// placement.
void stage(torch::Tensor t, const torch::Tensor &like) {
  t.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:50: note: the device is taken from parameter 'like'
  // CHECK-FIXES: t.cuda();
  t.add_(like);
}

// A discarded migration: without torch-discarded-to, it is reported as state
// following the input.
struct NormImpl : torch::nn::Module {
  torch::Tensor mean_;
  torch::Tensor forward(const torch::Tensor &x) {
    mean_.to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mean_' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-3]]:46: note: input 'x' whose device is followed
    return x - mean_;
  }
};

// The code above is called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  stage(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: data on the device of 'device' reaches parameter 't' through this call of 'stage'
}

// A move discarded before its tensor meets the input: without
// torch-discarded-to, the op that meets it reports it.
torch::Tensor lost_move(const torch::Tensor &x) {
  auto w = torch::ones({3});
  w.to(x.device());
  return x * w;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'operator*' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
}
// CHECK-NOTES: :[[@LINE-6]]:46: note: 'x' may live on any device (wherever the caller put it)
// CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cpu here
// CHECK-NOTES: :[[@LINE-5]]:12: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)

// A caller in this file that passes data on the GPU: the evidence that the
// parameters above may be off the CPU.
void run_on_gpu(const torch::Tensor &g) {
  const auto d = g.cuda();
  scale(d);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: data on cuda reaches parameter 'x' through this call of 'scale'
}
