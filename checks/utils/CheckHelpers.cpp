//===--- CheckHelpers.cpp - pieces the flow-based checks share ------------===//
#include "utils/CheckHelpers.h"
#include "utils/CallSite.h"
#include "utils/FunctionParents.h"
#include "utils/LibraryCode.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch::utils {

namespace {

/// Visits \p Root and the statements below it in source order; \p Visit
/// returns whether to go below the statement it was given.
void walkInSourceOrder(const Stmt *Root,
                       llvm::function_ref<bool(const Stmt &)> Visit) {
  // A stack in reverse, so that statements are visited in source order.
  llvm::SmallVector<const Stmt *, 32> Pending{Root};
  while (!Pending.empty()) {
    const Stmt *S = Pending.pop_back_val();
    if (!S || !Visit(*S))
      continue;
    const size_t First = Pending.size();
    for (const Stmt *Child : S->children())
      Pending.push_back(Child);
    std::reverse(Pending.begin() + First, Pending.end());
  }
}

/// Finds the function and lambda bodies of a translation unit's user code
/// without visiting libtorch's headers: a declaration in library code
/// (LibraryCode.h) is skipped whole, with everything inside it.
class FunctionBodyFinder {
public:
  FunctionBodyFinder(const SourceManager &SM,
                     llvm::function_ref<void(const FunctionDecl *)> Visit)
      : Library(SM), Visit(Visit) {}

  void walkDecl(const Decl *D) {
    if (!D || D->isImplicit() || Depth > 256 ||
        Library.contains(D->getLocation()))
      return;
    ++Depth;
    walkDeclInner(D);
    --Depth;
  }

private:
  /// Lambdas and local classes inside \p S. A lambda's body is walked as
  /// part of its call operator (visitFunction), its captures here.
  void walkStmt(const Stmt *S) {
    walkInSourceOrder(S, [&](const Stmt &Current) {
      if (const auto *DS = llvm::dyn_cast<DeclStmt>(&Current))
        for (const Decl *Local : DS->decls())
          if (llvm::isa<TagDecl>(Local))
            walkDecl(Local);
      const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&Current);
      if (!Lambda)
        return true;
      for (const Expr *Capture : Lambda->capture_inits())
        walkStmt(Capture);
      visitFunction(Lambda->getCallOperator());
      return false;
    });
  }

  void walkDeclInner(const Decl *D) {
    if (const auto *Template = llvm::dyn_cast<TemplateDecl>(D)) {
      walkDecl(Template->getTemplatedDecl());
      walkInstantiations(Template);
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
        Record && !InInstantiation && isInstantiated(Record))
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
    if (!Fn || !Fn->hasBody() || (!InInstantiation && isInstantiated(Fn)))
      return;
    Visit(Fn);
    if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Fn))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          walkStmt(Init->getInit());
    walkStmt(Fn->getBody());
  }

  /// The implicit (or explicitly requested) instantiations of \p Template
  /// in this unit. Their code is the template's, so what they report is at
  /// the template's spelling; the walk of the template's own definition
  /// (above) skips them.
  void walkInstantiations(const TemplateDecl *Template) {
    // Once per template: its redeclarations (a friend `template <class U>
    // friend struct Node;` inside Node itself) share its instantiations, and
    // walking them again from each would multiply without end.
    if (!WalkedTemplates.insert(Template->getCanonicalDecl()).second)
      return;
    unsigned Walked = 0;
    auto Walk = [&](const Decl *Instance, TemplateSpecializationKind Kind) {
      if (Walked >= MaxInstantiations || !isAnalysedInstantiation(Kind))
        return;
      ++Walked;
      ++InInstantiation;
      walkDeclInner(Instance);
      --InInstantiation;
    };
    if (const auto *Function = llvm::dyn_cast<FunctionTemplateDecl>(Template))
      for (const FunctionDecl *Instance : Function->specializations())
        Walk(Instance, Instance->getTemplateSpecializationKind());
    else if (const auto *Class = llvm::dyn_cast<ClassTemplateDecl>(Template))
      for (const ClassTemplateSpecializationDecl *Instance :
           Class->specializations())
        Walk(Instance, Instance->getSpecializationKind());
  }

  LibraryCode Library;
  llvm::function_ref<void(const FunctionDecl *)> Visit;
  int Depth = 0;
  int InInstantiation = 0;
  llvm::DenseSet<const Decl *> WalkedTemplates;
};

} // namespace

