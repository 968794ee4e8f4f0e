//===--- MeetingEvidence.cpp - what shows data may be off the CPU ---------===//
#include "device/findings/MeetingEvidence.h"
#include "device/findings/FindingNotes.h"
#include "device/findings/HeldModules.h"
#include "device/findings/HostWork.h"
#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::torch::device {

namespace {

/// A device value, a module, or a module's own parameter or buffer: each
/// lives wherever the program puts it at run time. A module handed to a
/// function as a parameter is where its callers put it, as a tensor
/// parameter is: they decide. A module a plain class holds is where that
/// class's code puts it (heldModulePlace): movable unless the unit shows
/// the class keeping it on the CPU or taking it from code out of view.
bool isMovableByDesign(const ValueDecl *Symbol) {
  if (!Symbol || isModuleParameter(Symbol))
    return false;
  if (const auto *Field = llvm::dyn_cast<FieldDecl>(Symbol))
    if (const std::optional<HeldModulePlace> Place = heldModulePlace(Field))
      return *Place == HeldModulePlace::PlacedOffCpu ||
             *Place == HeldModulePlace::Movable;
  const QualType T = Symbol->getType().getNonReferenceType();
  if (holdsDeviceType(T) || isDeviceType(T) || isDeviceTypeEnum(T) ||
      isModuleType(T))
    return true;
  if (const auto *Field = llvm::dyn_cast<FieldDecl>(Symbol))
    return isModuleType(
        recordType(llvm::dyn_cast<CXXRecordDecl>(Field->getParent())));
  return false;
}

/// Whether \p D is "wherever" a symbol \p Pred accepts is: its own or one
/// of the others it was computed from.
bool standsForAny(const AbstractDevice &D,
                  llvm::function_ref<bool(const ValueDecl *)> Pred) {
  return D.K == AbstractDevice::Kind::SameAs &&
         (Pred(D.Symbol) || llvm::any_of(D.AlsoSymbols, Pred));
}

} // namespace

bool placedElsewhere(const AbstractDevice &Passed, llvm::StringRef Backend) {
  using Kind = AbstractDevice::Kind;
  switch (Passed.K) {
  case Kind::Maybe:
    // Off the CPU only where a symbol is: judged as that symbol is.
    return Backend != "CPU" ||
           (Passed.MayBeNonCpu &&
            (Passed.OffCpuThrough.empty() ||
             llvm::any_of(Passed.OffCpuThrough, isMovableByDesign)));
  case Kind::SameAs:
    return standsForAny(Passed, isMovableByDesign);
  case Kind::Cuda:
    return Backend != "CUDA";
  case Kind::Other:
    return true;
  default:
    return false;
  }
}

bool modulePlacedElsewhere(const AbstractDevice &Passed,
                           llvm::StringRef Backend) {
  return placedElsewhere(Passed, Backend) ||
         (Backend != "CPU" && Passed.isCpu());
}

bool onChosenCpuPath(const Stmt *S, ASTContext &Ctx) {
  const std::optional<DeviceChoiceGuard> Guard = deviceChoiceGuard(S, Ctx);
  return Guard && Guard->OnCpu.value_or(false);
}

bool choosesDevicesAtRunTime(const FunctionDecl *Fn) {
  DeviceUsage Own;
  addDeviceUsage(Fn, Own);
  if (const FunctionDecl *Named = enclosingNamedFunction(Fn); Named != Fn)
    addDeviceUsage(Named, Own);
  return Own.HandlesDevices;
}

