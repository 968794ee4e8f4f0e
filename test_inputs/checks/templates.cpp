// CHECKS: torch-*
// HEADERS: fast real real2
// Templates are analysed through their instantiations in the file: a call
// on a dependent tensor has a type only there. Each defect is reported once,
// at the template's own spelling, however many instantiations share it.
#include <torch/torch.h>

// One instantiation: its fix is the fix of the template.
template <typename T> void halve(T t) {
  t.to(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(torch::kHalf);
}

// Two instantiations, one of them a const reference that `t = ` would not
// compile for: reported once, the fix only on a note.
template <typename T> void widen(T &&t) {
  t.to(torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: suggested fix; this template is instantiated for other types too, so '--fix' leaves it to you
}

// A factory that meets a dependent parameter.
template <typename T> T scaled(const T &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-4]]:41: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}

// A hard-coded device on a dependent tensor.
template <typename T> T pinned(const T &x) {
  return x.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:41: note: parameter 'x' makes this code device-neutral; follow the device of the data it works with
  // CHECK-NOTES: :[[@LINE-3]]:12: note: the tensor it places is returned from 'pinned', for code whose data may be on another device
}

// A member function template.
struct Caster {
  template <typename T> void cast(T t) { t.to(torch::kFloat); }
  // CHECK-MESSAGES: :[[@LINE-1]]:42: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: template <typename T> void cast(T t) { t = t.to(torch::kFloat); }
};

// A module template's methods, instantiated twice: reported once.
template <int Width> struct Table : torch::nn::Module {
  torch::Tensor rows;
  torch::Tensor shifted() {
    auto offset = torch::zeros({Width});
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:19: note: suggested fix; this template is instantiated for other types too, so '--fix' leaves it to you
    // CHECK-NOTES: :[[@LINE+2]]:17: note: it meets a tensor on the device of 'rows' in 'operator+'
    // CHECK-NOTES: :[[@LINE-6]]:17: note: the device is taken from member 'rows'
    return rows + offset;
  }
};

// Negatives: a template never instantiated has no types to judge; one whose
// instantiation is not a tensor is not tensor code; a factory given the
// device of its dependent input is right.
template <typename T> void neverUsed(T t) { t.to(torch::kHalf); }

struct Celsius {
  double value = 0;
  Celsius to(int) const { return *this; }
};
template <typename T> void convert(T t) { t.to(1); }

template <typename T> T placed(const T &x) {
  return x * torch::ones({3}, x.options());
}

void use(torch::Tensor a, const torch::Tensor &b) {
  halve(a);
  widen(a);
  widen(b);
  scaled(b);
  pinned(b);
  Caster().cast(a);
  Table<2>().shifted();
  Table<4>().shifted();
  convert(Celsius{});
  placed(a);
}

// The code above is called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  use(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: data on the device of 'device' reaches parameter 'b' through this call of 'use'
  // CHECK-NOTES: :[[@LINE-2]]:10: note: data on the device of 'device' reaches parameter 'b' through this call of 'use'
}
