//===--- KernelLaunchers.cpp - functions that launch kernels for callers --===//
#include "device/flow/KernelLaunchers.h"
#include "device/DeviceModel.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/LaunchSyntax.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::torch::device {

namespace {

/// How many launchers deep a pointer is followed to its launch.
constexpr unsigned MaxLauncherDepth = 4;
/// How many statements deep a launcher's body is walked for its launches.
constexpr unsigned MaxStatementDepth = 64;

/// Whether \p T is a packed tensor accessor, which a kernel reads the
/// memory of as it reads a pointer's.
bool isPackedAccessorType(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && Record->getIdentifier() &&
         Record->getName().contains("PackedTensorAccessor");
}

/// What a launcher's body does to its pointers that keeps a parameter's
/// memory from its launches: variables it points elsewhere (`in = dev_in;`,
/// or handed by address, `cudaMalloc((void **)&p, n)`), and parameters whose
/// memory it copies from or to the host (`cudaMemcpy(dev, in, n,
/// cudaMemcpyHostToDevice)`: `in` is host memory the kernel never sees).
llvm::DenseSet<const ValueDecl *> repointed(const Stmt *Body) {
  llvm::DenseSet<const ValueDecl *> Out;
  auto Named = [](const Expr *E) -> const ValueDecl * {
    const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
        E ? E->IgnoreParenCasts() : nullptr);
    return Ref ? Ref->getDecl() : nullptr;
  };
  forEachDescendantWithLambdas(Body, [&](const Stmt &S) {
    if (const auto *Assign = llvm::dyn_cast<BinaryOperator>(&S);
        Assign && Assign->getOpcode() == BO_Assign)
      if (const ValueDecl *Target = Named(Assign->getLHS());
          Target && Target->getType()->isPointerType())
        Out.insert(Target);
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    if (!Call)
      return;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I)->IgnoreParenCasts();
      if (const auto *AddressOf = llvm::dyn_cast<UnaryOperator>(Arg);
          AddressOf && AddressOf->getOpcode() == UO_AddrOf)
        if (const ValueDecl *Target = Named(AddressOf->getSubExpr()))
          Out.insert(Target);
      // The host side of a copy between host and device.
      if (isHostSideOfMemoryCall(*Call, I))
        if (const ValueDecl *Host = Named(pointerOrigin(Arg)))
          Out.insert(Host);
    }
  });
  return Out;
}

/// Whether \p Cond, a branch's condition in \p Fn, chooses where the work
/// runs: a device choice (isDeviceChoiceCondition) or a flag the caller
/// passes (`if (on_cuda)`). A launch under it runs on some calls only.
bool choosesPlace(const Expr *Cond, const FunctionDecl *Fn) {
  if (!Cond)
    return false;
  if (isDeviceChoiceCondition(Cond))
    return true;
  bool ReadsFlag = false;
  forEachOwnDescendant(Cond, [&](const Stmt &S) {
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S))
      if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(Ref->getDecl()))
        ReadsFlag |= Param->getDeclContext() == Fn &&
                     Param->getType().getNonReferenceType()->isBooleanType();
  });
  return ReadsFlag;
}

/// Calls \p Visit on each call in \p S (lambda bodies included) that runs
/// whenever \p S does: not under a branch that choosesPlace.
void forEachUnconditionalCall(const Stmt *S, const FunctionDecl *Fn,
                              llvm::function_ref<void(const CallExpr &)> Visit,
                              unsigned Depth = 0) {
  if (!S || Depth > MaxStatementDepth)
    return;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    Visit(*Call);
  const Expr *Cond = nullptr;
  if (const auto *If = llvm::dyn_cast<IfStmt>(S))
    Cond = If->getCond();
  else if (const auto *Choice = llvm::dyn_cast<ConditionalOperator>(S))
    Cond = Choice->getCond();
  else if (const auto *Switch = llvm::dyn_cast<SwitchStmt>(S))
    Cond = Switch->getCond();
  if (Cond && choosesPlace(Cond, Fn)) {
    forEachUnconditionalCall(Cond, Fn, Visit, Depth + 1);
    return;
  }
  if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(S)) {
    forEachUnconditionalCall(Lambda->getBody(), Fn, Visit, Depth + 1);
    return;
  }
  for (const Stmt *Child : S->children())
    forEachUnconditionalCall(Child, Fn, Visit, Depth + 1);
}

/// The parameter of \p Fn whose memory the kernel argument \p Arg hands
/// over: a pointer parameter (through casts, offsets and local pointers) or
/// a packed accessor parameter passed on, none of them \p Repointed.
const ParmVarDecl *
handedParameter(const Expr *Arg, const FunctionDecl *Fn,
                const llvm::DenseSet<const ValueDecl *> &Repointed) {
  const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(kernelArgumentOrigin(
      Arg, [&](const VarDecl *Local) { return !Repointed.count(Local); }));
  const auto *Param =
      Ref ? llvm::dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Fn || Repointed.count(Param))
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
  // A call back into a launcher still being walked, or an unknown one past
  // the depth limit: not known yet.
  auto Known = Found.find(Definition);
  if (Walking.contains(Definition) ||
      (Known == Found.end() && Walking.size() >= MaxLauncherDepth)) {
    Cut = true;
    return {};
  }
  if (Known != Found.end())
    return Known->second;
  const SourceManager &SM = Definition->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(Definition->getLocation()) ||
      LibraryCode(SM).contains(Definition->getLocation()))
    return Found[Definition] = {};
  Walking.insert(Definition);
  const bool OuterCut = Cut;
  Cut = false;
  const llvm::DenseSet<const ValueDecl *> Repointed =
      repointed(Definition->getBody());
  llvm::SmallVector<KernelHandoff, 2> Handoffs;
  forEachUnconditionalCall(
      Definition->getBody(), Definition, [&](const CallExpr &Call) {
        for (KernelArguments &Handed : argumentsOf(Call))
          for (const Expr *Arg : Handed.Arguments)
            if (const ParmVarDecl *Param =
                    handedParameter(Arg, Definition, Repointed)) {
              const unsigned Index = Param->getFunctionScopeIndex();
              if (llvm::any_of(Handoffs, [&](const KernelHandoff &H) {
                    return H.Param == Index;
                  }))
                continue; // The first launch it reaches names it.
              Handoffs.push_back(
                  {Index, Handed.Launch, Handed.Kernel, Handed.Through});
            }
      });
  Walking.erase(Definition);
  // What a cut left out (the depth, or a launcher still being walked) may be
  // seen from another query: only the outermost query keeps such a result.
  if (!Cut || Walking.empty())
    Found[Definition] = Handoffs;
  Cut |= OuterCut;
  return Handoffs;
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
