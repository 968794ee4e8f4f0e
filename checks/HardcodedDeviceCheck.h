//===--- HardcodedDeviceCheck.h - torch-hardcoded-device --------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_HARDCODEDDEVICECHECK_H
#define TORCHLINT_CHECKS_HARDCODEDDEVICECHECK_H

#include "utils/DeviceMigration.h"
#include "utils/HardcodedPlacement.h"

#include "clang-tidy/ClangTidyCheck.h"
#include <memory>
#include <string>

namespace clang::tidy::torch {

/// Flags `.cuda()`, `.cpu()`, `torch::kCUDA`/`torch::kCPU` and
/// `torch::Device("cuda...")` used as a placement (a `.to()` argument, a
/// factory's options, `TensorOptions().device(...)`, `module->to(...)`) in
/// device-neutral code: code that receives a tensor, a device or a module
/// should follow it. Fixes to the device in scope.
///
/// For the user-facing documentation see docs/checks/torch-hardcoded-device.md.
class HardcodedDeviceCheck : public ClangTidyCheck {
public:
  HardcodedDeviceCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx);
  void report(const Expr *Leaf, const FunctionDecl *Fn, ASTContext &Ctx);

  const std::string IgnoredFunctions;
  const std::string IgnoredFiles;
  /// torch-discarded-to reports (and repairs) a discarded `t.cuda();`.
  const bool DiscardedToEnabled;
  std::unique_ptr<utils::MigrationFinder> Migrations;
  utils::HardcodedPlacementFinder Placements;
};

} // namespace clang::tidy::torch

#endif
