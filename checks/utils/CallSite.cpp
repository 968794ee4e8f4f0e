//===--- CallSite.cpp - where an expression sits and what it names --------===//
#include "utils/CallSite.h"
#include "device/functions/FunctionParents.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch::device {

const Expr *ignoreWrappers(const Expr *E) {
  return E ? E->IgnoreImplicit()->IgnoreParenImpCasts() : nullptr;
}

bool isWrapper(const Stmt *S) {
  return llvm::isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                   CXXBindTemporaryExpr, FullExpr>(S);
}

std::optional<std::pair<const Expr *, const Expr *>>
assignmentSides(const Stmt *S) {
  if (const auto *Op = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(S);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
    return std::make_pair(Op->getArg(0), Op->getArg(1));
  if (const auto *Op = llvm::dyn_cast_or_null<BinaryOperator>(S);
      Op && Op->getOpcode() == BO_Assign)
    return std::make_pair(Op->getLHS(), Op->getRHS());
  return std::nullopt;
}

DynTypedNode wrappedParent(const Expr *E, ASTContext &Ctx, const Expr **Child) {
  const Expr *Current = E;
  DynTypedNode Node = DynTypedNode::create(*E);
  for (int Step = 0; Step < 16; ++Step) {
    auto Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      break;
    const DynTypedNode &Parent = Parents[0];
    const auto *S = Parent.get<Stmt>();
    if (!S || !isWrapper(S)) {
      if (Child)
        *Child = Current;
      return Parent;
    }
    Current = llvm::cast<Expr>(S);
    Node = Parent;
  }
  if (Child)
    *Child = Current;
  return {};
}

bool isDiscardedStatement(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return false;
  const Expr *Outer = nullptr;
  DynTypedNode Parent = wrappedParent(E, Ctx, &Outer);
  const auto *S = Parent.get<Stmt>();
  if (!S)
    return false;
  if (llvm::isa<CompoundStmt>(S))
    return true;
  if (const auto *If = llvm::dyn_cast<IfStmt>(S))
    return If->getThen() == Outer || If->getElse() == Outer;
  if (const auto *While = llvm::dyn_cast<WhileStmt>(S))
    return While->getBody() == Outer;
  if (const auto *Do = llvm::dyn_cast<DoStmt>(S))
    return Do->getBody() == Outer;
  if (const auto *For = llvm::dyn_cast<ForStmt>(S))
    return For->getBody() == Outer || For->getInc() == Outer;
  if (const auto *Range = llvm::dyn_cast<CXXForRangeStmt>(S))
    return Range->getBody() == Outer;
  if (const auto *Case = llvm::dyn_cast<SwitchCase>(S))
    return Case->getSubStmt() == Outer;
  if (const auto *Label = llvm::dyn_cast<LabelStmt>(S))
    return Label->getSubStmt() == Outer;
  if (const auto *Attributed = llvm::dyn_cast<AttributedStmt>(S))
    return Attributed->getSubStmt() == Outer;
  // `a.to(d), b.to(d);`: a comma drops its left side, and its right side
  // when the whole is dropped.
  if (const auto *Comma = llvm::dyn_cast<BinaryOperator>(S);
      Comma && Comma->getOpcode() == BO_Comma)
    return Comma->getLHS() == Outer ||
           (Comma->getRHS() == Outer && isDiscardedStatement(Comma, Ctx));
  return false;
}

bool isLambdaCallOperator(const FunctionDecl *Fn) {
  const auto *Method = llvm::dyn_cast_or_null<CXXMethodDecl>(Fn);
  return Method && Method->getParent() && Method->getParent()->isLambda();
}

const FunctionDecl *enclosingNamedFunction(const FunctionDecl *Fn) {
  for (int Depth = 0; Fn && isLambdaCallOperator(Fn) && Depth < 32; ++Depth) {
    const DeclContext *Ctx =
        llvm::cast<CXXMethodDecl>(Fn)->getParent()->getDeclContext();
    while (Ctx && !llvm::isa<FunctionDecl>(Ctx))
      Ctx = Ctx->getParent();
    if (!Ctx)
      return Fn;
    Fn = llvm::cast<FunctionDecl>(Ctx);
  }
  return Fn;
}

bool isInstantiated(const DeclContext *Inner) {
  for (const DeclContext *Ctx = Inner; Ctx; Ctx = Ctx->getParent()) {
    if (const auto *F = llvm::dyn_cast<FunctionDecl>(Ctx)) {
      if (F->isTemplateInstantiation())
        return true;
    } else if (const auto *RD = llvm::dyn_cast<CXXRecordDecl>(Ctx)) {
      const TemplateSpecializationKind Kind =
          RD->getTemplateSpecializationKind();
      if (Kind == TSK_ImplicitInstantiation ||
          Kind == TSK_ExplicitInstantiationDeclaration ||
          Kind == TSK_ExplicitInstantiationDefinition)
        return true;
    }
  }
  return false;
}

bool isAnalysedInstantiation(TemplateSpecializationKind Kind) {
  return Kind == TSK_ImplicitInstantiation ||
         Kind == TSK_ExplicitInstantiationDefinition;
}

unsigned instantiationsAround(const DeclContext *Inner) {
  unsigned Most = 0;
  for (const DeclContext *Ctx = Inner; Ctx; Ctx = Ctx->getParent()) {
    unsigned Count = 0;
    if (const auto *F = llvm::dyn_cast<FunctionDecl>(Ctx)) {
      if (const FunctionTemplateDecl *Template = F->getPrimaryTemplate())
        for (const FunctionDecl *Spec : Template->specializations())
          Count +=
              isAnalysedInstantiation(Spec->getTemplateSpecializationKind());
    } else if (const auto *Spec =
                   llvm::dyn_cast<ClassTemplateSpecializationDecl>(Ctx)) {
      for (const ClassTemplateSpecializationDecl *Other :
           Spec->getSpecializedTemplate()->specializations())
        Count += isAnalysedInstantiation(Other->getSpecializationKind());
    }
    Most = std::max(Most, Count);
  }
  return Most;
}

bool isRootedAtThis(const Expr *E) {
  for (int Depth = 0; E && Depth < 16; ++Depth) {
    E = ignoreWrappers(E);
    if (llvm::isa<CXXThisExpr>(E))
      return true;
    if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
        Deref && Deref->getOpcode() == UO_Deref) {
      E = Deref->getSubExpr();
      continue;
    }
    const auto *Member = llvm::dyn_cast<MemberExpr>(E);
    if (!Member || !llvm::isa<FieldDecl>(Member->getMemberDecl()))
      return false;
    E = Member->getBase();
  }
  return false;
}

