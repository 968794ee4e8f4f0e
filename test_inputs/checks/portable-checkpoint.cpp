// CHECKS: torch-hardcoded-device, torch-load-without-device
// HEADERS: fast real real2
// The portable-checkpoint idiom: a module visits the host to be saved or
// loaded there and is moved back to the device it runs on. The move to the
// CPU is a round trip, not a hard-coded placement, and the load is followed
// by the move back. Without the move back (or with one that runs only on
// some paths) the model stays on the CPU for the rest of the program.
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(3, 4)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  // CHECK-NOTES: :[[@LINE-1]]:62: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void save_portable(Net &net, const std::string &path, torch::Device device) {
  net->to(torch::kCPU);
  torch::save(net, path);
  net->to(device);
}

void load_portable(Net &net, const std::string &path, torch::Device device) {
  net->to(torch::kCPU);
  torch::load(net, path);
  net->to(device);
}

void checkpoint_and_step(Net &net, torch::optim::Adam &opt,
                         const torch::Tensor &x, const std::string &path,
                         torch::Device device) {
  net->to(torch::kCPU);
  torch::save(net, path);
  net->to(device);
  opt.zero_grad();
  net->forward(x).sum().backward();
  opt.step();
}

// No way back: the model keeps training on the CPU.
void save_and_stay(Net &net, const torch::Tensor &x, const std::string &path) {
  net->to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:11: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:51: note: the device is taken from parameter 'x'
  torch::save(net, path);
  net->forward(x);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: the module it places may meet a tensor on the device of 'x' here, in 'torch::nn::LinearImpl::forward'
}

// The way back runs on some paths only.
void save_maybe_back(Net &net, const std::string &path, torch::Device device,
                     bool resume) {
  net->to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:11: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-5]]:71: note: the device is taken from parameter 'device'
  torch::save(net, path);
  if (resume)
    net->to(device);
}

// The trainer that calls them runs the model on the GPU.
void train_on_gpu(Net &net, torch::optim::Adam &opt, const std::string &path) {
  net->to(torch::kCUDA);
  const auto x = torch::rand({2, 3}, torch::kCUDA);
  checkpoint_and_step(net, opt, x, path, torch::kCUDA);
  save_and_stay(net, x, path);
  // CHECK-NOTES: :[[@LINE-1]]:17: note: a module on cuda reaches parameter 'net' through this call of 'save_and_stay'
}
