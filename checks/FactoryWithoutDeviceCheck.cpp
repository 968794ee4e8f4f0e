//===--- FactoryWithoutDeviceCheck.cpp - torch-factory-without-device -----===//
#include "FactoryWithoutDeviceCheck.h"
#include "device/findings/DeviceConflicts.h"
#include "device/findings/FindingNotes.h"
#include "device/fixes/DeviceContext.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/LibraryCode.h"
#include "device/rules/OpRules.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/FunctionBodyCheck.h"
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
    : FunctionBodyCheck(Name, Context),
      Style(Options.get("FixStyle", FixStyle::Device)),
      StrictMode(Options.get("StrictMode", false)),
      Flow(utils::DeviceFlowConfig::forContext(Context)) {}

void FactoryWithoutDeviceCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "FixStyle", Style);
  Options.store(Opts, "StrictMode", StrictMode);
}

void FactoryWithoutDeviceCheck::checkFunction(const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  // The factories seen meeting device data first (their fix is safe), then
  // under StrictMode every other one (its fix goes on a note).
  checkFlow(Fn, Ctx);
  if (StrictMode)
    checkStrict(Fn, Ctx);
  // What this function passes to functions other units may define, for a
  // driver that judges findings by the whole project's calls.
  if (utils::ProjectCallFacts *Facts = utils::projectCallFacts();
      Facts && !Fn->isDependentContext())
    utils::recordProjectCalls(Fn, *Flow.analyze(Fn, Ctx), *Facts);
}

void FactoryWithoutDeviceCheck::trackConditions(
    const CallExpr *Call, const FunctionDecl *Fn,
    const utils::DeviceConflict *Meeting, ASTContext &Ctx) {
  if (!utils::projectCallFacts())
    return;
  // A meeting with a tensor known to be elsewhere holds whatever the rest of
  // the project does.
  std::optional<utils::ConditionalFinding> Condition;
  if (Meeting && !Meeting->Provable)
    Condition = utils::conditionalFinding(getID(), Call->getBeginLoc(), Fn,
                                          Meeting->Other, Ctx);
  auto [It, First] = Conditions.try_emplace(Call, Condition);
  if (First || It->second == Condition)
    return;
  // Two meetings: the finding holds if either does. Over parameters of one
  // function, if a call passes device data for any of them.
  if (!It->second || !Condition) {
    It->second.reset();
  } else if (It->second->Function == Condition->Function) {
    for (unsigned Param : Condition->Params)
      if (!llvm::is_contained(It->second->Params, Param))
        It->second->Params.push_back(Param);
  } else {
    It->second->Function.clear();
    It->second->Params.clear();
  }
}

void FactoryWithoutDeviceCheck::onEndOfTranslationUnit() {
  if (utils::ProjectCallFacts *Facts = utils::projectCallFacts())
    for (const auto &[Call, Condition] : Conditions)
      if (Condition)
        Facts->Findings.push_back(*Condition);
  Conditions.clear();
}

void FactoryWithoutDeviceCheck::checkFlow(const FunctionDecl *Fn,
                                          ASTContext &Ctx) {
  // A program that names no device other than the CPU: its factories meet
  // CPU data only.
  if (!HostOnlyProgram)
    HostOnlyProgram = utils::isHostOnlyProgram(Ctx);
  if (*HostOnlyProgram)
    return;
  const std::shared_ptr<const utils::DeviceFlow> Facts =
      analyzeFlow(Flow, Fn, Ctx);
  for (const utils::DeviceConflict &C : utils::findDeviceConflicts(*Facts)) {
    if (!C.fromDeviceLessFactory())
      continue;
    for (const Stmt *Factory : C.Odd.Factories)
      if (const auto *Call = llvm::dyn_cast<CallExpr>(Factory))
        report(Call, Fn, &C, Ctx);
  }
}

/// Whether \p Call is the whole value a constructor of \p Member's class
/// gives it (`mask_ = torch::ones(...)`, `mask_(torch::ones(...))`), which
/// a registration can wrap.
static bool isWholeValueOf(const CallExpr *Call, const FieldDecl *Member) {
  bool Whole = false;
  utils::forEachObjectAssignment(
      llvm::cast<CXXRecordDecl>(Member->getParent()),
      /*ConstructorsOnly=*/true,
      [&](const ValueDecl *Object, const Expr *Value) {
        Whole |= Object == Member && utils::ignoreWrappers(Value) == Call;
      });
  return Whole;
}

