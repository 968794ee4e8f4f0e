//===--- DefaultStreamLaunchCheck.h ----------------------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_DEFAULTSTREAMLAUNCHCHECK_H
#define TORCHLINT_CHECKS_DEFAULTSTREAMLAUNCHCHECK_H

#include "utils/FunctionBodyCheck.h"

#include <string>

namespace clang::tidy::torch {

/// Flags a CUDA kernel launch handed the memory of PyTorch's tensors that
/// runs on the legacy default stream (`<<<grid, block>>>`, stream `0`)
/// rather than on PyTorch's current stream: it is not ordered with the
/// tensors' other work when the caller runs on a stream of its own or
/// captures a CUDA graph. Fix: pass `at::cuda::getCurrentCUDAStream()`; on
/// a note when the function also queues memory work on the default stream
/// (`cudaMemcpy`), which would then no longer be ordered with the launch.
///
/// For the user-facing documentation see
/// docs/checks/torch-default-stream-launch.md.
class DefaultStreamLaunchCheck : public FunctionBodyCheck {
public:
  DefaultStreamLaunchCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  std::vector<FixItHint> currentStreamFix(const CUDAKernelCallExpr *Launch,
                                          const Expr *Written, ASTContext &Ctx);
  const std::string CurrentStream;
  const std::string CurrentStreamHeader;
};

} // namespace clang::tidy::torch

#endif
