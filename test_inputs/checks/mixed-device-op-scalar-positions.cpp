// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes.
// CHECK-OPTION: UnsafeFixes=true
// Ops that take a 0-dim CPU tensor beside device data only at some operand
// positions, or at none, on CUDA with libtorch 2.x (the default
// LibtorchVersion), as a run on an H100 showed. 'z' is a 0-dim CPU tensor.
#include <torch/torch.h>

// clamp_min/clamp_max with a tensor bound and logaddexp: PyTorch's CUDA
// wrapper compares every operand's device, so even a 0-dim CPU tensor fails.
void no_scalar_excuse(const torch::Tensor &x) {
  auto z = x.max().cpu();
  auto a = torch::clamp_min(x, z);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'clamp_min' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:32: note: 'clamp_min' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto a = torch::clamp_min(x, z.to(x.device()));
  auto b = x.clamp_max(z);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: operands of 'Tensor::clamp_max' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:24: note: 'Tensor::clamp_max' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-10]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-12]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto b = x.clamp_max(z.to(x.device()));
  auto c = torch::logaddexp(z, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'logaddexp' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:29: note: 'logaddexp' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-16]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-18]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto c = torch::logaddexp(z.to(x.device()), x);
  // A Scalar bound is no tensor; two device operands are fine.
  auto ok = torch::clamp_min(x, 0.5) + x.clamp_max(x) + torch::logaddexp(x, x);
}

// logical_and/or/xor: the result is made on the first operand's device, so
// a 0-dim CPU tensor may come second, not first.
void logical_positions(const torch::Tensor &x) {
  auto z = (x.sum() > 0).cpu();
  auto m = x > 0;
  auto ok = torch::logical_and(m, z) | m.logical_or(z) | torch::logical_xor(m, z);
  auto bad = torch::logical_and(z, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: operands of 'logical_and' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:33: note: 'logical_and' takes a 0-dim CPU tensor beside device data only as its second operand
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-8]]:45: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto bad = torch::logical_and(z.to(m.device()), m);
  auto bad2 = z.logical_xor(m);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: operands of 'Tensor::logical_xor' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: 'Tensor::logical_xor' takes a 0-dim CPU tensor beside device data only as its second operand
  // CHECK-NOTES: :[[@LINE-12]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-14]]:45: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto bad2 = z.to(m.device()).logical_xor(m);
}

// lerp(self, end, weight) and addcmul(self, tensor1, tensor2): only the last
// operand may be a 0-dim CPU tensor.
void last_operand_only(const torch::Tensor &x) {
  auto z = x.mean().cpu();
  auto ok = torch::lerp(x, x, z) + x.addcmul(x, z);
  auto bad = torch::lerp(x, z, 0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: operands of 'lerp' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:29: note: 'lerp' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-7]]:45: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto bad = torch::lerp(x, z.to(x.device()), 0.5);
  auto bad2 = torch::addcmul(x, z, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: operands of 'addcmul' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:33: note: 'addcmul' takes a 0-dim CPU tensor beside device data only as its third operand
  // CHECK-NOTES: :[[@LINE-11]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-13]]:45: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto bad2 = torch::addcmul(x, z.to(x.device()), x);
}

// linear with a bias: 2-d input runs addmm, which takes no 0-dim CPU bias.
torch::Tensor linear_bias(const torch::Tensor &x, const torch::Tensor &w) {
  auto b = w.sum().cpu();
  return torch::nn::functional::linear(x, w, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'torch::nn::functional::linear' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:46: note: 'torch::nn::functional::linear' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:48: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return torch::nn::functional::linear(x, w, b.to(x.device()));
}

// A caller in this file that passes data on the GPU: the evidence that the
// parameters above may be off the CPU.
void run_on_gpu(const torch::Tensor &g) {
  const auto d = g.cuda();
  no_scalar_excuse(d);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: data on cuda reaches parameter 'x' through this call of 'no_scalar_excuse'
  // CHECK-NOTES: :[[@LINE-2]]:20: note: data on cuda reaches parameter 'x' through this call of 'no_scalar_excuse'
  // CHECK-NOTES: :[[@LINE-3]]:20: note: data on cuda reaches parameter 'x' through this call of 'no_scalar_excuse'
  logical_positions(d);
  // CHECK-NOTES: :[[@LINE-1]]:21: note: data on cuda reaches parameter 'x' through this call of 'logical_positions'
  // CHECK-NOTES: :[[@LINE-2]]:21: note: data on cuda reaches parameter 'x' through this call of 'logical_positions'
  last_operand_only(d);
  // CHECK-NOTES: :[[@LINE-1]]:21: note: data on cuda reaches parameter 'x' through this call of 'last_operand_only'
  // CHECK-NOTES: :[[@LINE-2]]:21: note: data on cuda reaches parameter 'x' through this call of 'last_operand_only'
  linear_bias(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: data on cuda reaches parameter 'x' through this call of 'linear_bias'
}
