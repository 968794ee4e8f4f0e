//===--- CheckpointLoads.cpp - loads that ignore where data lives ---------===//
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
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {
namespace {

/// torch::serialize::InputArchive, references and qualifiers ignored.
bool isInputArchiveType(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && qualifiedName(RD) == "torch::serialize::InputArchive";
}

/// The argument passed for the `optional<Device>` parameter of \p Call (the
/// last parameter of every load_from and torch::jit::load overload).
ReadDevice deviceArgument(const CallExpr *Call, const FunctionDecl *Callee) {
  for (unsigned I = 0; I < Callee->getNumParams() && I < Call->getNumArgs();
       ++I) {
    if (!isOptionalDeviceType(Callee->getParamDecl(I)->getType()))
      continue;
    const Expr *Arg = Call->getArg(I);
    if (llvm::isa<CXXDefaultArgExpr>(Arg))
      return {ReadDevice::Missing};
    const Expr *Written = writtenArgument(Arg);
    if (Written && isNulloptType(Written->getType()))
      return {ReadDevice::ExplicitNone, Arg};
    if (const auto *Init = llvm::dyn_cast_or_null<InitListExpr>(Written);
        Init && Init->getNumInits() == 0)
      return {ReadDevice::ExplicitNone, Arg};
    if (const auto *Construct =
            llvm::dyn_cast_or_null<CXXConstructExpr>(Written);
        Construct && Construct->getNumArgs() == 0 &&
        isOptionalDeviceType(Construct->getType()))
      return {ReadDevice::ExplicitNone, Arg};
    return {ReadDevice::Given};
  }
  return {ReadDevice::Given}; // An overload we do not know: stay silent.
}

const CXXMemberCallExpr *findLoadFrom(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(S);
      Member && isNamed(Member->getMethodDecl(), "load_from"))
    return Member;
  for (const Stmt *Child : S->children())
    if (const CXXMemberCallExpr *Found = findLoadFrom(Child))
      return Found;
  return nullptr;
}

/// torch::load(value, args...) forwards args to InputArchive::load_from. The
/// instantiation's load_from call tells whether the device was passed;
/// without a body, the argument types do.
ReadDevice torchLoadDevice(const CallExpr *Call, const FunctionDecl *Callee) {
  for (unsigned I = 1; I < Call->getNumArgs(); ++I)
    if (isNulloptType(Call->getArg(I)->getType()))
      return {ReadDevice::ExplicitNone, Call->getArg(I)};
  if (const CXXMemberCallExpr *LoadFrom = findLoadFrom(Callee->getBody())) {
    const ReadDevice Inner =
        deviceArgument(LoadFrom, LoadFrom->getMethodDecl());
    return {Inner.What == ReadDevice::Missing ? ReadDevice::Missing
                                              : ReadDevice::Given};
  }
  for (unsigned I = 1; I < Call->getNumArgs(); ++I) {
    QualType T = Call->getArg(I)->getType();
    if (isDeviceLike(T) || isOptionalDeviceType(T))
      return {ReadDevice::Given};
  }
  return {ReadDevice::Missing};
}

std::string nameOf(const ValueDecl *D, const Expr *Fallback,
                   const ASTContext &Ctx) {
  if (D && D->getIdentifier())
    return D->getName().str();
  std::string Text = sourceText(Fallback, Ctx);
  return Text.empty() ? "the value" : Text;
}

/// `net->load(archive)`, `optimizer.load(archive)`, `archive >> net`: the
/// value and the archive, when \p Call applies an InputArchive to one.
std::optional<std::pair<const Expr *, const Expr *>>
archiveApplied(const CallExpr *Call) {
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
    if (isNamed(Member->getMethodDecl(), "load") && Member->getNumArgs() == 1 &&
        isInputArchiveType(Member->getArg(0)->getType()))
      return std::make_pair(Member->getImplicitObjectArgument(),
                            Member->getArg(0));
  } else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Call)) {
    if (Op->getOperator() == OO_GreaterGreater && Op->getNumArgs() == 2 &&
        isInputArchiveType(Op->getArg(0)->getType()))
      // Through the conversion to shared_ptr<Module> of the operand.
      return std::make_pair(writtenArgument(Op->getArg(1)), Op->getArg(0));
  }
  return std::nullopt;
}

