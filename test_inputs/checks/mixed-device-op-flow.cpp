// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>
#include <vector>

// Every spelling of a device in TensorOptions is understood.
void spellings(const torch::Tensor &x) {
  auto a = torch::zeros({2}, torch::TensorOptions().device(torch::kCUDA, 1));
  auto b = torch::zeros({2}, torch::TensorOptions().device_index(0));
  auto c = torch::zeros({2}, torch::Device("cuda:1"));
  auto d = torch::zeros({2}, torch::dtype(torch::kFloat).device(torch::kCPU));
  torch::mm(a, b);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'mm' are on different devices (cuda:0 and cuda:1) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cuda:1 here
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cuda:0 here
  // CHECK-FIXES: torch::mm(a.to(b.device()), b);
  torch::mm(a, c);  // both cuda:1
  torch::mm(c, d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'mm' are on different devices (cpu and cuda:1) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-9]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-11]]:12: note: placed on cuda:1 here
  // CHECK-FIXES: torch::mm(c, d.to(c.device()));
}

// *_like, new_* and type_as follow their argument; .to(dtype) stays put.
void following(const torch::Tensor &x) {
  auto host = x.cpu();
  auto like = torch::zeros_like(host);
  auto fresh = host.new_zeros({2});
  auto typed = host.to(torch::kDouble);
  auto back = host.type_as(x);
  torch::mm(like, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'mm' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-7]]:15: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-9]]:37: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::mm(like.to(x.device()), x);
  torch::mm(fresh, typed);   // both cpu
  torch::mm(back, x);        // type_as moved it to x's device
  torch::mm(typed, back);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'mm' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-14]]:15: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-16]]:37: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: torch::mm(typed.to(back.device()), back);
}

// Reassignment and loops: the state at the op decides.
torch::Tensor loop(const torch::Tensor &x, int n) {
  auto acc = x.cpu();
  for (int i = 0; i < n; ++i)
    acc = acc.to(x.device());
  auto fixed = x.cpu();
  fixed = fixed.to(x.device());
  auto ok = torch::mm(fixed, x);
  return torch::mm(acc, x);  // moved only when the loop ran
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mm' may be on different devices (a device that depends on the path taken and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-8]]:14: note: placed on another device on one path here
  // CHECK-NOTES: :[[@LINE-10]]:41: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return torch::mm(acc.to(x.device()), x);  // moved only when the loop ran
}

// Members live wherever set-up put them; a CPU copy meets them.
struct Head : torch::nn::Module {
  torch::Tensor weight;
  torch::Tensor forward(const torch::Tensor &x) {
    auto w = weight.cpu();
    return torch::matmul(x, w);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'matmul' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
    // CHECK-NOTES: :[[@LINE-3]]:14: note: placed on cpu here
    // CHECK-NOTES: :[[@LINE-5]]:46: note: 'x' may live on any device (wherever the caller put it)
    // CHECK-FIXES: return torch::matmul(x, w.to(x.device()));
  }
};

// index_put_: CPU indices and a 0-dim value are moved; a CPU non-scalar
// value is not (`reshape({2})` keeps one dimension).
void put(torch::Tensor x, const torch::Tensor &v) {
  auto i = torch::arange(2);
  x.index_put_({i}, torch::tensor(1.0));
  x.index_put_({i}, v.cpu().reshape({2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: operands of 'Tensor::index_put_' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:24: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: x.index_put_({i}, v.cpu().reshape({2}).to(x.device()));
  x.index_put_({i}, v.cpu().reshape({}));
  // Basic indices only: a view is selected and copied into (copy_ allows
  // any devices).
  using torch::indexing::Slice;
  x.index_put_({Slice(), 0}, v.cpu().reshape({2}));
  x.index_put_({Slice(0, 2)}, v.cpu().reshape({2}));
  // A 0-dim integer tensor (a whole-tensor argmax, and arithmetic on it)
  // indexes as the integer it holds: still a view, wherever it lives.
  auto best = torch::argmax(x);
  auto row = (best / 2).to(torch::kLong);
  x.index_put_({row, Slice()}, v.cpu().reshape({2}));
  x.index_put_({Slice(), x.argmax()}, v.cpu().reshape({2}));
  // Along a dimension argmax gives one index per row: a gather.
  x.index_put_({x.argmax(1)}, v.cpu().reshape({2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: operands of 'Tensor::index_put_' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:31: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-24]]:24: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: x.index_put_({x.argmax(1)}, v.cpu().reshape({2}).to(x.device()));
}

// A template is analysed through its instantiations (its own body is
// dependent): here the one explicit instantiation.
template <typename T> torch::Tensor generic(const torch::Tensor &x, T s) {
  return torch::mm(x.cpu(), x) * s;
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mm' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-4]]:66: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return torch::mm(x.cpu().to(x.device()), x) * s;
}
template torch::Tensor generic<float>(const torch::Tensor &, float);

// Macros: the warning is reported at the expansion, without a fix-it.
#define MATMUL_HOST(a, b) torch::matmul((a).cpu(), (b))
torch::Tensor macro(const torch::Tensor &x) {
  return MATMUL_HOST(x, x);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'matmul' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-4]]:27: note: expanded from macro 'MATMUL_HOST'
  // CHECK-NOTES: :[[@LINE-3]]:10: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:41: note: expanded from macro 'MATMUL_HOST'
  // CHECK-NOTES: :[[@LINE-6]]:42: note: 'x' may live on any device (wherever the caller put it)
}

// A caller in this file that passes data on the GPU: the evidence that the
// parameters above may be off the CPU.
void run_on_gpu(const torch::Tensor &g) {
  const auto d = g.cuda();
  loop(d, 0);
  put(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:7: note: data on cuda reaches parameter 'x' through this call of 'put'
  // CHECK-NOTES: :[[@LINE-2]]:7: note: data on cuda reaches parameter 'x' through this call of 'put'
  generic(d, 1.0f);
  // CHECK-NOTES: :[[@LINE-1]]:11: note: data on cuda reaches parameter 'x' through this call of 'generic'
  macro(d);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: data on cuda reaches parameter 'x' through this call of 'macro'
  Head().forward(d);
  // CHECK-NOTES: :[[@LINE-1]]:18: note: data on cuda reaches parameter 'x' through this call of 'forward'
}
