//===--- PlacementSites.cpp - where a spelled device is used --------------===//
#include "device/findings/PlacementSites.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {
namespace {

bool isStdString(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && isNamed(RD, "basic_string");
}

/// Whether \p Ref, a use of \p Var, only rebuilds it: the target of
/// `options = ...`, or the object of `options = options.device(d).dtype(t)`.
bool rebuildsOptions(const DeclRefExpr *Ref, const VarDecl *Var,
                     ASTContext &Ctx) {
  const Expr *Current = Ref;
  for (int Step = 0; Step < 16; ++Step) {
    DynTypedNode Parent = wrappedParent(Current, Ctx);
    if (const auto *Member = Parent.get<MemberExpr>()) {
      const auto *Call =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Member, Ctx));
      if (!Call || !isTensorOptionsType(Call->getType()))
        return false;
      Current = Call;
      continue;
    }
    const auto *S = Parent.get<Stmt>();
    auto Sides = S ? assignmentSides(S) : std::nullopt;
    if (!Sides)
      return false;
    const auto *Target =
        llvm::dyn_cast<DeclRefExpr>(ignoreWrappers(Sides->first));
    return Target && Target->getDecl() == Var &&
           (Current == Ref ||
            ignoreWrappers(Sides->second) == ignoreWrappers(Current));
  }
  return false;
}

/// The call every use of the local \p Var is an argument of, each time a
/// call of the same function; null when a use is anything else. Uses that
/// only rebuild the options (`options = options.device(d)`) do not count.
const CallExpr *soleDestination(const VarDecl *Var) {
  const auto *Fn = llvm::dyn_cast<FunctionDecl>(Var->getDeclContext());
  if (!Fn || !Fn->getBody() || !Var->hasLocalStorage() ||
      !isTensorOptionsType(Var->getType()))
    return nullptr;
  ASTContext &Ctx = Fn->getASTContext();
  const CallExpr *First = nullptr;
  bool Other = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    if (Other || !Ref || Ref->getDecl() != Var ||
        rebuildsOptions(Ref, Var, Ctx))
      return;
    DynTypedNode Parent = wrappedParent(Ref, Ctx);
    // `x.to(options)`: the copy a by-value parameter takes.
    if (const auto *Copy = Parent.get<CXXConstructExpr>();
        Copy && Copy->getConstructor()->isCopyOrMoveConstructor())
      Parent = wrappedParent(Copy, Ctx);
    // `from_blob(p, sizes, options = other)`: an assignment written as the
    // argument hands the call the options of both sides.
    if (const auto *Assign = Parent.get<CXXOperatorCallExpr>();
        Assign && Assign->getOperator() == OO_Equal &&
        Assign->getNumArgs() == 2 && isTensorOptionsType(Assign->getType()))
      Parent = wrappedParent(Assign, Ctx);
    const auto *Call = Parent.get<CallExpr>();
    if (!Call || llvm::isa<CXXOperatorCallExpr>(Call) ||
        !Call->getDirectCallee() ||
        (First && First->getDirectCallee() != Call->getDirectCallee()))
      Other = true;
    else if (!First)
      First = Call;
  });
  return Other ? nullptr : First;
}

/// The one use of the local device \p Var (`torch::Device d(torch::kCUDA);
/// net->to(d);`); null when it has none or several (an assignment is one).
const DeclRefExpr *soleUse(const VarDecl *Var) {
  const auto *Fn = llvm::dyn_cast<FunctionDecl>(Var->getDeclContext());
  if (!Fn || !Fn->getBody() || !Var->hasLocalStorage() ||
      !isDeviceType(Var->getType()))
    return nullptr;
  const DeclRefExpr *Only = nullptr;
  bool Several = false;
  forEachDescendantWithLambdas(Fn->getBody(), [&](const Stmt &S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    if (!Ref || Ref->getDecl() != Var)
      return;
    Several |= Only != nullptr;
    Only = Ref;
  });
  return Several ? nullptr : Only;
}

int argumentIndex(const CallExpr *Call, const Expr *Arg) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I) == Arg)
      return static_cast<int>(I);
  return -1;
}

} // namespace

