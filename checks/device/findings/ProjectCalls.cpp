//===--- ProjectCalls.cpp - calls across a project ------------------------===//
#include "device/findings/ProjectCalls.h"
#include "device/DeviceModel.h"
#include "device/findings/MeetingEvidence.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/DeviceUsage.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/UnitCallers.h"
#include "device/summaries/DeviceFlowConfig.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <set>

namespace clang::tidy::torch::device {
namespace {

bool sameFunction(const DeclContext *Owner, const FunctionDecl *Fn) {
  const auto *OwnerFn = llvm::dyn_cast_or_null<FunctionDecl>(Owner);
  return OwnerFn && OwnerFn->getCanonicalDecl() == Fn->getCanonicalDecl();
}

/// Whether a value of type \p T can hold a tensor: a tensor, or a class
/// (`std::vector<Tensor>`, `std::pair`, a batch struct) with a template
/// argument, base or field that can, a few levels down.
bool mayHoldTensor(QualType T, unsigned Depth = 0) {
  if (T.isNull() || Depth > 3)
    return false;
  T = T.getNonReferenceType().getCanonicalType();
  if (isTensorType(T))
    return true;
  const auto *Class = T->getAsCXXRecordDecl();
  if (!Class || !Class->hasDefinition())
    return false;
  if (const auto *Spec = llvm::dyn_cast<ClassTemplateSpecializationDecl>(Class))
    for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
      if (Arg.getKind() == TemplateArgument::Type &&
          mayHoldTensor(Arg.getAsType(), Depth + 1))
        return true;
  for (const CXXBaseSpecifier &Base : Class->bases())
    if (mayHoldTensor(Base.getType(), Depth + 1))
      return true;
  for (const FieldDecl *Field : Class->fields())
    if (mayHoldTensor(Field->getType(), Depth + 1))
      return true;
  return false;
}

/// A class that holds tensors as members (a batch struct), passed by value
/// or reference: not a tensor, a module or a container of them.
bool isHolderType(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  return Record && !isTensorType(T) && !isModuleType(T) &&
         !llvm::isa<ClassTemplateSpecializationDecl>(Record) &&
         mayHoldTensor(T);
}

/// How many local variables' initializers a search follows.
constexpr unsigned MaxFollowedLocals = 8;

/// Whether \p E, or what it is computed from (through the initializers of
/// the local variables it reads, a few levels), involves a tensor, device or
/// module that may be off the CPU. A module counts: it lives wherever the
/// program moved it. So does what the caller's own parameters or members
/// hold that the flow does not track (`batch.data` of a `Batch &batch`):
/// its callers or its owner decide.
/// With \p OnEvidence, only what shows it counts (showsOffCpu, a module):
/// a CPU placement does not fit the result.
bool computedFromOffCpu(const Stmt *S, const DeviceFlow &Flow, bool OnEvidence,
                        llvm::SmallPtrSetImpl<const VarDecl *> &Followed) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return false;
  if (const auto *E = llvm::dyn_cast<Expr>(S)) {
    const QualType T = E->getType();
    if (!T.isNull() && isDeviceCarrierType(T) &&
        (isModuleType(T) || (OnEvidence ? showsOffCpu(Flow.deviceOf(E))
                                        : Flow.deviceOf(E).mayBeOffCpu())))
      return true;
    const Expr *Bare = E->IgnoreParenImpCasts();
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(Bare);
        !OnEvidence && Member &&
        llvm::isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
        mayHoldTensor(Member->getType()))
      return true;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Bare)) {
      if (!OnEvidence && llvm::isa<ParmVarDecl>(Ref->getDecl()) &&
          mayHoldTensor(Ref->getType()))
        return true;
      if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
          Var && Var->isLocalVarDecl() && Var->getInit() &&
          Followed.size() < MaxFollowedLocals && Followed.insert(Var).second &&
          computedFromOffCpu(Var->getInit(), Flow, OnEvidence, Followed))
        return true;
    }
  }
  for (const Stmt *Child : S->children())
    if (computedFromOffCpu(Child, Flow, OnEvidence, Followed))
      return true;
  return false;
}

