//===--- FunctionSummaries.cpp - what a call passes through a function ----===//
#include "device/summaries/FunctionSummaries.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ScopeExit.h"

#include <functional>

namespace clang::tidy::torch::device {
namespace {

/// The function \p Call runs, when that is decided at compile time.
const FunctionDecl *staticCallee(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return nullptr;
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Callee);
      Method && Method->isVirtual() && !Method->hasAttr<FinalAttr>() &&
      !Method->getParent()->hasAttr<FinalAttr>())
    return nullptr;
  return Callee;
}

/// Whether anything of \p Fn can carry a device across the call.
bool passesTensors(const FunctionDecl *Fn) {
  if (isTensorType(Fn->getReturnType()) ||
      isTensorListType(Fn->getReturnType()))
    return true;
  for (const ParmVarDecl *Param : Fn->parameters())
    if (isTensorType(Param->getType()) || isModuleType(Param->getType()))
      return true;
  return false;
}

bool isParamOf(const ValueDecl *D, const FunctionDecl *Fn) {
  const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(D);
  return Param && Param->getDeclContext() == Fn;
}

/// A parameter of \p Fn or a member of its class: what a call site can name.
bool isInterface(const AbstractDevice &D, const FunctionDecl *Fn) {
  if (D.K != AbstractDevice::Kind::SameAs || !D.Symbol)
    return false;
  if (isParamOf(D.Symbol, Fn))
    return true;
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  return Method && llvm::isa<FieldDecl>(D.Symbol) &&
         !Method->isStatic();
}

/// Whether \p Move, an expression of \p Fn's body, runs on every path
/// through \p Fn: it is a statement of the body's own block, with no return
/// or throw before it.
bool runsOnEveryPath(const Stmt *Move, const FunctionDecl *Fn) {
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Fn->getBody());
  if (!Body || !Move)
    return false;
  std::function<bool(const Stmt *)> Leaves = [&](const Stmt *S) {
    if (!S || llvm::isa<LambdaExpr>(S))
      return false;
    if (llvm::isa<ReturnStmt, CXXThrowExpr, GotoStmt, CoreturnStmt>(S))
      return true;
    return llvm::any_of(S->children(), Leaves);
  };
  for (const Stmt *Statement : Body->body()) {
    const auto *E = llvm::dyn_cast<Expr>(Statement);
    if (E && E->IgnoreImplicit()->IgnoreParens() == Move)
      return true;
    if (Leaves(Statement))
      return false;
  }
  return false;
}

/// Whether \p S or a statement under it (outside nested lambdas) is one
/// for which \p Is holds.
bool containsStmt(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Is) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return false;
  if (Is(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsStmt(Child, Is))
      return true;
  return false;
}

/// A call of torch::nn::Module::register_buffer or register_parameter.
bool isRegistration(const Stmt *S) {
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(S);
  const auto *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->getIdentifier() &&
         (Callee->getName() == "register_buffer" ||
          Callee->getName() == "register_parameter");
}

/// The objects \p S hands to a registration (`register_buffer("m", mask_)`)
/// join \p Registered.
void collectRegisteredArguments(const Stmt *S,
                                llvm::DenseSet<const ValueDecl *> &Registered) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (isRegistration(S))
    for (const Expr *Arg : llvm::cast<CallExpr>(S)->arguments())
      if (const ValueDecl *Object = referencedObject(writtenArgument(Arg)))
        Registered.insert(Object);
  for (const Stmt *Child : S->children())
    collectRegisteredArguments(Child, Registered);
}

/// The members of \p Class that its code registers with the module, so
/// that they move with it: passed to `register_buffer`/`register_parameter`
/// or assigned (initialised) from such a call.
llvm::DenseSet<const ValueDecl *>
registeredMembers(const CXXRecordDecl *Class) {
  llvm::DenseSet<const ValueDecl *> Registered;
  forEachObjectAssignment(
      Class, /*ConstructorsOnly=*/false,
      [&](const ValueDecl *Object, const Expr *Value) {
        if (containsStmt(Value, isRegistration))
          Registered.insert(Object);
      });
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (Method->hasBody(Definition) && Definition)
      collectRegisteredArguments(Definition->getBody(), Registered);
  }
  return Registered;
}

