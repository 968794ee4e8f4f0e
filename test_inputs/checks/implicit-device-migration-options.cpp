// CHECKS: torch-implicit-device-migration
// HEADERS: fast real real2
// CHECK-OPTION: torch-implicit-device-migration.ForwardMethods=forward;step
// CHECK-OPTION: torch-implicit-device-migration.AllowedNames=running_.*;cache
#include <torch/torch.h>

struct AgentImpl : torch::nn::Module {
  torch::Tensor running_mean, cache, weights;

  // `step` is a forward method by the option.
  torch::Tensor step(const torch::Tensor &obs) {
    auto w = weights.to(obs.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'weights' is moved to the device of input 'obs' on every call of 'step'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-3]]:43: note: input 'obs' whose device is followed
    // Allowed by name (a regex and a plain name).
    auto r = running_mean.to(obs.device());
    auto c = cache.to(obs.device());
    return obs * w + r + c;
  }

  // operator() is no longer a forward method: moving the input to the
  // state's device is not judged there; state following the data it
  // computes with is, as in any method.
  torch::Tensor operator()(const torch::Tensor &obs) {
    auto x = obs.to(weights.device());
    auto w = weights.to(obs.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'weights' is moved to the device of input 'obs' on every call of 'operator()'; place it on its device once, at set-up [torch-implicit-device-migration]
    // CHECK-NOTES: :[[@LINE-4]]:49: note: input 'obs' whose device is followed
    return x * w;
  }
};
