//===--- LoadEvidence.cpp - why a device-less load is a defect ------------===//
//
// The evidence side of CheckpointLoads.h: which move a module load undoes,
// which use or member replacement shows where the module belongs, what
// shows an optimizer's parameters on a device, and which device a fix can
// name at the load. Every order question goes to the device flow.
//
//===----------------------------------------------------------------------===//
#include "device/findings/CheckpointLoads.h"
#include "device/findings/ModuleRuns.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/Spelling.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {
namespace {

/// An assignment that some path runs after \p Load of the local \p Object
/// to a module member of `*this` (`net_ = fresh;`, `net_ =
/// std::move(fresh);`): the assignment, and the member it replaces.
std::pair<const Expr *, const FieldDecl *>
memberReplacedAfter(const ValueDecl *Object, const CallExpr *Load,
                    const FunctionDecl *Fn, const DeviceFlow &Facts) {
  std::pair<const Expr *, const FieldDecl *> Found = {nullptr, nullptr};
  if (!llvm::isa_and_nonnull<VarDecl>(Object) ||
      llvm::isa<ParmVarDecl>(Object) || !llvm::isa<CXXMethodDecl>(Fn))
    return Found;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &VisitedS) {
    const Stmt *S = &VisitedS;
    const auto Sides = assignmentSides(S);
    if (Found.first || !Sides || !Facts.mayRunAfter(Load, S))
      return;
    const Expr *Source = Sides->second->IgnoreParenImpCasts();
    if (const auto *Move = llvm::dyn_cast<CallExpr>(Source);
        Move && Move->getNumArgs() == 1 &&
        qualifiedName(Move->getDirectCallee()) == "std::move")
      Source = Move->getArg(0);
    const auto *Member =
        llvm::dyn_cast<MemberExpr>(Sides->first->IgnoreParenImpCasts());
    const auto *Field =
        Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (Field &&
        llvm::isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
        isModuleType(Field->getType()) && referencedObject(Source) == Object)
      Found = {llvm::cast<Expr>(S), Field};
  });
  return Found;
}

/// A torch::load from the path (same spelling) that a torch::save of this
/// function wrote on every path to it: the checkpoint comes from this
/// program's own modules on this program's device, and the load restores
/// exactly that. Written on some paths only (`if (!exists(p)) save(m, p);`,
/// a save at the end of a loop the load begins), the load reads on the
/// others whatever file the path names.
bool isRoundTrip(const CheckpointLoad &Load, const FunctionDecl *Fn,
                 const DeviceFlow &Facts, ASTContext &Ctx) {
  if (Load.Read->getNumArgs() < 2)
    return false;
  const std::string Path = sourceText(
      Load.Read->getArg(Load.Read == Load.Apply ? 1 : 0)->IgnoreParenImpCasts(),
      Ctx);
  bool Saved = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &VisitedS) {
    const Stmt *S = &VisitedS;
    const auto *Save = llvm::dyn_cast<CallExpr>(S);
    if (Saved || !Save || Save->getNumArgs() < 2 ||
        qualifiedName(Save->getDirectCallee()) != "torch::save" ||
        !Facts.precedes(Save, Load.Read) ||
        !Facts.runsWhenever(Save, Load.Read))
      return;
    Saved = !Path.empty() &&
            sourceText(Save->getArg(1)->IgnoreParenImpCasts(), Ctx) == Path;
  });
  return Saved;
}

/// Whether \p E names a parameter or local of \p Other, a function other
/// than \p Fn: such a device cannot be spelled in \p Fn.
bool refersToLocalsOf(const Stmt *E, const FunctionDecl *Other,
                      const FunctionDecl *Fn) {
  if (!E || Other == Fn)
    return false;
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        Var && Var->getDeclContext() == Other)
      return true;
  for (const Stmt *Child : E->children())
    if (refersToLocalsOf(Child, Other, Fn))
      return true;
  return false;
}

} // namespace

