//===--- LaunchSyntax.h - how code launches a CUDA kernel ------*- C++ -*-===//
//
// The two spellings of a kernel launch the checks read: clang's
// `kernel<<<grid, block, shared, stream>>>(args...)` and the CUDA runtime's
// `cudaLaunchKernel(kernel, grid, block, args, shared, stream)`, whose kernel
// receives what the addresses in `args` point to; and the runtime's memory
// calls, whose pointers are GPU memory by the kind of copy.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_LAUNCHSYNTAX_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_LAUNCHSYNTAX_H

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace clang::tidy::torch::device {

/// The name of the kernel \p Launch runs, as diagnostics show it.
std::string kernelName(const CUDAKernelCallExpr *Launch);

/// A call that launches a CUDA kernel: `kernel<<<grid, block>>>(args...)`, or
/// the runtime's `cudaLaunchKernel(kernel, grid, block, args, ...)` (and
/// `cudaLaunchCooperativeKernel`), whose kernel receives what the addresses
/// in its `void *args[] = {&p, &n}` point to.
struct KernelLaunchCall {
  std::string Name; ///< The kernel, as diagnostics show it.
  /// What the kernel is handed, as the code names it (`p` of `&p`); empty
  /// where the runtime call's array is not a local written in place.
  llvm::SmallVector<const Expr *, 8> Arguments;
  /// For the runtime's launch, the local `void *args[]` it is handed.
  const VarDecl *ArgumentArray = nullptr;
};
std::optional<KernelLaunchCall> kernelLaunchOf(const CallExpr &Call);

/// Whether argument \p Index of \p Call is GPU memory by what the CUDA
/// runtime's call does with it: the destination of a `cudaMemcpy` or
/// `cudaMemcpyAsync` whose kind is `cudaMemcpyHostToDevice` or
/// `cudaMemcpyDeviceToDevice`, its source where the kind is
/// `cudaMemcpyDeviceToHost` or `cudaMemcpyDeviceToDevice`, or what
/// `cudaMemset`/`cudaMemsetAsync` fills.
bool isDeviceSideOfMemoryCall(const CallExpr &Call, unsigned Index);

/// Whether argument \p Index of \p Call is host memory by the kind of copy a
/// `cudaMemcpy` or `cudaMemcpyAsync` names: the source of one to the device,
/// the destination of one from it, either side of one between host buffers.
bool isHostSideOfMemoryCall(const CallExpr &Call, unsigned Index);

} // namespace clang::tidy::torch::device

#endif