/// Wraps \p Call, a member's whole value, in `register_buffer("mask", ...)`.
static std::vector<FixItHint> registerAsBuffer(const CallExpr *Call,
                                               const FieldDecl *Member,
                                               ASTContext &Ctx) {
  const SourceLocation Begin = Call->getBeginLoc(), End = Call->getEndLoc();
  if (Begin.isMacroID() || End.isMacroID())
    return {};
  // The buffer's name in the state dict: `mask_`, `m_mask` and `_mask` are
  // "mask".
  llvm::StringRef Name = Member->getName();
  Name.consume_front("m_");
  Name = Name.trim('_');
  if (Name.empty())
    Name = Member->getName();
  return {FixItHint::CreateInsertion(
              Begin, ("register_buffer(\"" + Name + "\", ").str()),
          FixItHint::CreateInsertion(
              Lexer::getLocForEndOfToken(End, 0, Ctx.getSourceManager(),
                                         Ctx.getLangOpts()),
              ")")};
}

void FactoryWithoutDeviceCheck::reportUnregistered(
    const CallExpr *Call, const FieldDecl *Member,
    const utils::DeviceConflict &Meeting, ASTContext &Ctx) {
  if (!Reported.insert(Call).second)
    return;
  // Registering adds the tensor to the module's state dict and moves it with
  // the module: an unsafe fix.
  const std::vector<FixItHint> Fix = isWholeValueOf(Call, Member)
                                         ? registerAsBuffer(Call, Member, Ctx)
                                         : std::vector<FixItHint>();
  {
    auto Diag = diag(Call->getBeginLoc(),
                     "tensor factory '%0' is called without a device and "
                     "makes member %1, which the module does not register: "
                     "it stays on the CPU when the module moves")
                << utils::qualifiedName(Call->getDirectCallee()) << Member;
    if (fixOnWarning(FixSafety::Unsafe))
      for (const FixItHint &Hint : Fix)
        Diag << Hint;
  }
  offerFixOnNote(Call->getBeginLoc(), Fix, FixSafety::Unsafe);
  noteMeeting(Meeting);
}

void FactoryWithoutDeviceCheck::noteMeeting(
    const utils::DeviceConflict &Meeting) {
  if (Meeting.Use->Through.empty()) {
    diag(Meeting.Use->Call->getExprLoc(), "it meets a tensor on %0 in '%1'",
         DiagnosticIDs::Note)
        << Meeting.Other.describe() << utils::opDisplayName(Meeting.Use->Name);
    return;
  }
  diag(Meeting.Use->site()->getExprLoc(),
       "it is passed to '%0' here, where it meets a tensor on %1",
       DiagnosticIDs::Note)
      << utils::calleeName(Meeting.Use->site()) << Meeting.Other.describe();
  utils::noteCallPath(*this, *Meeting.Use);
}

/// Every factory call of \p S outside nested lambdas (analysed on their own).
static void collectFactoryCalls(const Stmt *S,
                                const utils::OpRuleIndex &Index,
                                llvm::SmallVectorImpl<const CallExpr *> &Out) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    if (utils::ruleOf(Call, Index) == utils::DeviceRule::Factory)
      Out.push_back(Call);
  for (const Stmt *Child : S->children())
    collectFactoryCalls(Child, Index, Out);
}

void FactoryWithoutDeviceCheck::checkStrict(const FunctionDecl *Fn,
                                            ASTContext &Ctx) {
  if (Fn->isDependentContext())
    return; // Like the flow analysis: templates are not analysed.
  llvm::SmallVector<const CallExpr *, 8> Calls;
  collectFactoryCalls(Fn->getBody(), Flow.RuleIndex, Calls);
  for (const CallExpr *Call : Calls)
    report(Call, Fn, nullptr, Ctx);
}

