//===--- HardcodedPlacement.cpp - a fixed device used as a placement ------===//
#include "device/findings/HardcodedPlacement.h"
#include "device/findings/DeviceConflicts.h"
#include "device/findings/FindingNotes.h"
#include "device/findings/HostWork.h"
#include "device/findings/MeetingEvidence.h"
#include "device/findings/PlacementDefects.h"
#include "device/findings/PlacementSites.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {
namespace {

using Carrier = DeviceSource::Carrier;
using Origin = DeviceSource::Origin;

/// Whether \p S shows that code is meant to run wherever its data is: a
/// device held as a value (the code chooses devices at run time), a module
/// (modules exist to be moved), or a tensor member of a module class (its
/// parameters and buffers go wherever the module goes). A free function's
/// tensor parameter or a plain class's tensor member is not: a program that
/// only ever names one accelerator passes them from there by design.
bool isDeviceNeutralEvidence(const DeviceSource *S) {
  switch (S->What) {
  case Carrier::Device:
    // A local that only names one fixed device is that device, no choice.
    return S->Where != Origin::Local ||
           !namesOneFixedDevice(llvm::dyn_cast<VarDecl>(S->Decl));
  case Carrier::Module:
    // A module handed over as a parameter is where the callers put it.
    return S->Where != Origin::Parameter;
  case Carrier::Tensor:
    if (const auto *Field = llvm::dyn_cast<FieldDecl>(S->Decl))
      return isModuleType(
          recordType(llvm::dyn_cast<CXXRecordDecl>(Field->getParent())));
    return false;
  }
  return false;
}

} // namespace

void noteCallerPlacement(ClangTidyCheck &Check, const HardcodedPlacement &P) {
  if (P.Caller)
    noteCallerData(Check, *P.Caller);
}

void noteMigratesState(ClangTidyCheck &Check, const HardcodedPlacement &P) {
  if (P.Replacement && P.Migrates)
    noteWouldMigrate(Check, *P.Migrates,
                     "following " + P.Replacement->describe());
}

HardcodedPlacementFinder::HardcodedPlacementFinder(
    llvm::StringRef IgnoredFunctions, llvm::StringRef IgnoredFiles,
    bool ReportSingleDeviceCode, MigrationFinder *Migrations,
    DeviceFlowConfig Flow)
    : Flow(std::move(Flow)), IgnoredFunctions(IgnoredFunctions),
      IgnoredFiles(IgnoredFiles),
      HasIgnoredFunctions(!IgnoredFunctions.trim().empty() &&
                          this->IgnoredFunctions.isValid()),
      HasIgnoredFiles(!IgnoredFiles.trim().empty() &&
                      this->IgnoredFiles.isValid()),
      ReportSingleDeviceCode(ReportSingleDeviceCode), Migrations(Migrations) {}

std::optional<CallerPlacement> HardcodedPlacementFinder::callerPlacingElsewhere(
    llvm::ArrayRef<const DeviceSource *> Sources, llvm::StringRef Backend,
    const ValueDecl *Moved, ASTContext &Ctx) {
  if (!Flow.Summaries)
    return std::nullopt;
  for (const DeviceSource *S : Sources)
    if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(S->Decl);
        Param && S->What != Carrier::Device)
      if (std::optional<CallerPlacement> Found = Flow.Summaries->callerPlacing(
              Param,
              [&](const AbstractDevice &Passed) {
                // A module run on the placed data meets it with its
                // parameters; one moved by the placement goes there.
                return S->What == Carrier::Module && S->Decl != Moved
                           ? modulePlacedElsewhere(Passed, Backend)
                           : placedElsewhere(Passed, Backend);
              },
              Ctx))
        return Found;
  return std::nullopt;
}

bool HardcodedPlacementFinder::isHostHelper(
    const FunctionDecl *Fn, llvm::ArrayRef<const DeviceSource *> Sources,
    ASTContext &Ctx) {
  if (Sources.empty())
    return false;
  for (const DeviceSource *S : Sources)
    if (S->What != Carrier::Tensor || S->Where != Origin::Parameter)
      return false;
  const std::shared_ptr<const DeviceFlow> Facts = Flow.analyze(Fn, Ctx);
  for (const DeviceSource *S : Sources)
    if (!llvm::is_contained(Facts->hostParams(), S->Decl))
      return false;
  return true;
}

