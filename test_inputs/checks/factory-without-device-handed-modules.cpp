// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module a plain class holds is where the class's code puts it. Taken
// from its creator (a constructor or a set-up method stores the handle it
// was given, and nothing in the class moves it), it lives where the creator
// put it, as a module parameter lives where the callers put it; built by the
// class and never moved, it stays on the CPU with the host-built data (a
// program that never chooses a device). A class that moves or loads the
// module onto a device decides: host-built data fed to it is a defect.
#include <torch/torch.h>

#include <memory>
#include <string>
#include <vector>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl() { fc = register_module("fc", torch::nn::Linear(4, 1)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  // CHECK-NOTES: :[[@LINE-1]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  // (once for each warning below)
  // CHECK-NOTES: :[[@LINE-3]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  torch::nn::Linear fc{nullptr};
};

// --- Not flagged ---

class Environment {
public:
  explicit Environment(std::shared_ptr<ScorerImpl> model)
      : model_(std::move(model)) {}
  torch::Tensor step(float x) {
    torch::Tensor state = torch::zeros({4});
    state[0] = x;
    return model_->forward(state);
  }

private:
  std::shared_ptr<ScorerImpl> model_;
};

// Built by the class and never moved: the network and the data it is fed
// stay on the CPU, the design of a program that never chooses a device.
class Evaluator {
public:
  Evaluator() : model_(std::make_shared<ScorerImpl>()) {}
  torch::Tensor score(float x) {
    torch::Tensor state = torch::zeros({4});
    state[0] = x;
    return model_->forward(state);
  }
  void sync(const Evaluator &other) { model_ = other.model_; }

private:
  std::shared_ptr<ScorerImpl> model_;
};

// A script module handed to a set-up method and never moved: where the
// caller put it (the host implementation of a plug-in interface).
class HostKernel {
public:
  void initialize(const torch::jit::script::Module &module) {
    module_ = module;
    module_.eval();
  }
  double execute(std::vector<double> &positions) {
    auto x = torch::from_blob(positions.data(),
                              {static_cast<int64_t>(positions.size())},
                              torch::kFloat64);
    return module_.forward({x}).toTensor().item<double>();
  }

private:
  torch::jit::script::Module module_;
};

// --- Flagged ---

// Moved by the class itself, to the device it was given.
class Learner {
public:
  Learner(std::shared_ptr<ScorerImpl> model, torch::Device device)
      : model_(std::move(model)), device_(device) {
    model_->to(device_);
  }
  torch::Tensor score(float x) {
    torch::Tensor state = torch::zeros({4});
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::Tensor state = torch::zeros({4}, torch::device(device_));
    state[0] = x;
    return model_->forward(state);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it is passed to 'forward' here, where it meets a tensor on the device of 'device_'
  }

private:
  std::shared_ptr<ScorerImpl> model_;
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};

// Loaded by the class onto the device it was given.
class Restorer {
public:
  Restorer(const std::string &path, torch::Device device)
      : model_(std::make_shared<ScorerImpl>()) {
    torch::load(model_, path, device);
  }
  torch::Tensor score(float x) {
    torch::Tensor state = torch::zeros({4});
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    state[0] = x;
    return model_->forward(state);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it is passed to 'forward' here, where it meets a tensor on the device of 'model_'
  }

private:
  std::shared_ptr<ScorerImpl> model_;
  // CHECK-NOTES: :[[@LINE-1]]:31: note: 'model_' may live on any device (wherever set-up put it)
};
