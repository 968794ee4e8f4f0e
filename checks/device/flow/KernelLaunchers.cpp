//===--- KernelLaunchers.cpp - functions that launch kernels for callers --===//
#include "device/flow/KernelLaunchers.h"
#include "device/DeviceModel.h"
#include "device/flow/LaunchSyntax.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"

namespace clang::tidy::torch::device {

namespace {

/// How many launchers deep a pointer is followed to its launch.
constexpr unsigned MaxLauncherDepth = 4;

/// Whether \p T is a packed tensor accessor, which a kernel reads the
/// memory of as it reads a pointer's.
bool isPackedAccessorType(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->getIdentifier() &&
         Record->getName().contains("PackedTensorAccessor");
}

/// The parameter of \p Fn whose memory the kernel argument \p Arg hands
/// over: a pointer parameter (through casts, offsets and local pointers) or
/// a packed accessor parameter passed on.
const ParmVarDecl *handedParameter(const Expr *Arg, const FunctionDecl *Fn) {
  const auto *Ref =
      llvm::dyn_cast_or_null<DeclRefExpr>(kernelArgumentOrigin(Arg));
  const auto *Param =
      Ref ? llvm::dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Fn)
    return nullptr;
  const QualType T = Param->getType().getNonReferenceType();
  return T->isPointerType() || isPackedAccessorType(T) ? Param : nullptr;
}

} // namespace

bool isDeviceCode(const FunctionDecl *Fn) {
  return Fn->hasAttr<CUDAGlobalAttr>() ||
         (Fn->hasAttr<CUDADeviceAttr>() && !Fn->hasAttr<CUDAHostAttr>());
}

llvm::SmallVector<KernelHandoff, 2>
KernelLaunchers::handoffsOf(const FunctionDecl *Fn) {
  const FunctionDecl *Definition = Fn ? Fn->getDefinition() : nullptr;
  if (!Definition || !Definition->getBody() || isDeviceCode(Definition))
    return {};
  if (auto It = Found.find(Definition); It != Found.end())
    return It->second;
  if (Depth >= MaxLauncherDepth)
    return {};
  // A recursive call meets this empty entry: no handoff found there.
  Found[Definition];
  const SourceManager &SM = Definition->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(Definition->getLocation()) ||
      LibraryCode(SM).contains(Definition->getLocation()))
    return {};
  llvm::SmallVector<KernelHandoff, 2> Handoffs;
  ++Depth;
  forEachDescendantWithLambdas(Definition->getBody(), [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    if (!Call)
      return;
    for (KernelArguments &Handed : argumentsOf(*Call))
      for (const Expr *Arg : Handed.Arguments)
        if (const ParmVarDecl *Param = handedParameter(Arg, Definition)) {
          const unsigned Index = Param->getFunctionScopeIndex();
          if (llvm::any_of(Handoffs, [&](const KernelHandoff &H) {
                return H.Param == Index;
              }))
            continue; // The first launch it reaches names it.
          Handoffs.push_back(
              {Index, Handed.Launch, Handed.Kernel, Handed.Through});
        }
  });
  --Depth;
  return Found[Definition] = std::move(Handoffs);
}

std::vector<KernelArguments>
KernelLaunchers::argumentsOf(const CallExpr &Call) {
  std::vector<KernelArguments> Out;
  if (std::optional<KernelLaunchCall> Launch = kernelLaunchOf(Call)) {
    Out.push_back({&Call, Launch->Name, {}, {}});
    Out.back().Arguments.append(Launch->Arguments.begin(),
                                Launch->Arguments.end());
    return Out;
  }
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee)
    return Out;
  const FunctionDecl *Definition = Callee->getDefinition();
  for (const KernelHandoff &Handoff : handoffsOf(Callee)) {
    const Expr *Arg = argumentFor(&Call, Definition, Handoff.Param);
    if (!Arg)
      continue;
    auto Same = llvm::find_if(Out, [&](const KernelArguments &K) {
      return K.Launch == Handoff.Launch;
    });
    if (Same == Out.end()) {
      Out.push_back({Handoff.Launch, Handoff.Kernel, {&Call}, {}});
      Out.back().Through.append(Handoff.Through.begin(), Handoff.Through.end());
      Same = std::prev(Out.end());
    }
    Same->Arguments.push_back(Arg);
  }
  return Out;
}

KernelLaunchers &unitKernelLaunchers() {
  return DeviceModel::current().kernelLaunchers();
}

bool handsToKernel(const CallExpr &Call, const Expr *Arg) {
  Arg = Arg->IgnoreParenImpCasts();
  return llvm::any_of(unitKernelLaunchers().argumentsOf(Call),
                      [&](const KernelArguments &Handed) {
                        return llvm::any_of(
                            Handed.Arguments, [&](const Expr *A) {
                              return A->IgnoreParenImpCasts() == Arg;
                            });
                      });
}

} // namespace clang::tidy::torch::device