bool HardcodedPlacementFinder::meetsHostData(const CXXMemberCallExpr *Move,
                                             const FunctionDecl *Fn,
                                             ASTContext &Ctx) {
  const std::shared_ptr<const DeviceFlow> Facts = Flow.analyze(Fn, Ctx);
  // Each op as it would run if the move went to a device instead.
  const AbstractDevice Elsewhere = AbstractDevice::cuda(-1, Move);
  auto AsIfMovedElsewhere = [&](const AbstractDevice &D) {
    return D.isCpu() && D.Origin == Move ? Elsewhere : D;
  };
  for (const DeviceConflict &C :
       findDeviceConflicts(Facts->opUses(), AsIfMovedElsewhere))
    if (C.Odd.isCpu() && C.Odd.DeviceLess && C.Other.Origin == Move)
      return true;
  return false;
}

bool HardcodedPlacementFinder::ignored(const FunctionDecl *Fn,
                                       SourceLocation Loc,
                                       const SourceManager &SM) const {
  if (HasIgnoredFunctions) {
    const FunctionDecl *Named = enclosingNamedFunction(Fn);
    if (Named && (IgnoredFunctions.match(Named->getNameAsString()) ||
                  IgnoredFunctions.match(Named->getQualifiedNameAsString())))
      return true;
  }
  if (HasIgnoredFiles) {
    llvm::StringRef File = SM.getFilename(SM.getExpansionLoc(Loc));
    if (!File.empty() && IgnoredFiles.match(File))
      return true;
  }
  return false;
}

void HardcodedPlacementFinder::resetCachesFor(const ASTContext &Ctx) {
  if (SingleDeviceCtx == &Ctx)
    return;
  SingleDeviceCtx = &Ctx;
  SingleDevice.clear();
  SingleDeviceUnit.reset();
  HostOnlyUnit.reset();
  HandlesDevices.clear();
  LaunchesKernels.clear();
}

bool HardcodedPlacementFinder::handlesDevices(const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  resetCachesFor(Ctx);
  auto [It, Inserted] = HandlesDevices.try_emplace(Fn, false);
  if (Inserted)
    It->second = choosesDevicesAtRunTime(Fn);
  return It->second;
}

bool HardcodedPlacementFinder::launchesKernels(const FunctionDecl *Fn,
                                               ASTContext &Ctx) {
  resetCachesFor(Ctx);
  auto [It, Inserted] = LaunchesKernels.try_emplace(Fn, false);
  if (Inserted)
    It->second = launchesCudaKernels(Fn);
  return It->second;
}

bool HardcodedPlacementFinder::isSingleDeviceClass(const CXXRecordDecl *Class,
                                                   ASTContext &Ctx) {
  if (!Class)
    return false;
  resetCachesFor(Ctx);
  Class = Class->getCanonicalDecl();
  if (auto It = SingleDevice.find(Class); It != SingleDevice.end())
    return It->second;
  const CXXRecordDecl *Definition = Class->getDefinition();
  if (!Definition)
    return SingleDevice[Class] = false;
  DeviceUsage Usage;
  for (const CXXMethodDecl *Declared : Definition->methods()) {
    const FunctionDecl *Method = nullptr;
    if (Declared->hasBody(Method) && Method)
      addDeviceUsage(Method, Usage);
  }
  Usage.HandlesDevices |= holdsDeviceMember(Definition);
  return SingleDevice[Class] = Usage.OwnStateOnCuda && Usage.onlyCuda();
}

bool HardcodedPlacementFinder::isSingleDeviceUnit(llvm::StringRef Backend,
                                                  ASTContext &Ctx) {
  resetCachesFor(Ctx);
  if (Backend == "CPU") {
    if (!HostOnlyUnit)
      HostOnlyUnit = isHostOnlyProgram(Ctx);
    return *HostOnlyUnit;
  }
  if (Backend != "CUDA")
    return false;
  if (!SingleDeviceUnit) {
    const DeviceUsage Usage = unitDeviceUsage(Ctx);
    SingleDeviceUnit = Usage.onlyCuda() && Usage.CudaPlacements >= 2;
  }
  return *SingleDeviceUnit;
}

bool HardcodedPlacementFinder::isHostReadback(const Expr *Move,
                                              const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  return consumedByHost(Move, Fn, Ctx, 0);
}

/// A candidate placement: `t.cuda()`/`t.cpu()`, a c10::DeviceType constant
/// or a string literal; analyseLeaf decides whether it places anything.
static bool isPlacementLeaf(const Stmt &S) {
  if (llvm::isa<StringLiteral>(S))
    return true;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    return Call->getNumArgs() == 0 &&
           (isNamed(Method, "cuda") || isNamed(Method, "cpu"));
  }
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S))
    return isDeviceTypeConstant(Ref->getDecl());
  return false;
}

