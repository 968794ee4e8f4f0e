//===--- FactoryWithoutDeviceCheck.cpp - torch-factory-without-device -----===//
#include "FactoryWithoutDeviceCheck.h"
#include "utils/DeviceContext.h"
#include "utils/OpRules.h"
#include "utils/TensorOptionsAnalysis.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy {

template <> struct OptionEnumMapping<torch::FactoryWithoutDeviceCheck::FixStyle> {
  static llvm::ArrayRef<
      std::pair<torch::FactoryWithoutDeviceCheck::FixStyle, StringRef>>
  getEnumMapping() {
    static constexpr std::pair<torch::FactoryWithoutDeviceCheck::FixStyle,
                               StringRef>
        Mapping[] = {
            {torch::FactoryWithoutDeviceCheck::FixStyle::Device, "device"},
            {torch::FactoryWithoutDeviceCheck::FixStyle::Options, "options"}};
    return Mapping;
  }
};

namespace torch {
namespace {

/// "torch::" or "at::", whichever namespace the factory was called from, so
/// the inserted torch::device(...) needs no new include.
std::string namespacePrefix(const FunctionDecl *Factory) {
  return utils::qualifiedName(Factory).rfind("at::", 0) == 0 ? "at::"
                                                             : "torch::";
}

/// The options argument as the user wrote it: through an implicit conversion
/// (kFloat -> TensorOptions) to the converted expression.
const Expr *writtenOptions(const Expr *Arg) {
  const Expr *E = Arg->IgnoreImplicit()->IgnoreParenImpCasts();
  // An implicit conversion or copy: the user wrote the argument inside.
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E))
    if (!llvm::isa<CXXTemporaryObjectExpr>(Construct) &&
        Construct->getNumArgs() == 1)
      return Construct->getArg(0)->IgnoreImplicit()->IgnoreParenImpCasts();
  return E;
}

/// True when `.device(...)` can be appended to \p E without parentheses.
bool isPostfixExpression(const Expr *E) {
  return llvm::isa<CallExpr, DeclRefExpr, ParenExpr, MemberExpr,
                   CXXTemporaryObjectExpr, CXXFunctionalCastExpr>(E);
}

/// The fix that gives the call \p Call a device \p Device, or none when the
/// call's spelling cannot be edited safely.
std::optional<FixItHint> deviceFix(const CallExpr *Call, unsigned OptionsIndex,
                                   const FunctionDecl *Factory,
                                   const std::string &Device,
                                   const std::string &WholeOptions,
                                   const SourceManager &SM,
                                   const LangOptions &LangOpts) {
  if (Call->getBeginLoc().isMacroID() || Call->getRParenLoc().isMacroID())
    return std::nullopt;
  const std::string Ns = namespacePrefix(Factory);
  const Expr *Arg = Call->getArg(OptionsIndex);

  if (llvm::isa<CXXDefaultArgExpr>(Arg)) {
    // Appending is only possible when every earlier argument was written.
    for (unsigned I = 0; I < OptionsIndex; ++I)
      if (llvm::isa<CXXDefaultArgExpr>(Call->getArg(I)))
        return std::nullopt;
    std::string Options =
        WholeOptions.empty() ? Ns + "device(" + Device + ")" : WholeOptions;
    return FixItHint::CreateInsertion(
        Call->getRParenLoc(), (OptionsIndex > 0 ? ", " : "") + Options);
  }

  const Expr *Written = writtenOptions(Arg);
  CharSourceRange Range =
      CharSourceRange::getTokenRange(Written->getSourceRange());
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return std::nullopt;
  if (const auto *Init = llvm::dyn_cast<InitListExpr>(Written);
      Init && Init->getNumInits() == 0)
    return FixItHint::CreateReplacement(Range, Ns + "device(" + Device + ")");

  const std::string Text =
      Lexer::getSourceText(Range, SM, LangOpts).str();
  if (Text.empty())
    return std::nullopt;
  if (utils::isTensorOptionsType(Written->getType())) {
    if (isPostfixExpression(Written))
      return FixItHint::CreateInsertion(
          Lexer::getLocForEndOfToken(Written->getEndLoc(), 0, SM, LangOpts),
          ".device(" + Device + ")");
    return FixItHint::CreateReplacement(Range, "(" + Text + ").device(" +
                                                   Device + ")");
  }
  if (utils::isScalarTypeEnum(Written->getType()))
    return FixItHint::CreateReplacement(
        Range, Ns + "dtype(" + Text + ").device(" + Device + ")");
  return FixItHint::CreateReplacement(
      Range, Ns + "TensorOptions(" + Text + ").device(" + Device + ")");
}

} // namespace

FactoryWithoutDeviceCheck::FactoryWithoutDeviceCheck(StringRef Name,
                                                     ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      Style(Options.get("FixStyle", FixStyle::Device)),
      Factories(utils::builtinOpRules().namesWith(utils::DeviceRule::Factory)) {}

void FactoryWithoutDeviceCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "FixStyle", Style);
}

void FactoryWithoutDeviceCheck::registerMatchers(MatchFinder *Finder) {
  std::vector<StringRef> Names(Factories.begin(), Factories.end());
  Finder->addMatcher(
      callExpr(callee(functionDecl(hasAnyName(Names)).bind("factory")),
               unless(isExpansionInSystemHeader()),
               unless(isInTemplateInstantiation()),
               forCallable(functionDecl().bind("fn")))
          .bind("call"),
      this);
}

void FactoryWithoutDeviceCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  const auto *Factory = Result.Nodes.getNodeAs<FunctionDecl>("factory");
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Call || !Factory || !Fn)
    return;
  const int OptionsIndex = utils::tensorOptionsParamIndex(Factory);
  if (OptionsIndex < 0 ||
      static_cast<unsigned>(OptionsIndex) >= Call->getNumArgs() ||
      utils::classifyOptions(Call->getArg(OptionsIndex), Fn->getBody()) !=
          utils::OptionsDevice::NoDevice)
    return;

  const utils::DeviceContext Context =
      utils::DeviceContext::collect(Fn, Call, *Result.Context);
  const utils::DeviceSource *Source = Context.bestFor(Call, *Result.Context);
  if (!Source)
    return;

  const std::string Device = Source->deviceSpelling();
  std::optional<FixItHint> Fix;
  if (!Device.empty()) {
    const bool UseOptions = Style == FixStyle::Options &&
                            Source->What == utils::DeviceSource::Carrier::Tensor;
    Fix = deviceFix(Call, OptionsIndex, Factory, Device,
                    UseOptions ? Source->Decl->getNameAsString() + ".options()"
                               : std::string(),
                    *Result.SourceManager, getLangOpts());
  }
  {
    auto Diag = diag(Call->getBeginLoc(),
                     "tensor factory '%0' is called without a device and "
                     "creates a CPU tensor in device-aware code")
                << utils::qualifiedName(Factory);
    if (Fix)
      Diag << *Fix;
  }
  if (Fix)
    diag(Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Source->describe();
  else
    diag(Source->Decl->getLocation(),
         "%0 makes this code device-aware; pass a device to the factory",
         DiagnosticIDs::Note)
        << Source->describe();
}

} // namespace torch
} // namespace clang::tidy
