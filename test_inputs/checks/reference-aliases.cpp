// CHECKS: torch-load-without-device, torch-implicit-device-migration
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// CHECK-OPTION: torch-implicit-device-migration.ForwardMethods=forward;centred
// A local reference is the object it is bound to, for its whole life: a move,
// a load or an assignment through `auto &m = net_;` is one of `net_`.
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(4, 2))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

struct Holder {
  Net net;
};

struct Trainer {
  Net net_;
  torch::Device device_;
  explicit Trainer(torch::Device d) : device_(d) {}

  // Moved through the alias, loaded by the member's name.
  void resume(const std::string &path) {
    auto &model = net_;
    model->to(device_);
    torch::load(net_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-3]]:5: note: 'net_' is moved to a device here, before the load
    // CHECK-FIXES: torch::load(net_, path, device_);
  }
  // Moved by name, loaded through the alias.
  void resume_alias(const std::string &path) {
    net_->to(device_);
    auto &model = net_;
    torch::load(model, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-4]]:5: note: 'net_' is moved to a device here, before the load
    // CHECK-FIXES: torch::load(model, path, device_);
  }
  // Loaded through the alias, then moved: the right order.
  void restore(const std::string &path) {
    auto &model = net_;
    torch::load(model, path);
    net_->to(device_);
  }
};

void resume_param(Net &net, torch::Device device, const std::string &path) {
  Net &m = net;
  m->to(device);
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'net' is moved to a device here, before the load
  // CHECK-FIXES: torch::load(net, path, device);
}

// A reference to another object's member is followed as itself.
void resume_held(Holder &h, torch::Device device, const std::string &path) {
  Net &model = h.net;
  model->to(device);
  torch::load(model, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'model' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 'model' is moved to a device here, before the load
  // CHECK-FIXES: torch::load(model, path, device);
}

struct NormImpl : torch::nn::Module {
  torch::Tensor mean_;
  NormImpl() { mean_ = register_buffer("mean", torch::zeros({4})); }
  // The member follows the input, through the alias.
  torch::Tensor forward(const torch::Tensor &x) {
    auto &m = mean_;
    m = m.to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'mean_' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-4]]:46: note: input 'x' whose device is followed
    // CHECK-NOTES: :[[@LINE-8]]:17: note: 'mean_' was registered with the module; the copy replaces it in the member only, so the module saves, loads and moves the old tensor
    return x - m;
  }
  // A copy is not the member: moving it migrates nothing.
  torch::Tensor centred(const torch::Tensor &x) {
    auto m = mean_.clone();
    m = m.to(x.device());
    return x - m;
  }
};
TORCH_MODULE(Norm);