void forEachFunctionBody(ASTContext &Ctx,
                         llvm::function_ref<void(const FunctionDecl *)> Visit) {
  FunctionBodyFinder Finder(Ctx.getSourceManager(), Visit);
  // As RecursiveASTVisitor does: clangd limits the scope to the main file's
  // top-level declarations, clang-tidy leaves it at the whole unit.
  for (const Decl *Root : Ctx.getTraversalScope()) {
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
  llvm::function_ref<bool(const Stmt &)> Own;
  auto OwnStmt = [&](const Stmt &S) {
    Visit(S);
    const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&S);
    if (!Lambda)
      return true;
    // The captures are evaluated here; the body is the lambda's own.
    for (const Expr *Capture : Lambda->capture_inits())
      walkInSourceOrder(Capture, Own);
    return false;
  };
  Own = OwnStmt;
  if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Fn))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten())
        walkInSourceOrder(Init->getInit(), Own);
  walkInSourceOrder(Fn->getBody(), Own);
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

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee ? Callee->getNameAsString() : std::string("the callee");
}

void noteCallPath(ClangTidyCheck &Check, const OpUse &Use) {
  if (Use.Through.empty())
    return;
  for (size_t I = 1; I < Use.Through.size(); ++I)
    Check.diag(Use.Through[I]->getExprLoc(), "'%0' passes it on to '%1' here",
               DiagnosticIDs::Note)
        << calleeName(Use.Through[I - 1]) << calleeName(Use.Through[I]);
  Check.diag(Use.Call->getExprLoc(), "'%0' calls '%1' here",
             DiagnosticIDs::Note)
      << calleeName(Use.Through.back()) << opDisplayName(Use.Name);
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

namespace clang::tidy::torch {

FunctionBodyCheck::FunctionBodyCheck(StringRef Name, ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      DebugAnalysis(Options.getLocalOrGlobal("DebugAnalysis", false)),
      UnsafeFixes(Options.getLocalOrGlobal("UnsafeFixes", false)) {}

void FunctionBodyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "DebugAnalysis", DebugAnalysis);
  Options.store(Opts, "UnsafeFixes", UnsafeFixes);
}

DiagnosticBuilder FunctionBodyCheck::diag(SourceLocation Loc,
                                          StringRef Description,
                                          DiagnosticIDs::Level Level) {
  // An ignored warning takes its notes with it (DiagnosticsEngine drops a
  // note that follows an ignored diagnostic).
  if (Level == DiagnosticIDs::Warning &&
      !Reported.emplace(Loc.getRawEncoding(), Description.str()).second &&
      InInstantiation)
    Level = DiagnosticIDs::Ignored;
  return ClangTidyCheck::diag(Loc, Description, Level);
}

void FunctionBodyCheck::offerFixOnNote(SourceLocation Loc,
                                       llvm::ArrayRef<FixItHint> Fixes,
                                       FixSafety Safety) {
  if (fixOnWarning(Safety) || Fixes.empty())
    return;
  auto Note = diag(Loc,
                   InSharedTemplate
                       ? "suggested fix; this template is instantiated for "
                         "other types too, so '--fix' leaves it to you"
                       : "suggested fix; it changes where data lives, so "
                         "'--fix' leaves it to you (UnsafeFixes: true "
                         "applies it)",
                   DiagnosticIDs::Note);
  for (const FixItHint &Fix : Fixes)
    Note << Fix;
}

std::shared_ptr<const utils::DeviceFlow>
FunctionBodyCheck::analyzeFlow(const utils::DeviceFlowConfig &Config,
                               const FunctionDecl *Fn, ASTContext &Ctx) {
  std::shared_ptr<const utils::DeviceFlow> Facts = Config.analyze(Fn, Ctx);
  if (DebugAnalysis && !Facts->gaveUp().empty())
    diag(Fn->getLocation(), "device analysis gave up on %0: %1",
         DiagnosticIDs::Remark)
        << Fn << Facts->gaveUp();
  return Facts;
}

void FunctionBodyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("torch-tu"), this);
}

void FunctionBodyCheck::check(const MatchFinder::MatchResult &Result) {
  if (!Result.Nodes.getNodeAs<TranslationUnitDecl>("torch-tu"))
    return;
  ASTContext &Ctx = *Result.Context;
  // After a fatal error (a missing #include) Sema instantiates no more
  // templates: `t.data_ptr<float>()` has no body, calls lose their types, and
  // what the analysis would conclude is a guess (runsAfterFatalError).
  if (Ctx.getDiagnostics().hasFatalErrorOccurred() && !runsAfterFatalError()) {
    if (DebugAnalysis)
      diag(Ctx.getSourceManager().getLocForStartOfFile(
               Ctx.getSourceManager().getMainFileID()),
           "device analysis skipped this file: it has a fatal error",
           DiagnosticIDs::Remark);
    return;
  }
  Reported.clear();
  utils::forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    // Each function is analysed with its own parent map (FunctionParents.h).
    utils::FunctionParentScope Parents(Fn, Ctx);
    InInstantiation = utils::isInstantiated(Fn);
    InSharedTemplate = InInstantiation && utils::instantiationsAround(Fn) > 1;
    checkFunction(Fn, Ctx);
  });
  InInstantiation = InSharedTemplate = false;
}

} // namespace clang::tidy::torch
