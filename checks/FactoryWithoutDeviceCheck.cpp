//===--- FactoryWithoutDeviceCheck.cpp - torch-factory-without-device -----===//
#include "FactoryWithoutDeviceCheck.h"
#include "device/findings/DeviceConflicts.h"
#include "device/findings/FindingNotes.h"
#include "device/findings/LostMoves.h"
#include "device/findings/MeetingEvidence.h"
#include "device/findings/ProjectCalls.h"
#include "device/fixes/DeviceFixes.h"
#include "device/flow/DeviceContext.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionBodies.h"
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

template <>
struct OptionEnumMapping<torch::FactoryWithoutDeviceCheck::FixStyle> {
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

FactoryWithoutDeviceCheck::FactoryWithoutDeviceCheck(StringRef Name,
                                                     ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      Style(Options.get("FixStyle", FixStyle::Device)),
      StrictMode(Options.get("StrictMode", false)),
      Flow(device::DeviceFlowConfig::forContext(Context)) {}

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
}

void FactoryWithoutDeviceCheck::trackConditions(
    const CallExpr *Call, const FunctionDecl *Fn,
    const device::DeviceConflict *Meeting, ASTContext &Ctx) {
  if (!device::projectCallFacts())
    return;
  // A meeting with a tensor known to be elsewhere holds whatever the rest of
  // the project does.
  std::optional<device::ConditionalFinding> Condition;
  if (Meeting && !Meeting->Provable)
    Condition = device::conditionalFinding(getID(), Call->getBeginLoc(), Fn,
                                           Meeting->Other, Ctx);
  auto [It, First] = Conditions.try_emplace(Call, Condition);
  if (!First)
    device::mergeConditions(It->second, Condition);
}

bool FactoryWithoutDeviceCheck::recordCondition(
    const CallExpr *Call, const FunctionDecl *Fn,
    const device::DeviceConflict *Meeting,
    const device::OffCpuEvidence *Evidence, ASTContext &Ctx) {
  // A latent finding is shown only by a driver that judges it by the
  // project's calls: it records it here, and keeps it where a call makes it
  // real. None did: it is not shown.
  if (Evidence)
    if (std::optional<bool> Recorded = device::recordLatentFactoryFinding(
            getID(), Call->getBeginLoc(), Fn, *Evidence, Ctx))
      return *Recorded;
  trackConditions(Call, Fn, Meeting, Ctx);
  return true;
}

void FactoryWithoutDeviceCheck::onEndOfTranslationUnit() {
  if (device::ProjectCallFacts *Facts = device::projectCallFacts())
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
    HostOnlyProgram = device::isHostOnlyProgram(Ctx);
  if (*HostOnlyProgram)
    return;
  const std::shared_ptr<const device::DeviceFlow> Facts =
      analyzeFlow(Flow, Fn, Ctx);
  for (const device::FactoryMeeting &Met : device::factoryMeetings(
           *Facts, Fn, Flow.Summaries.get(), StrictMode, Ctx))
    if (Met.Evidence.K != device::OffCpuEvidence::Kind::None &&
        !(leftToOwner(device::SharedDefect::LostMoveMeetsDevice) &&
          Met.Conflict.Use &&
          device::lostMoveBefore(Met.Conflict, *Facts, Fn, Ctx)))
      report(Met.Factory, Fn, Met.Conflict.Use ? &Met.Conflict : nullptr,
             &Met.Evidence, Ctx);
}

void FactoryWithoutDeviceCheck::reportUnregistered(
    const CallExpr *Call, const FieldDecl *Member,
    const device::DeviceConflict &Meeting, ASTContext &Ctx) {
  if (!Reported.insert(Call).second)
    return;
  // Registering adds the tensor to the module's state dict and moves it with
  // the module: an unsafe fix.
  const std::vector<FixItHint> Fix =
      device::isWholeValueOf(Call, Member)
          ? device::registerAsBuffer(Call, Member, Ctx)
          : std::vector<FixItHint>();
  {
    auto Diag = diag(Call->getBeginLoc(),
                     "tensor factory '%0' is called without a device and "
                     "makes member %1, which the module does not register: "
                     "it stays on the CPU when the module moves")
                << device::qualifiedName(Call->getDirectCallee()) << Member;
    if (fixOnWarning(FixSafety::Unsafe))
      for (const FixItHint &Hint : Fix)
        Diag << Hint;
  }
  offerFixOnNote(Call->getBeginLoc(), Fix, FixSafety::Unsafe);
  device::noteMeeting(*this, Meeting);
}

void FactoryWithoutDeviceCheck::checkStrict(const FunctionDecl *Fn,
                                            ASTContext &Ctx) {
  if (Fn->isDependentContext())
    return; // Like the flow analysis: templates are not analysed.
  // Every factory call outside nested lambdas (analysed on their own).
  llvm::SmallVector<const CallExpr *, 8> Calls;
  device::forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
    if (const auto *Call = llvm::dyn_cast<CallExpr>(&S);
        Call &&
        device::ruleOf(Call, Flow.RuleIndex) == device::DeviceRule::Factory)
      Calls.push_back(Call);
  });
  for (const CallExpr *Call : Calls)
    report(Call, Fn, nullptr, nullptr, Ctx);
}