OffCpuEvidence offCpuEvidence(const AbstractDevice &Met, const FunctionDecl *Fn,
                              FunctionSummaries *Summaries, ASTContext &Ctx) {
  OffCpuEvidence Evidence;
  if (showsOffCpu(Met) || choosesDevicesAtRunTime(Fn)) {
    Evidence.K = OffCpuEvidence::Kind::Shown;
    return Evidence;
  }
  // Where the data met may be off the CPU: the symbols it stands for.
  llvm::SmallVector<const ValueDecl *, 3> Symbols;
  if (Met.K == AbstractDevice::Kind::SameAs) {
    Symbols.push_back(Met.Symbol);
    Symbols.append(Met.AlsoSymbols.begin(), Met.AlsoSymbols.end());
  } else if (Met.K == AbstractDevice::Kind::Maybe) {
    Symbols.append(Met.OffCpuThrough.begin(), Met.OffCpuThrough.end());
  }
  // A member its class placed with the device it was given.
  if (Summaries && llvm::any_of(Symbols, [&](const ValueDecl *Symbol) {
        const auto *Field = llvm::dyn_cast_or_null<FieldDecl>(Symbol);
        return Field && Summaries->placedWithGivenDevice(Field, Ctx);
      })) {
    Evidence.K = OffCpuEvidence::Kind::Shown;
    return Evidence;
  }
  for (const ValueDecl *Symbol : Symbols) {
    const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(Symbol);
    const auto *Owner = llvm::dyn_cast_or_null<FunctionDecl>(
        Param ? Param->getDeclContext() : nullptr);
    if (!Owner || Owner->getCanonicalDecl() != Fn->getCanonicalDecl() ||
        !(isTensorType(Param->getType()) || isModuleParameter(Param) ||
          isDeviceLike(Param->getType())))
      continue;
    if (Summaries)
      if (std::optional<CallerPlacement> Call =
              Summaries->callerPlacing(Param, showsOffCpu, Ctx,
                                       /*CountBindings=*/true)) {
        Evidence.K = OffCpuEvidence::Kind::Caller;
        Evidence.Call = std::move(Call);
        return Evidence;
      }
    Evidence.K = OffCpuEvidence::Kind::CallersDecide;
    if (!llvm::is_contained(Evidence.Params, Param->getFunctionScopeIndex()))
      Evidence.Params.push_back(Param->getFunctionScopeIndex());
  }
  return Evidence;
}

OffCpuEvidence strongerEvidence(OffCpuEvidence A, OffCpuEvidence B) {
  // Kinds are declared strongest first.
  if (B.K < A.K)
    return B;
  if (A.K == OffCpuEvidence::Kind::CallersDecide &&
      B.K == OffCpuEvidence::Kind::CallersDecide)
    for (unsigned Param : B.Params)
      if (!llvm::is_contained(A.Params, Param))
        A.Params.push_back(Param);
  return A;
}

namespace {

/// Whether a call in the unit passes, for one of \p Fn's parameters \p
/// Params, data other than its own caller's parameter (followed up): data
/// it placed, made on the host, or got from code the flow cannot see into.
/// Such a call explains the helper; one that only hands on what it was given
/// does not.
bool anyCallerSays(llvm::ArrayRef<unsigned> Params, const FunctionDecl *Fn,
                   FunctionSummaries &Summaries, ASTContext &Ctx) {
  auto Says = [](const AbstractDevice &Passed) {
    return !(Passed.K == AbstractDevice::Kind::SameAs &&
             llvm::isa_and_nonnull<ParmVarDecl>(Passed.Symbol));
  };
  return llvm::any_of(Params, [&](unsigned Index) {
    return Index < Fn->getNumParams() &&
           Summaries.callerPlacing(Fn->getParamDecl(Index), Says, Ctx);
  });
}

} // namespace