/// The caller's own parameter of a class type that holds tensors (a batch
/// struct) whose member \p Arg reads (`data.x`, `batch.inputs.index(i)`):
/// what the member holds, the caller's callers decide.
const ParmVarDecl *ownParameterRead(const Expr *Arg, const FunctionDecl *Fn,
                                    unsigned Depth = 0) {
  const ParmVarDecl *Found = nullptr;
  forEachOwnDescendant(Arg, [&](const Stmt &S) {
    if (Found)
      return;
    // Through the initializers of the locals it reads (`auto bx =
    // data.x.index({idx}); f(bx);`), a few levels.
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S)) {
      const auto *Local = llvm::dyn_cast<VarDecl>(Ref->getDecl());
      if (Local && Local->isLocalVarDecl() && Local->getInit() &&
          Depth < MaxFollowedLocals)
        Found = ownParameterRead(Local->getInit(), Fn, Depth + 1);
      return;
    }
    const auto *Member = llvm::dyn_cast<MemberExpr>(&S);
    const auto *Base = Member ? llvm::dyn_cast<DeclRefExpr>(
                                    Member->getBase()->IgnoreParenImpCasts())
                              : nullptr;
    const auto *Param =
        Base ? llvm::dyn_cast<ParmVarDecl>(Base->getDecl()) : nullptr;
    if (Param && sameFunction(Param->getDeclContext(), Fn) &&
        isHolderType(Param->getType()))
      Found = Param;
  });
  return Found;
}

/// Whether \p Fn's own code stores into a member of its local \p Holder (a
/// batch struct) data that a CPU placement does not fit: `train.x =
/// train.x.to(device)`, or an initializer built from such data.
bool holdsOffCpuData(const VarDecl *Holder, const FunctionDecl *Fn,
                     const DeviceFlow &Flow) {
  llvm::SmallPtrSet<const VarDecl *, MaxFollowedLocals> Followed;
  if (Holder->getInit() && computedFromOffCpu(Holder->getInit(), Flow,
                                              /*OnEvidence=*/true, Followed))
    return true;
  bool Stored = false;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto Sides = assignmentSides(&S);
    const auto *Member =
        Sides ? llvm::dyn_cast<MemberExpr>(Sides->first->IgnoreParenImpCasts())
              : nullptr;
    const auto *Base = Member ? llvm::dyn_cast<DeclRefExpr>(
                                    Member->getBase()->IgnoreParenImpCasts())
                              : nullptr;
    Stored |= Base && Base->getDecl() == Holder &&
              showsOffCpu(Flow.deviceOf(Sides->second));
  });
  return Stored;
}

/// Whether a call in the unit of \p Fn, which the unit alone calls, passes
/// for \p Holder a local batch struct that holds data off the CPU.
bool holderFromUnitCallers(const ParmVarDecl *Holder, const FunctionDecl *Fn) {
  ASTContext &Ctx = Fn->getASTContext();
  const DeviceFlowConfig &Model = DeviceModel::current().flowConfig();
  std::optional<llvm::ArrayRef<UnitCall>> Calls =
      Model.Summaries ? Model.Summaries->unitCallsOf(Fn, Ctx) : std::nullopt;
  if (!Calls)
    return false;
  for (const UnitCall &Site : *Calls) {
    const Expr *Arg =
        argumentFor(Site.Call, Fn, Holder->getFunctionScopeIndex());
    const auto *Ref =
        Arg ? llvm::dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()) : nullptr;
    const auto *Local = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Site.Caller || !Local || !Local->isLocalVarDecl())
      continue;
    FunctionParentScope Parents(Site.Caller, Ctx);
    if (holdsOffCpuData(Local, Site.Caller,
                        *Model.Summaries->flowOf(Site.Caller, Ctx)))
      return true;
  }
  return false;
}

/// Makes \p Passed the parameter \p Own of the caller named \p Caller: what
/// the caller's callers pass there decides.
void forwardFrom(PassedTensor &Passed, std::string Caller,
                 const ParmVarDecl *Own) {
  Passed.K = PassedTensor::Kind::Forwarded;
  Passed.Caller = std::move(Caller);
  Passed.CallerParam = Own->getFunctionScopeIndex();
}

