// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module of the program whose forward is defined in another file
// computes with its own parameters on its input: its output is where both
// are. Where the class moves the module to a device, a device-less
// factory's tensor meeting that output is a defect, whether the output is
// kept whole, unpacked with structured bindings or assigned with std::tie.
// The fix follows the data the module ran on.
#include <torch/torch.h>

#include <string>
#include <tuple>
#include <vector>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl();
  torch::Tensor forward(torch::Tensor x); // defined in encoder.cpp
};
TORCH_MODULE(Encoder);

struct HeadsImpl : torch::nn::Module {
  HeadsImpl();
  std::tuple<torch::Tensor, torch::Tensor> forward(torch::Tensor x);
};
TORCH_MODULE(Heads);

class Policy {
public:
  explicit Policy(torch::Device device) {
    encoder_->to(device);
    heads_->to(device);
  }
  torch::Tensor scores(const torch::Tensor &observation) {
    // CHECK-NOTES: :[[@LINE-1]]:45: note: the device is taken from parameter 'observation'
    auto features = encoder_(observation);
    auto prior = torch::zeros({features.size(0), 8});
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto prior = torch::zeros({features.size(0), 8}, torch::device(observation.device()));
    return features + prior;
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'observation' in 'operator+'
  }

  torch::Tensor value(const torch::Tensor &observation) {
    // CHECK-NOTES: :[[@LINE-1]]:44: note: the device is taken from parameter 'observation'
    auto [logits, value] = heads_->forward(encoder_->forward(observation));
    return value + torch::full({value.size(0)}, 0.5);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:18: note: it meets a tensor on the device of 'observation' in 'operator+'
    // CHECK-FIXES: return value + torch::full({value.size(0)}, 0.5, torch::device(observation.device()));
  }

  torch::Tensor advantage(const torch::Tensor &observation) {
    // CHECK-NOTES: :[[@LINE-1]]:48: note: the device is taken from parameter 'observation'
    torch::Tensor logits, value;
    std::tie(logits, value) = heads_(observation);
    auto baseline = torch::ones({logits.size(0), 1});
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto baseline = torch::ones({logits.size(0), 1}, torch::device(observation.device()));
    return value - baseline;
    // CHECK-NOTES: :[[@LINE-1]]:18: note: it meets a tensor on the device of 'observation' in 'operator-'
  }

private:
  Encoder encoder_{nullptr};
  Heads heads_{nullptr};
};

// std::tie replaces what its variables held: the CPU tensor made first is
// gone, and what comes from code this file cannot see is not judged.
std::tuple<torch::Tensor, torch::Tensor> read_pair();
torch::Tensor replaced(const torch::Tensor &x, torch::Device device) {
  auto placed = x.to(device);
  torch::Tensor first = torch::zeros({3}), second;
  std::tie(first, second) = read_pair();
  return placed + first;
}

// Two modules run on one input are on one device (the runs would fail
// otherwise), and the submodules a module registers move with it:
// gathering their outputs or gradients is not a meeting of devices.
class ActorCritic {
public:
  torch::Tensor joined(const torch::Tensor &state) {
    return torch::cat({actor_(state), critic_(state)}, 1);
  }

private:
  Encoder actor_{nullptr};
  Encoder critic_{nullptr};
};

struct TwoTowersImpl : torch::nn::Module {
  TwoTowersImpl() {
    left_ = register_module("left", Encoder());
    right_ = register_module("right", Encoder());
  }
  torch::Tensor forward(const torch::Tensor &left, const torch::Tensor &right) {
    return torch::cat({left_(left), right_(right)}, 1);
  }
  torch::Tensor gradient_norms() {
    return torch::stack({left_->parameters()[0].grad().norm(),
                         right_->parameters()[0].grad().norm()});
  }
  Encoder left_{nullptr};
  Encoder right_{nullptr};
};

// The input of a module of another file meets its parameters: a device-less
// tensor fed to a module loaded onto the chosen device is a defect.
class Ranker {
public:
  Ranker(const std::string &path, torch::Device device) : device_(device) {
    torch::load(model_, path, device);
  }
  torch::Tensor score(const std::vector<int64_t> &ids) {
    auto input = torch::tensor(ids).unsqueeze(0);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto input = torch::tensor(ids, torch::device(device_)).unsqueeze(0);
    return model_->forward(input);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'model_' in 'EncoderImpl::forward'
  }

private:
  Encoder model_{nullptr};
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};

