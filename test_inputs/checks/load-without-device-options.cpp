// CHECKS: torch-load-without-device
// CHECK-OPTION: torch-load-without-device.CheckOptimizers=false
// CHECK-OPTION: torch-load-without-device.CheckJitLoad=false
// CHECK-OPTION: torch-load-without-device.CheckAdagrad=false
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// Only module loads are checked here; optimizer loads, torch::jit::load and
// the Adagrad order are switched off.
#include <torch/torch.h>
#include <torch/script.h>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void resume(torch::Device device) {
  Net net;
  torch::optim::Adagrad adagrad(net->parameters());
  net->to(device);
  torch::load(net, "net.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'net' is moved to a device here, before the load
  // CHECK-FIXES: torch::load(net, "net.pt", device);
  torch::load(adagrad, "adagrad.pt");
  auto scripted = torch::jit::load("scripted.pt");
}