/// The methods of \p Class that \p Body calls on `this`, in source order.
void collectOwnCalls(const Stmt *Body, const CXXRecordDecl *Class,
                     std::vector<const CXXMemberCallExpr *> &Out) {
  if (!Body || llvm::isa<LambdaExpr>(Body))
    return;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(Body)) {
    const auto *Object = Call->getImplicitObjectArgument();
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Object && Method &&
        llvm::isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) &&
        Method->getParent()->getCanonicalDecl() == Class->getCanonicalDecl())
      Out.push_back(Call);
  }
  for (const Stmt *Child : Body->children())
    collectOwnCalls(Child, Class, Out);
}

} // namespace

std::vector<const FunctionDecl *>
FunctionSummaries::initMethodsOf(const FunctionDecl *Constructor) {
  std::vector<const FunctionDecl *> Found;
  const auto *Ctor = llvm::dyn_cast_or_null<CXXConstructorDecl>(Constructor);
  if (!Ctor)
    return Found;
  const CXXRecordDecl *Class = Ctor->getParent();
  std::vector<const FunctionDecl *> Work = {Constructor};
  // Nested setup (init() calling build()) a few levels deep.
  for (unsigned Level = 0; Level < 3 && !Work.empty(); ++Level) {
    std::vector<const FunctionDecl *> Next;
    for (const FunctionDecl *Fn : Work) {
      std::vector<const CXXMemberCallExpr *> Calls;
      collectOwnCalls(Fn->getBody(), Class, Calls);
      for (const CXXMemberCallExpr *Call : Calls) {
        const FunctionDecl *Definition = nullptr;
        const CXXMethodDecl *Method = Call->getMethodDecl();
        if (llvm::isa<CXXConstructorDecl>(Method) || Method->isStatic() ||
            !Method->hasBody(Definition) || !Definition ||
            llvm::is_contained(Found, Definition))
          continue;
        Found.push_back(Definition);
        Next.push_back(Definition);
      }
    }
    Work = std::move(Next);
  }
  return Found;
}

void FunctionSummaries::reset(ASTContext &Ctx) {
  if (Unit == Ctx.getTranslationUnitDecl())
    return;
  Unit = Ctx.getTranslationUnitDecl();
  Done.clear();
  InProgress.clear();
  MemberFacts.clear();
  Flows.clear();
  FromCallers.clear();
}

std::shared_ptr<const DeviceFlow>
FunctionSummaries::flowOf(const FunctionDecl *Fn, ASTContext &Ctx) {
  reset(Ctx);
  auto &Known = Flows[Fn];
  if (!Known)
    Known = DeviceFlow::analyze(Fn, Ctx, RuleIndex, Options, this);
  return Known;
}

AbstractDevice FunctionSummaries::parameterFromCallers(const ParmVarDecl *Param,
                                                       ASTContext &Ctx) {
  reset(Ctx);
  // Only whole answers are kept: one worked out inside another's chain may
  // have been cut short by the depth bound or a recursion, and keeping it
  // would make the answer depend on which question came first.
  if (auto Known = FromCallers.find(Param); Known != FromCallers.end())
    return Known->second;
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Chain;
  const AbstractDevice Answer = parameterFromCallers(Param, Ctx, Chain);
  FromCallers[Param] = Answer;
  return Answer;
}