std::vector<FactoryMeeting> factoryMeetings(const DeviceFlow &Flow,
                                            const FunctionDecl *Fn,
                                            FunctionSummaries *Summaries,
                                            bool AnyEvidence, ASTContext &Ctx) {
  using Kind = OffCpuEvidence::Kind;
  std::vector<FactoryMeeting> Meetings;
  llvm::DenseMap<const CallExpr *, size_t> Index;
  for (const DeviceConflict &C : findDeviceConflicts(Flow)) {
    if (!C.fromDeviceLessFactory())
      continue;
    OffCpuEvidence Evidence;
    Evidence.K = Kind::Shown;
    // A device-less factory chooses nothing: its tensor meeting a module's
    // state is a defect wherever the module goes, handed over or not. A
    // placement the code chose (host data, a CPU device) is judged by the
    // callers of a function that received the module.
    if (!C.Provable && !AnyEvidence &&
        !standsForAny(C.Other, isModuleParameter))
      Evidence = offCpuEvidence(C.Other, Fn, Summaries, Ctx);
    // Nor does it in a helper no call here explains, beside code written to
    // follow its data's device: the file or class says where data lives.
    if (Evidence.K == Kind::CallersDecide && Summaries &&
        !anyCallerSays(Evidence.Params, Fn, *Summaries, Ctx))
      if (auto Follower = Summaries->deviceFollowerBeside(Fn, Ctx);
          Follower.second) {
        Evidence.K = Kind::Beside;
        Evidence.Follower = Follower;
      }
    // The op meets every other device-less non-scalar operand there too
    // (`lstm->forward(x, std::make_tuple(h0, c0))`): one run of the fixes
    // repairs them all.
    llvm::SmallVector<DeviceConflict, 2> Same{C};
    if (C.Use && C.Odd.isCpu() && !C.InList &&
        (C.Use->Rule == DeviceRule::Strict ||
         C.Use->Rule == DeviceRule::CpuScalar))
      for (const OpInput &In : C.Use->Inputs)
        if (In.E != C.OddExpr && !In.IsList && In.Device.isCpu() &&
            In.Device.DeviceLess && In.Device.ZeroDim == Tri::No) {
          DeviceConflict Sibling = C;
          Sibling.Odd = In.Device;
          Sibling.OddExpr = In.E;
          Same.push_back(std::move(Sibling));
        }
    for (const DeviceConflict &Met : Same)
      for (const Stmt *Made : Met.Odd.Factories) {
        const auto *Factory = llvm::dyn_cast<CallExpr>(Made);
        if (!Factory || madeForHostMemory(Factory, Ctx) ||
            onChosenCpuPath(Factory, Ctx))
          continue;
        auto [It, First] = Index.try_emplace(Factory, Meetings.size());
        if (First) {
          Meetings.push_back({Factory, Met, Evidence});
          continue;
        }
        FactoryMeeting &Best = Meetings[It->second];
        if (Evidence.K < Best.Evidence.K)
          Best = {Factory, Met, Evidence};
        else
          Best.Evidence = strongerEvidence(std::move(Best.Evidence), Evidence);
      }
  }
  // What it hands to functions of other units, which may be launchers. Here
  // its memory looks handed to host code (madeForHostMemory): the driver
  // decides which it is. Before what it returns: a kernel handed host memory
  // fails in this very call, whatever the callers do with the result.
  if (projectCallFacts())
    for (const HandedElsewhere &Handed : handedElsewhere(Fn, Ctx)) {
      // In a lambda run in place, where the tensor is when it runs.
      const ValueDecl *Var = referencedObject(Handed.Tensor);
      const AbstractDevice Device = Handed.At == Handed.Call
                                        ? Flow.deviceOf(Handed.Tensor)
                                    : Var ? Flow.deviceBefore(Var, Handed.At)
                                          : AbstractDevice::unknown();
      if (!Device.isCpu() || !Device.fromDeviceLessFactory())
        continue; // On the CPU on some paths only: a choice, maybe.
      for (const Stmt *Made : Device.Factories) {
        const auto *Factory = llvm::dyn_cast<CallExpr>(Made);
        if (!Factory || onChosenCpuPath(Factory, Ctx))
          continue;
        auto [It, First] = Index.try_emplace(Factory, Meetings.size());
        if (First) {
          OffCpuEvidence Launched;
          Launched.K = OffCpuEvidence::Kind::LaunchedElsewhere;
          Meetings.push_back({Factory, DeviceConflict(), std::move(Launched)});
        }
        OffCpuEvidence &Launched = Meetings[It->second].Evidence;
        if (Launched.K == OffCpuEvidence::Kind::LaunchedElsewhere)
          Launched.Launches.push_back({Handed.Call, Handed.Param});
      }
    }
  // What the function returns to callers in other units, for the driver
  // that judges them: latent, with no meeting here.
  if (projectCallFacts() && Summaries)
    for (const auto &[Factory, Part] : returnedFactories(Fn, *Summaries, Ctx))
      if (!Index.count(Factory) && !madeForHostMemory(Factory, Ctx) &&
          !onChosenCpuPath(Factory, Ctx)) {
        OffCpuEvidence Returned;
        Returned.K = OffCpuEvidence::Kind::ReturnedToCallers;
        Returned.ResultPart = Part;
        Meetings.push_back({Factory, DeviceConflict(), std::move(Returned)});
      }
  return Meetings;
}

