//===--- ModuleRuns.cpp - a module run on device data ---------------------===//
#include "device/findings/ModuleRuns.h"
#include "device/flow/DeviceContext.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {
namespace {

/// Whether \p S names the CPU anywhere (`TensorOptions().device(kCPU)`).
bool mentionsCpu(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = llvm::dyn_cast<Expr>(S); E && namesCpu(E))
    return true;
  for (const Stmt *Child : S->children())
    if (mentionsCpu(Child))
      return true;
  return false;
}

/// True when \p E contains a call that puts a tensor on a device:
/// t.to(<device or options with a device>), t.cuda(), or a factory whose
/// options carry a device (a constant CPU device does not count).
bool placesTensorOnDevice(const Expr *E) {
  if (!E || llvm::isa<LambdaExpr>(E))
    return false;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (Method && Object && isTensorType(Object->getType())) {
      if (isNamed(Method, "cuda"))
        return true;
      if (isNamed(Method, "to") && Member->getNumArgs() >= 1) {
        const Expr *Arg = Member->getArg(0);
        const QualType T = Arg->getType();
        if (isDeviceLike(T) && !isCpuDeviceConstant(Arg))
          return true;
        if (isTensorOptionsType(T) &&
            classifyOptions(Arg, nullptr) == OptionsDevice::HasDevice &&
            !mentionsCpu(Arg))
          return true;
      }
    }
  } else if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    for (const Expr *Arg : Call->arguments())
      if (isTensorOptionsType(Arg->getType()) &&
          classifyOptions(Arg, nullptr) == OptionsDevice::HasDevice &&
          !mentionsCpu(Arg))
        return true;
  }
  for (const Stmt *Child : E->children())
    if (const auto *ChildExpr = llvm::dyn_cast_or_null<Expr>(Child))
      if (placesTensorOnDevice(ChildExpr))
        return true;
  return false;
}

/// `t.cpu()`, `t.to(torch::kCPU)`, `t.to("cpu")`: a CPU program's inputs.
/// A model loaded without a device and used on them was saved by a program
/// that ran on the CPU as well: the load cannot land anywhere else.
bool isCpuMove(const Expr *E) {
  const auto *Call =
      llvm::dyn_cast_or_null<CXXMemberCallExpr>(stripWrappers(E));
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (isNamed(Method, "cpu"))
    return true;
  return isNamed(Method, "to") && Call->getNumArgs() > 0 &&
         isCpuDeviceConstant(Call->getArg(0));
}

/// On a CUDA device, or on a device the code chose (a `torch::Device`
/// variable, member or parameter): not "wherever the caller put it".
bool placedByChoice(const AbstractDevice &D) {
  if (D.K == AbstractDevice::Kind::Cuda)
    return true;
  return D.K == AbstractDevice::Kind::SameAs && D.Symbol &&
         isDeviceLike(D.Symbol->getType());
}

/// True when the input expression \p Input of a call \p Use carries a tensor
/// placed on a device: it places one itself, names a local tensor placed on a
/// device, or names a local container that one is put into.
bool inputOnDevice(const Expr *Input, const CallExpr *Use,
                   const FunctionDecl *Fn, const DeviceFlow &Facts,
                   ASTContext &Ctx) {
  if (isCpuMove(Input))
    return false;
  if (placesTensorOnDevice(Input))
    return true;
  const DeviceContext Context = DeviceContext::collect(Fn, Use, Ctx);
  bool Found = false;
  forEachOwnDescendant(Input, [&](const Stmt &VisitedS) {
    const Stmt *S = &VisitedS;
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
    const auto *VD = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Found || !VD || !VD->hasLocalStorage())
      return;
    // Wherever the flow says it is at the call: `x = x.to(device);` after
    // its declaration too, or a parameter's.
    if (placedByChoice(Facts.deviceBefore(VD, Use))) {
      Found = true;
      return;
    }
    if (llvm::isa<ParmVarDecl>(VD))
      return;
    for (const DeviceSource &Source : Context.sources())
      if (Source.Decl == VD && Source.What == DeviceSource::Carrier::Tensor &&
          !isCpuMove(VD->getInit()))
        Found = true;
    if (Found || isTensorType(VD->getType()))
      return;
    // A container of inputs: `inputs.push_back(x.to(device))`.
    if (VD->getInit() && placesTensorOnDevice(VD->getInit()))
      Found = true;
    forEachOwnDescendant(Fn->getBody(), [&](const Stmt &VisitedInner) {
      const Stmt *Inner = &VisitedInner;
      const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Inner);
      if (Found || !Member ||
          referencedObject(Member->getImplicitObjectArgument()) != VD ||
          !Facts.mayRunAfter(Member, Use))
        return;
      for (const Expr *Arg : Member->arguments())
        if (placesTensorOnDevice(Arg))
          Found = true;
    });
  });
  return Found;
}

} // namespace