const ValueDecl *namedDecl(const Expr *E) {
  E = ignoreWrappers(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return Ref->getDecl();
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(E))
    if (llvm::isa<FieldDecl>(Member->getMemberDecl()) &&
        isRootedAtThis(Member->getBase()))
      return Member->getMemberDecl();
  return nullptr;
}

const Expr *calledObject(const CXXMemberCallExpr *Call) {
  const Expr *Object = Call ? Call->getImplicitObjectArgument() : nullptr;
  if (!Object)
    return nullptr;
  const Expr *Stripped = ignoreWrappers(Object);
  if (const auto *Arrow = llvm::dyn_cast<CXXOperatorCallExpr>(Stripped);
      Arrow && Arrow->getOperator() == OO_Arrow && Arrow->getNumArgs() > 0)
    return Arrow->getArg(0);
  return Object;
}

bool inMacro(SourceRange R) {
  return R.isInvalid() || R.getBegin().isMacroID() || R.getEnd().isMacroID();
}

std::string sourceText(SourceRange R, const ASTContext &Ctx) {
  if (inMacro(R))
    return "";
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

std::string checkOption(const ClangTidyContext *Context, llvm::StringRef Check,
                        llvm::StringRef Option, llvm::StringRef Default,
                        bool OrGlobal) {
  if (!Context)
    return Default.str();
  const auto &Options = Context->getOptions().CheckOptions;
  auto It = Options.find((Check + "." + Option).str());
  if (It == Options.end() && OrGlobal)
    It = Options.find(Option);
  return It == Options.end() ? Default.str() : It->getValue().Value;
}

bool isScopeStmt(const Stmt *S) {
  return llvm::isa<CompoundStmt, ForStmt, CXXForRangeStmt, IfStmt, WhileStmt,
                   SwitchStmt, CXXCatchStmt>(S);
}

bool containsLocation(const SourceManager &SM, SourceRange Outer,
                      SourceLocation Loc) {
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  };
  return !Before(Loc, Outer.getBegin()) && !Before(Outer.getEnd(), Loc);
}

namespace {
/// The call operator of the innermost lambda of \p Fn's body around \p Loc,
/// else \p Fn.
const FunctionDecl *innermostLambda(const FunctionDecl *Fn, SourceLocation Loc,
                                    const SourceManager &SM) {
  const FunctionDecl *Innermost = Fn;
  for (const Stmt *S = Fn->getBody(); S;) {
    const Stmt *Next = nullptr;
    for (const Stmt *Child : S->children())
      if (Child && containsLocation(SM, Child->getSourceRange(), Loc)) {
        Next = Child;
        break;
      }
    if (const auto *Lambda = llvm::dyn_cast_or_null<LambdaExpr>(Next)) {
      Innermost = Lambda->getCallOperator();
      Next = Lambda->getBody();
    }
    S = Next;
  }
  return Innermost;
}
} // namespace

const FunctionDecl *functionAround(SourceLocation Loc, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const DeclContext *Scope = Ctx.getTranslationUnitDecl();
  // Down the namespaces and classes whose text holds Loc, to the function.
  while (Scope) {
    const DeclContext *Inner = nullptr;
    for (const Decl *D : Scope->decls()) {
      if (const auto *Template = llvm::dyn_cast<TemplateDecl>(D))
        D = Template->getTemplatedDecl();
      if (!D || D->isImplicit() ||
          !containsLocation(SM, D->getSourceRange(), Loc))
        continue;
      if (const auto *Fn = llvm::dyn_cast<FunctionDecl>(D))
        return Fn->doesThisDeclarationHaveABody() ? innermostLambda(Fn, Loc, SM)
                                                  : nullptr;
      if (llvm::isa<NamespaceDecl, CXXRecordDecl, LinkageSpecDecl>(D)) {
        Inner = llvm::cast<DeclContext>(D);
        break;
      }
    }
    Scope = Inner;
  }
  return nullptr;
}

} // namespace clang::tidy::torch::device
