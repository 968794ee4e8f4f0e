// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
#include <torch/torch.h>

// A library module with parameters (Linear, Conv2d, BatchNorm2d, Embedding,
// ...) runs them against its input: calling it is an op on the module's
// device. A module's submodules move with it, so a CPU tensor fed to one in
// the module's methods is a defect wherever the module goes.
struct DenoiserImpl : torch::nn::Module {
  DenoiserImpl() {
    fc = register_module("fc", torch::nn::Linear(3, 3));
    conv = register_module("conv", torch::nn::Conv2d(3, 3, 3));
    bn = register_module("bn", torch::nn::BatchNorm2d(3));
    steps_ = register_buffer("steps", torch::ones({10}));
  }
  torch::Tensor denoise(torch::Tensor z) { return fc(z); }
  // CHECK-NOTES: :[[@LINE-1]]:51: note: 'denoise' calls 'torch::nn::LinearImpl::forward' here
  // CHECK-NOTES: :[[@LINE-2]]:51: note: 'denoise' calls 'torch::nn::LinearImpl::forward' here

  // Fed to the submodule directly, and through its forward.
  torch::Tensor sample() {
    torch::Tensor z = torch::randn({4, 3});
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::Tensor z = torch::randn({4, 3}, torch::device(steps_.device()));
    return fc(z) + fc->forward(torch::zeros({4, 3}));
    // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'fc' in 'torch::nn::LinearImpl::forward'
    // CHECK-MESSAGES: :[[@LINE-2]]:32: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-3]]:24: note: it meets a tensor on the device of 'fc' in 'torch::nn::LinearImpl::forward'
    // CHECK-FIXES: return fc(z) + fc->forward(torch::zeros({4, 3}, torch::device(steps_.device())));
  }
  // Fed through a method of the same module.
  torch::Tensor sample_through() {
    auto z = torch::randn({4, 3});
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto z = torch::randn({4, 3}, torch::device(steps_.device()));
    return denoise(z);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: it is passed to 'denoise' here, where it meets a tensor on the device of 'fc'
  }
  // Reassigned in a loop, meeting a buffer: the first iteration's CPU tensor
  // meets it.
  torch::Tensor sample_loop() {
    torch::Tensor z = torch::randn({4, 3});
    // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: tensor factory 'torch::randn' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::Tensor z = torch::randn({4, 3}, torch::device(steps_.device()));
    for (int i = 0; i < 10; i++)
      z = z - steps_.index({i}) * denoise(z);
      // CHECK-NOTES: :[[@LINE-1]]:35: note: it is passed to 'denoise' here, where it meets a tensor on the device of 'fc'
    return z;
  }
  // A submodule's output lives where the module does.
  torch::Tensor forward(const torch::Tensor &x) {
  // CHECK-NOTES: :[[@LINE-1]]:46: note: the device is taken from parameter 'x'
    auto h = bn(conv(x)).mean({2, 3});
    auto pos = torch::arange(0, 3).to(torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto pos = torch::arange(0, 3, torch::device(x.device())).to(torch::kFloat);
    return fc(h + pos);
    // CHECK-NOTES: :[[@LINE-1]]:17: note: it meets a tensor on the device of 'x' in 'operator+'
  }
  // Data the code moved to the host meets the module.
  torch::Tensor score(const torch::Tensor &x) { return fc(x.cpu()); }
  // CHECK-MESSAGES: :[[@LINE-1]]:56: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'fc') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:59: note: placed on cpu here

  torch::nn::Linear fc{nullptr};
  // CHECK-NOTES: :[[@LINE-1]]:21: note: 'fc' may live on any device (wherever set-up put it)
  torch::nn::Conv2d conv{nullptr};
  torch::nn::BatchNorm2d bn{nullptr};
  torch::Tensor steps_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'steps_'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: the device is taken from member 'steps_'
  // CHECK-NOTES: :[[@LINE-3]]:17: note: the device is taken from member 'steps_'
  // CHECK-NOTES: :[[@LINE-4]]:17: note: the device is taken from member 'steps_'
};
TORCH_MODULE(Denoiser);

// A module moved to a device chosen by the caller.
torch::Tensor probe(torch::Device device) {
// CHECK-NOTES: :[[@LINE-1]]:35: note: the device is taken from parameter 'device'
  torch::nn::Linear head(3, 1);
  head->to(device);
  return head(torch::rand({2, 3}));
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: it meets a tensor on the device of 'device' in 'torch::nn::LinearImpl::forward'
  // CHECK-FIXES: return head(torch::rand({2, 3}, torch::device(device)));
}

// Negatives.
// A module made here and never moved lives on the CPU, as the data does.
torch::Tensor on_host() {
  torch::nn::Linear head(3, 1);
  return head(torch::rand({2, 3}));
}
// A module placed by a run-time choice: where the program chose to run.
torch::Tensor by_availability(torch::nn::Linear &net, const torch::Tensor &x) {
  if (torch::cuda::is_available())
    net->to(torch::kCUDA);
  return net->forward(x);
}
// Modules without parameters take data wherever it is.
struct ActImpl : torch::nn::Module {
  torch::nn::ReLU relu;
  torch::nn::Dropout drop;
  torch::Tensor forward(const torch::Tensor &x) {
    return relu(drop(torch::ones({2, 3})));
  }
};
TORCH_MODULE(Act);
// Data placed where the module is.
struct PlacedImpl : torch::nn::Module {
  PlacedImpl() { fc = register_module("fc", torch::nn::Linear(3, 3)); }
  torch::Tensor forward(const torch::Tensor &x) {
    auto z = torch::randn({4, 3}, x.options());
    return fc(z + x);
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Placed);

// Two heads run on the same data are on its device, together: joining their
// outputs gathers nothing from different devices.
struct HeadsImpl : torch::nn::Module {
  HeadsImpl() {
    rgb = register_module("rgb", torch::nn::Linear(4, 3));
    alpha = register_module("alpha", torch::nn::Linear(4, 1));
  }
  torch::Tensor forward(const torch::Tensor &h) {
    return torch::cat({rgb(h), alpha(h)}, -1);
  }
  torch::nn::Linear rgb{nullptr}, alpha{nullptr};
};
TORCH_MODULE(Heads);

// Heads run on data whose place is not known here: their outputs are where
// that data is, not tensors of the heads' own.
torch::Tensor encode(const torch::Tensor &x);
struct SplitHeadsImpl : torch::nn::Module {
  SplitHeadsImpl() {
    rgb = register_module("rgb", torch::nn::Linear(4, 3));
    alpha = register_module("alpha", torch::nn::Linear(4, 1));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto views = encode(x);
    return torch::cat({rgb(views), alpha(encode(views))}, -1);
  }
  torch::nn::Linear rgb{nullptr}, alpha{nullptr};
};
TORCH_MODULE(SplitHeads);