/// When \p Arg reads a member of the caller's own batch struct and nothing
/// that shows it is off the CPU, makes \p Passed Forwarded from that
/// parameter (the caller's callers decide) and returns true.
bool forwardsHolder(const Expr *Arg, const FunctionDecl *Fn,
                    const DeviceFlow &Flow, PassedTensor &Passed) {
  const ParmVarDecl *Holder = ownParameterRead(Arg, Fn);
  llvm::SmallPtrSet<const VarDecl *, MaxFollowedLocals> Followed;
  if (!Holder || computedFromOffCpu(Arg, Flow, /*OnEvidence=*/true, Followed))
    return false;
  if (std::string Caller = projectName(Fn); !Caller.empty()) {
    forwardFrom(Passed, std::move(Caller), Holder);
    Passed.MisfitBackends = 0;
    return true;
  }
  // A function only this unit calls: what its calls here pass.
  if (holderFromUnitCallers(Holder, Fn)) {
    Passed.K = PassedTensor::Kind::MayBeOffCpu;
    Passed.MisfitBackends = CpuPlacement;
    return true;
  }
  return false;
}

/// What a call passes for a parameter of a class type that holds tensors.
PassedTensor classifyHolder(const Expr *Arg, unsigned Param,
                            const FunctionDecl *Fn, const DeviceFlow &Flow) {
  PassedTensor Passed;
  Passed.Param = Param;
  using Kind = PassedTensor::Kind;
  const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  std::string Caller = projectName(Fn);
  if (const auto *Own = llvm::dyn_cast_or_null<ParmVarDecl>(Var);
      Own && sameFunction(Own->getDeclContext(), Fn) && !Caller.empty()) {
    forwardFrom(Passed, std::move(Caller), Own);
  } else if (Var && Var->isLocalVarDecl() && holdsOffCpuData(Var, Fn, Flow)) {
    Passed.K = Kind::MayBeOffCpu;
    Passed.MisfitBackends = CpuPlacement;
  } else {
    Passed.K = Kind::Unseen;
  }
  return Passed;
}

PassedTensor classify(const Expr *Arg, unsigned Param, const FunctionDecl *Fn,
                      const DeviceFlow &Flow) {
  PassedTensor Passed;
  Passed.Param = Param;
  using Kind = PassedTensor::Kind;
  const AbstractDevice D = Flow.deviceOf(Arg);
  // A module is run on the placed data: one left on the CPU misfits a
  // device placement too.
  const bool Module = isModuleType(Arg->getType());
  for (llvm::StringRef Backend : {"CPU", "CUDA", "MPS"})
    if (Module ? modulePlacedElsewhere(D, Backend)
               : placedElsewhere(D, Backend))
      Passed.MisfitBackends |= placementBackendOf(Backend);
  switch (D.K) {
  case AbstractDevice::Kind::Cpu:
    Passed.K = Kind::Host;
    return Passed;
  case AbstractDevice::Kind::Cuda:
  case AbstractDevice::Kind::Other:
    Passed.K = Kind::MayBeOffCpu;
    return Passed;
  case AbstractDevice::Kind::Maybe:
    Passed.K = D.MayBeNonCpu ? Kind::MayBeOffCpu : Kind::Host;
    return Passed;
  case AbstractDevice::Kind::SameAs: {
    const auto *Own = llvm::dyn_cast_or_null<ParmVarDecl>(D.Symbol);
    // A module the caller got from elsewhere, held in a local: where that
    // code put it, which this call does not show.
    if (Module && D.isModuleLocalFromElsewhere()) {
      Passed.K = Kind::Unseen;
      return Passed;
    }
    Passed.K = Kind::MayBeOffCpu;
    // A module's output: modules exist to be moved, wherever this one came
    // from, so no placement on the CPU fits it.
    if (D.RunOutput) {
      Passed.MisfitBackends |= CpuPlacement;
      return Passed;
    }
    if (llvm::isa_and_nonnull<FieldDecl>(D.Symbol) &&
        forwardsHolder(Arg, Fn, Flow, Passed))
      return Passed;
    if (!Own || !D.AlsoSymbols.empty() ||
        !sameFunction(Own->getDeclContext(), Fn))
      return Passed;
    // The caller's own parameter: its callers decide, in this unit (a
    // `static` caller) or across the project.
    if (std::string Caller = projectName(Fn); !Caller.empty()) {
      forwardFrom(Passed, std::move(Caller), Own);
    } else if (Flow.parameterFromCallers(Own).isCpu()) {
      Passed.K = Kind::Host;
    }
    return Passed;
  }
  case AbstractDevice::Kind::Unknown:
    break;
  }
  if (forwardsHolder(Arg, Fn, Flow, Passed))
    return Passed;
  llvm::SmallPtrSet<const VarDecl *, MaxFollowedLocals> Followed;
  Passed.K = computedFromOffCpu(Arg, Flow, /*OnEvidence=*/false, Followed)
                 ? Kind::MayBeOffCpu
                 : Kind::Unseen;
  // Computed by code the unit cannot see into (a module's forward) from data
  // a CPU placement does not fit, or by a module: so is the result.
  Followed.clear();
  if (Passed.K == Kind::MayBeOffCpu &&
      computedFromOffCpu(Arg, Flow, /*OnEvidence=*/true, Followed))
    Passed.MisfitBackends |= CpuPlacement;
  return Passed;
}

