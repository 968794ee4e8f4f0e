// CHECKS: torch-implicit-device-migration
// HEADERS: fast real real2
// CHECK-OPTION: torch-implicit-device-migration.ReportInputMoves=true
#include <torch/torch.h>

#include <vector>

// Seed 001: running statistics silently follow the input's device on every
// call instead of being placed once, at set-up.
struct RunningMeanStdImpl : torch::nn::Module {
  RunningMeanStdImpl() {
    mean_ = register_buffer("mean", torch::zeros({4}));
    var_ = register_buffer("var", torch::ones({4}));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    if (x.device() != mean_.device())
      mean_ = mean_.to(x.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 'mean_' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    update(x);
    return normalize(x);
  }

  // Reached from forward through a call on `this`.
  void update(const torch::Tensor &batch) {
    var_ = var_.to(batch.options());
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'var_' is moved to the device of input 'batch' on every call of 'update' (reached from 'forward'); place it on its device once, at set-up [torch-implicit-device-migration]
    mean_.mul_(0.9).add_(batch.mean(0) * 0.1);
  }

  torch::Tensor normalize(const torch::Tensor &input) {
    auto m = mean_.type_as(input);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mean_' is moved to the device of input 'input' on every call of 'normalize' (reached from 'forward'); place it on its device once, at set-up [torch-implicit-device-migration]
    auto v = var_.to(input);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'var_' is moved to the device of input 'input' on every call of 'normalize' (reached from 'forward'); place it on its device once, at set-up [torch-implicit-device-migration]
    return (input - m) / v.sqrt();
  }

  torch::Tensor mean_, var_;
};
TORCH_MODULE(RunningMeanStd);
// CHECK-NOTES: :[[@LINE-26]]:46: note: input 'x' whose device is followed
// CHECK-NOTES: :[[@LINE-18]]:36: note: input 'batch' whose device is followed
// CHECK-NOTES: :[[@LINE-13]]:48: note: input 'input' whose device is followed
// CHECK-NOTES: :[[@LINE-14]]:48: note: input 'input' whose device is followed
// The moved copies replace the registered buffers in the members only.
// CHECK-NOTES: :[[@LINE-8]]:17: note: 'mean_' was registered with the module; the copy replaces it in the member only, so the module saves, loads and moves the old tensor
// CHECK-NOTES: :[[@LINE-9]]:24: note: 'var_' was registered with the module; the copy replaces it in the member only, so the module saves, loads and moves the old tensor

// The other direction: inside forward, the input silently follows the state
// (a misplaced input is copied on every call instead of failing).
struct RunningNormImpl : torch::nn::Module {
  explicit RunningNormImpl(torch::Device device) : device_(device) {}
  torch::Tensor forward(const torch::Tensor &input) {
    auto x = input.to(mean_.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: input 'input' is moved to the device of 'mean_' on every call of 'forward'; a misplaced input is silently copied instead of failing: leave placing the data to the caller [torch-implicit-device-migration]
    auto y = input.type_as(var_);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: input 'input' is moved to the device of 'var_' on every call of 'forward'; a misplaced input is silently copied instead of failing: leave placing the data to the caller [torch-implicit-device-migration]
    auto z = input.contiguous().to(device_);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: input 'input' is moved to the device of 'device_' on every call of 'forward'; a misplaced input is silently copied instead of failing: leave placing the data to the caller [torch-implicit-device-migration]
    auto h = input.view({-1, 4});
    auto w = h.to(var_.options());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: input 'h' is moved to the device of 'var_' on every call of 'forward'; a misplaced input is silently copied instead of failing: leave placing the data to the caller [torch-implicit-device-migration]
    return (x - mean_) / var_ + y + z + w;
  }
  torch::Device device_;
  torch::Tensor mean_, var_;
};
// CHECK-NOTES: :[[@LINE-3]]:17: note: 'device_' whose device is followed
// CHECK-NOTES: :[[@LINE-3]]:17: note: 'mean_' whose device is followed
// CHECK-NOTES: :[[@LINE-4]]:24: note: 'var_' whose device is followed
// CHECK-NOTES: :[[@LINE-5]]:24: note: 'var_' whose device is followed

// The module itself and a submodule migrated from forward; a device local
// derived from the input is followed to the input.
struct PolicyImpl : torch::nn::Module {
  torch::nn::Linear head{nullptr};
  torch::Tensor scale;

