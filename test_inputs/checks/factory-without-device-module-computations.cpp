// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module's methods other than forward, defined in another file, compute
// with the module's parameters as forward does: an actor's `act(obs)`, a
// critic's `value(x)`. A device-less factory's tensor handed to one of
// them, once the module is moved to a device chosen at run time, meets
// those parameters there. A method this file defines is followed into
// instead; one that returns nothing, a static one and one a subclass may
// override are not judged.
#include <torch/torch.h>

#include <vector>

struct ActorImpl : torch::nn::Module {
  ActorImpl();
  torch::Tensor act(const torch::Tensor &observation); // in actor.cpp
  torch::Tensor log_prob(const torch::Tensor &observation,
                         const torch::Tensor &action); // in actor.cpp
  void remember(const torch::Tensor &observation);    // in actor.cpp
  static torch::Tensor normalise(const torch::Tensor &observation);
  torch::Tensor centred(const torch::Tensor &observation) {
    return observation.to(mean.device()) - mean;
  }
  torch::Tensor mean;
};
TORCH_MODULE(Actor);

struct CriticBase : torch::nn::Module {
  virtual torch::Tensor value(const torch::Tensor &state) = 0;
};

class Agent {
public:
  explicit Agent(torch::Device device) : device_(device) { actor_->to(device); }

  torch::Tensor step(const std::vector<float> &observation) {
    auto input = torch::tensor(observation).unsqueeze(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto input = torch::tensor(observation, torch::device(device_)).unsqueeze(0);
    return actor_->act(input);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'actor_' in 'ActorImpl::act'
  }

  torch::Tensor likelihood(const torch::Tensor &observation, int64_t count) {
    auto actions = torch::arange(count);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto actions = torch::arange(count, torch::device(device_));
    return actor_->log_prob(observation.to(device_), actions);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'device_' in 'ActorImpl::log_prob'
  }

  // Returns nothing: it may keep what it is given on the host.
  void record(int64_t size) { actor_->remember(torch::zeros({size})); }

  // Static: it has no parameters of the module's to meet.
  torch::Tensor scaled(int64_t size) {
    return ActorImpl::normalise(torch::ones({size}));
  }

  // Defined here: followed into, and it moves its input first.
  torch::Tensor offset(int64_t size) {
    return actor_->centred(torch::ones({size}));
  }

  // Some subclass's override decides.
  torch::Tensor baseline(CriticBase &critic, int64_t size) {
    return critic.value(torch::zeros({size, 4}));
  }

private:
  Actor actor_;
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: the device is taken from member 'device_'
};

// A module built here and never moved stays on the CPU with its input.
torch::Tensor on_the_host() {
  Actor actor;
  return actor->act(torch::zeros({1, 4}));
}
