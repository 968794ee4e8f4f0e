// CHECKS: torch-load-without-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// A module moved by a helper of this file before a device-less load: the
// helper moves its module argument in place, so the load undoes that move as
// a move written in the caller would be undone.
#include <torch/torch.h>
// CHECK-FIXES-INSERTED: #include <torchlint/torchlint.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void place(Net &net, torch::Device device) { net->to(device); }
void prepare(Net &net, torch::Device device) {
  net->train();
  place(net, device);
}
void to_gpu(Net &net) { net->to(torch::kCUDA); }
void to_host(Net &net) { net->to(torch::kCPU); }
void place_if_gpu(Net &net, torch::Device device) {
  if (!device.is_cuda())
    return;
  net->to(device);
}
void maybe_place(Net &net, bool gpu) {
  if (gpu)
    net->to(torch::kCUDA);
}

void resume(Net &net, torch::Device device, const std::string &path) {
  place(net, device);
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'net' is moved to a device here, by 'place', before the load
  // CHECK-FIXES: torch::load(net, path, device);
}

void resume_prepared(Net &net, torch::Device device, const std::string &path) {
  prepare(net, device);
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'net' is moved to a device here, by 'prepare', before the load
  // CHECK-FIXES: torch::load(net, path, device);
}

void resume_on_gpu(const std::string &path) {
  Net net;
  to_gpu(net);
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'net' is moved to a device here, by 'to_gpu', before the load
  // CHECK-NOTES: :[[@LINE-3]]:3: note: pass the device to 'torch::load', or load with 'torchlint::load_in_place' (<torchlint/torchlint.h>), which leaves each parameter where it was
  // CHECK-FIXES: torchlint::load_in_place(net, path);
}

// Loaded first, then placed: the right order.
void restore_then_place(Net &net, torch::Device device, const std::string &path) {
  torch::load(net, path);
  place(net, device);
}

// The portable-checkpoint idiom, through helpers.
void reload_portable(Net &net, torch::Device device, const std::string &path) {
  to_host(net);
  torch::load(net, path);
  place(net, device);
}

// Helpers that move on some paths only say nothing about the others.
void resume_if(Net &net, torch::Device device, bool gpu, const std::string &path) {
  place_if_gpu(net, device);
  maybe_place(net, gpu);
  torch::load(net, path);
}