AbstractDevice FunctionSummaries::parameterFromCallers(
    const ParmVarDecl *Param, ASTContext &Ctx,
    llvm::SmallPtrSetImpl<const ParmVarDecl *> &Chain) {
  const auto *Fn =
      llvm::dyn_cast_or_null<FunctionDecl>(Param ? Param->getDeclContext() : nullptr);
  // A few levels up, and never around a recursion.
  if (!Fn || Chain.size() > 3 || !Chain.insert(Param).second)
    return AbstractDevice::unknown();
  const auto Leave = llvm::make_scope_exit([&] { Chain.erase(Param); });
  if (auto Known = FromCallers.find(Param); Known != FromCallers.end())
    return Known->second;
  const std::optional<llvm::ArrayRef<UnitCall>> Sites = Calls.callsOf(Fn, Ctx);
  if (!Sites || Sites->empty())
    return AbstractDevice::unknown();
  AbstractDevice Joined;
  for (size_t I = 0; I < Sites->size(); ++I) {
    const UnitCall &Site = (*Sites)[I];
    const Expr *Arg = UnitCallers::argumentFor(Site, Fn,
                                             Param->getFunctionScopeIndex());
    if (!Site.Caller || !Arg)
      return AbstractDevice::unknown();
    AbstractDevice Passed;
    {
      FunctionParentScope Parents(Site.Caller, Ctx);
      Passed = flowOf(Site.Caller, Ctx)->deviceOf(Arg);
    }
    if (Passed.K == AbstractDevice::Kind::SameAs)
      if (const auto *Outer = llvm::dyn_cast<ParmVarDecl>(Passed.Symbol))
        Passed = parameterFromCallers(Outer, Ctx, Chain);
    if (Passed.K != AbstractDevice::Kind::Cpu &&
        Passed.K != AbstractDevice::Kind::Cuda)
      return AbstractDevice::unknown();
    Joined = I == 0 ? Passed : AbstractDevice::join(Joined, Passed);
  }
  if (Joined.K != AbstractDevice::Kind::Cpu &&
      Joined.K != AbstractDevice::Kind::Cuda)
    return AbstractDevice::unknown();
  return Joined;
}

std::optional<CallerPlacement> FunctionSummaries::callerPlacing(
    const ParmVarDecl *Param,
    llvm::function_ref<bool(const AbstractDevice &)> Accepts, ASTContext &Ctx) {
  reset(Ctx);
  // A few levels up through the callers' own parameters, never around a
  // recursion.
  llvm::SmallPtrSet<const ParmVarDecl *, 4> Seen;
  std::function<std::optional<CallerPlacement>(const ParmVarDecl *)> Search =
      [&](const ParmVarDecl *P) -> std::optional<CallerPlacement> {
    const auto *Fn =
        llvm::dyn_cast_or_null<FunctionDecl>(P ? P->getDeclContext() : nullptr);
    if (!Fn || Seen.size() > MaxCallerLevels || !Seen.insert(P).second)
      return std::nullopt;
    for (const UnitCall &Site : Calls.writtenCallsOf(Fn, Ctx)) {
      const Expr *Arg =
          UnitCallers::argumentFor(Site, Fn, P->getFunctionScopeIndex());
      if (!Site.Caller || !Arg)
        continue;
      AbstractDevice Passed;
      {
        FunctionParentScope Parents(Site.Caller, Ctx);
        Passed = flowOf(Site.Caller, Ctx)->deviceOf(Arg);
      }
      if (Accepts(Passed))
        return CallerPlacement{Param, Site, Arg, Passed};
      if (Passed.K == AbstractDevice::Kind::SameAs)
        if (const auto *Outer = llvm::dyn_cast<ParmVarDecl>(Passed.Symbol);
            Outer && isTensorType(Outer->getType()))
          if (std::optional<CallerPlacement> Up = Search(Outer))
            return Up;
    }
    return std::nullopt;
  };
  return Search(Param);
}

const llvm::DenseMap<const FieldDecl *, AbstractDevice> *
FunctionSummaries::factsOf(const RecordDecl *Record, ASTContext &Ctx) {
  reset(Ctx);
  const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(Record);
  if (!Class || !Class->hasDefinition())
    return nullptr;
  Class = Class->getDefinition();
  auto It = MemberFacts.find(Class);
  if (It == MemberFacts.end()) {
    learnClass(Class, Ctx);
    It = MemberFacts.find(Class);
  }
  return &It->second;
}

AbstractDevice FunctionSummaries::memberOnEntry(const FieldDecl *Field,
                                                ASTContext &Ctx) {
  const auto *Facts = factsOf(Field ? Field->getParent() : nullptr, Ctx);
  if (!Facts)
    return AbstractDevice::unknown();
  auto Fact = Facts->find(Field);
  return Fact == Facts->end() ? AbstractDevice::unknown() : Fact->second;
}

