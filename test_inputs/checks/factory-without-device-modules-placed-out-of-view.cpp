// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module member of a plain class is where the class's set-up put it. When
// part of that set-up is code this file does not define (a method of the
// class, or one of the module's own methods called for its effect) and
// nothing this file shows moves the module off the CPU, where it lives is
// not known here: host-built data fed to it is not judged. A move off the
// CPU that the file does show is evidence again.
#include <torch/torch.h>

#include <memory>

struct PolicyImpl : torch::nn::Module {
  PolicyImpl() { fc = register_module("fc", torch::nn::Linear(4, 1)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  // CHECK-NOTES: :[[@LINE-1]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  // Defined in another file: it may move the module (to the CPU, say).
  void set_cpu_only(bool cpu_only);
  torch::nn::Linear fc{nullptr};
};

// --- Not flagged ---

// A rollout copy of a trained policy, sent where the policy's own
// (unseen) method decides.
class RolloutWorker {
public:
  explicit RolloutWorker(const std::shared_ptr<PolicyImpl> &trained) {
    rollout_ = std::dynamic_pointer_cast<PolicyImpl>(trained->clone());
    rollout_->set_cpu_only(true);
  }
  torch::Tensor act(const double *observation) {
    torch::Tensor state = torch::from_blob(const_cast<double *>(observation),
                                           {4}, torch::kFloat64);
    return rollout_->forward(state.to(torch::kFloat32));
  }

private:
  std::shared_ptr<PolicyImpl> rollout_;
};

// The class refreshes its model in a method defined in another file; what
// this file shows moves it to the CPU only.
class Environment {
public:
  Environment() : model_(std::make_shared<PolicyImpl>()) {}
  void refresh(const std::shared_ptr<PolicyImpl> &trained) {
    model_ = std::dynamic_pointer_cast<PolicyImpl>(trained->clone());
    model_->to(torch::kCPU);
  }
  void reset(); // defined elsewhere
  torch::Tensor step(float x) {
    torch::Tensor state = torch::zeros({4});
    state[0] = x;
    return model_->forward(state);
  }

private:
  std::shared_ptr<PolicyImpl> model_;
};

// --- Flagged ---

// This file shows the move off the CPU: unseen code does not undo evidence.
class GpuEnvironment {
public:
  GpuEnvironment(torch::Device device)
      : model_(std::make_shared<PolicyImpl>()) {
    model_->to(device);
  }
  void reset(); // defined elsewhere
  torch::Tensor step(float x) {
    torch::Tensor state = torch::zeros({4});
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    state[0] = x;
    return model_->forward(state);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it is passed to 'forward' here, where it meets a tensor on the device of 'model_'
  }

private:
  std::shared_ptr<PolicyImpl> model_;
  // CHECK-NOTES: :[[@LINE-1]]:31: note: 'model_' may live on any device (wherever set-up put it)
};
