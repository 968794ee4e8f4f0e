// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module that a plain class only takes from its creator (its constructor
// stores the handle it was given, and nothing in the class moves or
// replaces it) lives where the creator put it, as a module parameter lives
// where the callers put it: host-built data fed to it is not judged here.
// A class that moves the module itself, or builds its own, decides.
#include <torch/torch.h>

#include <memory>

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

// Built by the class: a module of its own, which exists to be moved.
class Evaluator {
public:
  Evaluator() : model_(std::make_shared<ScorerImpl>()) {}
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