std::vector<HardcodedPlacement>
HardcodedPlacementFinder::placementsIn(const FunctionDecl *Fn,
                                       ASTContext &Ctx) {
  std::vector<HardcodedPlacement> Found;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    if (isPlacementLeaf(S))
      if (std::optional<HardcodedPlacement> Placement =
              analyseLeaf(llvm::cast<Expr>(&S), Fn, Ctx))
        Found.push_back(std::move(*Placement));
  });
  return Found;
}

std::optional<HardcodedPlacement>
HardcodedPlacementFinder::analyseLeaf(const Expr *Leaf, const FunctionDecl *Fn,
                                      ASTContext &Ctx) {
  if (!Leaf || !Fn)
    return std::nullopt;
  HardcodedPlacement Result;
  PlacementSite Where;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(Leaf)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!isTensorMethod(Method) || Call->getNumArgs() != 0 ||
        !(isNamed(Method, "cuda") || isNamed(Method, "cpu")))
      return std::nullopt;
    Result.Backend = Method->getName() == "cuda" ? "CUDA" : "CPU";
    Result.Spelling = Method->getName().str() + "()";
    Where.Written = Where.Consumer = Call;
    Where.Move = Call;
    Where.Receiver = Call->getImplicitObjectArgument();
    const auto *Callee = llvm::dyn_cast<MemberExpr>(Call->getCallee());
    if (!Callee)
      return std::nullopt;
    Where.Replace = SourceRange(Callee->getMemberLoc(), Call->getRParenLoc());
    Result.Loc = Callee->getMemberLoc();
  } else {
    const bool FromString = llvm::isa<StringLiteral>(Leaf);
    if (FromString)
      Result.Backend = backendOfString(llvm::cast<StringLiteral>(Leaf));
    else if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Leaf))
      Result.Backend = backendOfConstant(Ref->getDecl());
    if (Result.Backend.empty())
      return std::nullopt;
    std::optional<PlacementSite> Found = placementSiteOf(Leaf, FromString, Ctx);
    if (!Found)
      return std::nullopt;
    Where = *Found;
    Result.Loc = Where.Written->getBeginLoc();
    Result.Spelling = sourceText(Where.Written->getSourceRange(), Ctx);
    if (Result.Spelling.empty())
      Result.Spelling =
          FromString
              ? "\"" + llvm::cast<StringLiteral>(Leaf)->getString().str() + "\""
              : llvm::cast<DeclRefExpr>(Leaf)->getDecl()->getNameAsString();
  }
  Result.Written = Where.Written;
  Result.Consumer = Where.Consumer;
  Result.Move = Where.Move;
  Result.MovesModule = movedModule(Where.Consumer) != nullptr;

  const SourceManager &SM = Ctx.getSourceManager();
  if (Result.Loc.isMacroID())
    Result.Loc = SM.getExpansionLoc(Result.Loc);
  if (ignored(Fn, Result.Loc, SM))
    return std::nullopt;
  // A program's single-device design: CUDA-only code (a class, a unit, a
  // function that launches kernels), or a program that names no device but
  // the CPU.
  if (!ReportSingleDeviceCode) {
    const FunctionDecl *Named = enclosingNamedFunction(Fn);
    const auto *Method = llvm::dyn_cast_or_null<CXXMethodDecl>(Named);
    if ((Result.Backend == "CUDA" &&
         ((Method && isSingleDeviceClass(Method->getParent(), Ctx)) ||
          launchesKernels(Named, Ctx))) ||
        isSingleDeviceUnit(Result.Backend, Ctx))
      return std::nullopt;
  }
  // A branch on a run-time device choice chooses, as `flag ? kCUDA : kCPU`
  // does; but `.cuda()` under `if (x.is_cuda())` lands on the current CUDA
  // device, not x's, and is fixed by following x.
  const std::optional<DeviceChoiceGuard> Guard =
      deviceChoiceGuard(Result.Consumer, Ctx);
  if (Guard && !(Guard->CudaQueryOf && Result.Backend == "CUDA"))
    return std::nullopt;
  // Reading a result back to the host (or staging it in pinned memory) is
  // what .cpu() is for.
  if (Result.Backend == "CPU" && Result.Move &&
      (isHostReadback(Result.Move, Fn, Ctx) || movesDetached(Result.Move) ||
       meetsHostData(Result.Move, Fn, Ctx)))
    return std::nullopt;
  // `t.to(torch::kCPU);` thrown away, then `t` read on the host: host work
  // was meant; the defect is the discarded result (a discarded-move
  // finding), not the device.
  if (Result.Backend == "CPU" && Result.Move &&
      isDiscardedStatement(Result.Move, Ctx))
    if (const auto *Receiver = llvm::dyn_cast<DeclRefExpr>(
            ignoreWrappers(Result.Move->getImplicitObjectArgument()));
        Receiver &&
        usesReadBack(Receiver->getDecl(), Result.Move->getEndLoc(), Fn, Ctx, 0))
      return std::nullopt;
  // A module that visits the host to be saved, loaded or exported and is
  // moved back (`net->to(torch::kCPU); torch::save(net, path);
  // net->to(device);`): a portable checkpoint, not a placement.
  if (Result.Backend == "CPU" && !Result.Move &&
      isHostVisit(Result.Consumer, *Flow.analyze(Fn, Ctx)))
    return std::nullopt;
  // A module moved to the CPU where it already is (`Net ema(cfg);
  // ema->to(torch::kCPU);`, built there): the placement moves nothing; it
  // says where the program keeps the module.
  if (Result.Backend == "CPU")
    if (const ValueDecl *Module = movedModule(Result.Consumer);
        Module &&
        Flow.analyze(Fn, Ctx)->deviceBefore(Module, Result.Consumer).isCpu())
      return std::nullopt;
  // A tensor made on the host on purpose and only worked on there until it
  // is moved to the code's device (`auto r = torch::rand(n, kCPU); r =
  // normalize(r); rotation = r.to(device);`): host staging, not a placement.
  if (Result.Backend == "CPU" && !Result.Move && !Where.Receiver) {
    bool Pinned = false;
    const CallExpr *Made = optionsDestination(Result.Consumer, Ctx, Pinned);
    if (!Made)
      Made = llvm::dyn_cast_or_null<CallExpr>(Result.Consumer);
    if (Made && isTensorType(Made->getType()) && isHostReadback(Made, Fn, Ctx))
      return std::nullopt;
  }
  // Options that describe memory rather than choose a device: from_blob's
  // (the pointer lives there) and pinned host buffers.
  if (!Result.Move && !Where.Receiver) {
    bool Pinned = false;
    const CallExpr *Destination =
        optionsDestination(Result.Consumer, Ctx, Pinned);
    const auto *Callee = Destination ? Destination->getDirectCallee() : nullptr;
    if (isNamed(Callee, "from_blob"))
      return std::nullopt;
    if (Result.Backend == "CPU" && Pinned)
      return std::nullopt;
  }

  // Device-neutral, on evidence: it holds a device as a value, receives or
  // holds a module, or is a method of a module. A tensor parameter or a
  // plain class's tensor member alone only says "wherever the caller put
  // it" (isDeviceNeutralEvidence).
  const DeviceContext Context = DeviceContext::collect(Fn, Result.Written, Ctx);
  llvm::SmallVector<const DeviceSource *, 4> Sources;
  for (const DeviceSource &S : Context.sources())
    if (S.Where != Origin::Local || S.What == Carrier::Device)
      Sources.push_back(&S);
  if (Sources.empty())
    return std::nullopt;
  if (llvm::none_of(Sources, isDeviceNeutralEvidence) &&
      !handlesDevices(Fn, Ctx)) {
    Result.Caller = callerPlacingElsewhere(Sources, Result.Backend,
                                           movedModule(Result.Consumer), Ctx);
    // ReportSingleDeviceCode asks for every fixed device, evidence or not.
    Result.Latent = !Result.Caller && !ReportSingleDeviceCode;
    if (Result.Latent)
      for (const DeviceSource *S : Sources)
        if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(S->Decl);
            Param && S->What != Carrier::Device)
          Result.LatentParams.push_back(Param->getFunctionScopeIndex());
  }
  // A helper that reads every tensor it receives on the host
  // (`*x.data_ptr<float>()`, `x.accessor<float, 2>()`) is host code by
  // contract: a CUDA input would crash it, so its CPU placements are where
  // its data lives.
  if (Result.Backend == "CPU" && isHostHelper(Fn, Sources, Ctx))
    return std::nullopt;
  // A warning states a defect the model can show: the placed data meets
  // data the code does not fix there, leaves for code that may run
  // elsewhere, or the placement moves a module the caller handed over. A
  // discarded move places nothing to meet: its defect is the lost move,
  // reported as such when that check is enabled, and it stays as it was.
  // ReportSingleDeviceCode asks for every fixed device in device-neutral
  // code, met or not.
  if (!ReportSingleDeviceCode &&
      !(Result.Move && isDiscardedStatement(Result.Move, Ctx))) {
    // Code that holds a device or a module of its own, or asks where its data
    // lives, gets its tensors wherever the program runs it.
    const bool FollowsData = llvm::any_of(Sources, isDeviceNeutralEvidence) ||
                             handlesDevices(Fn, Ctx);
    Result.Meeting = placementMeetingOf(Result, Fn, FollowsData, Flow, Ctx);
    // `.cuda()` under `if (x.is_cuda())` lands on the current CUDA device,
    // which need not be x's: the branch shows x may be on any of them.
    const bool LandsOnCurrentCuda = Guard && Guard->CudaQueryOf;
    if (!Result.Meeting && !callersModuleMovedBy(Result.Consumer) &&
        !LandsOnCurrentCuda && !placementEscapes(Result, Fn, Flow, Ctx))
      return std::nullopt;
  }
  // What the notes name as making the code device-neutral: the evidence in
  // it, else the parameter a caller's data reaches, else its first source.
  const DeviceSource *Witness = Sources.front();
  if (auto Evidence = llvm::find_if(Sources, isDeviceNeutralEvidence);
      Evidence != Sources.end())
    Witness = *Evidence;
  else if (Result.Caller)
    for (const DeviceSource *S : Sources)
      if (S->Decl == Result.Caller->Parameter)
        Witness = S;
  Result.Witness = *Witness;

  // The device to follow: never the moved object itself, nor what it was
  // taken from (`x.slice(0, 0, 4).cuda()` -> `.to(x.device())` moves
  // nothing).
  const Expr *Moved = Where.Receiver;
  if (!Moved) {
    // `x.to(TensorOptions().device(kCUDA))`, inline or kept in a local.
    bool Pinned = false;
    if (const auto *To = llvm::dyn_cast_or_null<CXXMemberCallExpr>(
            optionsDestination(Result.Consumer, Ctx, Pinned));
        To && isNamed(To->getMethodDecl(), "to") &&
        isTensorMethod(To->getMethodDecl()))
      Moved = To->getImplicitObjectArgument();
  }
  const ValueDecl *Receiver = Moved ? namedDecl(viewedTensor(Moved)) : nullptr;
  auto Usable = [&](const DeviceSource *S) {
    return S && S->Decl != Receiver && S->What != Carrier::Module &&
           (S->Where != Origin::Member || S->What == Carrier::Device);
  };
  const DeviceSource *Pick = nullptr;
  std::optional<DeviceSource> Queried;
  if (Guard && Guard->CudaQueryOf &&
      isTensorType(Guard->CudaQueryOf->getType()))
    Queried = DeviceSource{
        Guard->CudaQueryOf, Carrier::Tensor,
        llvm::isa<ParmVarDecl>(Guard->CudaQueryOf) ? Origin::Parameter
        : llvm::isa<FieldDecl>(Guard->CudaQueryOf) ? Origin::Member
                                                   : Origin::Local};
  if (Queried && Queried->Decl != Receiver)
    Pick = &*Queried;
  for (const DeviceSource *S : Sources)
    if (!Pick && S->What == Carrier::Device && S->Where == Origin::Parameter)
      Pick = S;
  for (auto It = Sources.rbegin(); !Pick && It != Sources.rend(); ++It)
    if ((*It)->What == Carrier::Device && (*It)->Where == Origin::Local)
      Pick = *It;
  if (!Pick) {
    const DeviceSource *Best = Context.bestFor(Result.Written, Ctx);
    if (Usable(Best) && Best->What == Carrier::Tensor &&
        Best->Where == Origin::Parameter)
      Pick = Best;
  }
  for (const DeviceSource *S : Sources)
    if (!Pick && Usable(S) && S->What == Carrier::Tensor &&
        S->Where == Origin::Parameter)
      Pick = S;
  for (const DeviceSource *S : Sources)
    if (!Pick && Usable(S) && S->What == Carrier::Device)
      Pick = S;
  if (Pick && Usable(Pick)) {
    Result.Replacement = *Pick;
    Result.Witness = *Pick;
  }

  if (!Result.Replacement) {
    Result.Why = HardcodedPlacement::NoFix::NoDevice;
    return Result;
  }
  // In a forward path, following the input with state (or the state with
  // an input) is an implicit migration, a finding of its own.
  if (Migrations) {
    const auto *MoveCall = llvm::dyn_cast_or_null<CXXMemberCallExpr>(
        Result.Move ? Result.Move : Result.Consumer);
    if (std::optional<Migration> Migrates = Migrations->wouldMigrate(
            MoveCall, Fn, Result.Replacement->Decl, Ctx)) {
      Result.Why = HardcodedPlacement::NoFix::MigratesState;
      Result.Migrates = std::move(Migrates);
      return Result;
    }
  }
  if (inMacro(Where.Replace)) {
    Result.Why = HardcodedPlacement::NoFix::Macro;
    return Result;
  }
  const std::string Device = Result.Replacement->deviceSpelling();
  const std::string Text = Result.Move && Result.Written == Result.Move
                               ? "to(" + Device + ")"
                               : Device;
  Result.Fixes.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Where.Replace), Text));
  return Result;
}