  torch::Tensor forward(torch::Tensor obs) {
    this->to(obs.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the module is moved to the device of input 'obs' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    head->to(obs.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'head' is moved to the device of input 'obs' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    const auto device = obs.device();
    auto s = scale.to(device, torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'scale' is moved to the device of input 'obs' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    // A view or copy of state, an element of a state list: still state.
    auto h = hidden.detach().to(obs.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'hidden' is moved to the device of input 'obs' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    for (size_t i = 0; i < memory.size(); ++i)
      memory[i] = memory[i].to(obs.device());
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'memory' is moved to the device of input 'obs' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    return head->forward(obs) * s + h + memory[0];
  }
  torch::Tensor hidden;
  std::vector<torch::Tensor> memory;
};
// CHECK-NOTES: :[[@LINE-19]]:39: note: input 'obs' whose device is followed
// CHECK-NOTES: :[[@LINE-20]]:39: note: input 'obs' whose device is followed
// CHECK-NOTES: :[[@LINE-21]]:39: note: input 'obs' whose device is followed
// CHECK-NOTES: :[[@LINE-22]]:39: note: input 'obs' whose device is followed
// CHECK-NOTES: :[[@LINE-23]]:39: note: input 'obs' whose device is followed

// The module's registered tensors migrated by hand, one by one.
struct LazyImpl : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  torch::Tensor forward(const torch::Tensor &x) {
    for (auto &p : parameters())
      p.set_data(p.to(x.device()));
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: the module's parameters are moved to the device of input 'x' on every call of 'forward'; place them on their device once, at set-up [torch-implicit-device-migration]
    return fc->forward(x);
  }
};
// CHECK-NOTES: :[[@LINE-7]]:46: note: input 'x' whose device is followed

// operator() counts as a forward method, also for a plain class holding
// state, and a lambda inside it still belongs to it.
class Normalizer {
public:
  torch::Tensor operator()(const torch::Tensor &x) {
    auto apply = [&](const torch::Tensor &t) {
      auto shift = shift_.to(x.options());
      // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 'shift_' is moved to the device of input 'x' on every call of 'operator()'; place it on its device once, at set-up [torch-implicit-device-migration]
      return t - shift;
    };
    return apply(x);
  }

private:
  torch::Tensor shift_ = torch::zeros({1});
};
// CHECK-NOTES: :[[@LINE-12]]:49: note: input 'x' whose device is followed

// A class template: analysed once, in its definition.
template <typename T> struct ScaleImpl : torch::nn::Module {
  torch::Tensor w;
  T factor{};
  torch::Tensor forward(const torch::Tensor &x) {
    return x * w.to(x.device()) * factor;
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'w' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
  }
};
template struct ScaleImpl<float>;
template struct ScaleImpl<double>;
// CHECK-NOTES: :[[@LINE-7]]:46: note: input 'x' whose device is followed

// Inside a macro: reported where the macro is used.
#define FOLLOW(state, input) state.to((input).device())
struct MacroImpl : torch::nn::Module {
  torch::Tensor bias;
  torch::Tensor forward(const torch::Tensor &x) {
    auto b = FOLLOW(bias, x);
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'bias' is moved to the device of input 'x' on every call of 'forward'; place it on its device once, at set-up [torch-implicit-device-migration]
    return x + b;
  }
};
// CHECK-NOTES: :[[@LINE-6]]:46: note: input 'x' whose device is followed
