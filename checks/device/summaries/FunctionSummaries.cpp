//===--- FunctionSummaries.cpp - what a call passes through a function ----===//
#include "device/summaries/FunctionSummaries.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/DeviceUsage.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "utils/CallSite.h"
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
  if (const FunctionDecl *Forward = heldModuleForward(Call))
    Callee = Forward;
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Callee);
      Method && Method->isVirtual() && !Method->hasAttr<FinalAttr>() &&
      !Method->getParent()->hasAttr<FinalAttr>())
    return nullptr;
  return Callee;
}

/// Whether anything of \p Fn can carry a device across the call.
bool passesTensors(const FunctionDecl *Fn) {
  if (isTensorType(Fn->getReturnType()) ||
      isTensorListType(Fn->getReturnType()) || partCount(Fn->getReturnType()))
    return true;
  for (const ParmVarDecl *Param : Fn->parameters())
    if (isTensorType(Param->getType()) || isModuleType(Param->getType()) ||
        isDeviceLike(Param->getType()))
      return true;
  // A method of a module runs on the module's state (`net->fit(device)`).
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  return Method && !Method->isStatic() &&
         isModuleType(recordType(Method->getParent()));
}

bool isParamOf(const ValueDecl *D, const FunctionDecl *Fn) {
  const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(D);
  return Param && Param->getDeclContext() == Fn;
}

/// A parameter of \p Fn or a member of its class: what a call site can name.
bool isInterfaceSymbol(const ValueDecl *Symbol, const FunctionDecl *Fn) {
  if (isParamOf(Symbol, Fn))
    return true;
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  return Method && llvm::isa_and_nonnull<FieldDecl>(Symbol) &&
         !Method->isStatic();
}

/// Where such a symbol is, or one of several on different paths and never
/// the CPU (`keep ? torch::cat({a, b}) : b`): what a call site can resolve.
bool isInterface(const AbstractDevice &D, const FunctionDecl *Fn) {
  if (D.K == AbstractDevice::Kind::SameAs)
    return isInterfaceSymbol(D.Symbol, Fn);
  return D.K == AbstractDevice::Kind::Maybe && !D.MayBeCpu &&
         !D.OffCpuThrough.empty() &&
         llvm::all_of(D.OffCpuThrough, [&](const ValueDecl *Symbol) {
           return isInterfaceSymbol(Symbol, Fn);
         });
}

/// The CPU or a CUDA device: where a value made inside a function lives,
/// whoever calls it (`return torch::zeros({n});`).
bool isConcrete(const AbstractDevice &D) {
  return D.K == AbstractDevice::Kind::Cpu || D.K == AbstractDevice::Kind::Cuda;
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

} // namespace

void FunctionSummaries::reset(ASTContext &Ctx) {
  if (Unit == Ctx.getTranslationUnitDecl())
    return;
  Unit = Ctx.getTranslationUnitDecl();
  Done.clear();
  InProgress.clear();
  MemberFacts.clear();
  Flows.clear();
  FromCallers.clear();
  FollowersByFile.clear();
  FollowingCalls.clear();
}

namespace {

/// The functions with a body that \p D is or declares in \p File, through
/// namespaces and classes.
void addDefinitionsIn(const Decl *D, FileID File, const SourceManager &SM,
                      llvm::SmallVectorImpl<const FunctionDecl *> &Out) {
  if (const auto *Template = llvm::dyn_cast<FunctionTemplateDecl>(D))
    D = Template->getTemplatedDecl();
  if (llvm::isa<TranslationUnitDecl, NamespaceDecl, LinkageSpecDecl>(D) ||
      (llvm::isa<CXXRecordDecl>(D) &&
       SM.getFileID(SM.getExpansionLoc(D->getLocation())) == File)) {
    for (const Decl *Inner : llvm::cast<DeclContext>(D)->decls())
      addDefinitionsIn(Inner, File, SM, Out);
    return;
  }
  const auto *Fn = llvm::dyn_cast<FunctionDecl>(D);
  if (Fn && Fn->doesThisDeclarationHaveABody() &&
      SM.getFileID(SM.getExpansionLoc(Fn->getLocation())) == File)
    Out.push_back(Fn);
}

} // namespace

