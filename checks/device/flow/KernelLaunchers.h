//===--- KernelLaunchers.h - launchers of the unit --------------*- C++ -*-===//
//
// Extensions often launch a kernel in a small host function that takes raw
// pointers (`void launch_add(const float *a, float *out, int n) {
// add_kernel<<<g, b>>>(a, out, n); }`) and call it with a tensor's memory
// (`launch_add(x.data_ptr<float>(), out.data_ptr<float>(), n)`). The memory
// such a call hands over is the kernel's as much as a launch's own
// arguments: it must be on the GPU. The launchers are found in the unit's
// code, once per function, through launchers they call in turn.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_KERNELLAUNCHERS_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_KERNELLAUNCHERS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace clang::tidy::torch::device {

/// A parameter of a launcher whose memory reaches a kernel launch.
struct KernelHandoff {
  unsigned Param = 0;
  /// The launch the memory reaches, and the kernel it runs.
  const CallExpr *Launch = nullptr;
  std::string Kernel;
  /// The calls of launchers in between, outermost first (empty when the
  /// launcher launches the kernel itself).
  llvm::SmallVector<const CallExpr *, 2> Through;
};

/// What one call hands to one kernel launch: the launch's own arguments, or
/// a launcher's arguments for its handoff parameters.
struct KernelArguments {
  /// The launch: the call itself, or one inside the launcher it calls.
  const CallExpr *Launch = nullptr;
  std::string Kernel;
  /// For a launcher's call: that call, then the launchers in between.
  llvm::SmallVector<const CallExpr *, 2> Through;
  /// The arguments of the call whose memory the kernel is handed.
  llvm::SmallVector<const Expr *, 4> Arguments;
};

/// The unit's launchers, found once per function.
class KernelLaunchers {
public:
  /// The pointer and packed accessor parameters of \p Fn's definition whose
  /// memory it hands to a kernel launch, itself or through launchers it
  /// calls, whenever it is called: not a parameter it points elsewhere or
  /// copies to or from the host, nor a launch under a branch that chooses
  /// where the work runs (`if (on_cuda)`). Empty for any other function, for
  /// kernels themselves and for library code.
  llvm::SmallVector<KernelHandoff, 2> handoffsOf(const FunctionDecl *Fn);

  /// What \p Call hands to kernels, launch by launch: a launch's arguments
  /// (kernelLaunchOf), or those a launcher's call passes for its handoff
  /// parameters. Empty for any other call.
  std::vector<KernelArguments> argumentsOf(const CallExpr &Call);

private:
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<KernelHandoff, 2>>
      Found;
  /// The launchers being walked, one inside the other.
  llvm::SmallPtrSet<const FunctionDecl *, 4> Walking;
  /// The walk under way met a cut: its result is not the whole answer.
  bool Cut = false;
};

/// Whether \p Fn runs on the GPU: a kernel, or a device-only function.
bool isDeviceCode(const FunctionDecl *Fn);

/// The unit's launchers, from the current device model.
KernelLaunchers &unitKernelLaunchers();

/// Whether \p Arg is an argument whose memory \p Call hands to a kernel.
bool handsToKernel(const CallExpr &Call, const Expr *Arg);

} // namespace clang::tidy::torch::device

#endif
