//===--- UncheckedKernelLaunchCheck.h --------------------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_UNCHECKEDKERNELLAUNCHCHECK_H
#define TORCHLINT_CHECKS_UNCHECKEDKERNELLAUNCHCHECK_H

#include "device/findings/KernelLaunches.h"
#include "utils/FunctionBodyCheck.h"

#include <memory>
#include <string>

namespace clang::tidy::torch {

/// Flags a CUDA kernel launch (`kernel<<<grid, block>>>(...)`) after which
/// some path leaves the code without reading the launch error
/// (`C10_CUDA_KERNEL_LAUNCH_CHECK()`, `cudaGetLastError()`), in the function,
/// after the lambda that launches it, or in the launcher's callers. A failed
/// launch is otherwise reported by an unrelated later CUDA call. Fix:
/// the check statement (option LaunchCheck) after the launch.
///
/// For the user-facing documentation see
/// docs/checks/torch-unchecked-kernel-launch.md.
class UncheckedKernelLaunchCheck : public FunctionBodyCheck {
public:
  UncheckedKernelLaunchCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  std::optional<FixItHint> checkAfter(const CUDAKernelCallExpr *Launch,
                                      ASTContext &Ctx);
  const std::string LaunchCheck;
  const std::string LaunchCheckHeader;
  std::unique_ptr<device::LaunchErrorChecks> ErrorChecks;
  const ASTContext *ChecksOf = nullptr;
  /// Whether the unit defines the check's macro: no #include is added then.
  Preprocessor *PP = nullptr;
};

} // namespace clang::tidy::torch

#endif
