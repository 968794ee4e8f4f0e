//===--- UncheckedKernelInputCheck.h ---------------------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_UNCHECKEDKERNELINPUTCHECK_H
#define TORCHLINT_CHECKS_UNCHECKEDKERNELINPUTCHECK_H

#include "device/findings/KernelInputChecks.h"
#include "utils/FunctionBodyCheck.h"

#include <memory>

namespace clang::tidy::torch {

/// Flags a function bound for Python (pybind11's `m.def`) or registered as
/// the dispatcher's kernel for every device (`torch::Library::def` with a
/// function) whose tensor parameter reaches a CUDA kernel launch with no
/// check that it is on CUDA on the way: a CPU tensor hands the kernel host
/// memory. One warning per function, at its first such parameter. Fix:
/// `TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");` first in the body,
/// one per such parameter.
///
/// For the user-facing documentation see
/// docs/checks/torch-unchecked-kernel-input.md.
class UncheckedKernelInputCheck : public FunctionBodyCheck {
public:
  UncheckedKernelInputCheck(StringRef Name, ClangTidyContext *Context);
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  std::unique_ptr<device::KernelInputChecks> Inputs;
  const ASTContext *InputsOf = nullptr;
  /// Whether the unit defines TORCH_CHECK, which the fix writes.
  Preprocessor *PP = nullptr;
};

} // namespace clang::tidy::torch

#endif
