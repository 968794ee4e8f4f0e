// CHECKS: torch-mixed-device-op
// HEADERS: real2
// (PyTorch 2.x: an optional tensor is a std::optional there.)
// A CPU kernel with optional bounds asserts each bound it is given to be on
// the CPU: the assertion on the optional's tensor places the optional, so
// what the code takes from it later is on the CPU too.
#include <torch/torch.h>

#define CHECK_CPU(x) AT_ASSERTM(x.device().is_cpu(), #x " must be CPU tensor")

torch::Tensor voxel_ids(torch::Tensor pts, torch::Tensor cell,
                        std::optional<torch::Tensor> lo_opt,
                        std::optional<torch::Tensor> hi_opt) {
  CHECK_CPU(pts);
  CHECK_CPU(cell);
  if (lo_opt.has_value())
    CHECK_CPU(lo_opt.value());
  if (hi_opt.has_value())
    CHECK_CPU(hi_opt.value());
  pts = pts.view({pts.size(0), -1});
  if (!lo_opt.has_value())
    lo_opt = std::get<0>(pts.min(0));
  if (!hi_opt.has_value())
    hi_opt = std::get<0>(pts.max(0));
  auto lo = lo_opt.value();
  auto hi = hi_opt.value();
  pts = pts - lo.unsqueeze(0);
  auto counts = (hi - lo).true_divide(cell).toType(torch::kLong) + 1;
  counts = counts.cumprod(0);
  counts = torch::cat({torch::ones({1}, counts.options()), counts}, 0);
  auto ids = pts.true_divide(cell.view({1, -1})).toType(torch::kLong);
  ids *= counts.view({1, -1});
  return ids.sum(1);
}

// The upper bound is never checked: given on another device, it meets the
// CPU data.
torch::Tensor voxel_ids_unchecked(torch::Tensor pts, torch::Tensor cell,
                                  std::optional<torch::Tensor> lo_opt,
                                  std::optional<torch::Tensor> hi_opt) {
  CHECK_CPU(pts);
  CHECK_CPU(cell);
  if (lo_opt.has_value())
    CHECK_CPU(lo_opt.value());
  pts = pts.view({pts.size(0), -1});
  if (!lo_opt.has_value())
    lo_opt = std::get<0>(pts.min(0));
  if (!hi_opt.has_value())
    hi_opt = std::get<0>(pts.max(0));
  auto lo = lo_opt.value();
  auto hi = hi_opt.value();
  pts = pts - lo.unsqueeze(0);
  auto counts = (hi - lo).true_divide(cell).toType(torch::kLong) + 1;
  counts = counts.cumprod(0);
  counts = torch::cat({torch::ones({1}, counts.options()), counts}, 0);
  auto ids = pts.true_divide(cell.view({1, -1})).toType(torch::kLong);
  ids *= counts.view({1, -1});
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: operands of 'Tensor::operator*=' may be on different devices (cpu and the device of 'hi_opt') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-18]]:3: note: asserted to be on cpu here
  // CHECK-NOTES: :[[@LINE-51]]:22: note: expanded from macro 'CHECK_CPU'
  // CHECK-NOTES: :[[@LINE-21]]:64: note: 'hi_opt' may live on any device (wherever the caller put it)
  return ids.sum(1);
}
