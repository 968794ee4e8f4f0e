// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// The fix follows the device of what the placed value meets, never of the
// tensor it was taken from: `.to(x.device())` on a piece of x moves nothing,
// and the CUDA run that needed the move would break.
#include <torch/torch.h>

// A piece of x fed to a module: nothing in scope but the module spells where
// it should go, so no fix; the note names the module.
void dump(torch::nn::Linear &model, const torch::Tensor &x) {
  auto out = model->forward(x.slice(0, 0, 4).cuda());
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:30: note: parameter 'model' makes this code device-neutral; follow the device of the data it works with
  // CHECK-FIXES: auto out = model->forward(x.slice(0, 0, 4).cuda());
  // CHECK-NOTES: :[[@LINE-4]]:21: note: the tensor it places may meet a tensor on the device of 'model' here, in 'torch::nn::LinearImpl::forward'
}
void dump_fresh(const torch::Tensor &x) {
  torch::nn::Linear model(3, 4);
  dump(model, x);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: a module on cpu reaches parameter 'model' through this call of 'dump'
}

// A view of x combined with y: follows y.
torch::Tensor shifted(const torch::Tensor &x, const torch::Tensor &y) {
  return y + x[0].view({-1}).cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: return y + x[0].view({-1}).to(y.device());
  // CHECK-NOTES: :[[@LINE-4]]:68: note: the device is taken from parameter 'y'
  // CHECK-NOTES: :[[@LINE-4]]:12: note: the tensor it places may meet a tensor on the device of 'y' here, in 'operator+'
}

// A device the caller chose wins over any tensor.
torch::Tensor staged(const torch::Tensor &x, torch::Device device) {
  return x.flatten().to(torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: return x.flatten().to(device);
  // CHECK-NOTES: :[[@LINE-4]]:60: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE-4]]:25: note: the tensor it places is returned from 'staged', for code whose data may be on another device
}

// The helpers above are called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  shifted(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:11: note: data on the device of 'device' reaches parameter 'x' through this call of 'shifted'
}

// Options kept in a local, rebuilt in place, then given to `x.to`: the fix
// follows the class's device, not x, which the options move.
struct Scorer {
  Scorer() {
    if (torch::cuda::is_available())
      device = torch::Device(torch::kCUDA);
    model->to(device);
  }
  torch::Tensor score(torch::Tensor x) {
    torch::TensorOptions options;
    options = options.device(torch::kCUDA).dtype(torch::kFloat32);
    // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-FIXES: options = options.device(device).dtype(torch::kFloat32);
    // CHECK-NOTES: :[[@LINE+6]]:17: note: the device is taken from member 'device'
    // CHECK-NOTES: :[[@LINE-4]]:30: note: the tensor it places is returned from 'score', for code whose data may be on another device
    x = x.to(options);
    return model->forward(x);
  }
  torch::nn::Linear model{3, 4};
  torch::Device device{torch::kCPU};
};
