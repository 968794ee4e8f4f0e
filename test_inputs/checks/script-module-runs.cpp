// CHECKS: torch-factory-without-device,torch-hardcoded-device,torch-mixed-device-op
// HEADERS: fast real real2
#include <torch/script.h>
#include <torch/torch.h>

#include <string>
#include <vector>

// A TorchScript module is a module: `to` moves it in place, and `forward`
// (or calling it) runs its parameters against the inputs, which travel in a
// std::vector<IValue>. An input placed elsewhere than the module meets its
// parameters there.

// A classifier that chooses its device at run time and keeps its model on it.
struct Classifier {
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: the device is taken from member 'device_'
  torch::jit::script::Module model_;
  Classifier(const std::string &path, bool gpu)
      : device_(gpu ? torch::kCUDA : torch::kCPU) {
    model_ = torch::jit::load(path);
    model_.to(device_);
  }
  // A fixed device for the input: on a CPU run it meets the model elsewhere.
  torch::Tensor classify(const torch::Tensor &image) {
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(image.to(torch::kCUDA));
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-2]]:31: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
    return model_.forward(inputs).toTensor();
    // CHECK-NOTES: :[[@LINE-1]]:19: note: the tensor it places may meet a tensor on the device of 'device_' here, in 'torch::jit::Module::forward'
  }
  // A device-less factory's tensor handed to the model.
  torch::Tensor warm_up() {
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(torch::zeros({1, 3, 8, 8}));
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: inputs.push_back(torch::zeros({1, 3, 8, 8}, torch::device(device_)));
    return model_.forward(inputs).toTensor();
    // CHECK-NOTES: :[[@LINE-1]]:19: note: it meets a tensor on the device of 'device_' in 'torch::jit::Module::forward'
  }
  // Placed where the model is: nothing to report.
  torch::Tensor score(const torch::Tensor &image) {
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(image.to(device_));
    inputs.push_back(0.5);
    return model_.forward(inputs).toTensor();
  }
};

// A function given its device: the module is moved there, the mask is not.
torch::Tensor segment(const std::string &path, torch::Device device,
                      // CHECK-NOTES: :[[@LINE-1]]:62: note: the device is taken from parameter 'device'
                      const torch::Tensor &image) {
  torch::jit::script::Module module = torch::jit::load(path);
  module.to(device);
  auto mask = torch::ones({1, 8, 8});
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto mask = torch::ones({1, 8, 8}, torch::device(device));
  return module.forward({image.to(device), mask}).toTensor();
  // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'device' in 'torch::jit::Module::forward'
}

// Loaded onto the caller's device and called: the host mask meets it there.
torch::Tensor embed_on(const std::string &path, torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:63: note: the device is taken from parameter 'device'
  auto module = torch::jit::load(path, device);
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: inputs.push_back(torch::ones({2, 4}, torch::device(device)));
  return module(inputs).toTensor();
  // CHECK-NOTES: :[[@LINE-1]]:10: note: it meets a tensor on the device of 'device' in 'torch::jit::Module::forward'
}

// A module loaded where it was saved and never moved: where its parameters
// are is not known here, so its inputs are not judged.
torch::Tensor embed(const std::string &path) {
  auto module = torch::jit::load(path);
  std::vector<torch::jit::IValue> inputs{torch::ones({2, 4})};
  return module.forward(inputs).toTensor();
}

// A module loaded onto the CPU and fed host data: one place.
torch::Tensor embed_on_host(const std::string &path) {
  auto module = torch::jit::load(path, torch::kCPU);
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({2, 4}));
  return module.forward(inputs).toTensor();
}
