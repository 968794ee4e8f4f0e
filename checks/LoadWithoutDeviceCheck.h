//===--- LoadWithoutDeviceCheck.h - torch-load-without-device ---*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_LOADWITHOUTDEVICECHECK_H
#define TORCHLINT_CHECKS_LOADWITHOUTDEVICECHECK_H

#include "device/flow/DeviceFlow.h"
#include "utils/FunctionBodyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"

namespace clang::tidy::torch {

/// Flags checkpoint loads that leave tensors on the device they were saved
/// from instead of the device the code uses:
/// - torch::load(module, path) without a device after module->to(device)
///   (the order trap: the load puts the parameters back where they were
///   saved), or before the module is used with device tensors;
/// - torch::load(optimizer, path) without a device in device-aware code (the
///   state never follows the parameters);
/// - torch::jit::load(path) without a device where a device is in scope or
///   the module is used on one, unless it is moved with .to() afterwards;
/// - torch::optim::Adagrad constructed before its module's ->to(device)
///   (Adagrad creates its state in the constructor).
///
/// For the user-facing documentation see docs/checks/torch-load-without-device.md.
class LoadWithoutDeviceCheck : public FunctionBodyCheck {
public:
  LoadWithoutDeviceCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  /// The repair of a device-less optimizer load that no device expression
  /// fits: `torchlint::migrate_optimizer_state(optimizer);` on the line after
  /// the load statement, with the runtime's #include. None when the load is
  /// not a statement of its own in a block, or is spelled in a macro.
  llvm::SmallVector<FixItHint, 2> migrateStateAfter(const CallExpr *Load,
                                                    ASTContext &Ctx);

  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  void checkTorchLoad(const CallExpr *Call, const FunctionDecl *Callee,
                      const FunctionDecl *Fn, ASTContext &Ctx);
  void checkJitLoad(const CallExpr *Call, const FunctionDecl *Callee,
                    const FunctionDecl *Fn, ASTContext &Ctx);
  void checkAdagrad(const Expr *Construction, const Expr *Params,
                    const FunctionDecl *Fn, ASTContext &Ctx);

  /// Where a module lives before a load, on the paths that reach it.
  const utils::DeviceFlow &flowOf(const FunctionDecl *Fn, ASTContext &Ctx);

  const bool CheckModules;
  const bool CheckOptimizers;
  const bool CheckJitLoad;
  const bool CheckAdagrad;
  utils::DeviceFlowConfig Flow;
  /// The flow of the function being checked, made on its first load.
  std::shared_ptr<const utils::DeviceFlow> Facts;
  const FunctionDecl *FactsOf = nullptr;
};

} // namespace clang::tidy::torch

#endif