void recordCallsIn(const Stmt *S, const FunctionDecl *Fn,
                   const DeviceFlow &Flow, ProjectCallFacts &Facts) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return; // A lambda's body is recorded as a function of its own.
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee()) {
      ProjectCall Recorded;
      Recorded.Callee = projectName(Callee);
      if (!Recorded.Callee.empty()) {
        for (unsigned I = 0; I < Callee->getNumParams(); ++I) {
          const QualType Type = Callee->getParamDecl(I)->getType();
          const bool Tensor =
              isTensorType(Type) || isModuleType(Type.getNonReferenceType());
          if (!Tensor && !isHolderType(Type))
            continue;
          // A default argument passes no tensor of the caller's.
          if (const Expr *Arg = argumentFor(Call, Callee, I))
            Recorded.Passed.push_back(Tensor
                                          ? classify(Arg, I, Fn, Flow)
                                          : classifyHolder(Arg, I, Fn, Flow));
        }
        if (!Recorded.Passed.empty()) {
          const ASTContext &Ctx = Fn->getASTContext();
          const SourceManager &SM = Ctx.getSourceManager();
          const SourceLocation At = SM.getFileLoc(Call->getBeginLoc());
          Recorded.File = SM.getFilename(At).str();
          Recorded.Offset = SM.getFileOffset(At);
          Facts.Calls.push_back(std::move(Recorded));
        }
      }
    }
  for (const Stmt *Child : S->children())
    recordCallsIn(Child, Fn, Flow, Facts);
}

} // namespace

void mergeConditions(std::optional<ConditionalFinding> &Into,
                     const std::optional<ConditionalFinding> &Other) {
  if (Into == Other)
    return;
  if (!Into || !Other) {
    Into.reset();
  } else if (Into->Function == Other->Function) {
    for (unsigned Param : Other->Params)
      if (!llvm::is_contained(Into->Params, Param))
        Into->Params.push_back(Param);
  } else {
    Into->Function.clear();
    Into->Params.clear();
  }
}

ProjectCallFacts *projectCallFacts() { return DeviceModel::driverSink(); }

bool recordLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                         const FunctionDecl *Fn,
                         llvm::ArrayRef<unsigned> Params,
                         llvm::StringRef Backend, ASTContext &Ctx) {
  ProjectCallFacts *Facts = projectCallFacts();
  std::optional<ConditionalFinding> Latent =
      Facts ? latentFinding(Check, Loc, Fn, Params, Backend, Ctx)
            : std::nullopt;
  if (Latent)
    Facts->Findings.push_back(std::move(*Latent));
  return Latent.has_value();
}

ProjectCallRecording::ProjectCallRecording(ProjectCallFacts &Facts) {
  DeviceModel::driverSink() = &Facts;
}

ProjectCallRecording::~ProjectCallRecording() {
  DeviceModel::driverSink() = nullptr;
}

