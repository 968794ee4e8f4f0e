// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// CHECK-OPTION: torch-hardcoded-device.ReportSingleDeviceCode=true
// A single-device file (CUDA only, no device held, followed or asked for;
// see hardcoded-device-single-device.cpp) with ReportSingleDeviceCode: its
// CUDA placements are reported as in any device-neutral code.
#include <torch/torch.h>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl() {
    proj = register_module("proj", torch::nn::Linear(3, 4));
    proj->to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE+7]]:21: note: member 'proj' makes this code device-neutral; follow the device of the data it works with
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return proj->forward(x.cuda());
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE+2]]:21: note: member 'proj' makes this code device-neutral; follow the device of the data it works with
  }
  torch::nn::Linear proj{nullptr};
};

// A free helper of a file written for CUDA alone: reported under the option.
torch::Tensor encode(const torch::Tensor &position) {
  return torch::tanh(position).to(torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:35: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:43: note: the device is taken from parameter 'position'
}
