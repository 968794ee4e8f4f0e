// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>
#include <vector>

// Provably different devices in a strict op.
torch::Tensor strict(const torch::Tensor &x) {
  auto c = x.cpu();
  auto g = x.to(torch::kCUDA);
  return torch::matmul(c, g);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'matmul' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-4]]:12: note: placed on cuda here
  // CHECK-FIXES: return torch::matmul(c.to(g.device()), g);
}

// A CPU non-scalar meets a parameter that may live on CUDA.
torch::Tensor cpu_vs_param(const torch::Tensor &x, const torch::Tensor &w) {
  auto host = w.cpu();
  return torch::mm(x, host);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mm' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:15: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-5]]:49: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: return torch::mm(x, host.to(x.device()));
}

// Two explicit CUDA devices.
torch::Tensor two_gpus(const torch::Tensor &x) {
  auto a = x.to(torch::Device(torch::kCUDA, 0));
  auto b = x.to(torch::Device("cuda:1"));
  return torch::cat({a, b});
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cat' gathers tensors that are on different devices (cuda:0 and cuda:1) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: torchlint::cat from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-FIXES: return torchlint::cat({a, b});
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cuda:0 here
  // CHECK-NOTES: :[[@LINE-6]]:12: note: placed on cuda:1 here
}

// Seed 003: norms gathered from two modules that may have been moved apart.
torch::Tensor norms(torch::nn::Linear &host, torch::nn::Linear &seed) {
  std::vector<torch::Tensor> grads;
  for (auto &p : host->parameters())
    grads.push_back(p);
  for (auto &p : seed->parameters())
    grads.push_back(p);
  auto per_tensor = torch::_foreach_norm(grads);
  return torch::stack(per_tensor).pow(2).sum();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'stack' gathers tensors that may be on different devices (the device of 'host' and the device of 'seed') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: torchlint::stack from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-FIXES: return torchlint::stack(per_tensor).pow(2).sum();
  // The runtime's header is included once for the file.
  // CHECK-FIXES-INSERTED: #include <torchlint/torchlint.h>
  // CHECK-NOTES: :[[@LINE-13]]:65: note: 'seed' may live on any device (wherever the caller put it)
  // CHECK-NOTES: :[[@LINE-14]]:40: note: 'host' may live on any device (wherever the caller put it)
}

// The caller trains the seed on the GPU beside a host module on the CPU.
torch::Tensor norms_of_split_modules() {
  torch::nn::Linear host(4, 4), seed(4, 4);
  seed->to(torch::kCUDA);
  return norms(host, seed);
  // CHECK-NOTES: :[[@LINE-1]]:22: note: a module on cuda reaches parameter 'seed' through this call of 'norms'
}

// masked_fill_: the mask must be on self's device.
void mask_on_cpu(torch::Tensor x, const torch::Tensor &m) {
  auto mask = m.cpu();
  x.masked_fill_(mask, 0.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: operands of 'Tensor::masked_fill_' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:15: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-5]]:32: note: 'x' may live on any device (wherever the caller put it)
  // CHECK-FIXES: x.masked_fill_(mask.to(x.device()), 0.0);
}

// In-place ops: the self is the output, so a 0-dim CPU self does not get the
// CPU-scalar exception (validation/rule_table.cpp, cpu0.add_(dev) throws).
void inplace(const torch::Tensor &x) {
  auto total = x.sum().cpu();
  total += x;
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: operands of 'Tensor::operator+=' may be on different devices (cpu and the device of 'x') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:16: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-5]]:35: note: 'x' may live on any device (wherever the caller put it)
}

// --- Not flagged: what PyTorch allows, or what cannot be known. ---
// The 0-dim CPU input of an in-place op on a device self is fine.
void inplace_ok(torch::Tensor x) {
  auto s = x.sum().cpu();
  x += s;
  x.mul_(s);
}

// A CPU tensor of unknown rank may be 0-dim: elementwise ops allow that.
torch::Tensor unknown_rank(const torch::Tensor &x, const torch::Tensor &w) {
  return x * w.cpu();
}

torch::Tensor allowed(torch::Tensor x, const torch::Tensor &y) {
  auto s = x.sum().cpu();           // 0-dim CPU scalar
  auto a = x * s + x * 2;           // CPU-scalar exception; C++ Scalars
  auto idx = y.cpu().to(torch::kLong);
  auto b = x.index({idx});          // CPU index tensor on a device self
  x.copy_(y.cpu());                 // copy_ crosses devices
  auto host = y.cpu();
  auto norms = torch::_foreach_norm({x, host}); // no device check
  auto w = torch::where(x > 0, x, s);           // 0-dim moved (libtorch >= 2)
  return torch::matmul(x, y) + a + b + w;       // two parameters: caller's job
}

// A device chosen at run time and held in a local: the note says so.
torch::Tensor gather_pair() {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  auto a = torch::ones({2}, device);
  auto b = torch::zeros({2}).cpu();
  return torch::stack({a, b});
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'stack' gathers tensors that may be on different devices (cpu and the device of 'device') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: torchlint::stack from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-FIXES: return torchlint::stack({a, b});
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-8]]:17: note: 'device' may be any device (it is chosen at run time)
}

// A caller in this file that passes data on the GPU: the evidence that the
// parameters above may be off the CPU.
void run_on_gpu(const torch::Tensor &g) {
  const auto d = g.cuda();
  cpu_vs_param(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on cuda reaches parameter 'x' through this call of 'cpu_vs_param'
  mask_on_cpu(d, d);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: data on cuda reaches parameter 'x' through this call of 'mask_on_cpu'
  inplace(d);
  // CHECK-NOTES: :[[@LINE-1]]:11: note: data on cuda reaches parameter 'x' through this call of 'inplace'
}
