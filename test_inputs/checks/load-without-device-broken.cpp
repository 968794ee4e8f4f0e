// CHECKS: torch-load-without-device
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// EXPECT-COMPILE-ERRORS
// Half-typed code, as an editor sees it mid-keystroke: the check must not
// crash, and must not guess at calls that do not resolve.
#include <torch/torch.h>
#include <torch/script.h>

struct NetImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x; }
};
TORCH_MODULE(Net);

// Complete code next to broken code is still checked (and fixed).
void still_checked(torch::Device device) {
  Net net;
  net->to(device);
  torch::load(net, "net.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'net' is moved to a device here, before the load
  // CHECK-FIXES: torch::load(net, "net.pt", device);
}

void half_typed(torch::Device device) {
  Net net;
  net->to(device);
  torch::load(net, );
  torch::load(net);
  torch::load(undeclared_module, "net.pt");
  torch::load(net, "net.pt", undeclared_device);
  torch::load(net, "net.pt", device, 42);
  auto module = torch::jit::load();
  auto other = torch::jit::load(undeclared_path);
  net->to(undeclared_device);
  torch::optim::Adagrad adagrad(undeclared->parameters());
}

struct Incomplete;

void unfinished(torch::Device device, Incomplete &thing) {
  Net net;
  torch::optim::Adam adam(net->parameters(), undeclared_options);
  net->to(device, undeclared_dtype);
  torch::load(adam, "adam.pt");
  torch::load(thing, "thing.pt");
  auto module = torch::jit::load("m.pt", undeclared_device);
  torch::optim::Adagrad adagrad(net->parameters(), undeclared_options);
  net->to(device);
}
// CHECK-NOTES: :[[@LINE-22]]:10: note: in instantiation of function template specialization 'torch::load<Net>' requested here
// CHECK-NOTES: :[[@LINE-6]]:10: note: in instantiation of function template specialization 'torch::load<Incomplete, const char (&)[9]>' requested here