FunctionSummaries::DeviceFollower
FunctionSummaries::deviceFollowerBeside(const FunctionDecl *Fn,
                                        ASTContext &Ctx) {
  reset(Ctx);
  const FunctionDecl *Named = enclosingNamedFunction(Fn);
  const SourceManager &SM = Ctx.getSourceManager();
  const FileID File = SM.getFileID(SM.getExpansionLoc(Named->getLocation()));
  // Following a plain class's own data, in a class that holds no device,
  // follows the host the class keeps it on: it shows nothing.
  auto FollowsClassData = [&](const FunctionDecl *Other, const CallExpr &Call) {
    auto IsHostClassMember = [](const ValueDecl *Symbol) {
      const auto *Member = llvm::dyn_cast_or_null<FieldDecl>(Symbol);
      const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(
          Member ? Member->getParent() : nullptr);
      return Class && isTensorType(Member->getType()) &&
             !isModuleType(recordType(Class)) && !holdsDeviceMember(Class);
    };
    const Expr *Source = deviceSourceOf(Call);
    const AbstractDevice Followed = Source
                                        ? flowOf(Other, Ctx)->deviceOf(Source)
                                        : AbstractDevice::unknown();
    return Followed.K == AbstractDevice::Kind::SameAs &&
           IsHostClassMember(Followed.Symbol) &&
           llvm::all_of(Followed.AlsoSymbols, IsHostClassMember);
  };
  // Each function's body is read once per unit, whichever question asks.
  auto FollowingCall = [&](const FunctionDecl *Other) {
    auto [It, New] = FollowingCalls.try_emplace(Other);
    if (New)
      It->second = deviceFollowingCall(Other, [&](const CallExpr &Call) {
        return !FollowsClassData(Other, Call);
      });
    return It->second;
  };
  auto [It, New] = FollowersByFile.try_emplace(File);
  if (New) {
    llvm::SmallVector<const FunctionDecl *, 16> Defined;
    // The scope clang-tidy or clangd traverses (the whole unit, or the main
    // file's declarations), as forEachFunctionBody walks it.
    for (const Decl *Root : Ctx.getTraversalScope())
      addDefinitionsIn(Root, File, SM, Defined);
    for (const FunctionDecl *Other : Defined)
      if (const CallExpr *Follows = FollowingCall(Other))
        It->second.push_back({Other, Follows});
  }
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Named);
  // The class's own methods first: they share its members and its design.
  if (Method)
    for (const CXXMethodDecl *Other : Method->getParent()->methods())
      if (const FunctionDecl *Body = Other->getDefinition();
          Body && Body->getCanonicalDecl() != Named->getCanonicalDecl())
        if (const CallExpr *Follows = FollowingCall(Body))
          return {Body, Follows};
  for (const DeviceFollower &Other : It->second)
    if (Other.first->getCanonicalDecl() != Named->getCanonicalDecl())
      return Other;
  return {nullptr, nullptr};
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
  const auto *Fn = llvm::dyn_cast_or_null<FunctionDecl>(
      Param ? Param->getDeclContext() : nullptr);
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
    const Expr *Arg =
        argumentFor(Site.Call, Fn, Param->getFunctionScopeIndex());
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
    llvm::function_ref<bool(const AbstractDevice &)> Accepts, ASTContext &Ctx,
    bool CountBindings) {
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
      const Expr *Arg = argumentFor(Site.Call, Fn, P->getFunctionScopeIndex());
      if (!Site.Caller || !Arg)
        continue;
      AbstractDevice Passed;
      {
        FunctionParentScope Parents(Site.Caller, Ctx);
        Passed = flowOf(Site.Caller, Ctx)->deviceOf(Arg);
      }
      // A module the caller got from elsewhere and holds in a local is
      // where that code put it: no evidence on its own, as a tensor local
      // is not.
      const bool OpaqueLocalModule =
          isModuleParameter(P) && Passed.isModuleLocalFromElsewhere();
      if (!OpaqueLocalModule && Accepts(Passed))
        return CallerPlacement{Param, P, Site, Arg, Passed};
      if (Passed.K == AbstractDevice::Kind::SameAs)
        if (const auto *Outer = llvm::dyn_cast<ParmVarDecl>(Passed.Symbol);
            Outer &&
            (isTensorType(Outer->getType()) || isModuleParameter(Outer)))
          if (std::optional<CallerPlacement> Up = Search(Outer))
            return Up;
    }
    // Bound for Python or the dispatcher: whoever calls it there may pass
    // CUDA tensors (a tensor parameter only; a module's is the caller's).
    if (std::optional<Binding> Bound =
            CountBindings ? Calls.bindingOf(Fn, Ctx) : std::nullopt;
        Bound && isTensorType(P->getType())) {
      AbstractDevice Passed = AbstractDevice::cuda(-1, Bound->Call);
      if (Accepts(Passed))
        return CallerPlacement{
            Param,           P,      UnitCall{Bound->Call, nullptr},
            Bound->Argument, Passed, /*Bound=*/true};
    }
    return std::nullopt;
  };
  return Search(Param);
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
    // A result made without a device on some paths only (`if (first)
    // return torch::ones({4});`) is that factory's CPU tensor on those.
    const AbstractDevice &Returned = Flow->returned();
    if (isInterface(Returned, Fn) || isConcrete(Returned) ||
        Returned.fromDeviceLessFactory())
      Summary->Result = Returned;
    // A list result: each element a parameter's or member's device, or a
    // concrete one; anything else leaves the list unknown at the call.
    if (const auto &Elements = Flow->returnedElements();
        Elements && llvm::all_of(*Elements, [&](const AbstractDevice &E) {
          return isInterface(E, Fn) || isConcrete(E);
        }))
      Summary->ResultElements = *Elements;
    if (const auto &Parts = Flow->returnedParts();
        Parts && llvm::any_of(*Parts, [&](const AbstractDevice &E) {
          return isInterface(E, Fn) || isConcrete(E);
        })) {
      Summary->ResultParts = *Parts;
      for (AbstractDevice &Part : *Summary->ResultParts)
        if (!isInterface(Part, Fn) && !isConcrete(Part))
          Part = AbstractDevice::unknown();
    }
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
