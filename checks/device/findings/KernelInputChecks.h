//===--- KernelInputChecks.h - entry points' checks of their inputs -*- C++
//-*-===//
//
// A function bound for Python or the dispatcher's every-device kernel is
// called with tensors from anywhere. Where one of its tensor parameters
// reaches a kernel launch (its `data_ptr`, an accessor, a tensor made from
// it) on a path with no check that it is on CUDA, a CPU tensor hands the
// kernel host memory: an illegal memory access far from the cause.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_KERNELINPUTCHECKS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_KERNELINPUTCHECKS_H

#include "device/findings/KernelLaunches.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::torch::device {

/// A tensor parameter that reaches a kernel launch unchecked.
struct UncheckedKernelInput {
  const ParmVarDecl *Param = nullptr;
  /// The kernel, as diagnostics name it.
  std::string Kernel;
  /// The tensor whose memory the launch is handed, made from \p Param.
  const Expr *Handed = nullptr;
  /// The call of a launcher taking raw pointers that hands that memory to
  /// the kernel (KernelLaunchers); null when a launch is handed it directly.
  const CallExpr *Launcher = nullptr;
  /// For a function another unit defines, handed the tensor (or its memory)
  /// for its parameter ElsewhereParam: the call. Whether it reaches a kernel
  /// there is for a driver that sees that unit to say (Kernel is empty).
  const CallExpr *Elsewhere = nullptr;
  unsigned ElsewhereParam = 0;
  /// The calls of the unit's functions that lead there, the outermost first;
  /// empty when the entry point launches the kernel itself.
  llvm::SmallVector<const CallExpr *, 2> Through;
};

class KernelInputChecks {
public:
  explicit KernelInputChecks(ASTContext &Ctx);

  /// For each tensor parameter of \p Fn, the first kernel launch it reaches
  /// on a path from \p Fn's entry with no check that it is on CUDA: a
  /// branch that only goes on for a CUDA tensor (`TORCH_CHECK(x.is_cuda())`,
  /// `x.device().is_cuda()`, `x.device().type() == kCUDA`, `!x.is_cpu()`,
  /// macros that expand to them, `if (x.is_cuda()) ... else ...`), a call
  /// of the unit's function that checks its parameter so, or a CUDA device
  /// guard for its device (`OptionalCUDAGuard g(device_of(x))`, which
  /// throws for a CPU tensor). Launches in
  /// lambdas called in place and in the unit's functions \p Fn calls with
  /// the tensor count, a few calls deep, and so do calls of the unit's
  /// launchers taking raw pointers that hand them its memory. Failing those,
  /// a call of a function another unit defines that is handed the tensor or
  /// its memory (and no other function of another unit, which might check
  /// it) is a latent reach (Elsewhere).
  std::vector<UncheckedKernelInput> uncheckedInputs(const FunctionDecl *Fn);

private:
  std::optional<UncheckedKernelInput>
  reach(const FunctionDecl *Fn, const ParmVarDecl *Param, unsigned Depth);
  /// reach() through the calls \p Calls of the unit's functions.
  std::optional<UncheckedKernelInput> reachThroughCallees(
      const FunctionDecl *Fn, const ParmVarDecl *Param,
      llvm::ArrayRef<std::pair<const CallExpr *, const FunctionDecl *>> Calls,
      unsigned Depth);
  /// reach()'s latent answer: the call among \p Calls of the one function of
  /// another unit handed the tensor, unchecked there.
  std::optional<UncheckedKernelInput> reachElsewhere(
      const FunctionDecl *Fn, const ParmVarDecl *Param,
      llvm::ArrayRef<std::pair<const CallExpr *, const FunctionDecl *>> Calls);
  /// Whether \p Point, in \p Holder (\p Fn or a lambda it calls in place),
  /// runs on some path from \p Fn's entry with \p Param unchecked.
  bool uncheckedAt(const Stmt *Point, const FunctionDecl *Holder,
                   const FunctionDecl *Fn, const ParmVarDecl *Param);
  /// The same within \p Holder's own body, from its entry.
  bool reachableUnchecked(const Stmt *Point, const FunctionDecl *Holder,
                          const ParmVarDecl *Param);
  /// Whether a path from the entry of \p Holder's graph reaches \p Target
  /// (its normal exit when none) through no branch taken only for a CUDA
  /// \p Param, checking call (followed \p Depth calls deep) or CUDA guard.
  bool reachesUnchecked(const FunctionDecl *Holder,
                        std::optional<BodyGraphs::Element> Target,
                        const ParmVarDecl *Param, unsigned Depth);
  /// Whether \p S calls a function of the unit that checks, on every path
  /// through it, that the argument it passes made from \p Param is on CUDA.
  bool callChecks(const Stmt *S, const ParmVarDecl *Param, unsigned Depth);
  bool checksParameter(const FunctionDecl *Callee, const ParmVarDecl *Own,
                       unsigned Depth);

  ASTContext &Ctx;
  BodyGraphs Bodies;
  llvm::DenseMap<std::pair<const FunctionDecl *, const ParmVarDecl *>, bool>
      Checkers;
};

} // namespace clang::tidy::torch::device

#endif
