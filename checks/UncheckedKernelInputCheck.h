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
/// one per such parameter. A parameter handed to a function another file
/// defines is latent: torchlint-run shows it where that function launches a
/// kernel with it unchecked.
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
  /// One warning for \p Unchecked, inputs of \p Fn (\p Bound) reached alike:
  /// in the unit, or one latent input handed to another unit's function.
  void report(const FunctionDecl *Fn, const device::Binding &Bound,
              llvm::ArrayRef<device::UncheckedKernelInput> Unchecked,
              ASTContext &Ctx);
  std::unique_ptr<device::KernelInputChecks> Inputs;
  const ASTContext *InputsOf = nullptr;
  /// Whether the unit defines TORCH_CHECK, which the fix writes.
  Preprocessor *PP = nullptr;
};

} // namespace clang::tidy::torch

#endif
