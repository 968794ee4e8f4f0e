// CHECKS: torch-mixed-device-op
// CHECK-OPTION: torch-mixed-device-op.LibtorchVersion=1.13
// CHECK-OPTION: torch-mixed-device-op.RulesFile={test_inputs}/rules/mylib-ops.yaml
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

namespace mylib {
torch::Tensor lookup(const torch::Tensor &table, const torch::Tensor &keys);
}

// A project's own strict function, from its RulesFile.
torch::Tensor use_lookup(const torch::Tensor &table, const torch::Tensor &k) {
  return mylib::lookup(table, k.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mylib::lookup' may be on different devices (cpu and the device of 'table') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:31: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-4]]:47: note: 'table' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return mylib::lookup(table, k.cpu().to(table.device()));
}

// Before libtorch 2.0, where() is strict: a 0-dim CPU input is an error.
torch::Tensor old_where(const torch::Tensor &x) {
  auto s = x.sum().cpu();
  return torch::where(x > 0, x, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'where' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:33: note: 'where' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:46: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return torch::where(x > 0, x, s.to(x.device()));
}

// Before libtorch 2.0, lerp and addcmul take no 0-dim CPU tensor at all; 2.x
// takes one as their last operand (mixed-device-op-scalar-positions.cpp).
torch::Tensor old_lerp(const torch::Tensor &x) {
  auto w = x.mean().cpu();
  return torch::lerp(x, x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'lerp' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: 'lerp' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:45: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return torch::lerp(x, x, w.to(x.device()));
}

// A caller in this file that passes data on the GPU: the evidence that the
// parameters above may be off the CPU.
void run_on_gpu(const torch::Tensor &g) {
  const auto d = g.cuda();
  use_lookup(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:14: note: data on cuda reaches parameter 'table' through this call of 'use_lookup'
  old_where(d);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on cuda reaches parameter 'x' through this call of 'old_where'
  old_lerp(d);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on cuda reaches parameter 'x' through this call of 'old_lerp'
}
