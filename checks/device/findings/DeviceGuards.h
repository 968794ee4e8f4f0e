//===--- DeviceGuards.h - which GPU a launch runs on ------------*- C++ -*-===//
//
// A kernel runs on the current CUDA device, not on the device of the tensors
// it is handed: unless a device guard (`at::cuda::OptionalCUDAGuard
// guard(device_of(x))`) or `cudaSetDevice` makes their device current, a
// launch on tensors on cuda:1 runs on cuda:0. Guards are scoped objects, so
// one is active where it was declared earlier in an enclosing block.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_DEVICEGUARDS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_DEVICEGUARDS_H

#include "device/findings/KernelLaunches.h"

#include "clang/AST/ASTContext.h"

namespace clang::tidy::torch::device {

/// Where a device guard would cover a function's launches: before
/// \p Before, a statement of the block \p Block of the function itself.
struct GuardPlace {
  const CompoundStmt *Block = nullptr;
  const Stmt *Before = nullptr;
};

class DeviceGuards {
public:
  explicit DeviceGuards(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Whether a device guard is active where \p Site's launch runs: in an
  /// enclosing block of its function, around the in-place call of the lambda
  /// that holds it, or around every call of its launcher that the unit holds.
  /// A launcher the unit neither calls nor binds (for Python, the
  /// dispatcher) counts as guarded: its callers are elsewhere.
  bool isGuarded(const KernelLaunchSite &Site);

  /// The place in \p Fn, before the first of \p Launches, whose block holds
  /// them all: a guard declared there covers each. None when a launch is the
  /// body of an unbraced statement.
  std::optional<GuardPlace> placeFor(const FunctionDecl *Fn,
                                     llvm::ArrayRef<KernelLaunchSite> Launches);

private:
  /// Whether a guard declared earlier in a block around \p Point, in its
  /// own function, is active there.
  bool guardedInBlocks(const Stmt *Point);

  ASTContext &Ctx;
};

/// Whether \p S, a statement of a block, sets the current device for the
/// statements after it: it declares a device guard of c10's (`CUDAGuard`,
/// `OptionalCUDAGuard`, `DeviceGuard`, a stream guard, which sets the stream's
/// device too) or calls `cudaSetDevice` or `c10::cuda::set_device`.
bool setsCurrentDevice(const Stmt &S);

} // namespace clang::tidy::torch::device

#endif
