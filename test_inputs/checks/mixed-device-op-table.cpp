// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// One function per rule-table row: the rejected side flagged, the allowed
// side silent. 'h' is a CPU copy of a parameter; 'z' a 0-dim CPU tensor.
#include <torch/torch.h>

// strict: index_select, gather, scatter, embedding reject a CPU index.
void strict_index(const torch::Tensor &x, const torch::Tensor &i) {
  auto hi = i.cpu();
  x.index_select(0, hi);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: operands of 'Tensor::index_select' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:13: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-5]]:40: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: x.index_select(0, hi.to(x.device()));
  torch::gather(x, 0, hi);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'gather' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-8]]:13: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-10]]:40: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::gather(x, 0, hi.to(x.device()));
  torch::embedding(x, hi);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'embedding' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-13]]:13: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-15]]:40: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::embedding(x, hi.to(x.device()));
  x.index_select(0, i);        // both on the caller's devices
}

// strict: even a 0-dim CPU tensor is rejected by clamp with tensor bounds,
// bmm and addmm.
void strict_zero_dim(const torch::Tensor &x) {
  auto z = x.sum().cpu();
  torch::clamp(x, z, z);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'clamp' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:19: note: 'clamp' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:43: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::clamp(x, z.to(x.device()), z.to(x.device()));
  torch::addmm(x, x, x.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'addmm' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-11]]:43: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::addmm(x, x, x.cpu().to(x.device()));
}

// cpu_scalar: comparisons and arithmetic allow one 0-dim CPU input, not a
// 1-d one (a [1]-shaped tensor is not 0-dim).
void cpu_scalar(const torch::Tensor &x) {
  auto z = x.sum().cpu();
  auto one = x.reshape({-1}).slice(0, 0, 1).cpu().reshape({1});
  auto ok = (x > z) & (x == z);
  auto ok2 = torch::maximum(x, z) + torch::pow(x, z);
  auto bad = torch::gt(x, x.flatten().cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: operands of 'gt' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:27: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-8]]:38: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto bad = torch::gt(x, x.flatten().cpu().to(x.device()));
}

// cpu_scalar in every spelling: the two-tensor overloads of max and min, and
// the binary ops as functions and as methods. Their one-tensor and
// dimension overloads have nothing to compare.
void binary_overloads(const torch::Tensor &x) {
  auto h = x.flatten().cpu();
  auto z = x.sum().cpu();
  auto hi = torch::max(x, h);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: operands of 'max' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto hi = torch::max(x, h.to(x.device()));
  auto lo = x.min(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: operands of 'Tensor::min' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-9]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-11]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto lo = x.min(h.to(x.device()));
  auto angle = torch::atan2(h, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: operands of 'atan2' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-14]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-16]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto angle = torch::atan2(h.to(x.device()), x);
  auto rest = x.fmod(h);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: operands of 'Tensor::fmod' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-19]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-21]]:44: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto rest = x.fmod(h.to(x.device()));
  auto ok = torch::max(x, z) + x.maximum(z) + torch::fmod(x, z) + x.atan2(z);
  auto ok2 = torch::max(h) + std::get<0>(torch::max(h, 0)) + x.max();
}

