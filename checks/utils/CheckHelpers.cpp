//===--- CheckHelpers.cpp - pieces the flow-based checks share ------------===//
#include "utils/CheckHelpers.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch::utils {

void registerFunctionBodyMatchers(MatchFinder *Finder,
                                  MatchFinder::MatchCallback *Check) {
  Finder->addMatcher(
      functionDecl(isDefinition(), unless(isExpansionInSystemHeader()),
                   unless(ast_matchers::isTemplateInstantiation()),
                   unless(cxxMethodDecl(ofClass(cxxRecordDecl(isLambda())))))
          .bind("torch-fn"),
      Check);
  Finder->addMatcher(
      lambdaExpr(unless(isExpansionInSystemHeader())).bind("torch-lambda"),
      Check);
}

const FunctionDecl *
matchedFunctionBody(const MatchFinder::MatchResult &Result) {
  if (const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("torch-fn"))
    return Fn;
  if (const auto *Lambda = Result.Nodes.getNodeAs<LambdaExpr>("torch-lambda"))
    return Lambda->getCallOperator();
  return nullptr;
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
