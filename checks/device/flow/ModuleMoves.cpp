//===--- ModuleMoves.cpp - where modules go, in one function body ---------===//
#include "device/flow/ModuleMoves.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionParents.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch::utils {
namespace {

const CXXRecordDecl *recordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (RD && RD->getDefinition())
    return RD->getDefinition();
  return RD;
}

bool derivesFrom(const CXXRecordDecl *RD, llvm::StringRef QualifiedName,
                 unsigned Depth = 0) {
  if (!RD || Depth > 16)
    return false;
  if (RD->getQualifiedNameAsString() == QualifiedName)
    return true;
  if (!RD->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &Base : RD->getDefinition()->bases())
    if (derivesFrom(recordOf(Base.getType()), QualifiedName, Depth + 1))
      return true;
  return false;
}

/// The object \p E names: through implicit nodes and local references.
const Expr *strip(const Expr *E) {
  return ignoreWrappers(throughReferenceAlias(ignoreWrappers(E)));
}

/// The class \p Method belongs to, as a type.
QualType classType(const CXXMethodDecl *Method) {
  const CXXRecordDecl *RD = Method ? Method->getParent() : nullptr;
  return RD && RD->getTypeForDecl() ? QualType(RD->getTypeForDecl(), 0)
                                    : QualType();
}

bool hasName(const NamedDecl *D, llvm::StringRef Name) {
  return D && D->getIdentifier() && D->getName() == Name;
}

/// torch::kCPU, c10::DeviceType::CPU, "cpu" (as a device string).
bool namesCpu(const Expr *E) {
  E = strip(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return backendOfConstant(Ref->getDecl()) == "CPU";
  if (const auto *Str = llvm::dyn_cast_or_null<StringLiteral>(E))
    return backendOfString(Str) == "CPU";
  return false;
}

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

/// True when the local \p VD, declared in a function body, is in scope at
/// \p At: declared before it, in a scope that encloses it.
bool isVisibleLocal(const VarDecl *VD, SourceLocation At, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (!isBefore(VD->getLocation(), At, SM))
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
        isBefore(D->getLocation(), Other->getLocation(), SM) &&
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

void collectMoves(const Stmt *S, std::vector<ModuleMove> &Out) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if (hasName(Method, "to") && Member->getNumArgs() >= 1 &&
        Method->getNumParams() >= 1 &&
        isDeviceType(Method->getParamDecl(0)->getType()) &&
        (isModuleType(classType(Method)) || isJitModuleType(classType(Method))))
      if (const ValueDecl *Module =
              referencedObject(Member->getImplicitObjectArgument())) {
        const Expr *Device = writtenArgument(Member->getArg(0));
        Out.push_back({Member, Module, Device, isCpuDeviceConstant(Device)});
      }
  } else if (const auto *Call = llvm::dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (hasName(Callee, "ensure_module_device") && Call->getNumArgs() >= 2 &&
        qualifiedName(Callee).rfind("torchlint::", 0) == 0)
      if (const ValueDecl *Module = referencedObject(Call->getArg(0))) {
        const Expr *Device = writtenArgument(Call->getArg(1));
        Out.push_back({Call, Module, Device, isCpuDeviceConstant(Device)});
      }
  }
  for (const Stmt *Child : S->children())
    collectMoves(Child, Out);
}

void collectOwners(const Stmt *S, bool FollowLocals,
                   llvm::SmallVectorImpl<const ValueDecl *> &Out) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if ((hasName(Method, "parameters") ||
         hasName(Method, "named_parameters")) &&
        isModuleType(classType(Method)))
      if (const ValueDecl *Owner =
              referencedObject(Member->getImplicitObjectArgument())) {
        if (!llvm::is_contained(Out, Owner))
          Out.push_back(Owner);
        return;
      }
  }
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        VD && FollowLocals && VD->hasLocalStorage() &&
        !llvm::isa<ParmVarDecl>(VD) && VD->getInit())
      collectOwners(VD->getInit(), /*FollowLocals=*/false, Out);
  for (const Stmt *Child : S->children())
    collectOwners(Child, FollowLocals, Out);
}

} // namespace

bool isOptimizerType(QualType T) {
  return derivesFrom(recordOf(T), "torch::optim::Optimizer");
}

bool isJitModuleType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && RD->getQualifiedNameAsString() == "torch::jit::Module";
}