// where: libtorch >= 2 moves 0-dim inputs; a 1-d CPU input is rejected.
void where(const torch::Tensor &x) {
  auto z = x.sum().cpu();
  auto ok = torch::where(x > 0, x, z);
  auto bad = torch::where(x > 0, x, x.flatten().cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: operands of 'where' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:37: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:33: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: auto bad = torch::where(x > 0, x, x.flatten().cpu().to(x.device()));
}

// index_put_: CPU indices and a 0-dim value are moved; masked_fill_: a 0-dim
// value is allowed; copy_: anything goes; _foreach_norm: no device check.
void allowed(torch::Tensor x, const torch::Tensor &i) {
  auto z = x.sum().cpu();
  x.index_put_({i.cpu()}, z);
  x.masked_fill_(x > 0, z);
  x.copy_(x.flatten().cpu().reshape(x.sizes()));
  auto norms = torch::_foreach_norm({x, x.cpu()});
}

// strict: matrix-vector, dot and batched products, and convolutions of any
// rank, in every spelling; a 0-dim CPU bias of baddbmm is rejected too.
void strict_products(const torch::Tensor &m, const torch::Tensor &v) {
  auto hv = v.cpu();
  torch::mv(m, hv);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'mv' may be on different devices (cpu and the device of 'm') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:13: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-5]]:43: note: 'm' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::mv(m, hv.to(m.device()));
  v.dot(hv);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: operands of 'Tensor::dot' may be on different devices (cpu and the device of 'v') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-8]]:13: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-10]]:67: note: 'v' may live on any device (wherever the caller put it)
  // CHECK-FIXES: v.dot(hv.to(v.device()));
  auto bias = m.sum().cpu();
  torch::baddbmm(bias, m, m);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'baddbmm' may be on different devices (cpu and the device of 'm') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:18: note: 'baddbmm' takes no 0-dim CPU tensor beside device data
  // CHECK-NOTES: :[[@LINE-4]]:15: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-17]]:43: note: 'm' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::baddbmm(bias.to(m.device()), m, m);
  namespace F = torch::nn::functional;
  F::conv1d(m, m.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'torch::nn::functional::conv1d' may be on different devices (cpu and the device of 'm') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-23]]:43: note: 'm' may live on any device (wherever the caller put it)
  // CHECK-FIXES: F::conv1d(m, m.cpu().to(m.device()));
  F::conv3d(m, m.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'torch::nn::functional::conv3d' may be on different devices (cpu and the device of 'm') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-28]]:43: note: 'm' may live on any device (wherever the caller put it)
  // CHECK-FIXES: F::conv3d(m, m.cpu().to(m.device()));
  m.mv(v) + v.dot(v) + m.baddbmm(m, m) + F::conv1d(m, m); // one device each
}

// A caller in this file that passes data on the GPU: the evidence that the
// parameters above may be off the CPU.
void run_on_gpu(const torch::Tensor &g) {
  const auto d = g.cuda();
  strict_index(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on cuda reaches parameter 'x' through this call of 'strict_index'
  // CHECK-NOTES: :[[@LINE-2]]:16: note: data on cuda reaches parameter 'x' through this call of 'strict_index'
  // CHECK-NOTES: :[[@LINE-3]]:16: note: data on cuda reaches parameter 'x' through this call of 'strict_index'
  strict_zero_dim(d);
  // CHECK-NOTES: :[[@LINE-1]]:19: note: data on cuda reaches parameter 'x' through this call of 'strict_zero_dim'
  // CHECK-NOTES: :[[@LINE-2]]:19: note: data on cuda reaches parameter 'x' through this call of 'strict_zero_dim'
  cpu_scalar(d);
  // CHECK-NOTES: :[[@LINE-1]]:14: note: data on cuda reaches parameter 'x' through this call of 'cpu_scalar'
  binary_overloads(d);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: data on cuda reaches parameter 'x' through this call of 'binary_overloads'
  // CHECK-NOTES: :[[@LINE-2]]:20: note: data on cuda reaches parameter 'x' through this call of 'binary_overloads'
  // CHECK-NOTES: :[[@LINE-3]]:20: note: data on cuda reaches parameter 'x' through this call of 'binary_overloads'
  // CHECK-NOTES: :[[@LINE-4]]:20: note: data on cuda reaches parameter 'x' through this call of 'binary_overloads'
  ::where(d);
  // CHECK-NOTES: :[[@LINE-1]]:11: note: data on cuda reaches parameter 'x' through this call of 'where'
  strict_products(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:19: note: data on cuda reaches parameter 'm' through this call of 'strict_products'
  // CHECK-NOTES: :[[@LINE-2]]:19: note: data on cuda reaches parameter 'm' through this call of 'strict_products'
  // CHECK-NOTES: :[[@LINE-3]]:19: note: data on cuda reaches parameter 'm' through this call of 'strict_products'
  // CHECK-NOTES: :[[@LINE-4]]:19: note: data on cuda reaches parameter 'm' through this call of 'strict_products'
  // CHECK-NOTES: :[[@LINE-5]]:22: note: data on cuda reaches parameter 'v' through this call of 'strict_products'
}