std::string projectName(const FunctionDecl *Fn) {
  if (!Fn || !Fn->isExternallyVisible() || Fn->isMain() ||
      Fn->getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      llvm::isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(Fn))
    return {};
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
      Method && (Method->isVirtual() || Method->getParent()->isLambda()))
    return {};
  // Overloads differ in their types; every unit prints them alike.
  return Fn->getQualifiedNameAsString() + " " +
         Fn->getType().getCanonicalType().getAsString();
}

void recordUnitFacts(ASTContext &Ctx, ProjectCallFacts &Facts) {
  Facts.Analysed = true;
  const OwnCodeDevices Own = ownCodeDevices(Ctx);
  Facts.NamesDevice = Own.NamesDevice;
  Facts.DefinesMain = Own.DefinesMain;
  UnitCallers Callers;
  std::set<std::string> Names;
  for (const FunctionDecl *Escaped : Callers.escaped(Ctx))
    if (std::string Name = projectName(Escaped); !Name.empty())
      Names.insert(std::move(Name));
  Facts.Escaped.assign(Names.begin(), Names.end());
  recordUnitLaunchers(Ctx, Facts);
}

void recordProjectCalls(const FunctionDecl *Fn, const DeviceFlow &Flow,
                        FunctionSummaries *Summaries, ProjectCallFacts &Facts) {
  if (!Flow.gaveUp().empty())
    return;
  recordCallsIn(Fn->getBody(), Fn, Flow, Facts);
  recordResultMeetings(Fn, Flow, Summaries, Facts);
}

ConditionalFinding conditionalFinding(llvm::StringRef Check, SourceLocation Loc,
                                      const FunctionDecl *Fn,
                                      const AbstractDevice &Met,
                                      ASTContext &Ctx) {
  ConditionalFinding Finding;
  // Where clang-tidy puts the warning: the file location of \p Loc.
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation At = SM.getFileLoc(Loc);
  Finding.Check = Check.str();
  Finding.File = SM.getFilename(At).str();
  Finding.Offset = SM.getFileOffset(At);
  const std::string Name = projectName(Fn);
  if (Met.K != AbstractDevice::Kind::SameAs || Name.empty())
    return Finding;
  llvm::SmallVector<const ValueDecl *, 3> Symbols = {Met.Symbol};
  Symbols.append(Met.AlsoSymbols.begin(), Met.AlsoSymbols.end());
  std::vector<unsigned> Params;
  for (const ValueDecl *Symbol : Symbols) {
    const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(Symbol);
    if (!Param || !sameFunction(Param->getDeclContext(), Fn))
      return Finding;
    Params.push_back(Param->getFunctionScopeIndex());
  }
  Finding.Function = Name;
  Finding.Params = std::move(Params);
  return Finding;
}

PlacementBackend placementBackendOf(llvm::StringRef Backend) {
  if (Backend == "CPU")
    return CpuPlacement;
  return Backend == "CUDA" ? CudaPlacement : OtherPlacement;
}

std::optional<ConditionalFinding>
latentFinding(llvm::StringRef Check, SourceLocation Loc, const FunctionDecl *Fn,
              llvm::ArrayRef<unsigned> Params, llvm::StringRef Backend,
              ASTContext &Ctx) {
  ConditionalFinding Finding =
      conditionalFinding(Check, Loc, Fn, AbstractDevice::unknown(), Ctx);
  Finding.Function = projectName(Fn);
  if (Finding.Function.empty() || Params.empty())
    return std::nullopt;
  Finding.Params.assign(Params.begin(), Params.end());
  Finding.LatentBackend = placementBackendOf(Backend);
  return Finding;
}

