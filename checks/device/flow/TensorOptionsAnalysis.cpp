//===--- TensorOptionsAnalysis.cpp - does a TensorOptions name a device? --===//
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <optional>

namespace clang::tidy::torch::device {
namespace {

constexpr int MaxDepth = 16;
/// What following a function to its returns spends of MaxDepth: a few
/// functions deep at most, so that helpers returning each other's options
/// (recursively, over several returns) are read a bounded number of times.
constexpr int CallDepthCost = 4;

bool isDeviceSpelling(QualType T) {
  if (isDeviceType(T) || isDeviceTypeEnum(T))
    return true;
  // Device("cuda:0") through TensorOptions' forwarding constructor.
  QualType Pointee = T.getNonReferenceType()
                         ->getPointeeOrArrayElementType()
                         ->getCanonicalTypeUnqualified();
  if (Pointee->isCharType())
    return true;
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "basic_string";
}

bool refersTo(const Expr *E, const VarDecl *VD) {
  const auto *DRE = llvm::dyn_cast_or_null<DeclRefExpr>(stripWrappers(E));
  return DRE && DRE->getDecl() == VD;
}

/// The values \p S assigns to \p VD (`VD = value`), appended to \p Values;
/// false when it changes \p VD any other way (a compound assignment).
bool collectAssignedValues(const Stmt *S, const VarDecl *VD,
                           llvm::SmallVectorImpl<const Expr *> &Values) {
  if (!S)
    return true;
  if (auto Sides = assignmentSides(S); Sides && refersTo(Sides->first, VD))
    Values.push_back(Sides->second);
  else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(S);
           Op && Op->isAssignmentOp() && Op->getNumArgs() > 0 &&
           refersTo(Op->getArg(0), VD))
    return false;
  else if (const auto *Op = llvm::dyn_cast<BinaryOperator>(S);
           Op && Op->isAssignmentOp() && refersTo(Op->getLHS(), VD))
    return false;
  for (const Stmt *Child : S->children())
    if (!collectAssignedValues(Child, VD, Values))
      return false;
  return true;
}

OptionsDevice combine(OptionsDevice A, OptionsDevice B) {
  if (A == OptionsDevice::HasDevice || B == OptionsDevice::HasDevice)
    return OptionsDevice::HasDevice;
  if (A == OptionsDevice::NoDevice && B == OptionsDevice::NoDevice)
    return OptionsDevice::NoDevice;
  return OptionsDevice::Unknown;
}

OptionsDevice classify(const Expr *E, const Stmt *Body, int Depth,
                       const VarDecl *Rebuilt = nullptr);

/// The options every `return` of \p Callee gives, when it is a function of
/// the program (not libtorch's or the standard library's) that no override
/// can replace: `torch::zeros({n}, options())` with the project's
/// `TensorOptions options() const { return torch::dtype(torch::kFloat); }`.
OptionsDevice classifyReturned(const FunctionDecl *Callee, int Depth) {
  const FunctionDecl *Definition = nullptr;
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Callee);
  if (!Callee->hasBody(Definition) || !Definition ||
      (Method && Method->isVirtual()) || isInLibraryNamespace(Callee))
    return OptionsDevice::Unknown;
  std::optional<OptionsDevice> Result;
  forEachOwnDescendant(Definition->getBody(), [&](const Stmt &S) {
    if (const auto *Return = llvm::dyn_cast<ReturnStmt>(&S)) {
      const OptionsDevice Returned = classify(
          Return->getRetValue(), Definition->getBody(), Depth + CallDepthCost);
      Result = Result ? combine(*Result, Returned) : Returned;
    }
  });
  return Result.value_or(OptionsDevice::Unknown);
}

