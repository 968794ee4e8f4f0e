//===--- HostOnlyProgram.h - a program that names no device ----*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_DEVICE_FUNCTIONS_HOSTONLYPROGRAM_H
#define TORCHLINT_CHECKS_DEVICE_FUNCTIONS_HOSTONLYPROGRAM_H

#include "clang/AST/ASTContext.h"

namespace clang::tidy::torch::utils {

/// The main file defines `main` and nowhere names a device other than the
/// CPU: no CUDA (or other accelerator) constant, no `.cuda()`, no
/// `torch::cuda::` query, no device spelled in a string or taken from one at
/// run time. Such a program's tensors all live on the CPU, so a tensor of
/// its functions cannot be "on another device".
bool isHostOnlyProgram(ASTContext &Ctx);

} // namespace clang::tidy::torch::utils

#endif
