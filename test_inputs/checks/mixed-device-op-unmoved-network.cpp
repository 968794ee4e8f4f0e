// CHECKS: torch-mixed-device-op,torch-factory-without-device
// HEADERS: fast real real2
// A class that builds its network in its constructor and never moves it
// keeps the network's parameters on the CPU: data it puts on a device
// meets them there. A network the class moves, in its constructor or in a
// method, hands out, loads or shows to other code may live anywhere; a
// CPU tensor meeting an unmoved network is no conflict.
#include <torch/torch.h>

#include <string>
#include <vector>

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
}

struct PolicyImpl : torch::nn::Module {
  PolicyImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Policy);

class Agent {
public:
  Agent() : device_(pickDevice()) {}
  // CHECK-NOTES: :[[@LINE-1]]:3: note: placed on cpu here
  torch::Tensor act(const std::vector<float> &observation) {
    auto x = torch::tensor(observation).to(device_);
    return policy_(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'device_') in this call of 'forward' [torch-mixed-device-op]
    // CHECK-NOTES: :[[@LINE-13]]:51: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  }
  // On the host, as the network is.
  torch::Tensor actOnHost() { return policy_(torch::ones({1, 4})); }

private:
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: 'device_' may be any device (it is chosen at run time)
  Policy policy_;
};

class MovedAgent {
public:
  MovedAgent() : device_(pickDevice()) { policy_->to(device_); }
  torch::Tensor act(const std::vector<float> &observation) {
    return policy_(torch::tensor(observation).to(device_));
  }

private:
  torch::Device device_;
  Policy policy_;
};

class MovedLater {
public:
  void place(torch::Device device) {
    device_ = device;
    policy_->to(device);
  }
  torch::Tensor act(const std::vector<float> &observation) {
    return policy_(torch::tensor(observation).to(device_));
  }

private:
  torch::Device device_{torch::kCPU};
  Policy policy_;
};

class HandsOut {
public:
  Policy &policy() { return policy_; }
  torch::Tensor act(const std::vector<float> &observation) {
    return policy_(torch::tensor(observation).to(pickDevice()));
  }

private:
  Policy policy_;
};

class Restored {
public:
  explicit Restored(const std::string &path) { torch::load(policy_, path); }
  torch::Tensor act(const std::vector<float> &observation) {
    return policy_(torch::tensor(observation).to(pickDevice()));
  }

private:
  Policy policy_;
};
