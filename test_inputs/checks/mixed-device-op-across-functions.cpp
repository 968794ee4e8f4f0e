// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// Tensors that meet inside a function they are handed to are reported at
// the call, where the arguments are chosen; the fix (on a note) moves the
// argument. An op that meets only the callee's own state is the callee's
// finding, reported there once.
#include <torch/torch.h>

torch::Tensor combine(const torch::Tensor &a, const torch::Tensor &b) {
  return a + b;
}
torch::Tensor gather_all(const torch::Tensor &a, const torch::Tensor &b) {
  return torch::cat({a, b});
}

void mixes_through_a_helper() {
  auto g = torch::ones({3}, torch::kCUDA);
  auto c = torch::ones({3}, torch::kCPU);
  auto y = combine(g, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'operator+' are on different devices (cpu and cuda) in this call of 'combine' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-12]]:12: note: 'combine' calls 'operator+' here
  // CHECK-NOTES: :[[@LINE-5]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-7]]:12: note: placed on cuda here
  auto z = gather_all(g, c);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'cat' gathers tensors that are on different devices (cpu and cuda) in this call of 'gather_all' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: torchlint::cat from <torchlint/torchlint.h> moves every input to one device first
  // CHECK-NOTES: :[[@LINE-15]]:10: note: 'gather_all' calls 'cat' here
  // CHECK-NOTES: :[[@LINE-11]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-13]]:12: note: placed on cuda here
}

void moved_before_the_call() {
  auto g = torch::ones({3}, torch::kCUDA);
  auto c = torch::ones({3}, torch::kCPU);
  auto y = combine(g, c.to(g.device()));
  auto z = combine(g.cpu(), c);
}

// Two modules a class holds but does not register: each may have been moved
// on its own (`pair.left->to(device)`), and their gradients meet in stack.
struct PairImpl : torch::nn::Module {
  torch::nn::Linear left{nullptr}, right{nullptr};
  PairImpl() : left(torch::nn::Linear(2, 2)), right(torch::nn::Linear(2, 2)) {}
  torch::Tensor norms() {
    return torch::stack({left->weight.norm(), right->weight.norm()});
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'stack' gathers tensors that may be on different devices (the device of 'left' and the device of 'right') [torch-mixed-device-op]
    // CHECK-NOTES: :[[@LINE-2]]:12: note: torchlint::stack from <torchlint/torchlint.h> moves every input to one device first
    // CHECK-NOTES: :[[@LINE-3]]:12: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
    // CHECK-NOTES: :[[@LINE-7]]:36: note: 'right' may live on any device (wherever set-up put it)
    // CHECK-NOTES: :[[@LINE-8]]:21: note: 'left' may live on any device (wherever set-up put it)
  }
  // The same defect, reached through a call: not a second finding.
  torch::Tensor total() { return norms().sum(); }
};

// Submodules the module registers move with it: together wherever it goes.
struct RegisteredPairImpl : torch::nn::Module {
  torch::nn::Linear left{nullptr}, right{nullptr};
  RegisteredPairImpl() {
    left = register_module("left", torch::nn::Linear(2, 2));
    right = register_module("right", torch::nn::Linear(2, 2));
  }
  torch::Tensor norms() {
    return torch::stack({left->weight.norm(), right->weight.norm()});
  }
};