namespace {

/// The first run of \p Object in \p Fn on inputs placed on a device, among
/// the calls \p Considered accepts.
const CallExpr *
deviceUseIn(const ValueDecl *Object, const FunctionDecl *Fn,
            const DeviceFlow &Facts, ASTContext &Ctx,
            llvm::function_ref<bool(const CallExpr *)> Considered) {
  const CallExpr *Found = nullptr;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &VisitedS) {
    const Stmt *S = &VisitedS;
    const auto *Call = llvm::dyn_cast<CallExpr>(S);
    if (Found || !Call || !Considered(Call))
      return;
    unsigned FirstInput = 0;
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
      if (!isNamed(Member->getMethodDecl(), "forward") ||
          referencedObject(Member->getImplicitObjectArgument()) != Object)
        return;
    } else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Call)) {
      if (Op->getOperator() != OO_Call || Op->getNumArgs() < 1 ||
          referencedObject(Op->getArg(0)) != Object)
        return;
      FirstInput = 1;
    } else {
      return;
    }
    for (unsigned I = FirstInput; I < Call->getNumArgs(); ++I)
      if (inputOnDevice(Call->getArg(I), Call, Fn, Facts, Ctx)) {
        Found = Call;
        return;
      }
  });
  return Found;
}

} // namespace

const CallExpr *deviceUseAfter(const ValueDecl *Object, const CallExpr *Load,
                               const FunctionDecl *Fn, const DeviceFlow &Facts,
                               ASTContext &Ctx) {
  return deviceUseIn(Object, Fn, Facts, Ctx, [&](const CallExpr *Call) {
    return Call != Load && Facts.mayRunAfter(Load, Call);
  });
}

const CallExpr *deviceUseInOtherFunctions(
    const ValueDecl *Object, const FunctionDecl *LoadedIn,
    llvm::function_ref<const DeviceFlow &(const FunctionDecl *)> FlowOf,
    ASTContext &Ctx) {
  const auto *Member = llvm::dyn_cast_or_null<FieldDecl>(Object);
  const auto *Global = llvm::dyn_cast_or_null<VarDecl>(Object);
  if (!Member && !(Global && Global->hasGlobalStorage()))
    return nullptr;
  const CXXRecordDecl *Class =
      Member ? llvm::dyn_cast<CXXRecordDecl>(Member->getParent()) : nullptr;
  const CallExpr *Found = nullptr;
  bool Moved = false;
  forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    if (Moved || Fn == LoadedIn || Fn->isDependentContext())
      return;
    if (Class) {
      const auto *Method =
          llvm::dyn_cast<CXXMethodDecl>(enclosingNamedFunction(Fn));
      if (!Method ||
          Method->getParent()->getCanonicalDecl() != Class->getCanonicalDecl())
        return;
    }
    const DeviceFlow &Facts = FlowOf(Fn);
    for (const ModuleMove &M : Facts.moduleMoves())
      Moved |= M.Module == Object;
    if (!Found && !Moved)
      Found = deviceUseIn(Object, Fn, Facts, Ctx,
                          [](const CallExpr *) { return true; });
  });
  return Moved ? nullptr : Found;
}

} // namespace clang::tidy::torch::device