void FactoryWithoutDeviceCheck::report(const CallExpr *Call,
                                       const FunctionDecl *Fn,
                                       const utils::DeviceConflict *Meeting,
                                       ASTContext &Ctx) {
  const FunctionDecl *Factory = Call->getDirectCallee();
  if (!Factory || Call->getBeginLoc().isInvalid() ||
      utils::LibraryCode(Ctx.getSourceManager()).contains(Call->getBeginLoc()))
    return;
  // A factory outside \p Fn that its tensor meets there: a constructor's,
  // made into a member the module does not register (class facts).
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  if (Meeting && Method && Flow.Summaries &&
      !utils::containsLocation(Ctx.getSourceManager(), Fn->getSourceRange(),
                               Call->getBeginLoc()))
    if (const FieldDecl *Member =
            Flow.Summaries->memberMadeBy(Call, Method->getParent(), Ctx)) {
      // About the module's own contract, whatever the rest of the project.
      trackConditions(Call, Fn, nullptr, Ctx);
      reportUnregistered(Call, Member, *Meeting, Ctx);
      return;
    }
  const int OptionsIndex = utils::tensorOptionsParamIndex(Factory);
  if (OptionsIndex < 0 ||
      static_cast<unsigned>(OptionsIndex) >= Call->getNumArgs() ||
      utils::classifyOptions(Call->getArg(OptionsIndex), Fn->getBody()) !=
          utils::OptionsDevice::NoDevice)
    return;

  const utils::DeviceContext Context =
      utils::DeviceContext::collect(Fn, Call, Ctx);
  // Follow the tensor the factory's result meets, where it can be named at
  // the factory; otherwise the most relevant device in scope.
  const utils::DeviceSource *Source = nullptr;
  if (Meeting) {
    const ValueDecl *Met = Meeting->Other.Symbol;
    if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
            Meeting->OtherExpr ? Meeting->OtherExpr->IgnoreImplicit()->IgnoreParenImpCasts()
                               : nullptr))
      Met = Ref->getDecl();
    for (const utils::DeviceSource &S : Context.sources())
      if (S.Decl == Met && S.What != utils::DeviceSource::Carrier::Module)
        Source = &S;
  }
  // A tensor met on a concrete device that nothing names (`x.cuda() * w`):
  // another device in scope may not be that one, so no fix. A module or
  // member met (`lattice->lookup(...)`) lives where the code's device is.
  if (!Source && (!Meeting || Meeting->Other.K == utils::AbstractDevice::Kind::SameAs))
    Source = Context.bestFor(Call, Ctx);
  if (!Source && !Meeting)
    return; // StrictMode: no device context, nothing to follow.
  trackConditions(Call, Fn, Meeting, Ctx);
  if (!Reported.insert(Call).second)
    return;

  const std::string Device = Source ? Source->deviceSpelling() : "";
  // from_blob wraps memory that already lives somewhere (the host, here):
  // a device option would claim it lives on the device. Moving the result
  // is the repair, and it copies: an unsafe fix.
  const bool WrapsMemory = Factory->getIdentifier() &&
                           Factory->getName() == "from_blob";
  std::optional<FixItHint> Fix;
  if (!Device.empty() && WrapsMemory) {
    const SourceLocation End = Call->getEndLoc();
    if (!End.isMacroID())
      Fix = FixItHint::CreateInsertion(
          Lexer::getLocForEndOfToken(End, 0, Ctx.getSourceManager(),
                                     getLangOpts()),
          ".to(" + Device + ")");
  } else if (!Device.empty()) {
    const bool UseOptions = Style == FixStyle::Options && Source &&
                            Source->What == utils::DeviceSource::Carrier::Tensor;
    Fix = deviceFix(Call, OptionsIndex, Factory, Device,
                    UseOptions ? Source->Decl->getNameAsString() + ".options()"
                               : std::string(),
                    Ctx.getSourceManager(), getLangOpts());
  }
  // A device for host memory claims the memory lives there. Under
  // StrictMode (no meeting seen) the tensor may be host data on purpose
  // (`acc.data_ptr<float>()`): a device moves it.
  const FixSafety Safety =
      WrapsMemory || !Meeting ? FixSafety::Unsafe : FixSafety::Safe;
  {
    auto Diag = diag(Call->getBeginLoc(),
                     "tensor factory '%0' is called without a device and "
                     "creates a CPU tensor %select{in device-aware code|that "
                     "meets a tensor on another device|that meets a tensor "
                     "that may be on another device}1")
                << utils::qualifiedName(Factory)
                << (!Meeting ? 0 : Meeting->Provable ? 1 : 2);
    if (Fix && fixOnWarning(Safety))
      Diag << *Fix;
  }
  if (Fix)
    offerFixOnNote(Call->getBeginLoc(), *Fix, Safety);
  if (Meeting)
    noteMeeting(*Meeting);
  if (Fix)
    diag(Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Source->describe();
  else if (Meeting)
    utils::noteDeviceOrigin(*this, Meeting->Other);
  else
    diag(Source->Decl->getLocation(),
         "%0 makes this code device-aware; pass a device to the factory",
         DiagnosticIDs::Note)
        << Source->describe();
}

} // namespace torch
} // namespace clang::tidy
