//===--- DiscardedToCheck.h - torch-discarded-to ----------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_DISCARDEDTOCHECK_H
#define TORCHLINT_CHECKS_DISCARDEDTOCHECK_H

#include "device/findings/DeviceMigration.h"
#include "device/findings/HardcodedPlacement.h"
#include "device/flow/DeviceFlow.h"
#include "utils/FunctionBodyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include <memory>

namespace clang::tidy::torch {

/// Flags `t.to(...)`, `t.cuda()`, `t.cpu()` and `t.type_as(...)` on a tensor
/// as a discarded expression statement: the call returns a new tensor and
/// leaves `t` where it was. Fixes to `t = t.to(...)` for a non-const lvalue;
/// a hard-coded device in device-neutral code is replaced in the same fix
/// when torch-hardcoded-device is enabled.
///
/// For the user-facing documentation see docs/checks/torch-discarded-to.md.
class DiscardedToCheck : public FunctionBodyCheck {
public:
  DiscardedToCheck(StringRef Name, ClangTidyContext *Context);

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  /// A discarded result is a defect whatever the rest of the file says.
  bool runsAfterFatalError() const override { return true; }
  void report(const CXXMemberCallExpr *Call, const FunctionDecl *Fn,
              ASTContext &Ctx);
  /// Null when the sibling check is disabled: its concern is then not ours.
  std::unique_ptr<device::MigrationFinder> Migrations;
  std::unique_ptr<device::HardcodedPlacementFinder> Placements;
  device::DeviceFlowConfig Flow;
};

} // namespace clang::tidy::torch

#endif
