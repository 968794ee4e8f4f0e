//===--- LoadWithoutDeviceCheck.h - torch-load-without-device ---*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_LOADWITHOUTDEVICECHECK_H
#define TORCHLINT_CHECKS_LOADWITHOUTDEVICECHECK_H

#include "device/findings/CheckpointLoads.h"
#include "utils/FunctionBodyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torch {

/// Flags checkpoint loads that leave tensors on the device they were saved
/// from instead of the device the code uses (CheckpointLoads.h finds them):
/// - torch::load(module, path), or InputArchive::load_from(path) applied
///   with `module->load(archive)`, without a device after module->to(device)
///   (the load puts the parameters back where they were saved), before the
///   module is used with device tensors, or before it replaces a member on
///   a device;
/// - the same loads of an optimizer in device-aware code, or beside such a
///   module load (the state never follows the parameters);
/// - torch::jit::load(path) without a device where a device is in scope or
///   the module is used on one, unless it is moved with .to() afterwards;
/// - torch::optim::Adagrad constructed before its module's ->to(device)
///   (Adagrad creates its state in the constructor).
///
/// For the user-facing documentation see
/// docs/checks/torch-load-without-device.md.
class LoadWithoutDeviceCheck : public FunctionBodyCheck {
public:
  LoadWithoutDeviceCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  void diagModuleLoad(const device::LoadFinding &Found, ASTContext &Ctx);
  void diagOptimizerLoad(const device::LoadFinding &Found, ASTContext &Ctx);
  void diagJitLoad(const device::LoadFinding &Found);
  void diagAdagrad(const device::AdagradBeforeMove &Found);

  /// The repair of a device-less optimizer load that no device expression
  /// fits: `torchlint::migrate_optimizer_state(optimizer);` on the line after
  /// the load statement, with the runtime's #include. None when the load is
  /// not a statement of its own in a block, or is spelled in a macro.
  llvm::SmallVector<FixItHint, 2>
  migrateStateAfter(const device::CheckpointLoad &Load, ASTContext &Ctx);
  /// The warning \p Message with \p Args at \p Load, \p Repair on it or
  /// on a note after it (fix safety: a load's device changes where data
  /// lives), and a note at the read when it is a call of its own.
  void warnWithRepair(const device::CheckpointLoad &Load,
                      llvm::StringRef Message, llvm::ArrayRef<std::string> Args,
                      llvm::ArrayRef<FixItHint> Repair);

  const device::CheckpointLoadOptions Kinds;
  device::DeviceFlowConfig Flow;
  device::CheckpointLoadFinder Finder;
};

} // namespace clang::tidy::torch

#endif
