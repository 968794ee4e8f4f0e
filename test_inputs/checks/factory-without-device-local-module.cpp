// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// A module built in the function and never moved holds the parameters and
// buffers its constructor made on the CPU: a CPU tensor handed to it meets
// CPU data (a unit test of a normalizer). Once the module is moved, or when
// it comes from elsewhere, it may live on a device.
#include <torch/torch.h>

#include <cstdint>
#include <memory>

struct NormalizerImpl : torch::nn::Module {
  explicit NormalizerImpl(int64_t size) {
    mean = register_buffer("mean", torch::zeros({size}));
  }
  torch::Tensor process(const torch::Tensor &x) const { return x - mean; }
  torch::Tensor mean;
};
TORCH_MODULE(Normalizer);

bool clips_values() {
  Normalizer normalizer(7);
  float values[] = {-1000, -100, -10, 0, 10, 100, 1000};
  auto observation = torch::from_blob(values, {7});
  return normalizer->process(observation).abs().max().item<float>() > 1;
}

float on_device(torch::Device device) {
  Normalizer normalizer(3);
  normalizer->to(device);
  auto observation = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+4]]:22: note: it is passed to 'process' here, where it meets a tensor on the device of 'device'
  // CHECK-NOTES: :[[@LINE-18]]:66: note: 'process' calls 'operator-' here
  // CHECK-NOTES: :[[@LINE-7]]:31: note: the device is taken from parameter 'device'
  // CHECK-FIXES: auto observation = torch::ones({3}, torch::device(device));
  return normalizer->process(observation).sum().item<float>();
}

float handed_in(Normalizer &normalizer) {
  auto observation = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:22: note: it is passed to 'process' here, where it meets a tensor on the device of 'normalizer'
  // CHECK-NOTES: :[[@LINE-28]]:66: note: 'process' calls 'operator-' here
  // CHECK-NOTES: :[[@LINE-5]]:29: note: 'normalizer' may live on any device (wherever the caller put it)
  return normalizer->process(observation).sum().item<float>();
}

// Made here by std::make_shared, by a temporary, or as a Sequential of
// submodules made in place: on the CPU until moved, like `Normalizer n(3)`.
bool shared_clips_values() {
  auto normalizer = std::make_shared<NormalizerImpl>(3);
  auto observation = torch::ones({3});
  return normalizer->process(observation).abs().max().item<float>() > 1;
}

bool temporary_clips_values() {
  auto normalizer = Normalizer(3);
  auto observation = torch::ones({3});
  return normalizer->process(observation).abs().max().item<float>() > 1;
}

float sequential_on_host() {
  torch::nn::Sequential model(torch::nn::Linear(3, 1), torch::nn::Sigmoid());
  auto observation = torch::ones({2, 3});
  return model->forward(observation).sum().item<float>();
}

float shared_on_device(torch::Device device) {
  auto normalizer = std::make_shared<NormalizerImpl>(3);
  normalizer->to(device);
  auto observation = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+4]]:22: note: it is passed to 'process' here, where it meets a tensor on the device of 'device'
  // CHECK-NOTES: :[[@LINE-59]]:66: note: 'process' calls 'operator-' here
  // CHECK-NOTES: :[[@LINE-7]]:38: note: the device is taken from parameter 'device'
  // CHECK-FIXES: auto observation = torch::ones({3}, torch::device(device));
  return normalizer->process(observation).sum().item<float>();
}
