//===--- KernelLaunches.h - how a function launches CUDA kernels -*- C++
//-*-===//
//
// What the extension checks ask of a `kernel<<<grid, block, shared,
// stream>>>(...)` launch: which function's code makes it, whether its error
// is read before it could be lost, which stream it runs on, and whether it
// is handed the memory of PyTorch's tensors. The kernels' own bodies are not
// analysed: a launch is the boundary.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_KERNELLAUNCHES_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_KERNELLAUNCHES_H

#include "device/functions/UnitCallers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class CFG;
class CFGBlock;
} // namespace clang

namespace clang::tidy::torch::device {

/// A kernel launch that \p Holder's body makes.
struct KernelLaunchSite {
  const CUDAKernelCallExpr *Launch = nullptr;
  /// The function whose body holds the launch: the analysed function, or a
  /// lambda it calls in place (AT_DISPATCH_*).
  const FunctionDecl *Holder = nullptr;
};

/// Calls \p Visit on each statement \p Fn's own code runs where it is
/// written (forEachOwnStmt), and on those of the lambdas it calls in place
/// (inPlaceCallOf), at any depth, each with the function whose body holds it.
void forEachStmtRunInPlace(
    const FunctionDecl *Fn, ASTContext &Ctx,
    llvm::function_ref<void(const Stmt &, const FunctionDecl *Holder)> Visit);

/// The launches \p Fn's own code makes, in source order: those in its body
/// and in the lambdas its body calls in place, at any depth. A lambda kept
/// to be called later is a function of its own, and so is one \p Fn's
/// enclosing function calls in place (its launches are that function's):
/// none for such a lambda's call operator, nor for a kernel's own body.
std::vector<KernelLaunchSite> ownKernelLaunches(const FunctionDecl *Fn,
                                                ASTContext &Ctx);

/// The tensor whose memory \p Launch is handed, directly (`t.data_ptr<T>()`,
/// an accessor, a local pointer into one) or, for a pointer parameter of its
/// holder, by a call of the holder written in the unit; null when none is
/// (a kernel on the program's own buffers).
const Expr *tensorHandedTo(const KernelLaunchSite &Site, ASTContext &Ctx);

/// Which stream a launch names in its configuration.
struct LaunchStream {
  enum Kind {
    Named,   ///< A stream the code chose (PyTorch's current one, its own).
    Omitted, ///< `<<<grid, block>>>`, `<<<grid, block, shared>>>`.
    Default, ///< `0`, `nullptr`, `NULL`, `cudaStreamLegacy`.
  } Which = Named;
  /// The written stream argument, for Default.
  const Expr *Written = nullptr;
};
LaunchStream streamOf(const CUDAKernelCallExpr *Launch, ASTContext &Ctx);

/// The first call in \p Fn's own code (in-place lambdas included) that
/// queues work on the legacy default stream other than by a launch:
/// `cudaMemcpy`, `cudaMemset`, an `...Async` one given no stream. Null when
/// there is none.
const CallExpr *defaultStreamMemoryWork(const FunctionDecl *Fn,
                                        ASTContext &Ctx);

/// Where text of \p Loc can be edited: \p Loc itself in the file, or where
/// a macro's argument was written (the launch in `AT_DISPATCH_*(...,
/// [&] { ... })`); invalid inside a macro's own body.
SourceLocation editableLoc(SourceLocation Loc, const SourceManager &SM);

/// Whether the unit declares \p Name in PyTorch's `c10::cuda::` (which
/// `at::cuda::` names too): a fix that uses it needs no #include then.
bool declaresInC10Cuda(ASTContext &Ctx, StringRef Name);

/// Whether a property of the code holds where \p Point runs, in \p Holder,
/// or on the way out of it: after the call that runs a lambda where it is
/// written (inPlaceCallOf), and after every call of a function that the
/// unit holds (all must). \p HoldsIn answers within one function; \p
/// Uncalled for a function the unit never calls (nor is a lambda); beyond
/// \p MaxDepth functions, it holds (nothing is claimed there).
bool holdsOnTheWayOut(
    const Stmt *Point, const FunctionDecl *Holder,
    llvm::function_ref<bool(const Stmt *, const FunctionDecl *)> HoldsIn,
    llvm::function_ref<bool(const FunctionDecl *)> Uncalled, ASTContext &Ctx,
    unsigned MaxDepth);

/// The control-flow graphs of the bodies the extension checks walk, each
/// built once, with where each statement runs in it.
class BodyGraphs {
public:
  explicit BodyGraphs(ASTContext &Ctx);
  ~BodyGraphs();

  struct Element {
    const CFGBlock *Block = nullptr;
    unsigned Index = 0;
  };
  /// The graph of \p Holder's body; null where clang builds none.
  const CFG *graphOf(const FunctionDecl *Holder);
  /// The element of \p Holder's graph that runs \p Point: its own, or that
  /// of the nearest enclosing statement the graph places. None when the
  /// graph places neither.
  std::optional<Element> elementOf(const Stmt *Point,
                                   const FunctionDecl *Holder);

private:
  struct Graph;
  ASTContext &Ctx;
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<Graph>> Graphs;
};

/// Whether a path through \p Block ends the program or unwinds (a noreturn
/// call, a throw): it does not go on to the code after it.
bool abandonsFunction(const CFGBlock &Block);

/// Whether a launch's error is read before it could be lost: on every path
/// from the launch to where its function returns (paths that throw or end
/// the program aside), a call reads the error: `cudaGetLastError()`,
/// `cudaPeekAtLastError()` (what `C10_CUDA_KERNEL_LAUNCH_CHECK()` and
/// `AT_CUDA_CHECK(cudaGetLastError())` expand to), or a function of the
/// program that calls one of them. A path that returns from a lambda called
/// in place continues after its call; one that returns from a function the
/// unit calls continues after each of those calls (every one must check).
class LaunchErrorChecks {
public:
  explicit LaunchErrorChecks(ASTContext &Ctx);
  ~LaunchErrorChecks();

  bool isChecked(const KernelLaunchSite &Site);

private:
  bool everyPathReads(const Stmt *Point, const FunctionDecl *Holder);
  bool readsLaunchError(const Stmt *S);

  ASTContext &Ctx;
  BodyGraphs Bodies;
  /// Whether a function of the program reads the launch error, by body.
  llvm::DenseMap<const FunctionDecl *, bool> Readers;
};

} // namespace clang::tidy::torch::device

#endif