/// `return torch::jit::load(path);`: a loader whose caller decides where the
/// module runs (and moves it there).
bool isReturned(const Expr *E, ASTContext &Ctx) {
  const Stmt *Current = E;
  for (int Step = 0; Current && Step < 8; ++Step) {
    const Stmt *Parent = parentStmt(Current, Ctx);
    if (llvm::isa_and_nonnull<ReturnStmt>(Parent))
      return true;
    if (!llvm::isa_and_nonnull<ImplicitCastExpr, MaterializeTemporaryExpr,
                               CXXBindTemporaryExpr, ExprWithCleanups,
                               CXXConstructExpr, ParenExpr>(Parent))
      return false;
    Current = Parent;
  }
  return false;
}

/// \p Holder and the script modules \p Fn copies from it (`auto m2 = m;`,
/// `std::make_shared<torch::jit::Module>(m)`): a script module is a handle,
/// so moving a copy moves the module loaded into \p Holder.
llvm::SmallVector<const ValueDecl *, 2>
scriptModuleAliases(const ValueDecl *Holder, const FunctionDecl *Fn) {
  llvm::SmallVector<const ValueDecl *, 2> Aliases{Holder};
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Declared = llvm::dyn_cast<DeclStmt>(&S);
    if (!Declared)
      return;
    for (const Decl *D : Declared->decls()) {
      const auto *Var = llvm::dyn_cast<VarDecl>(D);
      const Expr *From =
          Var && isModuleType(Var->getType()) ? Var->getInit() : nullptr;
      // Through the copy constructor and std::make_shared's one argument.
      for (int Depth = 0; From && Depth < 4; ++Depth) {
        From = stripWrappers(From);
        const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(From);
        const auto *Call = llvm::dyn_cast<CallExpr>(From);
        if (Construct && Construct->getNumArgs() == 1)
          From = Construct->getArg(0);
        else if (Call && Call->getNumArgs() == 1 && Call->getDirectCallee() &&
                 isNamed(Call->getDirectCallee(), "make_shared"))
          From = Call->getArg(0);
        else
          break;
      }
      if (From && llvm::is_contained(Aliases, referencedObject(From)))
        Aliases.push_back(Var);
    }
  });
  return Aliases;
}

/// The variable or member that keeps the value of \p E (a load or an
/// optimizer construction): `auto m = E;`, `m = E;`, `member_(E)`.
const ValueDecl *holderOf(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  const Expr *Current = E;
  for (int Step = 0; Step < 8; ++Step) {
    DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *VD = Node.get<VarDecl>())
      return VD;
    if (const auto *Init = Node.get<CXXCtorInitializer>())
      return Init->getMember();
    // A member initializer's expression may have the constructor as parent.
    if (const auto *Ctor = Node.get<CXXConstructorDecl>()) {
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getMember() && Init->getInit() &&
            (Init->getInit() == Current ||
             Init->getInit()->IgnoreImplicit() == Current->IgnoreImplicit()))
          return Init->getMember();
      return nullptr;
    }
    if (const auto *Op = Node.get<CXXOperatorCallExpr>())
      return Op->getOperator() == OO_Equal && Op->getNumArgs() == 2
                 ? referencedObject(Op->getArg(0))
                 : nullptr;
    if (const auto *Bin = Node.get<BinaryOperator>())
      return Bin->getOpcode() == BO_Assign ? referencedObject(Bin->getLHS())
                                           : nullptr;
    const Expr *Parent = Node.get<Expr>();
    if (!Parent ||
        !llvm::isa<ExprWithCleanups, CXXBindTemporaryExpr,
                   MaterializeTemporaryExpr, ImplicitCastExpr, ParenExpr>(
            Parent))
      return nullptr;
    Current = Parent;
  }
  return nullptr;
}

bool isSameOrDerivedFromAdagrad(const CXXRecordDecl *RD, int Depth = 0) {
  if (!RD || Depth > 16)
    return false;
  if (qualifiedName(RD) == "torch::optim::Adagrad")
    return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (isSameOrDerivedFromAdagrad(Base.getType()->getAsCXXRecordDecl(),
                                   Depth + 1))
      return true;
  return false;
}

/// The parameter list an Adagrad is made over: `Adagrad(params, ...)`,
/// `std::make_shared<Adagrad>(params, ...)`, `std::make_unique<MyAdagrad>`.
const Expr *adagradParameters(const Stmt &S) {
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(&S))
    return Construct->getNumArgs() >= 1 &&
                   isSameOrDerivedFromAdagrad(
                       Construct->getConstructor()->getParent()) &&
                   !isOptimizerType(Construct->getArg(0)->getType())
               ? Construct->getArg(0)
               : nullptr;
  const auto *Call = llvm::dyn_cast<CallExpr>(&S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() == 0)
    return nullptr;
  const std::string Name = qualifiedName(Callee);
  if (Name != "std::make_shared" && Name != "std::make_unique")
    return nullptr;
  const TemplateArgumentList *Args = Callee->getTemplateSpecializationArgs();
  return Args && Args->size() >= 1 &&
                 Args->get(0).getKind() == TemplateArgument::Type &&
                 isSameOrDerivedFromAdagrad(
                     Args->get(0).getAsType()->getAsCXXRecordDecl())
             ? Call->getArg(0)
             : nullptr;
}

} // namespace