std::optional<PlacementMeeting> placementMeeting(
    const DeviceFlow &Flow,
    llvm::function_ref<bool(const AbstractDevice &)> PlacedHere, bool OnCpu,
    llvm::function_ref<const ValueDecl *(const AbstractDevice &)> Unfixed) {
  // What an unfixed value stands for; null for data the code does fix.
  auto UnfixedSymbol = [&](const AbstractDevice &D) -> const ValueDecl * {
    if (D.K == AbstractDevice::Kind::SameAs) {
      if (isMovableByDesign(D.Symbol))
        return D.Symbol;
      if (auto It = llvm::find_if(D.AlsoSymbols, isMovableByDesign);
          It != D.AlsoSymbols.end())
        return *It;
    }
    return Unfixed(D);
  };
  // Each op as it runs when the unfixed data is where the placement is not.
  auto Elsewhere = [&](const AbstractDevice &D) {
    const Tri Rank = D.ZeroDim == Tri::Yes ? Tri::Yes : Tri::No;
    if (PlacedHere(D)) {
      AbstractDevice Placed = D;
      // A parameter that stands for the placed value, in a function the
      // value is passed to: it is there.
      if (D.K == AbstractDevice::Kind::SameAs) {
        Placed = OnCpu ? AbstractDevice::cpu(D.Origin)
                       : AbstractDevice::cuda(-1, D.Origin);
        Placed.Symbol = D.Symbol;
      }
      Placed.ZeroDim = Rank;
      return Placed;
    }
    const ValueDecl *Symbol = UnfixedSymbol(D);
    if (!Symbol)
      return D;
    AbstractDevice There = OnCpu ? AbstractDevice::cuda(-1, D.Origin)
                                 : AbstractDevice::cpu(D.Origin, false, Rank);
    There.Symbol = Symbol;
    return There;
  };
  // A module of another file run on the placed data: it meets the module's
  // parameters, wherever the module is.
  auto Found = [](PlacementMeeting M) {
    const OpUse *Use = M.Conflict.Use;
    const ValueDecl *Symbol = M.Met.Symbol;
    if (Use && Use->Through.empty() && runsUnseenModule(Use->Call) && Symbol &&
        isModuleType(Symbol->getType().getNonReferenceType()))
      M.ModuleRun = Use->Call;
    return M;
  };
  for (const DeviceConflict &C :
       findDeviceConflicts(Flow.opUses(), Elsewhere)) {
    const bool OddPlaced = PlacedHere(C.Odd);
    if (OddPlaced == PlacedHere(C.Other))
      continue;
    const AbstractDevice &Met = OddPlaced ? C.Other : C.Odd;
    if (Met.Symbol && Met.K != AbstractDevice::Kind::SameAs) {
      PlacementMeeting Possible{C, AbstractDevice::sameAs(Met.Symbol)};
      Possible.Conflict.Provable = false;
      return Found(Possible);
    }
    if (C.Provable || Met.K == AbstractDevice::Kind::Maybe)
      return Found(PlacementMeeting{C, Met});
  }
  return std::nullopt;
}

void noteCallerData(ClangTidyCheck &Check, const CallerPlacement &Caller) {
  if (Caller.Bound) {
    Check.diag(Caller.Argument->getExprLoc(),
               "'%0' is bound here to be called from elsewhere: its caller "
               "may pass a CUDA tensor for parameter '%1'",
               DiagnosticIDs::Note)
        << llvm::cast<FunctionDecl>(Caller.PassedFor->getDeclContext())
               ->getNameAsString()
        << Caller.PassedFor->getName();
    return;
  }
  Check.diag(Caller.Argument->getExprLoc(),
             "%select{data|a module}3 on %0 reaches parameter '%1' through "
             "this call of '%2'",
             DiagnosticIDs::Note)
      << Caller.Passed.describe() << Caller.PassedFor->getName()
      << calleeName(Caller.Site.Call) << isModuleParameter(Caller.PassedFor);
}

std::optional<bool> recordLatentFactoryFinding(llvm::StringRef Check,
                                               SourceLocation Loc,
                                               const FunctionDecl *Fn,
                                               const OffCpuEvidence &Evidence,
                                               ASTContext &Ctx) {
  switch (Evidence.K) {
  case OffCpuEvidence::Kind::CallersDecide:
    return recordLatentFinding(Check, Loc, Fn, Evidence.Params, "CPU", Ctx);
  case OffCpuEvidence::Kind::ReturnedToCallers:
    return recordResultLatentFinding(Check, Loc, Fn, Evidence.ResultPart, Ctx);
  case OffCpuEvidence::Kind::LaunchedElsewhere: {
    // Latent on each function handed the memory: one that launches shows it.
    bool Recorded = false;
    for (const auto &[Call, Param] : Evidence.Launches)
      Recorded |= recordLaunchLatentFinding(Check, Loc, Call, {Param},
                                            /*Unchecked=*/false, Ctx);
    return Recorded;
  }
  default:
    return std::nullopt;
  }
}

void noteEvidence(ClangTidyCheck &Check, const OffCpuEvidence &Evidence) {
  if (Evidence.Call)
    noteCallerData(Check, *Evidence.Call);
  if (const auto [Function, Follows] = Evidence.Follower; Follows)
    Check.diag(Follows->getExprLoc(),
               "'%0' beside it makes its data where its inputs are; nothing "
               "here says the factory's tensor stays on the CPU",
               DiagnosticIDs::Note)
        << Function->getNameAsString();
}

} // namespace clang::tidy::torch::device
