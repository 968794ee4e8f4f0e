//===--- LostMoves.cpp - what a discarded move loses ----------------------===//
#include "device/findings/LostMoves.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

namespace clang::tidy::torch::device {
namespace {

/// Whether \p Later was made where \p Earlier was: the same move or factory.
bool sameMaking(const AbstractDevice &Earlier, const AbstractDevice &Later) {
  if (Earlier.Origin && Earlier.Origin == Later.Origin)
    return true;
  return llvm::any_of(Earlier.Factories, [&](const Stmt *Factory) {
    return llvm::is_contained(Later.Factories, Factory);
  });
}

/// The call \p Ref is an argument or the receiver of, seeing through the
/// implicit casts and temporaries around it.
const Expr *userOf(const DeclRefExpr *Ref, ASTContext &Ctx) {
  const Expr *Current = Ref;
  for (;;) {
    const DynTypedNodeList Parents = Ctx.getParents(*Current);
    const Expr *Parent = Parents.empty() ? nullptr : Parents[0].get<Expr>();
    if (!Parent ||
        !llvm::isa<ImplicitCastExpr, MaterializeTemporaryExpr,
                   CXXBindTemporaryExpr, ParenExpr, MemberExpr>(Parent))
      return Parent;
    Current = Parent;
  }
}

} // namespace

const CXXMemberCallExpr *lostMoveBefore(const DeviceConflict &C,
                                        const DeviceFlow &Flow,
                                        const FunctionDecl *Fn,
                                        ASTContext &Ctx) {
  if (!C.Use || C.Odd.K == AbstractDevice::Kind::Unknown)
    return nullptr;
  for (const CXXMemberCallExpr *Move : ownMemberCalls(Fn, {"to", "cuda"})) {
    const ValueDecl *Moved =
        referencedObject(Move->getImplicitObjectArgument());
    if (Moved && isTensorMethod(Move->getMethodDecl()) &&
        isDiscardedStatement(Move, Ctx) && Flow.precedes(Move, C.Use->site()) &&
        sameMaking(Flow.deviceBefore(Moved, Move), C.Odd))
      return Move;
  }
  return nullptr;
}

bool onlyCopiedFrom(const CXXMemberCallExpr *Move, const FunctionDecl *Fn,
                    ASTContext &Ctx) {
  const auto *Receiver = llvm::dyn_cast_or_null<DeclRefExpr>(
      ignoreWrappers(Move->getImplicitObjectArgument()));
  const ValueDecl *Moved = Receiver ? Receiver->getDecl() : nullptr;
  if (!Moved || !Fn->getBody())
    return false;
  bool Copied = false, OtherUse = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    if (OtherUse || !Ref || Ref->getDecl() != Moved)
      return;
    const Expr *User = userOf(Ref, Ctx);
    // `param = Tensor();` replaces the tensor: no read of it.
    if (const auto *Assign = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(User);
        Assign && Assign->getOperator() == OO_Equal &&
        ignoreWrappers(Assign->getArg(0)) == Ref)
      return;
    const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(User);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (!isTensorMethod(Method)) {
      OtherUse = true;
      return;
    }
    const bool IsReceiver =
        ignoreWrappers(Call->getImplicitObjectArgument()) == Ref;
    if (!IsReceiver && isNamed(Method, "copy_"))
      Copied = true;
    else if (!(IsReceiver && isDiscardedStatement(Call, Ctx)))
      OtherUse = true;
  });
  return Copied && !OtherUse;
}

bool neverReadAfter(const CXXMemberCallExpr *Move, const FunctionDecl *Fn,
                    llvm::function_ref<const DeviceFlow &()> FlowOf) {
  const auto *Receiver = llvm::dyn_cast_or_null<DeclRefExpr>(
      ignoreWrappers(Move->getImplicitObjectArgument()));
  const auto *Local =
      Receiver ? llvm::dyn_cast<VarDecl>(Receiver->getDecl()) : nullptr;
  if (!Local || !Local->isLocalVarDecl() || Local->isStaticLocal() ||
      Local->getType()->isReferenceType() || !Fn->getBody())
    return false;
  const DeviceFlow &Flow = FlowOf();
  bool Read = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
    if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&S))
      for (const LambdaCapture &Capture : Lambda->captures())
        Read |= Capture.capturesVariable() && Capture.getCapturedVar() == Local;
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    if (Ref && Ref != Receiver && Ref->getDecl() == Local)
      Read |= Flow.mayRunAfter(Move, Ref);
  });
  return !Read;
}

} // namespace clang::tidy::torch::device