void FactoryWithoutDeviceCheck::report(const CallExpr *Call,
                                       const FunctionDecl *Fn,
                                       const device::DeviceConflict *Meeting,
                                       const device::OffCpuEvidence *Evidence,
                                       ASTContext &Ctx) {
  const FunctionDecl *Factory = Call->getDirectCallee();
  if (!Factory || Call->getBeginLoc().isInvalid() ||
      device::LibraryCode(Ctx.getSourceManager()).contains(Call->getBeginLoc()))
    return;
  // A factory outside \p Fn that its tensor meets there: a constructor's,
  // made into a member the module does not register (class facts).
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  if (Meeting && Method && Flow.Summaries &&
      !device::containsLocation(Ctx.getSourceManager(), Fn->getSourceRange(),
                                Call->getBeginLoc()))
    if (const FieldDecl *Member =
            Flow.Summaries->memberMadeBy(Call, Method->getParent(), Ctx)) {
      // About the module's own contract, whatever the rest of the project.
      trackConditions(Call, Fn, nullptr, Ctx);
      reportUnregistered(Call, Member, *Meeting, Ctx);
      return;
    }
  const int OptionsIndex = device::tensorOptionsParamIndex(Factory);
  if (OptionsIndex < 0 ||
      static_cast<unsigned>(OptionsIndex) >= Call->getNumArgs() ||
      device::classifyOptions(Call->getArg(OptionsIndex), Fn->getBody()) !=
          device::OptionsDevice::NoDevice)
    return;

  // A factory in a callee (its tensor returned here) is fixed with what is in
  // scope there.
  const bool InFn = device::containsLocation(
      Ctx.getSourceManager(), Fn->getSourceRange(), Call->getBeginLoc());
  const device::DeviceContext Context = device::DeviceContext::collect(
      InFn ? Fn : device::functionAround(Call->getBeginLoc(), Ctx), Call, Ctx);
  // Follow the tensor the factory's result meets, where it can be named at
  // the factory; otherwise the most relevant device in scope.
  const device::DeviceSource *Source = nullptr;
  if (Meeting) {
    const ValueDecl *Met = Meeting->Other.Symbol;
    if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
            Meeting->OtherExpr
                ? Meeting->OtherExpr->IgnoreImplicit()->IgnoreParenImpCasts()
                : nullptr))
      Met = Ref->getDecl();
    for (const device::DeviceSource &S : Context.sources())
      if (S.Decl == Met && S.What != device::DeviceSource::Carrier::Module)
        Source = &S;
  }
  // A tensor met on a concrete device that nothing names (`x.cuda() * w`):
  // another device in scope may not be that one, so no fix. A module or
  // member met (`lattice->lookup(...)`) lives where the code's device is.
  if (!Source &&
      (!Meeting || Meeting->Other.K == device::AbstractDevice::Kind::SameAs))
    Source = Context.bestFor(Call, Ctx);
  using Kind = device::OffCpuEvidence::Kind;
  const Kind Latent = Evidence ? Evidence->K : Kind::None;
  const bool Returned = Latent == Kind::ReturnedToCallers;
  const bool Launched = Latent == Kind::LaunchedElsewhere;
  if (!Source && !Meeting && !Returned && !Launched)
    return; // StrictMode: no device context, nothing to follow.
  if (!recordCondition(Call, Fn, Meeting, Evidence, Ctx) ||
      !Reported.insert(Call).second)
    return;

  const std::string Device = Source ? Source->deviceSpelling() : "";
  // from_blob wraps memory that already lives somewhere (the host, here):
  // a device option would claim it lives on the device. Moving the result
  // is the repair, and it copies: an unsafe fix.
  const bool WrapsMemory =
      Factory->getIdentifier() && Factory->getName() == "from_blob";
  std::optional<FixItHint> Fix;
  if (!Device.empty() && WrapsMemory) {
    const SourceLocation End = Call->getEndLoc();
    if (!End.isMacroID())
      Fix = FixItHint::CreateInsertion(
          Lexer::getLocForEndOfToken(End, 0, Ctx.getSourceManager(),
                                     getLangOpts()),
          ".to(" + Device + ")");
  } else if (!Device.empty()) {
    const bool UseOptions =
        Style == FixStyle::Options && Source &&
        Source->What == device::DeviceSource::Carrier::Tensor;
    Fix = device::factoryDeviceFix(
        Call, OptionsIndex, Factory, Device,
        UseOptions ? Source->Decl->getNameAsString() + ".options()"
                   : std::string(),
        Ctx.getSourceManager(), getLangOpts());
  }
  // A device moves host memory, or data no meeting shows to be misplaced
  // (StrictMode: maybe host data on purpose, `acc.data_ptr<float>()`).
  const FixSafety Safety =
      WrapsMemory || !Meeting ? FixSafety::Unsafe : FixSafety::Safe;
  {
    auto Diag = diag(Call->getBeginLoc(),
                     "tensor factory '%0' is called without a device and "
                     "creates a CPU tensor %select{in device-aware code|that "
                     "meets a tensor on another device|that meets a tensor "
                     "that may be on another device|whose memory a CUDA "
                     "kernel is handed}1")
                << device::qualifiedName(Factory)
                << (Returned                    ? 2
                    : Launched                  ? 3
                    : !Meeting                  ? 0
                    : Meeting->atKernelLaunch() ? 3
                    : Meeting->Provable         ? 1
                                                : 2);
    if (Fix && fixOnWarning(Safety))
      Diag << *Fix;
  }
  if (Fix)
    offerFixOnNote(Call->getBeginLoc(), *Fix, Safety);
  if (Meeting)
    device::noteMeeting(*this, *Meeting);
  if (Fix)
    diag(Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Source->describe();
  else if (Meeting)
    device::noteDeviceOrigin(*this, Meeting->Other);
  else if (Source)
    diag(Source->Decl->getLocation(),
         "%0 makes this code device-aware; pass a device to the factory",
         DiagnosticIDs::Note)
        << Source->describe();
  if (Evidence)
    device::noteEvidence(*this, *Evidence);
}

} // namespace torch
} // namespace clang::tidy
