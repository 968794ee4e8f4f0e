// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// One hard-coded CUDA placement in a file that otherwise spells no device is
// not a convention of CUDA-only code: it is the helper that assumes a GPU
// (seeds 002 and 004), and it is reported where a call in the file hands it
// a module that stays on the CPU.
#include <torch/torch.h>

#include <iostream>

void dump_logits(torch::nn::Linear &model, const torch::Tensor &x) {
  torch::NoGradGuard no_grad;
  auto logits = model->forward(x.slice(0, 0, 4).cuda());
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-4]]:37: note: parameter 'model' makes this code device-neutral; follow the device of the data it works with
  // CHECK-NOTES: :[[@LINE-3]]:24: note: the tensor it places may meet a tensor on the device of 'model' here, in 'torch::nn::LinearImpl::forward'
  std::cout << logits << "\n";
}

void show_first_logits(const torch::Tensor &x) {
  torch::nn::Linear model(3, 4);
  dump_logits(model, x);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: a module on cpu reaches parameter 'model' through this call of 'dump_logits'
}
