// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module held through a raw pointer (`PolicyImpl *policy_ = new
// PolicyImpl(...)`) or a std::unique_ptr is a handle to it, as a
// TORCH_MODULE holder or a std::shared_ptr is: once moved to a device chosen
// at run time, its parameters are there, and a device-less factory's tensor
// handed to its computations meets them. A pointer to a class that is no
// module is not judged.
#include <torch/torch.h>

#include <memory>
#include <vector>

struct PolicyImpl : torch::nn::Module {
  PolicyImpl(int64_t inputs, int64_t actions);
  torch::Tensor probabilities(const torch::Tensor &state); // in policy.cpp
  torch::Tensor forward(const torch::Tensor &state);       // in policy.cpp
  torch::Tensor centred(const torch::Tensor &state) {
    return state.to(mean.device()) - mean;
  }
  torch::Tensor mean;
};

// Not a module: what it does with a tensor is its own business.
struct Scaler {
  torch::Tensor apply(const torch::Tensor &state); // in scaler.cpp
};

class Agent {
public:
  Agent(torch::Device device, Scaler *scaler)
      : device_(device), policy_(new PolicyImpl(4, 2)), scaler_(scaler) {
    policy_->to(device);
  }
  ~Agent() { delete policy_; }

  torch::Tensor act(const std::vector<float> &observation) {
    auto state = torch::tensor(observation);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto state = torch::tensor(observation, torch::device(device_));
    return policy_->probabilities(state);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'policy_' in 'PolicyImpl::probabilities'
  }

  torch::Tensor evaluate(int64_t batch) {
    auto states = torch::zeros({batch, 4});
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto states = torch::zeros({batch, 4}, torch::device(device_));
    return policy_->forward(states);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'policy_' in 'PolicyImpl::forward'
  }

  // Defined here: followed into, and it moves its input first.
  torch::Tensor offset(int64_t size) {
    return policy_->centred(torch::ones({size, 4}));
  }

  // Scaler is no module.
  torch::Tensor scaled(const std::vector<float> &observation) {
    return scaler_->apply(torch::tensor(observation));
  }

private:
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: the device is taken from member 'device_'
  PolicyImpl *policy_;
  Scaler *scaler_;
};

class Learner {
public:
  explicit Learner(torch::Device device)
      : device_(device), policy_(std::make_unique<PolicyImpl>(4, 2)) {
    policy_->to(device_);
  }

  torch::Tensor act(const std::vector<float> &observation) {
    auto state = torch::tensor(observation).unsqueeze(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto state = torch::tensor(observation, torch::device(device_)).unsqueeze(0);
    return policy_->probabilities(state);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'device_' in 'PolicyImpl::probabilities'
  }

  // Placed where the module is: nothing to report.
  torch::Tensor placed(const std::vector<float> &observation) {
    return policy_->probabilities(torch::tensor(observation).to(device_));
  }

private:
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  std::unique_ptr<PolicyImpl> policy_;
};