const FieldDecl *FunctionSummaries::memberMadeBy(const CallExpr *Factory,
                                                 const CXXRecordDecl *Class,
                                                 ASTContext &Ctx) {
  if (const auto *Facts = factsOf(Class, Ctx))
    for (const auto &[Field, Device] : *Facts)
      if (Device.isCpu() && Device.DeviceLess &&
          llvm::is_contained(Device.Factories, Factory))
        return Field;
  return nullptr;
}

void FunctionSummaries::learnClass(const CXXRecordDecl *Class,
                                   ASTContext &Ctx) {
  // While the class is learnt, its own methods see no facts.
  MemberFacts[Class];
  if (LibraryCode(Ctx.getSourceManager()).contains(Class->getLocation()) ||
      Ctx.getSourceManager().isInSystemHeader(Class->getLocation()))
    return;
  llvm::DenseMap<const FieldDecl *, AbstractDevice> Facts;
  llvm::DenseSet<const FieldDecl *> Placed; // by a method, not constructors
  unsigned Constructors = 0;
  bool Opaque = false;
  // What a method leaves in the members at its exit (those of this class);
  // none when the analysis gave up on it.
  auto MembersAtExit = [&](const FunctionDecl *Definition)
      -> std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>> {
    std::unique_ptr<DeviceFlow> Flow = analyseOther(Definition, Ctx);
    if (!Flow->gaveUp().empty())
      return std::nullopt; // What it does to the members is not known.
    llvm::DenseMap<const FieldDecl *, AbstractDevice> AtExit;
    for (const auto &[D, Device] : Flow->membersAtExit())
      if (const auto *F = llvm::dyn_cast<FieldDecl>(D); F && F->getParent() == Class)
        AtExit[F] = Device;
    return AtExit;
  };
  // Setup methods a constructor calls on `this` (`init()`) place members as
  // the constructor does.
  llvm::DenseSet<const FunctionDecl *> InitMethods;
  for (const CXXConstructorDecl *Declared : Class->ctors()) {
    const FunctionDecl *Definition = nullptr;
    if (Declared->hasBody(Definition) && Definition &&
        !Declared->isCopyOrMoveConstructor())
      for (const FunctionDecl *Init : initMethodsOf(Definition))
        InitMethods.insert(Init);
  }
  llvm::DenseMap<const FunctionDecl *,
                 llvm::DenseMap<const FieldDecl *, AbstractDevice>>
      InitAtExit;
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    // A copy keeps the source's placement: it proves nothing new.
    const auto *Constructor = llvm::dyn_cast<CXXConstructorDecl>(Method);
    if (Method->isStatic() || Method->isDeleted() || Method->isPureVirtual() ||
        (Constructor && Constructor->isCopyOrMoveConstructor()))
      continue;
    if (!Method->hasBody(Definition) || !Definition) {
      // Defined elsewhere (or defaulted, for a constructor): it may leave
      // the members anywhere.
      if (!Method->isImplicit() || Constructor)
        Opaque = true;
      continue;
    }
    if (Constructor)
      continue; // Below, once the setup methods are known.
    std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>> AtExit =
        MembersAtExit(Definition);
    if (!AtExit) {
      Opaque = true;
      continue;
    }
    if (InitMethods.contains(Definition)) {
      InitAtExit[Definition] = std::move(*AtExit);
      continue;
    }
    for (const auto &Entry : *AtExit)
      Placed.insert(Entry.first);
  }
  // A setup method's placements hold in its caller, unless the caller
  // places the member again after the call.
  const SourceManager &SM = Ctx.getSourceManager();
  std::function<void(const FunctionDecl *,
                     llvm::DenseMap<const FieldDecl *, AbstractDevice> &,
                     unsigned)>
      ApplySetupCalls = [&](const FunctionDecl *Caller,
                            llvm::DenseMap<const FieldDecl *, AbstractDevice> &AtExit,
                            unsigned Depth) {
        if (Depth >= 3)
          return;
        std::vector<const CXXMemberCallExpr *> Calls;
        collectOwnCalls(Caller->getBody(), Class, Calls);
        for (const CXXMemberCallExpr *Call : Calls) {
          const FunctionDecl *Callee = nullptr;
          if (!Call->getMethodDecl()->hasBody(Callee) || !Callee ||
              !InitAtExit.count(Callee))
            continue;
          llvm::DenseMap<const FieldDecl *, AbstractDevice> Effects =
              InitAtExit.lookup(Callee);
          ApplySetupCalls(Callee, Effects, Depth + 1);
          for (const auto &[F, Device] : Effects) {
            auto [Known, New] = AtExit.try_emplace(F, Device);
            if (!New && !(Known->second.Origin &&
                          SM.isBeforeInTranslationUnit(
                              Call->getBeginLoc(),
                              Known->second.Origin->getBeginLoc())))
              Known->second = Device;
          }
        }
      };
  for (const CXXConstructorDecl *Declared : Class->ctors()) {
    const FunctionDecl *Definition = nullptr;
    if (Declared->isDeleted() || Declared->isCopyOrMoveConstructor() ||
        !Declared->hasBody(Definition) || !Definition)
      continue;
    std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>> AtExit =
        MembersAtExit(Definition);
    if (!AtExit) {
      Opaque = true;
      continue;
    }
    ApplySetupCalls(Definition, *AtExit, 0);
    // A member a constructor leaves alone lives wherever it was made.
    for (auto &[F, Device] : Facts)
      if (!AtExit->count(F))
        Device = AbstractDevice::unknown();
    for (const auto &[F, Device] : *AtExit) {
      auto [Known, New] = Facts.try_emplace(F, Device);
      if (New && Constructors > 0)
        Known->second = AbstractDevice::unknown(); // an earlier one did not
      else if (!New)
        Known->second = AbstractDevice::join(Known->second, Device);
    }
    ++Constructors;
  }
  if (Opaque || Constructors == 0)
    return;
  auto &Out = MemberFacts[Class];
  const bool IsModule = isModuleType(QualType(Class->getTypeForDecl(), 0));
  llvm::DenseSet<const ValueDecl *> Registered;
  if (IsModule)
    Registered = registeredMembers(Class);
  for (auto [F, Device] : Facts) {
    if (Placed.contains(F) || !Device.Origin)
      continue;
    // A tensor member of a module that every constructor makes on the CPU
    // and never registers stays there when the module moves. A registered
    // one moves with the module, wherever that goes later; one of a plain
    // class lives wherever its owner's callers need it (not judged).
    if (IsModule && isTensorType(F->getType()) && !Registered.contains(F) &&
        Device.isCpu() && Device.DeviceLess) {
      Out[F] = Device;
      continue;
    }
    if (!isModuleType(F->getType()))
      continue;
    // A constructor's parameter means nothing in another method, and a
    // device the analysis cannot follow (`*device_ptr`) is still a move: the
    // member stays where the constructor put it, which the move shows.
    if (Device.K == AbstractDevice::Kind::Unknown ||
        (Device.K == AbstractDevice::Kind::SameAs &&
         llvm::isa<ParmVarDecl>(Device.Symbol))) {
      const Stmt *Why = Device.Origin;
      Device = AbstractDevice::sameAs(F);
      Device.Origin = Why;
    }
    Out[F] = Device;
  }
}