ProjectJudgement judgeFindings(llvm::ArrayRef<const ProjectCallFacts *> Units) {
  llvm::StringMap<std::vector<const ProjectCall *>> CallsOf;
  llvm::StringMap<const ProjectLauncher *> Launchers;
  llvm::StringSet<> Escaped;
  bool NamesDevice = false, DefinesMain = false;
  for (const ProjectCallFacts *Unit : Units) {
    NamesDevice |= Unit->NamesDevice;
    DefinesMain |= Unit->DefinesMain;
    for (const ProjectCall &Call : Unit->Calls)
      CallsOf[Call.Callee].push_back(&Call);
    for (const std::string &Name : Unit->Escaped)
      Escaped.insert(Name);
    for (const ProjectLauncher &Launcher : Unit->Launchers)
      Launchers.try_emplace(Launcher.Function, &Launcher);
  }
  // The first call found that passes, for \p Param of \p Function, a tensor
  // \p Fits accepts, directly or through its callers' parameters in turn
  // (then the outermost such call). \p Unknown answers for a function whose
  // calls are not all seen (its address is taken, or no call is in the
  // project). A parameter already being asked about adds nothing new.
  std::set<std::pair<std::string, unsigned>> Asked;
  const ProjectCall UnknownCaller;
  std::function<const ProjectCall *(
      const std::string &, unsigned,
      llvm::function_ref<bool(const PassedTensor &)>, bool)>
      CallPassing = [&](const std::string &Function, unsigned Param,
                        llvm::function_ref<bool(const PassedTensor &)> Fits,
                        bool Unknown) -> const ProjectCall * {
    if (!Asked.insert({Function, Param}).second)
      return nullptr;
    auto It = CallsOf.find(Function);
    if (Escaped.contains(Function) || It == CallsOf.end())
      return Unknown ? &UnknownCaller : nullptr;
    for (const ProjectCall *Call : It->second)
      for (const PassedTensor &Passed : Call->Passed) {
        if (Passed.Param != Param)
          continue;
        if (Fits(Passed))
          return Call;
        if (Passed.K == PassedTensor::Kind::Forwarded)
          if (const ProjectCall *Outer =
                  CallPassing(Passed.Caller, Passed.CallerParam, Fits, Unknown))
            return Outer;
      }
    return nullptr;
  };
  // A library (no `main`) that names no device is device-neutral code:
  // its users may pass anything.
  const bool HostProgram = DefinesMain && !NamesDevice;
  ProjectJudgement Judgement;
  for (const ProjectCallFacts *Unit : Units)
    for (const ConditionalFinding &Finding : Unit->Findings) {
      if (Finding.OnLaunch) {
        // Made real by the launcher that hands that memory to a kernel.
        auto It = Launchers.find(Finding.Function);
        const LaunchedParam *Real = nullptr;
        if (It != Launchers.end())
          for (const LaunchedParam &Param : It->second->Params)
            if (!Real && llvm::is_contained(Finding.Params, Param.Index) &&
                (!Param.Unchecked || Finding.Unchecked))
              Real = &Param;
        if (Real)
          Judgement.Launched.push_back({&Finding, Real});
        else
          Judgement.Unsupported.push_back(&Finding);
        continue;
      }
      if (Finding.LatentBackend) {
        // Made real only by a call the project holds: for a finding on the
        // result, one whose result part meets data off the CPU; otherwise
        // one that passes a parameter data the placement does not fit.
        const ProjectCall *Real = nullptr;
        if (auto Calls = CallsOf.find(Finding.Function);
            Finding.OnResult && Calls != CallsOf.end())
          for (const ProjectCall *Call : Calls->second)
            if (!Real &&
                llvm::is_contained(Call->ResultPartsMet, Finding.ResultPart))
              Real = Call;
        for (unsigned Param : Finding.Params) {
          Asked.clear();
          Real = CallPassing(
              Finding.Function, Param,
              [&](const PassedTensor &P) {
                return (P.MisfitBackends & Finding.LatentBackend) != 0;
              },
              /*Unknown=*/false);
          if (Real)
            break;
        }
        if (Real)
          Judgement.MadeReal.push_back({&Finding, Real});
        else
          Judgement.Unsupported.push_back(&Finding);
        continue;
      }
      const bool Supported =
          !HostProgram &&
          (Finding.Function.empty() ||
           llvm::any_of(Finding.Params, [&](unsigned Param) {
             Asked.clear();
             return CallPassing(
                        Finding.Function, Param,
                        [](const PassedTensor &P) {
                          return P.K == PassedTensor::Kind::MayBeOffCpu;
                        },
                        /*Unknown=*/true) != nullptr;
           }));
      if (!Supported)
        Judgement.Unsupported.push_back(&Finding);
    }
  return Judgement;
}

} // namespace clang::tidy::torch::device