std::optional<HardcodedPlacement>
HardcodedPlacementFinder::analyseMove(const CXXMemberCallExpr *Call,
                                      const FunctionDecl *Fn, ASTContext &Ctx) {
  if (!Call)
    return std::nullopt;
  const CXXMethodDecl *Method = Call->getMethodDecl();
  // A tensor's move, or a module's in-place `to` (`net->to(torch::kCUDA)`).
  if (isTensorMethod(Method) &&
      (isNamed(Method, "cuda") || isNamed(Method, "cpu")))
    return analyseLeaf(Call, Fn, Ctx);
  if (!isNamed(Method, "to") ||
      !(isTensorMethod(Method) || isModuleMethod(Method)))
    return std::nullopt;
  // The device constant or string among the arguments.
  llvm::SmallVector<const Stmt *, 16> Stack;
  for (const Expr *Arg : Call->arguments())
    Stack.push_back(Arg);
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S || llvm::isa<LambdaExpr>(S))
      continue;
    if (llvm::isa<DeclRefExpr, StringLiteral>(S))
      if (std::optional<HardcodedPlacement> Found =
              analyseLeaf(llvm::cast<Expr>(S), Fn, Ctx);
          Found && (Found->Move == Call || Found->Consumer == Call))
        return Found;
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return std::nullopt;
}