const FunctionSummary *FunctionSummaries::of(const CallExpr *Call,
                                             ASTContext &Ctx) {
  reset(Ctx);
  const FunctionDecl *Callee = staticCallee(Call);
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || !Definition ||
      Definition->isDependentContext() || !passesTensors(Definition))
    return nullptr;
  auto It = Done.find(Definition);
  if (It != Done.end())
    return It->second.get();
  // A recursive call, or one nested past the limit, stays opaque.
  if (InProgress.contains(Definition) || InProgress.size() >= MaxDepth)
    return nullptr;
  if (LibraryCode(Ctx.getSourceManager()).contains(Definition->getLocation()) ||
      Ctx.getSourceManager().isInSystemHeader(Definition->getLocation())) {
    Done[Definition] = nullptr;
    return nullptr;
  }
  return summarise(Definition, Ctx);
}

std::unique_ptr<DeviceFlow>
FunctionSummaries::analyseOther(const FunctionDecl *Fn, ASTContext &Ctx) {
  // The open scope is the caller's: without one of its own, every climb in
  // \p Fn would build the whole translation unit's parent map (seconds).
  FunctionParentScope Parents(Fn, Ctx);
  return DeviceFlow::analyze(Fn, Ctx, RuleIndex, Options, this);
}

const Expr *argumentFor(const ParmVarDecl *Param, const CallExpr *Call,
                        const FunctionDecl *Definition) {
  if (!Param || Param->getDeclContext() != Definition)
    return nullptr;
  unsigned Index = Param->getFunctionScopeIndex();
  if (llvm::isa<CXXOperatorCallExpr>(Call) &&
      llvm::isa<CXXMethodDecl>(Definition))
    ++Index; // The object is the operator's first argument.
  if (Index >= Call->getNumArgs() ||
      llvm::isa<CXXDefaultArgExpr>(Call->getArg(Index)))
    return nullptr;
  return Call->getArg(Index);
}

