// CHECKS: torch-hardcoded-device
// CHECK-OPTION: torch-hardcoded-device.RulesFile={test_inputs}/rules/mylib-ops.yaml
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// A project's own strict op (from its RulesFile) decides host work as a
// libtorch op does: a move to the CPU that makes the op meet host-made data
// is deliberate.
#include <torch/torch.h>

namespace mylib {
torch::Tensor lookup(const torch::Tensor &table, const torch::Tensor &keys);
}

// The table is made on the host here, so the keys must be there too.
torch::Tensor lookup_on_host(const torch::Tensor &keys) {
  auto table = torch::arange(16);
  return mylib::lookup(table, keys.cpu());
}

// The table comes from the caller: the keys should follow it.
torch::Tensor lookup_in(const torch::Tensor &table, const torch::Tensor &keys) {
  return mylib::lookup(table, keys.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:46: note: the device is taken from parameter 'table'
  // CHECK-FIXES: return mylib::lookup(table, keys.to(table.device()));
  // CHECK-NOTES: :[[@LINE-4]]:10: note: the tensor it places may meet a tensor on the device of 'table' here, in 'mylib::lookup'
}

// The helper above is called with data placed by a run-time device choice.
void run_on(torch::Device device) {
  auto t = torch::ones({16}, device);
  lookup_in(t, t);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on the device of 'device' reaches parameter 'table' through this call of 'lookup_in'
}