/// Whether \p Placement counts: any placement, or a reported one only.
static bool counts(const std::optional<HardcodedPlacement> &Placement,
                   bool OnlyReported) {
  return Placement && (!OnlyReported || !Placement->Latent);
}

/// Whether a device constant or string under \p S is a placement.
static bool hasPlacementLeaf(const Stmt *S,
                             HardcodedPlacementFinder &Placements,
                             const FunctionDecl *Fn, ASTContext &Ctx,
                             bool OnlyReported, unsigned Depth = 0) {
  if (!S || Depth > 16 || llvm::isa<LambdaExpr>(S))
    return false;
  if (llvm::isa<DeclRefExpr, StringLiteral>(S) &&
      counts(Placements.analyseLeaf(llvm::cast<Expr>(S), Fn, Ctx),
             OnlyReported))
    return true;
  // Options or a device kept in a local: what its initializer places.
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
    if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        Var && Var->hasLocalStorage() && !llvm::isa<ParmVarDecl>(Var) &&
        (isTensorOptionsType(Var->getType()) || isDeviceLike(Var->getType())))
      return hasPlacementLeaf(Var->getInit(), Placements, Fn, Ctx, OnlyReported,
                              Depth + 1);
  for (const Stmt *Child : S->children())
    if (hasPlacementLeaf(Child, Placements, Fn, Ctx, OnlyReported, Depth + 1))
      return true;
  return false;
}

bool isHardcodedPlacement(const AbstractDevice &Device,
                          HardcodedPlacementFinder &Placements,
                          const FunctionDecl *Fn, ASTContext &Ctx,
                          bool OnlyReported) {
  if (const auto *Move =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(Device.Origin))
    return counts(Placements.analyseMove(Move, Fn, Ctx), OnlyReported);
  // A factory given a hard-coded device: `torch::ones({3}, torch::kCPU)`.
  if (const auto *Factory = llvm::dyn_cast_or_null<CallExpr>(Device.Origin))
    for (const Expr *Arg : Factory->arguments())
      if (hasPlacementLeaf(Arg, Placements, Fn, Ctx, OnlyReported))
        return true;
  return false;
}

} // namespace clang::tidy::torch::device