void forEachObjectAssignment(
    const CXXRecordDecl *Class, bool ConstructorsOnly,
    llvm::function_ref<void(const ValueDecl *, const Expr *)> Visit) {
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || llvm::isa<LambdaExpr>(S))
      return;
    const Expr *Target = nullptr, *Value = nullptr;
    if (const auto *Assign = llvm::dyn_cast<BinaryOperator>(S);
        Assign && Assign->getOpcode() == BO_Assign) {
      Target = Assign->getLHS();
      Value = Assign->getRHS();
    } else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(S);
               Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
      Target = Op->getArg(0);
      Value = Op->getArg(1);
    }
    if (const ValueDecl *Object = Target ? referencedObject(Target) : nullptr)
      Visit(Object, Value);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (!Method->hasBody(Definition) || !Definition)
      continue;
    const auto *Constructor = llvm::dyn_cast<CXXConstructorDecl>(Definition);
    if (ConstructorsOnly && !Constructor)
      continue;
    if (Constructor)
      for (const CXXCtorInitializer *Init : Constructor->inits())
        if (Init->getMember() && Init->getInit())
          Visit(Init->getMember(), Init->getInit());
    Walk(Definition->getBody());
  }
}

const FunctionSummary *FunctionSummaries::summarise(const FunctionDecl *Fn,
                                                    ASTContext &Ctx) {
  InProgress.insert(Fn);
  std::unique_ptr<DeviceFlow> Flow = analyseOther(Fn, Ctx);
  InProgress.erase(Fn);
  std::unique_ptr<FunctionSummary> Summary;
  if (Flow->gaveUp().empty()) {
    Summary = std::make_unique<FunctionSummary>();
    Summary->Definition = Fn;
    Summary->HostParams = Flow->hostParams();
    for (const OpUse &Use : Flow->opUses()) {
      bool TakesParam = false;
      for (const OpInput &In : Use.Inputs) {
        TakesParam |= isParamOf(In.Device.Symbol, Fn) &&
                      In.Device.K == AbstractDevice::Kind::SameAs;
        for (const AbstractDevice &E : In.Elements)
          TakesParam |=
              isParamOf(E.Symbol, Fn) && E.K == AbstractDevice::Kind::SameAs;
      }
      if (TakesParam)
        Summary->Meetings.push_back(Use);
    }
    if (isInterface(Flow->returned(), Fn))
      Summary->Result = Flow->returned();
    // A list result: each element a parameter's or member's device, or a
    // concrete one; anything else leaves the list unknown at the call.
    if (const auto &Elements = Flow->returnedElements();
        Elements && llvm::all_of(*Elements, [&](const AbstractDevice &E) {
          return isInterface(E, Fn) || E.K == AbstractDevice::Kind::Cpu ||
                 E.K == AbstractDevice::Kind::Cuda;
        }))
      Summary->ResultElements = *Elements;
    // Module arguments it moves in place on every path (`m->to(d)`).
    for (const ParmVarDecl *Param : Fn->parameters())
      if (isModuleType(Param->getType())) {
        const AbstractDevice Left = Flow->atExit(Param);
        if (Left.Origin && runsOnEveryPath(Left.Origin, Fn))
          Summary->MovedModules.push_back({Param, Left});
      }
  }
  const FunctionSummary *Result = Summary.get();
  Done[Fn] = std::move(Summary);
  return Result;
}

} // namespace clang::tidy::torch::device