std::vector<CheckpointLoad>
CheckpointLoadFinder::loadsIn(const FunctionDecl *Fn, ASTContext &Ctx) {
  std::vector<CheckpointLoad> Loads;
  auto Classify = [&](CheckpointLoad &Load) {
    QualType T = Load.Value->getType();
    if (T->isPointerType()) // `net->load(archive)`: the module `net` points to
      T = T->getPointeeType();
    if (isModuleType(T))
      Load.What = CheckpointLoad::Into::Module;
    else if (isOptimizerType(T))
      Load.What = CheckpointLoad::Into::Optimizer;
    else
      return false;
    Load.Object = referencedObject(Load.Value);
    Load.Name = nameOf(Load.Object, Load.Value, Ctx);
    const Expr *Value = Load.Value->IgnoreParenImpCasts();
    if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(Value);
        Deref && Deref->getOpcode() == UO_Deref)
      Value = Deref->getSubExpr()->IgnoreParenImpCasts();
    Load.OfThis = llvm::isa<CXXThisExpr>(Value);
    return true;
  };
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    if (!Call || Call->containsErrors())
      return;
    const FunctionDecl *Callee = Call->getDirectCallee();
    const std::string Name = qualifiedName(Callee);
    CheckpointLoad Load;
    Load.Read = Load.Apply = Call;
    if (Name == "torch::load" && Call->getNumArgs() >= 2) {
      Load.Value = Call->getArg(0);
      Load.Reader = "torch::load";
      Load.Device = torchLoadDevice(Call, Callee);
      if (Classify(Load))
        Loads.push_back(Load);
    } else if (Name == "torch::jit::load") {
      Load.What = CheckpointLoad::Into::JitModule;
      Load.Reader = "torch::jit::load";
      Load.Device = deviceArgument(Call, Callee);
      Loads.push_back(Load);
    } else if (const auto Applied = archiveApplied(Call)) {
      // The archive's read that reaches this use: the last load_from of
      // the same archive before it on the paths of the body.
      const ValueDecl *Archive = referencedObject(Applied->second);
      const DeviceFlow &Facts = flowOf(Fn, Ctx);
      forEachOwnStmt(Fn, [&](const Stmt &Inner) {
        const auto *Read = llvm::dyn_cast<CXXMemberCallExpr>(&Inner);
        if (Archive && Read && isNamed(Read->getMethodDecl(), "load_from") &&
            referencedObject(Read->getImplicitObjectArgument()) == Archive &&
            Facts.precedes(Read, Call) &&
            (Load.Read == Call || Facts.precedes(Load.Read, Read)))
          Load.Read = Read;
      });
      if (Load.Read == Call)
        return;
      Load.Value = Applied->first;
      Load.Reader = "load_from";
      Load.Device = deviceArgument(Load.Read, Load.Read->getDirectCallee());
      if (Classify(Load))
        Loads.push_back(Load);
    }
  });
  return Loads;
}

const std::vector<CheckpointLoad> &
CheckpointLoadFinder::selfLoadsOf(const FunctionDecl *Method, ASTContext &Ctx) {
  if (auto It = SelfLoads.find(Method); It != SelfLoads.end())
    return It->second;
  std::vector<CheckpointLoad> Loads;
  // A method that moves its module itself (`load(a); to(device_);`) puts
  // the parameters where they belong.
  bool MovesItself = false;
  forEachOwnStmt(Method, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    MovesItself |=
        Call && isNamed(Call->getMethodDecl(), "to") &&
        llvm::isa<CXXThisExpr>(
            Call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  });
  if (!MovesItself)
    for (CheckpointLoad &Load : loadsIn(Method, Ctx))
      if (Load.OfThis && Load.What == CheckpointLoad::Into::Module &&
          Load.Device.What != ReadDevice::Given)
        Loads.push_back(std::move(Load));
  return SelfLoads[Method] = std::move(Loads);
}

