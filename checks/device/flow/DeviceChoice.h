//===--- DeviceChoice.h - devices chosen at run time ------------*- C++ -*-===//
//
// `if (cfg.use_gpu) t = t.cuda();`, `if (torch::cuda::is_available()) {
// net->to(torch::kCUDA); } else { net->to(torch::kCPU); }`: the program picks
// the device at run time, as `t.to(flag ? kCUDA : kCPU)` does in one
// expression. A placement under such a branch is a choice, not a hard-coded
// device, and a tensor moved there does not stay a CPU tensor by accident.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_DEVICECHOICE_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_DEVICECHOICE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"

namespace clang::tidy::torch::device {

/// The branch condition that makes \p S (inside a function body) run only
/// for one run-time device choice, if any.
struct DeviceChoiceGuard {
  const Expr *Condition = nullptr;
  /// For `if (x.is_cuda())`: the tensor x. `.cuda()` under it lands on the
  /// current CUDA device, not x's: still a hard-coded device, fixed by
  /// following x.
  const ValueDecl *CudaQueryOf = nullptr;
  /// True on the branch the program takes when it chose the CPU (the else
  /// of `if (cuda_available)`, the then of `if (!use_gpu)`), false on the
  /// accelerator's; none where the condition does not say which.
  std::optional<bool> OnCpu;
  /// For `if (d.type() != torch::kCPU)`, `if (d.is_cpu())`: d.
  const ValueDecl *TestedDevice = nullptr;
};

/// Whether \p Cond asks where code runs: a device query (`x.is_cuda()`,
/// `torch::cuda::is_available()`, `device_count()`, a comparison of devices
/// or device types), or a flag named for a device (`use_gpu`, `cfg.cuda`,
/// `on_device`), alone or under `!`, `&&`, `||`.
bool isDeviceChoiceCondition(const Expr *Cond);

/// The innermost `if`/`?:` whose branch (not condition) holds \p S and whose
/// condition is a device choice; std::nullopt when there is none below the
/// function body.
std::optional<DeviceChoiceGuard> deviceChoiceGuard(const Stmt *S,
                                                   ASTContext &Ctx);

/// Whether \p Move, a move to \p Device, is a run-time choice: it is under
/// a device choice, unless there the condition says \p Device is not the CPU
/// (`if (device.type() != torch::kCPU) net->to(device);` follows `device`
/// either way).
bool isChosenMove(const Stmt *Move, const Expr *Device, ASTContext &Ctx);

/// A condition that asks whether one value's device is an accelerator
/// (`d.is_cuda()`, `x.is_cuda()`, `x.device().is_cpu()`, under `!`).
struct AcceleratorQuery {
  const Expr *Subject = nullptr; ///< The device or tensor asked about.
  bool TrueMeansAccelerator = true;
};
std::optional<AcceleratorQuery> acceleratorQuery(const Expr *Cond);

/// A comparison with a device constant of one backend (`e == torch::kCUDA`,
/// `kCPU != e`): the side compared, \p e, and whether it holds where \p e
/// is that backend.
struct DeviceComparison {
  const Expr *Side = nullptr;
  bool Equal = true;
};
std::optional<DeviceComparison> comparisonWith(const Expr *Cond,
                                               llvm::StringRef Backend);

/// A comparison with the CPU (`e == torch::kCPU`, `kCPU != e`, `e.is_cpu()`).
std::optional<DeviceComparison> cpuComparison(const Expr *Cond);

/// The tensor variable (or optional tensor) a condition that holds says is
/// on the CPU (`x.is_cpu()`, `x.device() == kCPU`, `x.device().type() ==
/// kCPU`) or on CUDA (`x.is_cuda()`, the same comparisons with kCUDA).
struct AssertedPlace {
  const ValueDecl *Tensor = nullptr;
  bool OnCpu = true;
};
std::optional<AssertedPlace> assertedPlace(const Expr *Holds);

/// A condition that tests whether a device variable is the CPU
/// (`d == torch::kCPU`, `d.type() != torch::kCPU`, `d.is_cpu()`, under `!`):
/// the variable, and whether the true branch is the one where it is.
struct CpuDeviceTest {
  const ValueDecl *Device = nullptr;
  bool TrueMeansCpu = true;
};
std::optional<CpuDeviceTest> cpuDeviceTest(const Expr *Cond);

/// The condition ending \p Pred, and whether the edge to \p Succ is taken
/// when it is true; none where \p Pred does not branch two ways to \p Succ.
struct BranchEdge {
  const Expr *Cond = nullptr;
  bool TakenIfTrue = true;
};
std::optional<BranchEdge> branchEdge(const CFGBlock *Pred,
                                     const CFGBlock *Succ);

/// The device variable the condition ending \p Pred says is the CPU on the
/// edge to \p Succ (the else of `if (device.type() != torch::kCPU)`).
const ValueDecl *cpuDeviceOnEdge(const CFGBlock *Pred, const CFGBlock *Succ);

} // namespace clang::tidy::torch::device

#endif
