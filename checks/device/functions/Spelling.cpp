//===--- Spelling.cpp - what a fix can write where ------------------------===//
#include "device/functions/Spelling.h"
#include "device/functions/FunctionParents.h"
#include "utils/CallSite.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {
namespace {

/// Declarations are visible from where they are written on.
bool isWrittenBefore(SourceLocation A, SourceLocation B,
                     const SourceManager &SM) {
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

/// True when the local \p VD, declared in a function body, is in scope at
/// \p At: declared before it, in a scope that encloses it.
bool isVisibleLocal(const VarDecl *VD, SourceLocation At, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!isWrittenBefore(VD->getLocation(), At, SM))
    return false;
  DynTypedNodeList Parents = parentsOf(*VD, Ctx);
  for (int Step = 0; Step < 64 && !Parents.empty(); ++Step) {
    const DynTypedNode &Node = Parents[0];
    if (const auto *S = Node.get<Stmt>()) {
      if (isScopeStmt(S))
        return containsLocation(SM, S->getSourceRange(), At);
    } else if (Node.get<Decl>() && !Node.get<VarDecl>()) {
      return false; // Left the function without finding a scope.
    }
    Parents = parentsOf(Node, Ctx);
  }
  return false;
}

/// Every local variable declared in \p S, lambda bodies excluded.
void collectLocals(const Stmt *S, llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = llvm::dyn_cast<VarDecl>(D))
        Out.push_back(VD);
  for (const Stmt *Child : S->children())
    collectLocals(Child, Out);
}

/// True when another variable of \p Fn named like \p D hides it at \p At:
/// a local declared after \p D and in scope there, or, for a member, a
/// parameter of \p Fn.
bool isShadowedAt(const ValueDecl *D, const FunctionDecl *Fn, SourceLocation At,
                  ASTContext &Ctx) {
  if (!D->getIdentifier() || !Fn->getBody())
    return false;
  if (llvm::isa<FieldDecl>(D))
    for (const ParmVarDecl *P : Fn->parameters())
      if (P->getIdentifier() && P->getName() == D->getName())
        return true;
  llvm::SmallVector<const VarDecl *, 16> Locals;
  collectLocals(Fn->getBody(), Locals);
  const SourceManager &SM = Ctx.getSourceManager();
  for (const VarDecl *Other : Locals)
    if (Other != D && Other->getIdentifier() &&
        Other->getName() == D->getName() &&
        isWrittenBefore(D->getLocation(), Other->getLocation(), SM) &&
        isVisibleLocal(Other, At, Ctx))
      return true;
  return false;
}

bool isUsableNode(const Stmt *S, const FunctionDecl *Fn, SourceLocation At,
                  ASTContext &Ctx) {
  if (!S)
    return true;
  if (llvm::isa<LambdaExpr, CXXNewExpr, CXXDeleteExpr, StmtExpr, CXXThrowExpr,
                RecoveryExpr>(S))
    return false;
  if (const auto *Bin = llvm::dyn_cast<BinaryOperator>(S))
    if (Bin->isAssignmentOp() || Bin->isCommaOp())
      return false;
  if (const auto *Un = llvm::dyn_cast<UnaryOperator>(S))
    if (Un->isIncrementDecrementOp())
      return false;
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(S))
    if (Op->isAssignmentOp() || Op->getOperator() == OO_PlusPlus ||
        Op->getOperator() == OO_MinusMinus || Op->getOperator() == OO_Comma)
      return false;
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S)) {
    const ValueDecl *D = Ref->getDecl();
    if (llvm::isa<EnumConstantDecl, FunctionDecl>(D))
      return true;
    const auto *VD = llvm::dyn_cast<VarDecl>(D);
    if (!VD || (!Ref->getQualifier() && isShadowedAt(VD, Fn, At, Ctx)))
      return false;
    // Globals, and variables of an enclosing function that a lambda body
    // already names (so captures), mean the same everywhere in Fn.
    if (VD->getDeclContext() != Fn || llvm::isa<ParmVarDecl>(VD))
      return true;
    return isVisibleLocal(VD, At, Ctx);
  }
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(S)) {
    // `device_` (implicit this) is hidden by a local or parameter `device_`.
    if (Member->isImplicitAccess() &&
        isShadowedAt(Member->getMemberDecl(), Fn, At, Ctx))
      return false;
    return isUsableNode(Member->getBase(), Fn, At, Ctx);
  }
  for (const Stmt *Child : S->children())
    if (!isUsableNode(Child, Fn, At, Ctx))
      return false;
  return true;
}

} // namespace

bool isUsableAt(const Expr *E, const FunctionDecl *Fn, SourceLocation At,
                ASTContext &Ctx) {
  if (!E || !Fn || !Fn->getBody() || E->getBeginLoc().isMacroID() ||
      E->getEndLoc().isMacroID() || E->containsErrors())
    return false;
  // A braced list does not deduce through torch::load's parameter pack.
  if (llvm::isa<InitListExpr>(E))
    return false;
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->isListInitialization() &&
      !llvm::isa<CXXTemporaryObjectExpr>(Construct))
    return false;
  return isUsableNode(E, Fn, At, Ctx);
}

bool isNameUsableAt(const ValueDecl *D, const FunctionDecl *Fn,
                    SourceLocation At, ASTContext &Ctx) {
  return D && Fn && !isShadowedAt(D, Fn, At, Ctx);
}

} // namespace clang::tidy::torch::device
