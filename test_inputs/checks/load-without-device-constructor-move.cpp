// CHECKS: torch-load-without-device
// HEADERS: fast real real2
// A member module that every constructor moves to a device, and no other
// method moves again, lives there in every method: a restore method that
// loads it without a device undoes the constructor's move.
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

#include <memory>
#include <string>

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

struct Trainer {
  explicit Trainer(torch::Device device) : device_(device) { net_->to(device_); }
  void restore(const std::string &path) {
    torch::load(net_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-4]]:62: note: 'net_' is moved to a device here, in the constructor, before the load
    // CHECK-FIXES: torch::load(net_, path, device_);
  }
  Net net_;
  torch::Device device_;
};

// Moved with the constructor's parameter: that name means nothing in
// restore(), so the fix takes the device the class holds.
struct Runner {
  Runner(torch::Device device, int) : device_(device) { net_->to(device); }
  void restore(const std::string &path) {
    torch::load(net_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-4]]:57: note: 'net_' is moved to a device here, in the constructor, before the load
    // CHECK-NOTES: :[[@LINE+4]]:17: note: the device is taken from member 'device_'
    // CHECK-FIXES: torch::load(net_, path, device_);
  }
  Net net_;
  torch::Device device_;
};

// Another method moves it again: where it is at the load is not known.
struct Switcher {
  explicit Switcher(torch::Device device) { net_->to(device); }
  void to_host() { net_->to(torch::kCPU); }
  void restore(const std::string &path) { torch::load(net_, path); }
  Net net_;
};

// One constructor leaves it where it was made.
struct Either {
  Either() = default;
  explicit Either(torch::Device device) { net_->to(device); }
  void restore(const std::string &path) { torch::load(net_, path); }
  Net net_;
};

// Loaded, then moved back: the right order.
struct Reloader {
  explicit Reloader(torch::Device device) : device_(device) { net_->to(device_); }
  void restore(const std::string &path) {
    torch::load(net_, path);
    net_->to(device_);
  }
  Net net_;
  torch::Device device_;
};

// The device held through a pointer; the optimizer built over the moved
// module: its state must follow too, to the device the pointer holds.
struct PolicyTrainer {
  explicit PolicyTrainer(std::shared_ptr<torch::Device> device)
      : device_(std::move(device)) {
    net_->to(*device_);
    optimizer_ = std::make_shared<torch::optim::Adam>(net_->parameters());
  }
  void restore(const std::string &path) {
    torch::load(net_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-6]]:5: note: 'net_' is moved to a device here, in the constructor, before the load
    // CHECK-FIXES: torch::load(net_, path, *device_);
    torch::load(*optimizer_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the state of optimizer 'optimizer_' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
    // CHECK-FIXES: torch::load(*optimizer_, path, *device_);
    // CHECK-NOTES: :[[@LINE+2]]:34: note: the device is taken from member 'device_'
  }
  std::shared_ptr<torch::Device> device_;
  Net net_;
  std::shared_ptr<torch::optim::Adam> optimizer_;
};

// A setup method the constructor calls (and what it calls in turn) places
// the member as the constructor would.
struct Agent {
  explicit Agent(torch::Device device) : device_(device) { init(); }
  void init() { build(); }
  void build() { net_->to(device_); }
  void restore(const std::string &path) {
    torch::load(net_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-NOTES: :[[@LINE-4]]:18: note: 'net_' is moved to a device here, in 'build', which the constructor calls, before the load
    // CHECK-FIXES: torch::load(net_, path, device_);
  }
  Net net_;
  torch::Device device_;
};

// The constructor moves it again after its setup call: it ends on the CPU.
struct SetupThenHost {
  explicit SetupThenHost(torch::Device device) : device_(device) {
    init();
    net_->to(torch::kCPU);
  }
  void init() { net_->to(device_); }
  void restore(const std::string &path) { torch::load(net_, path); }
  Net net_;
  torch::Device device_;
};

// A setup method, and another method that moves it elsewhere: unknown.
struct SetupAndSwitch {
  explicit SetupAndSwitch(torch::Device device) : device_(device) { init(); }
  void init() { net_->to(device_); }
  void to_host() { net_->to(torch::kCPU); }
  void restore(const std::string &path) { torch::load(net_, path); }
  Net net_;
  torch::Device device_;
};

// A local loaded to replace a member that lives on a device: the loaded
// parameters belong where the member was moved.
struct Refresher {
  explicit Refresher(torch::Device device) : device_(device) {
    net_->to(device_);
  }
  void restore(const std::string &path) {
    Net fresh;
    torch::load(fresh, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'fresh' on the device they were saved from, not on the device of the member it replaces [torch-load-without-device]
    // CHECK-FIXES: torch::load(fresh, path, device_);
    net_ = fresh;
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'fresh' replaces a member here
    // CHECK-NOTES: :[[@LINE-9]]:5: note: the member is moved to a device here
    // CHECK-NOTES: :[[@LINE+15]]:17: note: the device is taken from member 'device_'
  }
  // Loaded onto the member's device, or moved there before it replaces it.
  void restore_given(const std::string &path) {
    Net fresh;
    torch::load(fresh, path, device_);
    net_ = fresh;
  }
  void restore_moved(const std::string &path) {
    Net fresh;
    torch::load(fresh, path);
    fresh->to(device_);
    net_ = std::move(fresh);
  }
  Net net_;
  torch::Device device_;
};

// The constructor restores the checkpoint through its own method and only
// then moves the member: the move comes after the load, which is no defect
// (the load is not after the move, whatever the methods' order in the file).
struct Resumer {
  Resumer(torch::Device device, const std::string &dir) : device_(device) {
    restore(dir);
    net_->to(device_);
  }
  void restore(const std::string &dir) { torch::load(net_, dir + "/net.pt"); }
  Net net_;
  torch::Device device_;
};
