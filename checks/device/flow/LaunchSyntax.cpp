//===--- LaunchSyntax.cpp - how code launches a CUDA kernel ---------------===//
#include "device/flow/LaunchSyntax.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {

std::string kernelName(const CUDAKernelCallExpr *Launch) {
  if (const FunctionDecl *Kernel = Launch->getDirectCallee())
    return Kernel->getNameAsString();
  // In a template, a kernel named with dependent arguments (`k<D, float>`).
  if (const auto *Named =
          llvm::dyn_cast<OverloadExpr>(Launch->getCallee()->IgnoreImplicit()))
    return Named->getName().getAsString();
  return "kernel";
}

/// The kernel a runtime launch names: `(void *)k`, `&k`,
/// `reinterpret_cast<const void *>(k)`, `k` (the template overload).
static std::string runtimeKernelName(const Expr *Kernel) {
  Kernel = Kernel->IgnoreParenCasts();
  if (const auto *AddressOf = llvm::dyn_cast<UnaryOperator>(Kernel);
      AddressOf && AddressOf->getOpcode() == UO_AddrOf)
    Kernel = AddressOf->getSubExpr()->IgnoreParenCasts();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Kernel))
    return Ref->getDecl()->getNameAsString();
  return "kernel";
}

std::optional<KernelLaunchCall> kernelLaunchOf(const CallExpr &Call) {
  if (const auto *Launch = llvm::dyn_cast<CUDAKernelCallExpr>(&Call)) {
    KernelLaunchCall Out{kernelName(Launch), {}, nullptr};
    Out.Arguments.append(Launch->arg_begin(), Launch->arg_end());
    return Out;
  }
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier() ||
      !llvm::is_contained({"cudaLaunchKernel", "cudaLaunchCooperativeKernel"},
                          Callee->getName()) ||
      Call.getNumArgs() < 4)
    return std::nullopt;
  KernelLaunchCall Out{runtimeKernelName(Call.getArg(0)), {}, nullptr};
  // `void *args[] = {&in, &out, &n};` declared in place.
  const auto *Ref =
      llvm::dyn_cast<DeclRefExpr>(Call.getArg(3)->IgnoreParenCasts());
  const auto *Array = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const auto *List =
      Array && Array->getType()->isArrayType() && Array->getInit()
          ? llvm::dyn_cast<InitListExpr>(Array->getInit()->IgnoreImplicit())
          : nullptr;
  if (List) {
    Out.ArgumentArray = Array;
    for (const Expr *Element : List->inits())
      if (const auto *AddressOf =
              llvm::dyn_cast<UnaryOperator>(Element->IgnoreParenCasts());
          AddressOf && AddressOf->getOpcode() == UO_AddrOf)
        Out.Arguments.push_back(AddressOf->getSubExpr());
  }
  return Out;
}

/// The kind a `cudaMemcpy`/`cudaMemcpyAsync` call names
/// (`cudaMemcpyHostToDevice`, ...); empty for any other call.
static llvm::StringRef memcpyKind(const CallExpr &Call) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier() ||
      (Callee->getName() != "cudaMemcpy" &&
       Callee->getName() != "cudaMemcpyAsync") ||
      Call.getNumArgs() < 4)
    return "";
  const auto *Kind =
      llvm::dyn_cast<DeclRefExpr>(Call.getArg(3)->IgnoreParenImpCasts());
  return Kind && Kind->getDecl()->getIdentifier() ? Kind->getDecl()->getName()
                                                  : "";
}

bool isDeviceSideOfMemoryCall(const CallExpr &Call, unsigned Index) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || Index >= Call.getNumArgs())
    return false;
  const llvm::StringRef Name = Callee->getName();
  if (Name == "cudaMemset" || Name == "cudaMemsetAsync")
    return Index == 0;
  const llvm::StringRef Kind = memcpyKind(Call);
  if (Index > 1)
    return false;
  return Kind == "cudaMemcpyDeviceToDevice" ||
         Kind ==
             (Index == 0 ? "cudaMemcpyHostToDevice" : "cudaMemcpyDeviceToHost");
}

bool isHostSideOfMemoryCall(const CallExpr &Call, unsigned Index) {
  const llvm::StringRef Kind = memcpyKind(Call);
  return Index <= 1 && Index < Call.getNumArgs() &&
         (Kind == "cudaMemcpyHostToHost" ||
          Kind == (Index == 0 ? "cudaMemcpyDeviceToHost"
                              : "cudaMemcpyHostToDevice"));
}

} // namespace clang::tidy::torch::device
