// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// Seed 003 through a helper: a function that returns the gradients of the
// module it is given carries that module's device in each element, so
// lists built from two modules' helpers may hold two devices.
#include <torch/torch.h>

#include <vector>

std::vector<torch::Tensor> grads_of(torch::nn::Module &m) {
  std::vector<torch::Tensor> out;
  for (auto &p : m.parameters())
    out.push_back(p.grad());
  return out;
}

torch::Tensor monitor(torch::nn::Linear &host, torch::nn::Linear &seed) {
  auto grads = grads_of(*host);
  auto seed_grads = grads_of(*seed);
  grads.insert(grads.end(), seed_grads.begin(), seed_grads.end());
  auto norms = torch::_foreach_norm(grads);
  return torch::stack(norms).pow(2).sum();
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'stack' gathers tensors that may be on different devices (the device of 'host' and the device of 'seed') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: torchlint::stack from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-NOTES: :[[@LINE-3]]:10: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-9]]:67: note: 'seed' may live on any device (wherever the caller put it)
  // CHECK-NOTES: :[[@LINE-10]]:42: note: 'host' may live on any device (wherever the caller put it)
}

// A list started from one helper and extended in place.
torch::Tensor extended(torch::nn::Linear &host, torch::nn::Linear &seed) {
  std::vector<torch::Tensor> grads = grads_of(*host);
  for (auto &p : seed->parameters())
    grads.push_back(p.grad());
  return torch::cat(grads);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 'cat' gathers tensors that may be on different devices (the device of 'host' and the device of 'seed') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: torchlint::cat from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-NOTES: :[[@LINE-3]]:10: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-8]]:68: note: 'seed' may live on any device (wherever the caller put it)
  // CHECK-NOTES: :[[@LINE-9]]:43: note: 'host' may live on any device (wherever the caller put it)
}

// --- Not flagged ---
// One module's gradients twice: one device.
torch::Tensor one_module(torch::nn::Linear &host) {
  auto grads = grads_of(*host);
  auto again = grads_of(*host);
  grads.insert(grads.end(), again.begin(), again.end());
  return torch::stack(torch::_foreach_norm(grads));
}

// Every element moved to one device by the helper.
std::vector<torch::Tensor> grads_on(torch::nn::Module &m, torch::Device device) {
  std::vector<torch::Tensor> out;
  for (auto &p : m.parameters())
    out.push_back(p.grad().to(device));
  return out;
}

torch::Tensor gathered(torch::nn::Linear &host, torch::nn::Linear &seed,
                       torch::Device device) {
  auto grads = grads_on(*host, device);
  auto seed_grads = grads_on(*seed, device);
  grads.insert(grads.end(), seed_grads.begin(), seed_grads.end());
  return torch::stack(torch::_foreach_norm(grads));
}

// A helper whose list the analysis cannot follow: silent.
std::vector<torch::Tensor> opaque(torch::nn::Module &m, bool all) {
  return all ? m.parameters() : m.buffers();
}

torch::Tensor unknown(torch::nn::Linear &host, torch::nn::Linear &seed) {
  auto a = opaque(*host, true);
  auto b = opaque(*seed, false);
  a.insert(a.end(), b.begin(), b.end());
  return torch::stack(a);
}

// The modules are handed over: a call that puts them on two devices shows the
// lists may mix them. monitor() and extended() report their own gathering,
// where one fix repairs every call: handing them modules on two devices is
// not a second finding at the call.
void monitored_step(torch::nn::Linear &host, torch::nn::Linear &seed) {
  host->to(torch::kCPU);
  seed->to(torch::kCUDA);
  auto total = monitor(host, seed);
  // CHECK-NOTES: :[[@LINE-1]]:30: note: a module on cuda reaches parameter 'seed' through this call of 'monitor'
  auto all = extended(host, seed);
  // CHECK-NOTES: :[[@LINE-1]]:29: note: a module on cuda reaches parameter 'seed' through this call of 'extended'
}
