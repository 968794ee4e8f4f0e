//===--- ImplicitDeviceMigrationCheck.h ------------------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_IMPLICITDEVICEMIGRATIONCHECK_H
#define TORCHLINT_CHECKS_IMPLICITDEVICEMIGRATIONCHECK_H

#include "device/findings/DeviceMigration.h"
#include "utils/FunctionBodyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include <string>

namespace clang::tidy::torch {

/// Flags state (a tensor member, a submodule, the module itself) moved to
/// follow an input's device inside a forward method (`forward`,
/// `operator()`) or a method it reaches through calls on `this`:
/// `mean_ = mean_.to(x.device())`, `this->to(x.device())`,
/// `mean_.type_as(x)`. Seed 001: a hidden copy on every call and a graph
/// break in compiled code; state is placed once, at set-up. No fix-it. An
/// input moved to the state's device (`x.to(weight_.device())`) is reported
/// only with ReportInputMoves: it is a common, deliberate API.
///
/// For the user-facing documentation see
/// docs/checks/torch-implicit-device-migration.md.
class ImplicitDeviceMigrationCheck : public FunctionBodyCheck {
public:
  ImplicitDeviceMigrationCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  void report(const CXXMemberCallExpr *Call, const FunctionDecl *Fn,
              ASTContext &Ctx);
  const std::string ForwardMethods;
  const std::string AllowedNames;
  /// Whether an input moved to the state's device is reported too.
  const bool ReportInputMoves;
  device::MigrationFinder Migrations;
};

} // namespace clang::tidy::torch

#endif
