// CHECKS: torch-hardcoded-device,torch-mixed-device-op
// HEADERS: fast real real2
// A module's registered submodule moves with the module: where the module's
// constructor built it, on every path or only on some, says nothing of where
// it is in the module's methods. A tensor a method places on a fixed device
// meets it wherever the module goes, and the note says so; a submodule built
// on one path is not "on the CPU on that path" there (once reported as two
// path-dependent devices meeting).
#include <torch/torch.h>

struct ToneImpl : torch::nn::Module {
  ToneImpl() {
    table = register_parameter("table", torch::rand({1, 3, 1, 1}));
  }
  torch::Tensor forward(torch::Tensor image) {
    return torch::mul(image, table);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: 'forward' calls 'mul' here
  }
  torch::Tensor table;
};
TORCH_MODULE(Tone);

struct CameraImpl : torch::nn::Module {
  explicit CameraImpl(bool tone) {
    if (tone) {
      tone_net = Tone();
      register_module("tone_net", tone_net);
    }
  }
  torch::Tensor preview() {
    auto x = torch::ones({1, 3, 4, 4}, torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    if (tone_net)
      x = tone_net->forward(x);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: the tensor it places may meet a tensor on the device of 'tone_net' here, in 'mul'
    return x;
  }
  Tone tone_net = nullptr;
  // CHECK-NOTES: :[[@LINE-1]]:8: note: member 'tone_net' makes this code device-neutral; follow the device of the data it works with
};