std::vector<CheckpointLoad>
CheckpointLoadFinder::selfLoadsAtCalls(const FunctionDecl *Fn,
                                       ASTContext &Ctx) {
  std::vector<CheckpointLoad> AtCalls;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    const FunctionDecl *Definition = nullptr;
    if (!Method || !isModuleMethod(Method) || !Method->hasBody(Definition) ||
        Definition == Fn ||
        Ctx.getSourceManager().isInSystemHeader(Definition->getLocation()))
      return;
    const ValueDecl *Object =
        referencedObject(Call->getImplicitObjectArgument());
    if (!Object || !isModuleType(Object->getType()))
      return;
    const std::vector<CheckpointLoad> &Inside = selfLoadsOf(Definition, Ctx);
    if (Inside.empty())
      return;
    CheckpointLoad Load = Inside.front();
    Load.Apply = Call;
    Load.Value = Call->getImplicitObjectArgument();
    Load.Object = Object;
    Load.Name = Object->getNameAsString();
    Load.OfThis = false;
    Load.Through = Definition;
    AtCalls.push_back(std::move(Load));
  });
  return AtCalls;
}

const DeviceFlow &CheckpointLoadFinder::flowOf(const FunctionDecl *Fn,
                                               ASTContext &Ctx) {
  if (!Facts || FactsOf != Fn) {
    Facts = Flow.analyze(Fn, Ctx);
    FactsOf = Fn;
  }
  return *Facts;
}

std::vector<LoadFinding>
CheckpointLoadFinder::findingsIn(const FunctionDecl *Fn, ASTContext &Ctx) {
  std::vector<LoadFinding> Findings;
  if (Fn->isInvalidDecl())
    return Findings;
  std::vector<CheckpointLoad> Loads = loadsIn(Fn, Ctx);
  for (CheckpointLoad &Load : selfLoadsAtCalls(Fn, Ctx))
    Loads.push_back(std::move(Load));
  // Module loads first: an optimizer loaded beside one that is a finding
  // is one too.
  for (const CheckpointLoad &Load : Loads)
    if (Load.What == CheckpointLoad::Into::Module && Options.Modules &&
        Load.Device.What != ReadDevice::Given)
      if (std::optional<LoadFinding> Found = moduleLoad(Load, Fn, Ctx))
        Findings.push_back(std::move(*Found));
  const size_t ModuleFindings = Findings.size();
  for (const CheckpointLoad &Load : Loads) {
    if (Load.Device.What == ReadDevice::Given)
      continue;
    std::optional<LoadFinding> Found;
    if (Load.What == CheckpointLoad::Into::Optimizer && Options.Optimizers)
      Found = optimizerLoad(
          Load, Fn, llvm::ArrayRef(Findings).take_front(ModuleFindings), Ctx);
    else if (Load.What == CheckpointLoad::Into::JitModule && Options.JitModules)
      Found = jitLoad(Load, Fn, Ctx);
    if (Found)
      Findings.push_back(std::move(*Found));
  }
  return Findings;
}

/// Whether a path from \p Load asks where \p Module lives, through a tensor
/// of its own (`(*m.buffers().begin()).device()`,
/// `m.parameters()[0].is_cuda()`): the program follows the device the file puts
/// the module on, by design.
static bool asksWhereModuleLives(const ValueDecl *Module, const CallExpr *Load,
                                 const FunctionDecl *Fn,
                                 const DeviceFlow &Facts) {
  bool Asks = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
    const auto *Query = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    if (Asks || !Query || !isDeviceQuery(Query->getMethodDecl()) ||
        !Facts.mayRunAfter(Load, Query))
      return;
    forEachOwnDescendant(Query->getImplicitObjectArgument(),
                         [&](const Stmt &Inner) {
                           if (const auto *E = llvm::dyn_cast<Expr>(&Inner))
                             Asks |= referencedObject(E) == Module;
                         });
  });
  return Asks;
}

/// Whether \p Module, a local script module, is only read for its tensors
/// (`for (auto &p : m.named_parameters()) ...`, `m.attr("scale")`): it never
/// runs, so where its file puts it is only where those tensors start, and
/// what meets them is the tensors' own business.
static bool onlyTensorsRead(const ValueDecl *Module, const FunctionDecl *Fn,
                            ASTContext &Ctx) {
  const auto *Local = llvm::dyn_cast<VarDecl>(Module);
  if (!Local || !Local->isLocalVarDecl())
    return false;
  bool Read = false;
  bool Other = false;
  forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    if (!Ref || Ref->getDecl() != Module)
      return;
    const auto *Member = wrappedParent(Ref, Ctx).get<MemberExpr>();
    const auto *Call =
        Member ? wrappedParent(Member, Ctx).get<CXXMemberCallExpr>() : nullptr;
    const bool ReadsTensors =
        Call && Call->getCallee() == Member &&
        llvm::StringSwitch<bool>(Call->getMethodDecl()->getName())
            .Cases("parameters", "named_parameters", "buffers", "named_buffers",
                   "attr", "hasattr", true)
            .Default(false);
    (ReadsTensors ? Read : Other) = true;
  });
  return Read && !Other;
}