bool isNulloptType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  if (!RD)
    return false;
  const std::string Name = RD->getQualifiedNameAsString();
  return Name == "c10::nullopt_t" || Name == "std::nullopt_t";
}

const ValueDecl *referencedObject(const Expr *E) {
  for (int Step = 0; E && Step < 8; ++Step) {
    E = strip(E);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
      return llvm::isa<VarDecl>(Ref->getDecl()) ? Ref->getDecl() : nullptr;
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
      if (llvm::isa<CXXThisExpr>(strip(Member->getBase())) &&
          llvm::isa<FieldDecl>(Member->getMemberDecl()))
        return Member->getMemberDecl();
      return nullptr;
    }
    if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E)) {
      if (Op->getNumArgs() == 1 && (Op->getOperator() == OO_Arrow ||
                                    Op->getOperator() == OO_Star)) {
        E = Op->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *Un = llvm::dyn_cast<UnaryOperator>(E)) {
      if (Un->getOpcode() == UO_Deref) {
        E = Un->getSubExpr();
        continue;
      }
      return nullptr;
    }
    if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      if (Call->getNumArgs() == 0 &&
          (hasName(Method, "ptr") || hasName(Method, "get"))) {
        E = Call->getImplicitObjectArgument();
        continue;
      }
      return nullptr;
    }
    return nullptr;
  }
  return nullptr;
}

const Expr *writtenArgument(const Expr *E) {
  for (int Step = 0; E && Step < 8; ++Step) {
    E = strip(E);
    const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
    if (!Construct || llvm::isa<CXXTemporaryObjectExpr>(Construct) ||
        Construct->getNumArgs() == 0 ||
        Construct->getParenOrBraceRange().isValid())
      return E;
    for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
      if (!llvm::isa<CXXDefaultArgExpr>(Construct->getArg(I)))
        return E;
    E = Construct->getArg(0);
  }
  return E;
}

bool isCpuDeviceConstant(const Expr *E) {
  E = writtenArgument(E);
  if (!E)
    return false;
  if (namesCpu(E))
    return true;
  if (const auto *Cast = llvm::dyn_cast<CXXFunctionalCastExpr>(E))
    E = strip(Cast->getSubExpr());
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E))
    return isDeviceType(Construct->getType()) && Construct->getNumArgs() >= 1 &&
           namesCpu(writtenArgument(Construct->getArg(0)));
  return false;
}

std::vector<ModuleMove> collectModuleMoves(const Stmt *Body) {
  std::vector<ModuleMove> Moves;
  collectMoves(Body, Moves);
  return Moves;
}

bool placesTensorOnDevice(const Expr *E) {
  if (!E || llvm::isa<LambdaExpr>(E))
    return false;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (Method && Object && isTensorType(Object->getType())) {
      if (hasName(Method, "cuda"))
        return true;
      if (hasName(Method, "to") && Member->getNumArgs() >= 1) {
        const Expr *Arg = Member->getArg(0);
        QualType T = Arg->getType();
        if ((isDeviceType(T) || isDeviceTypeEnum(T)) &&
            !isCpuDeviceConstant(Arg))
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

llvm::SmallVector<const ValueDecl *, 2> parameterOwners(const Expr *E) {
  llvm::SmallVector<const ValueDecl *, 2> Owners;
  collectOwners(E, /*FollowLocals=*/true, Owners);
  return Owners;
}

bool isConditionalFor(const Stmt *S, const Stmt *Target, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation At = Target->getBeginLoc();
  DynTypedNode Node = DynTypedNode::create(*S);
  for (int Step = 0; Step < 256; ++Step) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return false;
    Node = Parents[0];
    const auto *Parent = Node.get<Stmt>();
    if (!Parent)
      return false; // Reached the function: S runs on every path.
    if (containsLocation(SM, Parent->getSourceRange(), At))
      return false; // The innermost statement holding both.
    if (llvm::isa<IfStmt, SwitchStmt, SwitchCase, ForStmt, CXXForRangeStmt,
                  WhileStmt, DoStmt, CXXCatchStmt, AbstractConditionalOperator,
                  LambdaExpr>(Parent))
      return true;
    if (const auto *Bin = llvm::dyn_cast<BinaryOperator>(Parent);
        Bin && Bin->isLogicalOp())
      return true;
  }
  return true;
}

bool isBefore(SourceLocation A, SourceLocation B, const SourceManager &SM) {
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

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

std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return "";
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(E->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace clang::tidy::torch::utils