std::optional<PlacementSite> placementSiteOf(const Expr *Leaf, bool FromString,
                                             ASTContext &Ctx) {
  PlacementSite Result;
  Result.Written = Leaf;
  const Expr *Current = Leaf;
  bool SawDevice = !FromString;
  for (int Step = 0; Step < 24; ++Step) {
    const Stmt *P = parentStmt(Current, Ctx);
    // A local device used once places where that use does.
    if (const auto *Var = !P && SawDevice
                              ? wrappedParent(Current, Ctx).get<VarDecl>()
                              : nullptr) {
      if (!(Current = soleUse(Var)))
        return std::nullopt;
      continue;
    }
    if (!P || !llvm::isa<Expr>(P))
      return std::nullopt;
    const auto *PE = llvm::cast<Expr>(P);
    if (isWrapper(P)) {
      Current = PE;
      continue;
    }
    if (const auto *Cast = llvm::dyn_cast<CXXFunctionalCastExpr>(P)) {
      QualType T = Cast->getType();
      if (isDeviceType(T)) {
        Current = Result.Written = Cast;
        SawDevice = true;
        continue;
      }
      if (isTensorOptionsType(T) && SawDevice) {
        Result.Consumer = Cast;
        Result.Replace = Result.Written->getSourceRange();
        return Result;
      }
      return std::nullopt;
    }
    if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(P)) {
      QualType T = Construct->getType();
      const Stmt *Above = parentStmt(Construct, Ctx);
      const bool Explicit = llvm::isa<CXXTemporaryObjectExpr>(Construct) ||
                            (Above && llvm::isa<CXXFunctionalCastExpr>(Above));
      if (isStdString(T) && FromString) {
        Current = Construct;
        continue;
      }
      if (isDeviceType(T)) {
        SawDevice = true;
        Current = Construct;
        if (Explicit)
          Result.Written = Construct; // torch::Device(torch::kCUDA, 0)
        continue;
      }
      if (isOptionalDeviceType(T)) {
        Current = Construct;
        continue;
      }
      if (isTensorOptionsType(T)) {
        if (Explicit) {
          // torch::TensorOptions(torch::kCUDA): the options place.
          Result.Consumer = Construct;
          Result.Replace = Result.Written->getSourceRange();
          return Result;
        }
        SawDevice = true; // Only a device converts to TensorOptions from these.
        Current = Construct;
        continue;
      }
      return std::nullopt;
    }
    const auto *Call = llvm::dyn_cast<CallExpr>(P);
    if (!Call || !SawDevice)
      return std::nullopt;
    const int Index = argumentIndex(Call, Current);
    if (Index < 0)
      return std::nullopt;
    Result.Consumer = Call;
    Result.Replace = Result.Written->getSourceRange();
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (isNamed(Method, "to") && isTensorMethod(Method)) {
        Result.Move = Member;
        Result.Receiver = Member->getImplicitObjectArgument();
        return Result;
      }
      if (isNamed(Method, "to") && isModuleMethod(Method)) {
        Result.Receiver = calledObject(Member);
        return Result;
      }
      if (isNamed(Method, "device") &&
          isTensorOptionsType(recordType(Method->getParent()))) {
        // .device(torch::kCUDA, 1): the index goes with the replaced type.
        if (Index == 0 && Call->getNumArgs() > 1 && Result.Written == Leaf)
          Result.Replace =
              SourceRange(Call->getArg(0)->getBeginLoc(),
                          Call->getArg(Call->getNumArgs() - 1)->getEndLoc());
        return Result;
      }
      return std::nullopt;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || llvm::isa<CXXOperatorCallExpr>(Call))
      return std::nullopt;
    if (isNamed(Callee, "device") &&
        isTensorOptionsType(Callee->getReturnType()))
      return Result;
    if (static_cast<unsigned>(Index) < Callee->getNumParams() &&
        isTensorOptionsType(Callee->getParamDecl(Index)->getType()))
      return Result; // A factory's (or any function's) TensorOptions.
    return std::nullopt;
  }
  return std::nullopt;
}

const CallExpr *optionsDestination(const Expr *E, ASTContext &Ctx,
                                   bool &Pinned) {
  Pinned = false;
  for (const Expr *Below = E; Below;) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Below));
    if (!Call || !isTensorOptionsType(Call->getType()))
      break;
    if (isNamed(Call->getMethodDecl(), "pinned_memory"))
      Pinned = true;
    Below = Call->getImplicitObjectArgument();
  }
  const Expr *Current = E;
  for (int Step = 0; Step < 16 && Current; ++Step) {
    const Expr *Child = nullptr;
    DynTypedNode Parent = wrappedParent(Current, Ctx, &Child);
    // `auto options = ...; from_blob(p, n, options)`: a local the options
    // are kept in, when every use of it hands them to the same function.
    if (const auto *Var = Parent.get<VarDecl>())
      return soleDestination(Var);
    const auto *S = Parent.get<Stmt>();
    if (!S)
      return nullptr;
    // `options = TensorOptions().device(d)`: kept in a local like the above.
    if (auto Sides = assignmentSides(S);
        Sides && ignoreWrappers(Sides->second) == ignoreWrappers(Current))
      if (const auto *Target =
              llvm::dyn_cast<DeclRefExpr>(ignoreWrappers(Sides->first)))
        if (const auto *Var = llvm::dyn_cast<VarDecl>(Target->getDecl()))
          return soleDestination(Var);
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(S)) {
      const auto *Call =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Member, Ctx));
      if (!Call || !isTensorOptionsType(Call->getType()))
        return nullptr;
      if (isNamed(Call->getMethodDecl(), "pinned_memory"))
        Pinned = true;
      Current = Call;
      continue;
    }
    if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(S)) {
      if (!isTensorOptionsType(Construct->getType()))
        return nullptr;
      Current = Construct;
      continue;
    }
    return llvm::dyn_cast<CallExpr>(S);
  }
  return nullptr;
}

} // namespace clang::tidy::torch::device