std::optional<LoadFinding>
CheckpointLoadFinder::moduleLoad(const CheckpointLoad &Load,
                                 const FunctionDecl *Fn, ASTContext &Ctx) {
  const DeviceFlow &Facts = flowOf(Fn, Ctx);
  const ValueDecl *Object = Load.Object;
  const CallExpr *Call = Load.Apply;
  if (!Object || (!Load.Through && isRoundTrip(Load, Fn, Facts, Ctx)))
    return std::nullopt;
  const std::vector<ModuleMove> &Moves = Facts.moduleMoves();
  // `load` then `->to(device)` (or ensure_module_device) is the right order.
  for (const ModuleMove &M : Moves)
    if (M.Module == Object && Facts.precedes(Call, M.Call))
      return std::nullopt;
  // The move the load undoes: the one whose device reaches the load on
  // some path. Where the flow cannot say (a device it does not model), the
  // latest move that reaches the load.
  const AbstractDevice Before = Facts.deviceBefore(Object, Call);
  std::optional<ModuleMove> Earlier;
  for (const ModuleMove &M : Moves) {
    if (M.Module != Object || M.ToCpu)
      continue;
    if (Before.Origin ? M.Call == Before.Origin
                      : Before.K == AbstractDevice::Kind::Unknown &&
                            Facts.precedes(M.Call, Call) &&
                            (!Earlier || Facts.precedes(Earlier->Call, M.Call)))
      Earlier = M;
  }
  // A member module that every constructor moved, itself or through a
  // setup method it calls, reaches the load from there: the move the
  // member's placement names, or, where the class's facts leave it
  // "wherever set-up put it" (another method moves it too: `to(kCPU)`,
  // save, `to(device)`), each constructor's first move off the CPU.
  const FunctionDecl *MovedIn = Fn;
  const bool SetUpPlaced = Before.K == AbstractDevice::Kind::SameAs &&
                           Before.Symbol == Object &&
                           llvm::isa<FieldDecl>(Object);
  if (!Earlier && (Before.Origin || SetUpPlaced))
    if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn)) {
      std::optional<ModuleMove> First;
      const FunctionDecl *FirstIn = nullptr;
      bool EveryConstructor = true;
      llvm::SmallPtrSet<const FunctionDecl *, 4> SetUp;
      for (const CXXConstructorDecl *Constructor :
           Method->getParent()->ctors()) {
        const FunctionDecl *Definition = nullptr;
        if (Constructor->isCopyOrMoveConstructor() || Constructor->isDeleted())
          continue;
        // Defaulted, or defined elsewhere: it moves nothing the unit sees.
        if (!Constructor->hasBody(Definition) || !Definition) {
          EveryConstructor = false;
          continue;
        }
        std::vector<const FunctionDecl *> Placing = setupMethodsOf(Definition);
        Placing.insert(Placing.begin(), Definition);
        SetUp.insert(Placing.begin(), Placing.end());
        bool Moves = false;
        for (const FunctionDecl *Placer : Placing)
          for (const ModuleMove &M : Flow.analyze(Placer, Ctx)->moduleMoves())
            if (!Moves && !M.ToCpu &&
                (Before.Origin ? M.Call == Before.Origin
                               : M.Module == Object)) {
              Moves = true;
              if (!First) {
                First = M;
                FirstIn = Placer;
              }
            }
        EveryConstructor &= Moves;
      }
      // Without the class's facts, every other method that moves it must
      // leave it there: its last move is to the same device (`to_host()`
      // alone would leave it on the CPU).
      auto LeftThere = [&] {
        const ValueDecl *Target = referencedObject(First->Device);
        for (const CXXMethodDecl *Other : Method->getParent()->methods()) {
          const FunctionDecl *Definition = nullptr;
          if (llvm::isa<CXXConstructorDecl>(Other) ||
              !Other->hasBody(Definition) || !Definition ||
              SetUp.contains(Definition))
            continue;
          const std::shared_ptr<const DeviceFlow> There =
              Flow.analyze(Definition, Ctx);
          const ModuleMove *Last = nullptr;
          for (const ModuleMove &M : There->moduleMoves())
            if (M.Module == Object &&
                (!Last || There->precedes(Last->Call, M.Call)))
              Last = &M;
          if (Last && (Last->ToCpu || !Target ||
                       referencedObject(Last->Device) != Target))
            return false;
        }
        return true;
      };
      // The constructor that moves it runs this load itself, through the
      // method, before the move (`LoadCheckpoint(dir); net->to(device);`):
      // the move comes after the load.
      auto LoadedBeforeMove = [&] {
        const std::shared_ptr<const DeviceFlow> In = Flow.analyze(FirstIn, Ctx);
        std::vector<const CXXMemberCallExpr *> Calls;
        ownMethodCalls(FirstIn->getBody(), Method->getParent(), Calls);
        return llvm::any_of(Calls, [&](const CXXMemberCallExpr *Run) {
          return Run->getMethodDecl()->getCanonicalDecl() ==
                     Method->getCanonicalDecl() &&
                 In->precedes(Run, First->Call);
        });
      };
      if (First && (Before.Origin || (EveryConstructor && LeftThere())) &&
          !LoadedBeforeMove()) {
        Earlier = First;
        MovedIn = FirstIn;
      }
    }
  LoadFinding Found;
  Found.Load = Load;
  // A read in a method the call reaches is judged at the call, in the
  // caller's code.
  Found.Use = Earlier        ? nullptr
              : Load.Through ? deviceUseAfter(Object, Call, Fn, Facts, Ctx)
                             : runOnDeviceAfter(Object, Call, Fn, Ctx);
  // A local loaded to replace a member that lives on a device
  // (`torch::load(fresh, path); net_ = fresh;`): the member's device is
  // where the loaded parameters belong.
  if (!Earlier && !Found.Use) {
    const auto [Assignment, Member] =
        memberReplacedAfter(Object, Call, Fn, Facts);
    const AbstractDevice Replaced =
        Assignment ? Facts.deviceBefore(Member, Assignment) : AbstractDevice();
    if (Replaced.Origin && Replaced.K != AbstractDevice::Kind::Unknown &&
        !Replaced.isCpu()) {
      Found.Replacing = Assignment;
      Found.MemberPlaced = Replaced.Origin;
    }
  }
  if (!Earlier && !Found.Use && !Found.Replacing)
    return std::nullopt;
  Found.Why = Earlier     ? LoadFinding::Evidence::MovedBefore
              : Found.Use ? LoadFinding::Evidence::UsedAfter
                          : LoadFinding::Evidence::ReplacesMember;
  Found.Move = Earlier;
  Found.MovedIn = MovedIn == Fn ? nullptr : MovedIn;
  // A move on only some paths says nothing about the device on the others.
  Found.MaybeMoved =
      Earlier && MovedIn == Fn && !Facts.runsWhenever(Earlier->Call, Call);
  // A read in a method the call reaches cannot name the caller's device.
  if (Load.Through)
    return Found;
  // The device of the move the load undoes, where it can be spelled there.
  const SourceLocation At = Load.Read->getBeginLoc();
  if (Earlier && !Found.MaybeMoved &&
      !refersToLocalsOf(Earlier->Device, MovedIn, Fn) &&
      isUsableAt(Earlier->Device, Fn, At, Ctx)) {
    Found.Device = sourceText(Earlier->Device, Ctx);
    Found.DeviceFrom = Earlier;
  }
  if (Found.Device.empty() && !Found.MaybeMoved) {
    Found.Source = deviceSourceForLoad(Fn, Load.Read, Ctx);
    if (Found.Source)
      Found.Device = Found.Source->deviceSpelling();
  }
  return Found;
}

