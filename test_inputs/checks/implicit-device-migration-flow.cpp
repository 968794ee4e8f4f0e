// CHECKS: torch-implicit-device-migration
// HEADERS: fast real real2
// CHECK-OPTION: torch-implicit-device-migration.ReportInputMoves=true
// Which input a move follows is asked of the device model at the move, not
// read from a local's initializer: a device local assigned again follows its
// last assignment on every path, and a view of the input is the input.
#include <torch/torch.h>

struct Scale : torch::nn::Module {
  torch::Tensor scale_ = torch::ones({4});
  torch::Device device_{torch::kCPU};

  // The local is set from the input after its declaration.
  torch::Tensor forward(const torch::Tensor &x) {
    torch::Device d = torch::kCPU;
    d = x.device();
    auto s = scale_.to(d);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'scale_' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-5]]:46: note: input 'x' whose device is followed
    return x * s;
  }

  // Negative: the local starts as the input's device but is replaced by the
  // module's own before the move.
  torch::Tensor rescale(const torch::Tensor &x) {
    auto d = x.device();
    d = device_;
    auto s = scale_.to(d);
    return x * s;
  }
};

struct Center : torch::nn::Module {
  torch::Tensor mean_ = torch::zeros({4});

  // A view of the input moved to the state's device is the input moved.
  torch::Tensor forward(const torch::Tensor &input) {
    auto flat = input.flatten(1);
    auto moved = flat.to(mean_.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: input 'flat' is moved to the device of 'mean_' on every call of 'forward'; a misplaced input is silently copied instead of failing: leave placing the data to the caller [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-7]]:17: note: 'mean_' whose device is followed
    return moved - mean_;
  }
};