// A module built here and never moved stays on the CPU with its input.
torch::Tensor on_the_host() {
  Encoder encoder;
  return encoder->forward(torch::zeros({1, 8}));
}

// A module of this file run as `module(x)` is followed into its forward.
struct ProjectorImpl : torch::nn::Module {
  ProjectorImpl() { fc = register_module("fc", torch::nn::Linear(8, 8)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  // CHECK-NOTES: :[[@LINE-1]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Projector);

class Pipeline {
public:
  explicit Pipeline(torch::Device device) : device_(device) {
    projector_->to(device);
  }
  torch::Tensor run() {
    auto probe = torch::zeros({1, 8});
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto probe = torch::zeros({1, 8}, torch::device(device_));
    return projector_(probe);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: it is passed to 'forward' here, where it meets a tensor on the device of 'projector_'
  }

private:
  Projector projector_;
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};

// A virtual forward of a class that is built here is that class's own
// (`virtual` written out of habit): it runs the module's parameters on its
// inputs, as any forward of another file does.
struct SeqModelImpl : torch::nn::Module {
  virtual torch::Tensor forward(torch::Tensor src,
                                torch::Tensor tgt = torch::Tensor());
};
TORCH_MODULE(SeqModel);

torch::Tensor teacherForced(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:43: note: the device is taken from parameter 'device'
  SeqModel model;
  model->to(device);
  auto src = torch::randn({4, 10, 5}, torch::device(device));
  auto tgt = torch::randn({4, 3, 1});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto tgt = torch::randn({4, 3, 1}, torch::device(device));
  return model->forward(src, tgt);
  // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'device' in 'SeqModelImpl::forward'
}

// A pure virtual forward, of an abstract base: the object is some subclass,
// whose override may move its input first. What it is given is not judged.
struct PolicyBase : torch::nn::Module {
  virtual torch::Tensor forward(torch::Tensor x) = 0;
};
class Agent {
public:
  Agent(std::shared_ptr<PolicyBase> policy, torch::Device device)
      : policy_(std::move(policy)), device_(device) {}
  torch::Tensor act() { return policy_->forward(torch::zeros({1, 8})); }

private:
  std::shared_ptr<PolicyBase> policy_;
  torch::Device device_;
};

// Its output, though, is where its parameters are, as is the output of an
// AnyModule (a module whose class is chosen at run time): a device-less
// tensor added to either is a defect wherever the module goes. What an
// AnyModule is given is not judged either.
class TargetPolicy : public torch::nn::Module {
public:
  TargetPolicy() { register_module("net", net_.ptr()); }
  torch::Tensor noisy_action(const torch::Tensor &obs) {
    // CHECK-NOTES: :[[@LINE-1]]:51: note: the device is taken from parameter 'obs'
    torch::Tensor action = net_.forward(obs);
    auto noise = torch::randn(action.sizes()) * 0.2;
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto noise = torch::randn(action.sizes(), torch::device(obs.device())) * 0.2;
    return action + noise;
    // CHECK-NOTES: :[[@LINE-1]]:19: note: it meets a tensor on the device of 'net_' in 'operator+'
  }
  torch::Tensor probe() { return net_.forward(torch::zeros({1, 8})); }

private:
  torch::nn::AnyModule net_;
};

class Explorer {
public:
  explicit Explorer(torch::Device device) { policy_->to(device); }
  torch::Tensor explore(const torch::Tensor &obs) {
    // CHECK-NOTES: :[[@LINE-1]]:46: note: the device is taken from parameter 'obs'
    auto logits = policy_->forward(obs);
    return logits + torch::rand({logits.size(0), 1});
    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:19: note: it meets a tensor on the device of 'policy_' in 'operator+'
    // CHECK-FIXES: return logits + torch::rand({logits.size(0), 1}, torch::device(obs.device()));
  }

private:
  std::shared_ptr<PolicyBase> policy_;
};

// A module of this file whose forward runs one the file cannot pin down:
// its output is still the output of that run, so two such runs on common
// data are on one device.
struct BranchImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return body_->forward(x); }
  std::shared_ptr<PolicyBase> body_;
};

torch::Tensor branches(torch::nn::ModuleList &heads, const torch::Tensor &x) {
  auto *left = heads[0]->as<BranchImpl>();
  auto *right = heads[1]->as<BranchImpl>();
  return torch::cat({left->forward(x), right->forward(x)}, 1);
}