/// \p Rebuilt is a local whose assigned value \p E is: a use of it there is
/// the value it had (`o = o.device(d)`), which its other values account for.
OptionsDevice classify(const Expr *E, const Stmt *Body, int Depth,
                       const VarDecl *Rebuilt) {
  E = stripWrappers(E);
  if (!E || Depth > MaxDepth)
    return OptionsDevice::Unknown;

  if (const auto *Default = llvm::dyn_cast<CXXDefaultArgExpr>(E))
    return classify(Default->getExpr(), Body, Depth + 1, Rebuilt);

  if (const auto *Init = llvm::dyn_cast<InitListExpr>(E)) {
    if (Init->getNumInits() == 0)
      return OptionsDevice::NoDevice;
    if (Init->getNumInits() == 1)
      return classify(Init->getInit(0), Body, Depth + 1, Rebuilt);
    return OptionsDevice::Unknown;
  }

  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E)) {
    if (!isTensorOptionsType(Construct->getType()))
      return OptionsDevice::Unknown;
    if (Construct->getNumArgs() == 0)
      return OptionsDevice::NoDevice;
    for (const Expr *Arg : Construct->arguments())
      if (isDeviceSpelling(Arg->getType()))
        return OptionsDevice::HasDevice;
    if (Construct->getNumArgs() == 1) {
      const Expr *Arg = Construct->getArg(0);
      if (isTensorOptionsType(Arg->getType()))
        return classify(Arg, Body, Depth + 1, Rebuilt);
      // dtype, layout and memory-format conversions carry no device.
      if (Arg->getType()->isEnumeralType() ||
          Arg->getType()->getAsCXXRecordDecl())
        return OptionsDevice::NoDevice;
    }
    return OptionsDevice::Unknown;
  }

  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if (!Method || !Method->getIdentifier())
      return OptionsDevice::Unknown;
    llvm::StringRef Name = Method->getName();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (Object && isTensorType(Object->getType()))
      return Name == "options" ? OptionsDevice::HasDevice
                               : OptionsDevice::Unknown;
    if (Object && !isTensorOptionsType(Object->getType()))
      return classifyReturned(Method, Depth);
    if (!Object)
      return OptionsDevice::Unknown;
    if ((Name == "device" || Name == "device_index") &&
        Member->getNumArgs() > 0)
      return OptionsDevice::HasDevice;
    if (Name == "dtype" || Name == "layout" || Name == "requires_grad" ||
        Name == "pinned_memory" || Name == "memory_format")
      return classify(Object, Body, Depth + 1, Rebuilt);
    return OptionsDevice::Unknown;
  }

  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    const auto *Callee =
        llvm::dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (!Callee || !Callee->getIdentifier() ||
        !isTensorOptionsType(Callee->getReturnType()))
      return OptionsDevice::Unknown;
    llvm::StringRef Name = Callee->getName();
    if (Name == "device" || Name == "device_index")
      return OptionsDevice::HasDevice;
    if (Name == "dtype" || Name == "layout" || Name == "requires_grad" ||
        Name == "memory_format")
      return OptionsDevice::NoDevice;
    return classifyReturned(Callee, Depth);
  }

  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = llvm::dyn_cast<VarDecl>(Ref->getDecl());
    if (VD && VD == Rebuilt)
      return OptionsDevice::NoDevice; // The least of the lattice: no claim.
    llvm::SmallVector<const Expr *, 4> Assigned;
    if (!VD || !Body || !VD->hasLocalStorage() ||
        VD->getType()->isReferenceType() || !VD->getInit() ||
        !collectAssignedValues(Body, VD, Assigned))
      return OptionsDevice::Unknown;
    // Every value it may hold: its initializer and each assignment's.
    OptionsDevice Result = classify(VD->getInit(), Body, Depth + 1);
    for (const Expr *Value : Assigned)
      Result = combine(Result, classify(Value, Body, Depth + 1, VD));
    return Result;
  }

  if (const auto *Cond = llvm::dyn_cast<ConditionalOperator>(E))
    return combine(classify(Cond->getTrueExpr(), Body, Depth + 1, Rebuilt),
                   classify(Cond->getFalseExpr(), Body, Depth + 1, Rebuilt));

  return OptionsDevice::Unknown;
}

} // namespace

OptionsDevice classifyOptions(const Expr *E, const Stmt *Body) {
  return classify(E, Body, 0);
}

int tensorOptionsParamIndex(const FunctionDecl *FD) {
  if (!FD)
    return -1;
  for (unsigned I = 0; I < FD->getNumParams(); ++I)
    if (isTensorOptionsType(FD->getParamDecl(I)->getType()))
      return static_cast<int>(I);
  return -1;
}

} // namespace clang::tidy::torch::device
