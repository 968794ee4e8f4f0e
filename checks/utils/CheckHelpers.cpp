//===--- CheckHelpers.cpp - pieces the flow-based checks share ------------===//
#include "utils/CheckHelpers.h"
#include "utils/CallSite.h"
#include "utils/FunctionParents.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch::utils {

namespace {

/// Finds the function and lambda bodies of a translation unit's user code
/// without visiting libtorch's headers: a system-header declaration is
/// skipped whole, with everything inside it.
class FunctionBodyFinder {
public:
  FunctionBodyFinder(const SourceManager &SM,
                     llvm::function_ref<void(const FunctionDecl *)> Visit)
      : SM(SM), Visit(Visit) {}

  void walkDecl(const Decl *D) {
    if (!D || D->isImplicit() || Depth > 256 ||
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return;
    ++Depth;
    walkDeclInner(D);
    --Depth;
  }

  /// Lambdas and local classes inside \p S.
  void walkStmt(const Stmt *S) {
    if (!S)
      return;
    llvm::SmallVector<const Stmt *, 32> Pending{S};
    while (!Pending.empty()) {
      const Stmt *Current = Pending.pop_back_val();
      if (!Current)
        continue;
      if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(Current))
        visitFunction(Lambda->getCallOperator());
      if (const auto *DS = llvm::dyn_cast<DeclStmt>(Current))
        for (const Decl *Local : DS->decls())
          if (llvm::isa<TagDecl>(Local))
            walkDecl(Local);
      const size_t First = Pending.size();
      for (const Stmt *Child : Current->children())
        Pending.push_back(Child);
      std::reverse(Pending.begin() + First, Pending.end());
    }
  }

private:
  void walkDeclInner(const Decl *D) {
    if (const auto *Template = llvm::dyn_cast<TemplateDecl>(D)) {
      walkDecl(Template->getTemplatedDecl());
      return;
    }
    if (const auto *Friend = llvm::dyn_cast<FriendDecl>(D)) {
      walkDecl(Friend->getFriendDecl());
      return;
    }
    if (const auto *Fn = llvm::dyn_cast<FunctionDecl>(D)) {
      for (const ParmVarDecl *Param : Fn->parameters())
        walkStmt(Param->getDefaultArg());
      if (Fn->doesThisDeclarationHaveABody())
        visitFunction(Fn);
      return;
    }
    if (const auto *Record = llvm::dyn_cast<CXXRecordDecl>(D);
        Record && isInstantiated(Record))
      return;
    if (const auto *Var = llvm::dyn_cast<VarDecl>(D))
      walkStmt(Var->getInit());
    else if (const auto *Field = llvm::dyn_cast<FieldDecl>(D))
      walkStmt(Field->getInClassInitializer());
    if (const auto *Context = llvm::dyn_cast<DeclContext>(D))
      for (const Decl *Child : Context->decls())
        walkDecl(Child);
  }

  void visitFunction(const FunctionDecl *Fn) {
    if (!Fn || !Fn->hasBody() || isInstantiated(Fn))
      return;
    Visit(Fn);
    if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Fn))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          walkStmt(Init->getInit());
    walkStmt(Fn->getBody());
  }

  static bool isInstantiated(const CXXRecordDecl *Record) {
    const TemplateSpecializationKind Kind =
        Record->getTemplateSpecializationKind();
    return Kind == TSK_ImplicitInstantiation ||
           Kind == TSK_ExplicitInstantiationDeclaration ||
           Kind == TSK_ExplicitInstantiationDefinition;
  }
  static bool isInstantiated(const FunctionDecl *Fn) {
    return utils::isInstantiated(Fn);
  }

  const SourceManager &SM;
  llvm::function_ref<void(const FunctionDecl *)> Visit;
  int Depth = 0;
};

} // namespace

void registerFunctionBodyMatchers(MatchFinder *Finder,
                                  MatchFinder::MatchCallback *Check) {
  Finder->addMatcher(translationUnitDecl().bind("torch-tu"), Check);
}

void forEachMatchedFunction(const MatchFinder::MatchResult &Result,
                            llvm::function_ref<void(const FunctionDecl *)> Check) {
  // Each function is analysed with its own parent map (FunctionParents.h).
  auto Visit = [&](const FunctionDecl *Fn) {
    FunctionParentScope Parents(Fn, *Result.Context);
    Check(Fn);
  };
  if (!Result.Nodes.getNodeAs<TranslationUnitDecl>("torch-tu"))
    return;
  // As RecursiveASTVisitor does: clangd limits the scope to the main file's
  // top-level declarations, clang-tidy leaves it at the whole unit.
  FunctionBodyFinder Finder(*Result.SourceManager, Visit);
  for (const Decl *Root : Result.Context->getTraversalScope()) {
    if (const auto *TU = llvm::dyn_cast<TranslationUnitDecl>(Root))
      for (const Decl *D : TU->decls())
        Finder.walkDecl(D);
    else
      Finder.walkDecl(Root);
  }
}