std::optional<LoadFinding> CheckpointLoadFinder::optimizerLoad(
    const CheckpointLoad &Load, const FunctionDecl *Fn,
    llvm::ArrayRef<LoadFinding> ModuleFindings, ASTContext &Ctx) {
  const DeviceFlow &Facts = flowOf(Fn, Ctx);
  const ValueDecl *Object = Load.Object;
  const CallExpr *Call = Load.Apply;
  if (isRoundTrip(Load, Fn, Facts, Ctx))
    return std::nullopt;
  // torchlint::migrate_optimizer_state(optimizer) after the load repairs it.
  bool Migrated = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &VisitedS) {
    const Stmt *S = &VisitedS;
    const auto *Migrate = llvm::dyn_cast<CallExpr>(S);
    if (Object && Migrate &&
        isNamed(Migrate->getDirectCallee(), "migrate_optimizer_state") &&
        Migrate->getNumArgs() >= 1 &&
        referencedObject(Migrate->getArg(0)) == Object &&
        Facts.mayRunAfter(Call, Migrate))
      Migrated = true;
  });
  if (Migrated)
    return std::nullopt;

  LoadFinding Found;
  Found.Load = Load;
  Found.Why = LoadFinding::Evidence::ParametersPlaced;
  Found.Source = deviceSourceForLoad(Fn, Load.Read, Ctx);
  const std::vector<ModuleMove> &Moves = Facts.moduleMoves();
  auto IsConditional = [&](const ModuleMove &M) {
    return !Facts.runsWhenever(M.Call, Call);
  };
  const ModuleMove *AnyMove = nullptr; // the first move to a device
  for (const ModuleMove &M : Moves)
    if (!M.ToCpu && (!AnyMove || Facts.precedes(M.Call, AnyMove->Call)))
      AnyMove = &M;
  // A member module that the constructors moved to a device (and no other
  // method moves again) is there when this method runs.
  if (!Found.Source && !AnyMove)
    if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn))
      for (const FieldDecl *Field : Method->getParent()->fields())
        if (isModuleType(Field->getType()) && !Found.ConstructorMove) {
          const AbstractDevice D = Facts.deviceBefore(Field, Call);
          if (D.Origin && !D.isCpu()) {
            Found.ConstructorMove = D.Origin;
            Found.MovedMember = Field;
          }
        }
  if (!Found.Source && !AnyMove && !Found.ConstructorMove) {
    // Nothing here puts anything on a device, but a module loaded beside
    // it is a finding: the optimizer's state comes back where the module's
    // parameters came back from, which is not where they belong.
    if (ModuleFindings.empty())
      return std::nullopt;
    Found.Why = LoadFinding::Evidence::BesideModuleLoad;
    Found.ModuleLoad = ModuleFindings.front().Load.Apply;
    Found.ModuleName = ModuleFindings.front().Load.Name;
    return Found;
  }

  // The device: the module the optimizer was built over, else a device in
  // scope, else any module's move when all moves agree. A usable move is
  // the latest one before the load, else the first after it, that runs on
  // every path and whose device argument can be spelled at the load.
  const SourceLocation At = Load.Read->getBeginLoc();
  auto UsableMove = [&](llvm::ArrayRef<const ValueDecl *> Owners) {
    const ModuleMove *LatestBefore = nullptr, *FirstAfter = nullptr;
    for (const ModuleMove &M : Moves) {
      if (M.ToCpu ||
          (!Owners.empty() && !llvm::is_contained(Owners, M.Module)) ||
          IsConditional(M) || !isUsableAt(M.Device, Fn, At, Ctx))
        continue;
      if (Facts.precedes(M.Call, Call)) {
        if (!LatestBefore || Facts.precedes(LatestBefore->Call, M.Call))
          LatestBefore = &M;
      } else if (!FirstAfter || Facts.precedes(M.Call, FirstAfter->Call)) {
        FirstAfter = &M;
      }
    }
    return LatestBefore ? LatestBefore : FirstAfter;
  };
  llvm::SmallVector<const ValueDecl *, 2> Owners;
  if (const auto *VD = llvm::dyn_cast_or_null<VarDecl>(Object);
      VD && VD->getInit())
    Owners = parameterOwners(VD->getInit());
  const ModuleMove *From = Owners.empty() ? nullptr : UsableMove(Owners);
  // The owners move only on some paths: no single device fits every path.
  bool Ambiguous = false;
  for (const ModuleMove &M : Moves)
    if (!From && !M.ToCpu && llvm::is_contained(Owners, M.Module) &&
        IsConditional(M))
      Ambiguous = true;
  if (!From && !Ambiguous && !Found.Source) {
    From = UsableMove({});
    for (const ModuleMove &M : Moves)
      if (From && !M.ToCpu &&
          (IsConditional(M) ||
           sourceText(M.Device, Ctx) != sourceText(From->Device, Ctx)))
        From = nullptr;
  }
  if (From) {
    Found.Device = sourceText(From->Device, Ctx);
    Found.DeviceFrom = *From;
  } else if (Found.Source && !Ambiguous) {
    Found.Device = Found.Source->deviceSpelling();
  }
  // Why the parameters can be on a device: a move of the optimizer's
  // module, else the device in scope, else any module's move.
  const ModuleMove *Shown = nullptr;
  for (const ModuleMove &M : Moves)
    if (!M.ToCpu && llvm::is_contained(Owners, M.Module) &&
        (!Shown || Facts.precedes(M.Call, Shown->Call)))
      Shown = &M;
  if (!Shown && !Found.Source)
    Shown = AnyMove;
  if (Shown) {
    Found.Move = *Shown;
    Found.MaybeMoved = IsConditional(*Shown);
  }
  return Found;
}

} // namespace clang::tidy::torch::device