const CallExpr *CheckpointLoadFinder::runOnDeviceAfter(const ValueDecl *Object,
                                                       const CallExpr *Load,
                                                       const FunctionDecl *Fn,
                                                       ASTContext &Ctx) {
  if (const CallExpr *Use =
          deviceUseAfter(Object, Load, Fn, flowOf(Fn, Ctx), Ctx))
    return Use;
  // Each other function's flow is kept apart: the caller still reads Fn's.
  std::vector<std::shared_ptr<const DeviceFlow>> Others;
  return deviceUseInOtherFunctions(
      Object, Fn,
      [&](const FunctionDecl *Other) -> const DeviceFlow & {
        Others.push_back(Flow.analyze(Other, Ctx));
        return *Others.back();
      },
      Ctx);
}

std::optional<LoadFinding>
CheckpointLoadFinder::jitLoad(const CheckpointLoad &Load,
                              const FunctionDecl *Fn, ASTContext &Ctx) {
  if (isReturned(Load.Read, Ctx))
    return std::nullopt;
  const DeviceFlow &Facts = flowOf(Fn, Ctx);
  const ValueDecl *Holder = holderOf(Load.Read, Ctx);
  if (Holder && !isJitModuleType(Holder->getType()))
    Holder = nullptr;
  // `auto m = torch::jit::load(path); m.to(device);` moves everything, as
  // a move of a copy of `m` does.
  if (Holder) {
    const auto Aliases = scriptModuleAliases(Holder, Fn);
    for (const ModuleMove &M : Facts.moduleMoves())
      if (llvm::is_contained(Aliases, M.Module) &&
          Facts.precedes(Load.Read, M.Call))
        return std::nullopt;
  }
  if (Holder && (asksWhereModuleLives(Holder, Load.Read, Fn, Facts) ||
                 onlyTensorsRead(Holder, Fn, Ctx)))
    return std::nullopt;
  LoadFinding Found;
  Found.Load = Load;
  Found.Load.Object = Holder;
  Found.Load.Name = Holder ? Holder->getNameAsString() : "module";
  Found.Source = deviceSourceForLoad(Fn, Load.Read, Ctx);
  Found.Use = Holder ? runOnDeviceAfter(Holder, Load.Read, Fn, Ctx) : nullptr;
  if (!Found.Source && !Found.Use)
    return std::nullopt;
  Found.Why = Found.Use ? LoadFinding::Evidence::UsedAfter
                        : LoadFinding::Evidence::DeviceInScope;
  if (Found.Source)
    Found.Device = Found.Source->deviceSpelling();
  return Found;
}

std::vector<AdagradBeforeMove>
CheckpointLoadFinder::adagradIn(const FunctionDecl *Fn, ASTContext &Ctx) {
  std::vector<AdagradBeforeMove> Found;
  if (!Options.Adagrad || Fn->isInvalidDecl())
    return Found;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const Expr *Params = adagradParameters(S);
    const llvm::SmallVector<const ValueDecl *, 2> Owners =
        Params ? parameterOwners(Params)
               : llvm::SmallVector<const ValueDecl *, 2>();
    if (Owners.empty() || llvm::cast<Expr>(S).containsErrors())
      return;
    const auto *Construction = llvm::cast<Expr>(&S);
    const DeviceFlow &Facts = flowOf(Fn, Ctx);
    const ModuleMove *Later = nullptr;
    for (const ValueDecl *Owner : Owners) {
      const ModuleMove *First = nullptr;
      bool PlacedBefore = false;
      for (const ModuleMove &M : Facts.moduleMoves()) {
        if (M.Module != Owner || M.ToCpu)
          continue;
        if (Facts.precedes(M.Call, Construction))
          PlacedBefore = true;
        else if (!First)
          First = &M;
      }
      if (!PlacedBefore && First) {
        Later = First;
        break;
      }
    }
    if (!Later)
      return;
    AdagradBeforeMove Adagrad{Construction, *Later, "optimizer"};
    if (const ValueDecl *Holder = holderOf(Construction, Ctx);
        Holder && Holder->getIdentifier())
      Adagrad.Optimizer = (isOptimizerType(Holder->getType()) ? "" : "*") +
                          Holder->getName().str();
    Found.push_back(std::move(Adagrad));
  });
  return Found;
}

} // namespace clang::tidy::torch::device
