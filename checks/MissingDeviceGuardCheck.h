//===--- MissingDeviceGuardCheck.h -----------------------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_MISSINGDEVICEGUARDCHECK_H
#define TORCHLINT_CHECKS_MISSINGDEVICEGUARDCHECK_H

#include "device/findings/DeviceGuards.h"
#include "utils/FunctionBodyCheck.h"

#include <memory>

namespace clang::tidy::torch {

/// Flags a function that launches CUDA kernels on tensors' memory with no
/// device guard making the tensors' device current (in the function, around
/// the lambda that launches, or around every call of the launcher in the
/// unit): on a tensor on another GPU than the current one the kernel runs
/// on the wrong GPU. One warning per function, at its first such launch.
/// Fix: `const at::cuda::OptionalCUDAGuard device_guard(x.device());` where
/// it covers every such launch.
///
/// For the user-facing documentation see
/// docs/checks/torch-missing-device-guard.md.
class MissingDeviceGuardCheck : public FunctionBodyCheck {
public:
  MissingDeviceGuardCheck(StringRef Name, ClangTidyContext *Context);

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  std::unique_ptr<device::DeviceGuards> Guards;
  const ASTContext *GuardsOf = nullptr;
};

} // namespace clang::tidy::torch

#endif