void forEachOwnStmt(const FunctionDecl *Fn,
                    llvm::function_ref<void(const Stmt &)> Visit) {
  if (!Fn)
    return;
  // A stack in reverse, so that statements are visited in source order.
  llvm::SmallVector<const Stmt *, 32> Pending;
  Pending.push_back(Fn->getBody());
  if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Fn))
    for (const CXXCtorInitializer *Init : llvm::reverse(Ctor->inits()))
      if (Init->isWritten())
        Pending.push_back(Init->getInit());
  while (!Pending.empty()) {
    const Stmt *S = Pending.pop_back_val();
    if (!S)
      continue;
    Visit(*S);
    if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(S)) {
      for (const Expr *Capture : llvm::reverse(Lambda->capture_inits()))
        Pending.push_back(Capture);
      continue;
    }
    const size_t First = Pending.size();
    for (const Stmt *Child : S->children())
      Pending.push_back(Child);
    std::reverse(Pending.begin() + First, Pending.end());
  }
}

llvm::SmallVector<const CXXMemberCallExpr *, 8>
ownMemberCalls(const FunctionDecl *Fn, llvm::ArrayRef<llvm::StringRef> Names) {
  llvm::SmallVector<const CXXMemberCallExpr *, 8> Calls;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (Method && Method->getIdentifier() &&
        llvm::is_contained(Names, Method->getName()))
      Calls.push_back(Call);
  });
  return Calls;
}

std::optional<FixItHint> moveToDeviceOfFix(const Expr *Odd, const Expr *Other,
                                           const SourceManager &SM,
                                           const LangOptions &LangOpts) {
  if (!Odd || !Other)
    return std::nullopt;
  const Expr *Target = Other->IgnoreImplicit()->IgnoreParenImpCasts();
  const ValueDecl *Named = nullptr;
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Target))
    Named = Ref->getDecl();
  else if (const auto *Member = llvm::dyn_cast<MemberExpr>(Target);
           Member && llvm::isa<CXXThisExpr>(
                         Member->getBase()->IgnoreImplicit()->IgnoreParenImpCasts()))
    Named = Member->getMemberDecl();
  if (!Named || !isTensorType(Named->getType()))
    return std::nullopt;

  const Expr *Written = Odd->IgnoreImplicit()->IgnoreParenImpCasts();
  const SourceRange Range = Written->getSourceRange();
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return std::nullopt;
  const std::string Move = ".to(" + Named->getNameAsString() + ".device())";
  if (llvm::isa<CallExpr, DeclRefExpr, ParenExpr, MemberExpr>(Written) &&
      !llvm::isa<CXXOperatorCallExpr>(Written))
    return FixItHint::CreateInsertion(
        Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts), Move);
  const std::string Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM, LangOpts)
          .str();
  if (Text.empty())
    return std::nullopt;
  return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range),
                                      "(" + Text + ")" + Move);
}

std::string opDisplayName(llvm::StringRef QualifiedName) {
  QualifiedName.consume_front("at::");
  return QualifiedName.str();
}

void noteDeviceOrigin(ClangTidyCheck &Check, const AbstractDevice &Device) {
  using Kind = AbstractDevice::Kind;
  if (Device.K == Kind::SameAs && Device.Symbol) {
    const unsigned Why = llvm::isa<ParmVarDecl>(Device.Symbol) ? 0
                         : llvm::isa<FieldDecl>(Device.Symbol) ? 1
                                                                : 2;
    Check.diag(Device.Symbol->getLocation(),
               "'%0' may live on any device (%select{wherever the caller put "
               "it|wherever set-up put it|it is not moved in this function}1)",
               DiagnosticIDs::Note)
        << Device.Symbol->getNameAsString() << Why;
    return;
  }
  if (!Device.Origin || Device.K == Kind::Unknown)
    return;
  Check.diag(Device.Origin->getBeginLoc(),
             Device.K == Kind::Maybe ? "placed on another device on one path here"
                                     : "placed on %0 here",
             DiagnosticIDs::Note)
      << Device.describe();
}

} // namespace clang::tidy::torch::utils
