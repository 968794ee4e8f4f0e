//===--- DeviceUsage.h - what code does with devices ------------*- C++ -*-===//
//
// Which backends a stretch of user code spells and whether it handles
// devices as values, and the one reader of device literals (kCUDA, "cuda:1")
// the flow, module moves and placements share. The findings ask it whether
// a class or a file is single-device by design (CUDA throughout), and
// whether a program runs on the CPU only.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_DEVICEUSAGE_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_DEVICEUSAGE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace clang::tidy::torch::device {

/// A torch::Device, a DeviceType, an optional device or a pointer to one.
bool holdsDeviceType(QualType T);

/// Whether \p Class has a member of such a type, or inherits one: a device
/// of its own.
bool holdsDeviceMember(const RecordDecl *Class);

/// An assertion (`TORCH_CHECK(x.is_cuda(), ...)`, `assert(...)`): an `if`
/// with no else whose branch never completes.
bool isAssertion(const IfStmt &If);

/// What a stretch of code does with devices, for the single-device rules.
struct DeviceUsage {
  /// Holds a device as a value (a torch::Device or DeviceType member,
  /// parameter or variable), asks where data lives (`y.to(x.device())`,
  /// `torch::zeros(n, x.options())`, `y.to(x)`, `y.type_as(x)`) or branches
  /// on a device (`if (x.is_cuda())`, `torch::cuda::is_available()`).
  bool HandlesDevices = false;
  /// Puts one of its own modules on CUDA (`net_->to(torch::kCUDA)`).
  bool OwnStateOnCuda = false;
  unsigned CudaPlacements = 0;
  llvm::StringSet<> Accelerators; ///< Every backend it spells, but the CPU.

  bool onlyCuda() const {
    return !HandlesDevices && Accelerators.size() == 1 &&
           Accelerators.contains("CUDA");
  }
};

/// Whether \p Var, a function's local device variable, only spells one
/// device the code names: initialised from constants (`torch::Device
/// device(torch::kCUDA, 0)`, `"cuda:0"`) and never assigned again. It is that
/// device under a name, not a device chosen at run time.
bool namesOneFixedDevice(const VarDecl *Var);

/// Adds what \p Fn (its parameters, its class's fields, its own statements)
/// does with devices to \p Usage.
void addDeviceUsage(const FunctionDecl *Fn, DeviceUsage &Usage);

/// The tensor whose device \p Call takes for its result: `x` in
/// `torch::zeros(n, x.options())`, `y.to(x.device())`, `y.to(x)` and
/// `y.type_as(x)`. Printing `x.device()` takes nothing. Null for any other
/// call.
const Expr *deviceSourceOf(const CallExpr &Call);

/// The local tensors (not references) \p Body takes a device from
/// (deviceSourceOf) or hands to a kernel launch: the code expects them
/// anywhere (or on the GPU the kernel runs on), and they can name the device
/// a fix follows.
llvm::DenseSet<const VarDecl *> localsAskedForDevice(const Stmt *Body);

/// The first call in \p Fn's own code that takes where data lives from a
/// tensor (`torch::zeros(n, x.options())`, `y.to(x.device())`, `y.to(x)`):
/// \p Fn follows its data's device. Options builders
/// (`torch::device(x.device())`, the spelling of the device-less factories'
/// fixes) do not count, nor calls for which \p Counts, when given, is false.
/// Null when it has none.
const CallExpr *deviceFollowingCall(
    const FunctionDecl *Fn,
    llvm::function_ref<bool(const CallExpr &)> Counts = nullptr);

/// Whether \p Fn (or a lambda in it) launches a CUDA kernel
/// (`kernel<<<grid, block>>>(...)`, `cudaLaunchKernel`), itself or by handing
/// memory to a launcher of the unit: it runs on CUDA only, by design.
bool launchesCudaKernels(const FunctionDecl *Fn);

/// What the translation unit's own code (the source file and the project
/// headers it includes, not libtorch) does with devices.
DeviceUsage unitDeviceUsage(ASTContext &Ctx);

/// The main file defines `main`, and neither it nor the project headers it
/// includes name a device other than the CPU: no CUDA (or other accelerator)
/// constant, no `.cuda()`, no `torch::cuda::` query, no device spelled in a
/// string or taken from one at run time. Such a program's tensors all live on
/// the CPU, so a tensor of its functions cannot be "on another device".
bool isHostOnlyProgram(ASTContext &Ctx);
/// What isHostOnlyProgram asks, of the unit's own code (its main file and
/// the user headers it includes) as one unit of a project: a project none of
/// whose units names a device, and one of which defines `main`, is a
/// host-only program as a whole.
struct OwnCodeDevices {
  bool NamesDevice = false;
  /// Known only when no device is named (the search stops at the first).
  bool DefinesMain = false;
};
OwnCodeDevices ownCodeDevices(ASTContext &Ctx);

} // namespace clang::tidy::torch::device

#endif
