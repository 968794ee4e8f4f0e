// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A TorchScript module's output lives where the data it ran on is, read as a
// tensor directly (`.toTensor()`) or through its tuple
// (`out.toTuple()->elements()[0].toTensor()`, kept in a local or not). The
// inputs a method gathers in a member list it clears first are the ones it
// pushes there.
#include <torch/script.h>
#include <torch/torch.h>

#include <cmath>
#include <string>
#include <vector>

class Agent {
public:
  Agent(const std::string &path, torch::Device device) : device_(device) {
    encoder_ = torch::jit::load(path);
    encoder_.to(device_);
  }

  // The encoder's output meets a tensor made without a device.
  void step(const torch::Tensor &frame) {
    const auto encoded = encoder_.forward({frame}).toTuple();
    const torch::Tensor mu = encoded->elements()[0].toTensor();
    torch::Tensor heading = torch::tensor({std::sin(rot_), std::cos(rot_)}).view({1, 2});
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::Tensor heading = torch::tensor({std::sin(rot_), std::cos(rot_)}, torch::device(frame.device())).view({1, 2});
    state_ = torch::cat({mu, heading}, 1);
    // CHECK-NOTES: :[[@LINE-1]]:14: note: it meets a tensor on the device of 'frame' in 'cat'
    // CHECK-NOTES: :[[@LINE-8]]:34: note: the device is taken from parameter 'frame'
  }

  void plain_step(const torch::Tensor &frame) {
    torch::Tensor mu = encoder_.forward({frame}).toTensor();
    state_ = mu + torch::ones({1, 4});
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: state_ = mu + torch::ones({1, 4}, torch::device(frame.device()));
    // CHECK-NOTES: :[[@LINE-3]]:17: note: it meets a tensor on the device of 'frame' in 'operator+'
    // CHECK-NOTES: :[[@LINE-6]]:40: note: the device is taken from parameter 'frame'
  }

  // Inputs gathered in a member list cleared here: the warm-up observation.
  void warm_up(int rounds) {
    for (int i = 0; i < rounds; i++) {
      observation_ = torch::rand({1, 4}).to(torch::kHalf);
      // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
      // CHECK-FIXES: observation_ = torch::rand({1, 4}, torch::device(device_)).to(torch::kHalf);
      inputs_.clear();
      inputs_.emplace_back(observation_);
      // Copying the output to the host moves no module: the encoder stays
      // where the constructor put it for the next round.
      actions_ = encoder_.forward(inputs_).toTensor().to(torch::kCPU, torch::kFloat);
      // CHECK-NOTES: :[[@LINE-1]]:27: note: it meets a tensor on the device of 'device_' in 'torch::jit::Module::forward'
    }
  }

  // What another method left in the list is not known here.
  torch::Tensor replay() { return encoder_.forward(inputs_).toTensor(); }

  void update() {
    auto frame = torch::empty({1, 3, 8, 8}, torch::TensorOptions().device(device_));
    step(frame);
    plain_step(frame);
  }

  // A branch on the device chosen at run time: the CPU branch makes its
  // index on the CPU on purpose; the CUDA branch must not.
  torch::Tensor crop(const torch::Tensor &frame, int64_t rows) {
    torch::Tensor out = encoder_.forward({frame}).toTensor();
    if (cuda_available_) {
      out = out.index_select(0, torch::arange(0, rows));
      // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
      // CHECK-FIXES: out = out.index_select(0, torch::arange(0, rows, torch::device(frame.device())));
      // CHECK-NOTES: :[[@LINE-3]]:17: note: it meets a tensor on the device of 'frame' in 'Tensor::index_select'
      // CHECK-NOTES: :[[@LINE-7]]:43: note: the device is taken from parameter 'frame'
    } else {
      out = out.index_select(0, torch::arange(0, rows));
    }
    return out;
  }

private:
  bool cuda_available_ = torch::cuda::is_available();
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  torch::jit::script::Module encoder_;
  torch::Tensor state_, observation_, actions_;
  std::vector<torch::jit::IValue> inputs_;
  float rot_ = 0.f;
};

// A script module loaded on the CPU and moved where the device is not the
// CPU follows the device either way; a batch made without one meets it.
torch::Tensor score(const std::string &path, const std::string &name) {
  torch::Device device(torch::kCPU);
  if (name == "cuda")
    device = torch::Device(torch::kCUDA);
  torch::jit::script::Module module;
  module = torch::jit::load(path, torch::kCPU);
  if (device.type() != torch::kCPU)
    module.to(device);
  torch::Tensor batch = torch::zeros({2, 3});
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: torch::Tensor batch = torch::zeros({2, 3}, torch::device(device));
  // CHECK-NOTES: :[[@LINE+4]]:17: note: it meets a tensor on the device of 'device' in 'torch::jit::Module::forward'
  // CHECK-NOTES: :[[@LINE-11]]:17: note: the device is taken from local variable 'device'
  std::vector<torch::IValue> inputs;
  inputs.push_back(batch);
  return module.forward(inputs).toTensor();
}

// Moved only when a flag asks for CUDA: where the module runs is the
// program's choice, and the batch stays with it on the CPU otherwise.
torch::Tensor score_flag(const std::string &path, bool use_cuda) {
  torch::jit::script::Module module = torch::jit::load(path, torch::kCPU);
  if (use_cuda)
    module.to(torch::kCUDA);
  torch::Tensor batch = torch::zeros({2, 3});
  std::vector<torch::IValue> inputs;
  inputs.push_back(batch);
  return module.forward(inputs).toTensor();
}
