//===--- LoadWithoutDeviceCheck.cpp - torch-load-without-device -----------===//
#include "LoadWithoutDeviceCheck.h"
#include "device/fixes/DeviceContext.h"
#include "device/flow/ModuleMoves.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/FunctionBodyCheck.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {
namespace {

using utils::DeviceSource;
using utils::ModuleMove;

/// Whether a load call maps what it reads to a device.
struct LoadDevice {
  enum Kind { Given, Missing, ExplicitNone };
  Kind What = Given;
  const Expr *NoneArg = nullptr; ///< the written c10::nullopt, for ExplicitNone
};

const CXXMemberCallExpr *findLoadFrom(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(S))
    if (const CXXMethodDecl *Method = Member->getMethodDecl();
        Method && Method->getIdentifier() && Method->getName() == "load_from")
      return Member;
  for (const Stmt *Child : S->children())
    if (const CXXMemberCallExpr *Found = findLoadFrom(Child))
      return Found;
  return nullptr;
}

/// True when \p Arg, passed for an optional<Device> parameter, is empty:
/// c10::nullopt, {} or optional<Device>().
bool isExplicitNone(const Expr *Arg) {
  const Expr *Written = utils::writtenArgument(Arg);
  if (!Written)
    return false;
  if (utils::isNulloptType(Written->getType()))
    return true;
  if (const auto *Init = llvm::dyn_cast<InitListExpr>(Written))
    return Init->getNumInits() == 0;
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(Written))
    return Construct->getNumArgs() == 0 &&
           utils::isOptionalDeviceType(Construct->getType());
  return false;
}

/// torch::load(value, args...) forwards args to InputArchive::load_from,
/// whose last parameter is `c10::optional<Device> device = c10::nullopt`.
/// The instantiation's load_from call tells whether the device was passed;
/// without a body, the argument types do.
LoadDevice torchLoadDevice(const CallExpr *Call, const FunctionDecl *Callee) {
  for (unsigned I = 1; I < Call->getNumArgs(); ++I)
    if (utils::isNulloptType(Call->getArg(I)->getType()))
      return {LoadDevice::ExplicitNone, Call->getArg(I)};
  if (const CXXMemberCallExpr *LoadFrom = findLoadFrom(Callee->getBody())) {
    const CXXMethodDecl *Method = LoadFrom->getMethodDecl();
    for (unsigned I = 0;
         I < LoadFrom->getNumArgs() && I < Method->getNumParams(); ++I)
      if (utils::isOptionalDeviceType(Method->getParamDecl(I)->getType()))
        return {llvm::isa<CXXDefaultArgExpr>(LoadFrom->getArg(I))
                    ? LoadDevice::Missing
                    : LoadDevice::Given};
  }
  for (unsigned I = 1; I < Call->getNumArgs(); ++I) {
    QualType T = Call->getArg(I)->getType();
    if (utils::isDeviceType(T) || utils::isDeviceTypeEnum(T) ||
        utils::isOptionalDeviceType(T))
      return {LoadDevice::Given};
  }
  return {LoadDevice::Missing};
}

/// Every torch::jit::load overload takes `c10::optional<Device> device` as
/// its second parameter (defaulted where it is last).
LoadDevice jitLoadDevice(const CallExpr *Call, const FunctionDecl *Callee) {
  for (unsigned I = 0; I < Callee->getNumParams() && I < Call->getNumArgs();
       ++I) {
    if (!utils::isOptionalDeviceType(Callee->getParamDecl(I)->getType()))
      continue;
    const Expr *Arg = Call->getArg(I);
    if (llvm::isa<CXXDefaultArgExpr>(Arg))
      return {LoadDevice::Missing};
    if (isExplicitNone(Arg))
      return {LoadDevice::ExplicitNone, Arg};
    return {LoadDevice::Given};
  }
  return {LoadDevice::Given}; // An overload we do not know: stay silent.
}

/// The device source a fix should spell: the nearest torch::Device variable,
/// else a device parameter or member, else a local tensor placed on a device.
/// Tensor parameters and modules do not count: they do not show that the
/// code runs on a device.
/// Sources whose name another variable hides at the load are skipped.
const DeviceSource *pickDeviceSource(const utils::DeviceContext &Context,
                                     const FunctionDecl *Fn, SourceLocation At,
                                     ASTContext &Ctx) {
  using Carrier = DeviceSource::Carrier;
  using Origin = DeviceSource::Origin;
  llvm::SmallVector<const DeviceSource *, 4> Sources;
  for (const DeviceSource &S : Context.sources())
    if (utils::isNameUsableAt(S.Decl, Fn, At, Ctx))
      Sources.push_back(&S);
  for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
    if ((*It)->What == Carrier::Device && (*It)->Where == Origin::Local)
      return *It;
  for (Origin Where : {Origin::Parameter, Origin::Member})
    for (const DeviceSource *S : Sources)
      if (S->What == Carrier::Device && S->Where == Where)
        return S;
  for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
    if ((*It)->What == Carrier::Tensor && (*It)->Where == Origin::Local)
      return *It;
  return nullptr;
}

template <typename Fn> void forEachStmt(const Stmt *S, const Fn &Visit) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  Visit(S);
  for (const Stmt *Child : S->children())
    forEachStmt(Child, Visit);
}

/// True when the input expression \p Input of a call \p Use carries a tensor
/// placed on a device: it places one itself, names a local tensor placed on a
/// device, or names a local container that one is put into.
/// `t.cpu()`, `t.to(torch::kCPU)`, `t.to("cpu")`: a CPU program's inputs.
/// A model loaded without a device and used on them was saved by a program
/// that ran on the CPU as well: the load cannot land anywhere else.
bool isCpuMove(const Expr *E) {
  const auto *Call =
      llvm::dyn_cast_or_null<CXXMemberCallExpr>(utils::stripWrappers(E));
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier())
    return false;
  if (Method->getName() == "cpu")
    return true;
  return Method->getName() == "to" && Call->getNumArgs() > 0 &&
         utils::isCpuDeviceConstant(Call->getArg(0));
}

/// `return torch::jit::load(path);`: a loader whose caller decides where the
/// module runs (and moves it there).
bool isReturned(const Expr *E, ASTContext &Ctx) {
  const Stmt *Current = E;
  for (int Step = 0; Current && Step < 8; ++Step) {
    const auto Parents = utils::parentsOf(*Current, Ctx);
    const Stmt *Parent = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
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

/// A load from the path (same spelling) that this function saved to
/// earlier: `torch::save(model, path); ... torch::load(model_copy, path);`.
/// The checkpoint comes from this program's own modules on this program's
/// device, and the load restores exactly that.
bool isRoundTrip(const CallExpr *Load, const FunctionDecl *Fn,
                 ASTContext &Ctx) {
  const std::string Path = utils::sourceText(
      Load->getArg(1)->IgnoreParenImpCasts()->getSourceRange(), Ctx);
  bool Saved = false;
  forEachStmt(Fn->getBody(), [&](const Stmt *S) {
    const auto *Save = llvm::dyn_cast<CallExpr>(S);
    if (Saved || !Save || Save->getNumArgs() < 2 ||
        utils::qualifiedName(Save->getDirectCallee()) != "torch::save" ||
        !utils::isBefore(Save->getBeginLoc(), Load->getBeginLoc(),
                         Ctx.getSourceManager()))
      return;
    Saved = !Path.empty() &&
            utils::sourceText(
                Save->getArg(1)->IgnoreParenImpCasts()->getSourceRange(),
                Ctx) == Path;
  });
  return Saved;
}

bool inputOnDevice(const Expr *Input, const CallExpr *Use,
                   const FunctionDecl *Fn, ASTContext &Ctx) {
  if (isCpuMove(Input))
    return false;
  if (utils::placesTensorOnDevice(Input))
    return true;
  const utils::DeviceContext Context =
      utils::DeviceContext::collect(Fn, Use, Ctx);
  bool Found = false;
  forEachStmt(Input, [&](const Stmt *S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
    const auto *VD = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (Found || !VD || !VD->hasLocalStorage() || llvm::isa<ParmVarDecl>(VD))
      return;
    for (const DeviceSource &Source : Context.sources())
      if (Source.Decl == VD && Source.What == DeviceSource::Carrier::Tensor &&
          !isCpuMove(VD->getInit()))
        Found = true;
    if (Found || utils::isTensorType(VD->getType()))
      return;
    // A container of inputs: `inputs.push_back(x.to(device))`.
    if (VD->getInit() && utils::placesTensorOnDevice(VD->getInit()))
      Found = true;
    forEachStmt(Fn->getBody(), [&](const Stmt *Inner) {
      const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Inner);
      if (Found || !Member ||
          utils::referencedObject(Member->getImplicitObjectArgument()) != VD ||
          !utils::isBefore(Member->getBeginLoc(), Use->getBeginLoc(),
                           Ctx.getSourceManager()))
        return;
      for (const Expr *Arg : Member->arguments())
        if (utils::placesTensorOnDevice(Arg))
          Found = true;
    });
  });
  return Found;
}

/// The first call after \p After (in the text, and on some path:
/// \p RunsAfter) that runs \p Object (`m->forward(...)`, `m(...)`,
/// `m.forward(...)`) on inputs placed on a device.
const CallExpr *
deviceUseAfter(const ValueDecl *Object, SourceLocation After,
               const FunctionDecl *Fn, ASTContext &Ctx,
               llvm::function_ref<bool(const CallExpr *)> RunsAfter) {
  const CallExpr *Found = nullptr;
  forEachStmt(Fn->getBody(), [&](const Stmt *S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(S);
    if (Found || !Call ||
        !utils::isBefore(After, Call->getBeginLoc(), Ctx.getSourceManager()) ||
        !RunsAfter(Call))
      return;
    unsigned FirstInput = 0;
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (!Method || !Method->getIdentifier() ||
          Method->getName() != "forward" ||
          utils::referencedObject(Member->getImplicitObjectArgument()) !=
              Object)
        return;
    } else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Call)) {
      if (Op->getOperator() != OO_Call || Op->getNumArgs() < 1 ||
          utils::referencedObject(Op->getArg(0)) != Object)
        return;
      FirstInput = 1;
    } else {
      return;
    }
    for (unsigned I = FirstInput; I < Call->getNumArgs(); ++I)
      if (inputOnDevice(Call->getArg(I), Call, Fn, Ctx)) {
        Found = Call;
        return;
      }
  });
  return Found;
}

/// The first assignment after \p After of the local \p Object to a module
/// member of `*this` (`net_ = fresh;`, `net_ = std::move(fresh);`): the
/// assignment, and the member it replaces.
std::pair<const Expr *, const FieldDecl *>
memberReplacedAfter(const ValueDecl *Object, SourceLocation After,
                    const FunctionDecl *Fn, ASTContext &Ctx) {
  std::pair<const Expr *, const FieldDecl *> Found = {nullptr, nullptr};
  if (!llvm::isa_and_nonnull<VarDecl>(Object) ||
      llvm::isa<ParmVarDecl>(Object) || !llvm::isa<CXXMethodDecl>(Fn))
    return Found;
  forEachStmt(Fn->getBody(), [&](const Stmt *S) {
    const auto Sides = utils::assignmentSides(S);
    if (Found.first || !Sides ||
        !utils::isBefore(After, S->getBeginLoc(), Ctx.getSourceManager()))
      return;
    const Expr *Target = Sides->first;
    const Expr *Source = Sides->second;
    Source = Source->IgnoreParenImpCasts();
    if (const auto *Move = llvm::dyn_cast<CallExpr>(Source);
        Move && Move->getNumArgs() == 1 &&
        utils::qualifiedName(Move->getDirectCallee()) == "std::move")
      Source = Move->getArg(0);
    const auto *Member =
        llvm::dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts());
    const auto *Field =
        Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (Field && llvm::isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
        utils::isModuleType(Field->getType()) &&
        utils::referencedObject(Source) == Object)
      Found = {llvm::cast<Expr>(S), Field};
  });
  return Found;
}

/// The variable or member that keeps the value of \p E (a load or an
/// optimizer construction): `auto m = E;`, `m = E;`, `member_(E)`.
const ValueDecl *holderOf(const Expr *E, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*E);
  const Expr *Current = E;
  for (int Step = 0; Step < 8; ++Step) {
    DynTypedNodeList Parents = utils::parentsOf(Node, Ctx);
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
                 ? utils::referencedObject(Op->getArg(0))
                 : nullptr;
    if (const auto *Bin = Node.get<BinaryOperator>())
      return Bin->getOpcode() == BO_Assign
                 ? utils::referencedObject(Bin->getLHS())
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

/// The fix that passes \p Device to the load \p Call.
std::optional<FixItHint> deviceFix(const CallExpr *Call, const LoadDevice &Dev,
                                   const std::string &Device) {
  if (Device.empty() || Call->getBeginLoc().isMacroID() ||
      Call->getRParenLoc().isMacroID())
    return std::nullopt;
  if (Dev.What == LoadDevice::ExplicitNone) {
    const SourceRange Range = Dev.NoneArg->getSourceRange();
    if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
      return std::nullopt;
    return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range),
                                        Device);
  }
  return FixItHint::CreateInsertion(Call->getRParenLoc(), ", " + Device);
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

std::string nameOf(const ValueDecl *D, const Expr *Fallback,
                   const ASTContext &Ctx) {
  if (D && D->getIdentifier())
    return D->getName().str();
  std::string Text = utils::sourceText(Fallback, Ctx);
  return Text.empty() ? "the value" : Text;
}

} // namespace

LoadWithoutDeviceCheck::LoadWithoutDeviceCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context, /*FixesCallRuntime=*/true),
      CheckModules(Options.get("CheckModules", true)),
      CheckOptimizers(Options.get("CheckOptimizers", true)),
      CheckJitLoad(Options.get("CheckJitLoad", true)),
      CheckAdagrad(Options.get("CheckAdagrad", true)),
      Flow(utils::DeviceFlowConfig::forContext(Context)) {}

llvm::SmallVector<FixItHint, 2>
LoadWithoutDeviceCheck::migrateStateAfter(const CallExpr *Load,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LangOpts = Ctx.getLangOpts();
  // A statement of its own in a block: a line after it runs right after it
  // (after `if (ok) torch::load(...);` it would run on both paths).
  if (!utils::wrappedParent(Load, Ctx).get<CompoundStmt>() ||
      Load->getBeginLoc().isMacroID() || Load->getEndLoc().isMacroID())
    return {};
  const std::string Optimizer = utils::sourceText(Load->getArg(0), Ctx);
  const SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      Load->getEndLoc(), tok::semi, SM, LangOpts,
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (Optimizer.empty() || AfterSemi.isInvalid())
    return {};
  const std::string Indent =
      Lexer::getIndentationForLine(Load->getBeginLoc(), SM).str();
  llvm::SmallVector<FixItHint, 2> Fixes = {FixItHint::CreateInsertion(
      AfterSemi, "\n" + Indent + "torchlint::migrate_optimizer_state(" +
                     Optimizer + ");")};
  if (std::optional<FixItHint> Include =
          includeRuntime(Load->getBeginLoc(), SM))
    Fixes.push_back(*Include);
  return Fixes;
}

const utils::DeviceFlow &LoadWithoutDeviceCheck::flowOf(const FunctionDecl *Fn,
                                                        ASTContext &Ctx) {
  if (!Facts || FactsOf != Fn) {
    Facts = analyzeFlow(Flow, Fn, Ctx);
    FactsOf = Fn;
  }
  return *Facts;
}

void LoadWithoutDeviceCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "CheckModules", CheckModules);
  Options.store(Opts, "CheckOptimizers", CheckOptimizers);
  Options.store(Opts, "CheckJitLoad", CheckJitLoad);
  Options.store(Opts, "CheckAdagrad", CheckAdagrad);
}

namespace {

bool isSameOrDerivedFromAdagrad(const CXXRecordDecl *RD, int Depth = 0) {
  if (!RD || Depth > 16)
    return false;
  if (utils::qualifiedName(RD) == "torch::optim::Adagrad")
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

/// `std::make_shared<Adagrad>(...)`, `std::make_unique<MyAdagrad>(...)`.
bool makesAdagrad(const CallExpr &Call) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  const std::string Name = utils::qualifiedName(Callee);
  if (Name != "std::make_shared" && Name != "std::make_unique")
    return false;
  const TemplateArgumentList *Args = Callee->getTemplateSpecializationArgs();
  return Args && Args->size() >= 1 &&
         Args->get(0).getKind() == TemplateArgument::Type &&
         isSameOrDerivedFromAdagrad(
             Args->get(0).getAsType()->getAsCXXRecordDecl());
}

} // namespace

void LoadWithoutDeviceCheck::checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) {
  if (Fn->isInvalidDecl())
    return;
  utils::forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *E = llvm::dyn_cast<Expr>(&S);
    if (!E || E->containsErrors())
      return;
    if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      const std::string Name = utils::qualifiedName(Callee);
      if (Name == "torch::jit::load")
        checkJitLoad(Call, Callee, Fn, Ctx);
      else if (Name == "torch::load")
        checkTorchLoad(Call, Callee, Fn, Ctx);
      else if (CheckAdagrad && makesAdagrad(*Call) && Call->getNumArgs() >= 1)
        checkAdagrad(Call, Call->getArg(0), Fn, Ctx);
    } else if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
               Construct && CheckAdagrad && Construct->getNumArgs() >= 1 &&
               isSameOrDerivedFromAdagrad(
                   Construct->getConstructor()->getParent()) &&
               !utils::isOptimizerType(Construct->getArg(0)->getType())) {
      checkAdagrad(Construct, Construct->getArg(0), Fn, Ctx);
    }
  });
}

void LoadWithoutDeviceCheck::checkTorchLoad(const CallExpr *Call,
                                            const FunctionDecl *Callee,
                                            const FunctionDecl *Fn,
                                            ASTContext &Ctx) {
  if (Call->getNumArgs() < 2)
    return;
  const Expr *Value = Call->getArg(0);
  const bool IsModule = CheckModules && utils::isModuleType(Value->getType());
  const bool IsOptimizer =
      CheckOptimizers && utils::isOptimizerType(Value->getType());
  if (!IsModule && !IsOptimizer)
    return;
  const LoadDevice Dev = torchLoadDevice(Call, Callee);
  if (Dev.What == LoadDevice::Given || isRoundTrip(Call, Fn, Ctx))
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  const ValueDecl *Object = utils::referencedObject(Value);
  const std::string Name = nameOf(Object, Value, Ctx);
  const std::vector<ModuleMove> Moves = Flow.Summaries->moduleMovesIn(Fn, Ctx);
  const SourceLocation At = Call->getBeginLoc();
  auto IsBeforeLoad = [&](const ModuleMove &M) {
    return utils::isBefore(M.Call->getBeginLoc(), At, SM);
  };
  auto IsEarlier = [&](const ModuleMove &A, const ModuleMove &B) {
    return utils::isBefore(A.Call->getBeginLoc(), B.Call->getBeginLoc(), SM);
  };
  // A move on only some paths (`if (cuda) net->to(kCUDA);`) says nothing
  // about the device on the others: it never supplies a fix.
  auto IsConditional = [&](const ModuleMove &M) {
    return utils::isConditionalFor(M.Call, Call, Ctx);
  };
  // The latest device move of one of Owners (of any module when empty)
  // before the load, else the first after it, that runs on every path and
  // whose device argument can be spelled at the load.
  auto UsableMove =
      [&](llvm::ArrayRef<const ValueDecl *> Owners) -> const ModuleMove * {
    const ModuleMove *LatestBefore = nullptr, *FirstAfter = nullptr;
    for (const ModuleMove &M : Moves) {
      if (M.ToCpu ||
          (!Owners.empty() && !llvm::is_contained(Owners, M.Module)) ||
          IsConditional(M) || !utils::isUsableAt(M.Device, Fn, At, Ctx))
        continue;
      if (IsBeforeLoad(M)) {
        if (!LatestBefore || IsEarlier(*LatestBefore, M))
          LatestBefore = &M;
      } else if (!FirstAfter || IsEarlier(M, *FirstAfter)) {
        FirstAfter = &M;
      }
    }
    return LatestBefore ? LatestBefore : FirstAfter;
  };

  if (IsModule) {
    if (!Object)
      return;
    // `load` then `->to(device)` (or ensure_module_device) is the right order.
    // A move in a branch the load is not on repairs nothing.
    auto RunsAfterLoad = [&](const Stmt *S) {
      return flowOf(Fn, Ctx).mayRunAfter(Call, S);
    };
    for (const ModuleMove &M : Moves)
      if (M.Module == Object && !IsBeforeLoad(M) && RunsAfterLoad(M.Call))
        return;
    // The move the load undoes: the one whose device reaches the load on
    // some path. Where the flow cannot say (a device it does not model, a
    // function it gave up on), the latest move before the load in the text.
    const utils::AbstractDevice Before =
        flowOf(Fn, Ctx).deviceBefore(Object, Call);
    const ModuleMove *Earlier = nullptr;
    for (const ModuleMove &M : Moves) {
      if (M.Module != Object || M.ToCpu)
        continue;
      if (Before.Origin ? M.Call == Before.Origin
                        : Before.K == utils::AbstractDevice::Kind::Unknown &&
                              (!Earlier || IsEarlier(*Earlier, M)))
        Earlier = &M;
    }
    // A member module that every constructor moved, itself or through a
    // setup method it calls (and no other method moves again), reaches the
    // load from there.
    std::vector<ModuleMove> ConstructorMoves;
    const FunctionDecl *MovedIn = Fn;
    if (!Earlier && Before.Origin)
      if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn))
        for (const CXXConstructorDecl *Constructor :
             Method->getParent()->ctors()) {
          const FunctionDecl *Definition = nullptr;
          if (!Constructor->hasBody(Definition) || !Definition)
            continue;
          std::vector<const FunctionDecl *> Placing =
              utils::FunctionSummaries::initMethodsOf(Definition);
          Placing.insert(Placing.begin(), Definition);
          for (const FunctionDecl *Placer : Placing)
            for (const ModuleMove &M :
                 Flow.Summaries->moduleMovesIn(Placer, Ctx))
              if (M.Call == Before.Origin && !M.ToCpu) {
                ConstructorMoves.push_back(M);
                MovedIn = Placer;
              }
        }
    if (!ConstructorMoves.empty())
      Earlier = &ConstructorMoves.front();
    const CallExpr *Use =
        Earlier ? nullptr
                : deviceUseAfter(Object, Call->getEndLoc(), Fn, Ctx,
                                 RunsAfterLoad);
    // A local loaded to replace a member that lives on a device
    // (`torch::load(fresh, path); net_ = fresh;`): the member's device is
    // where the loaded parameters belong.
    const Expr *Replacing = nullptr;
    utils::AbstractDevice Replaced;
    if (!Earlier && !Use) {
      const auto [Assignment, Member] =
          memberReplacedAfter(Object, Call->getEndLoc(), Fn, Ctx);
      if (Assignment && flowOf(Fn, Ctx).mayRunAfter(Call, Assignment)) {
        Replaced = flowOf(Fn, Ctx).deviceBefore(Member, Assignment);
        if (Replaced.Origin && Replaced.K != utils::AbstractDevice::Kind::Unknown &&
            !Replaced.isCpu())
          Replacing = Assignment;
      }
    }
    if (!Earlier && !Use && !Replacing)
      return;

    std::string Device;
    const DeviceSource *Source = nullptr;
    // The device of the move the load undoes, where it can be spelled there.
    const bool Maybe = Earlier && MovedIn == Fn && IsConditional(*Earlier);
    if (Earlier && !Maybe && !refersToLocalsOf(Earlier->Device, MovedIn, Fn) &&
        utils::isUsableAt(Earlier->Device, Fn, At, Ctx))
      Device = utils::sourceText(Earlier->Device, Ctx);
    utils::DeviceContext Context;
    if (Device.empty() && !Maybe) {
      Context = utils::DeviceContext::collect(Fn, Call, Ctx);
      Source = pickDeviceSource(Context, Fn, At, Ctx);
      if (Source)
        Device = Source->deviceSpelling();
    }
    const std::optional<FixItHint> Fix = deviceFix(Call, Dev, Device);
    // With no device to name, a module moved before the load is loaded in
    // place: each parameter stays where the move put it (on every path).
    const std::vector<FixItHint> Repair =
        Fix       ? std::vector<FixItHint>{*Fix}
        : Earlier ? callRuntimeInstead(Call, "torchlint::load_in_place",
                                       Ctx.getSourceManager())
                  : std::vector<FixItHint>{};
    {
      auto Diag =
          diag(At, Earlier ? "'torch::load' without a device puts the "
                             "parameters of module '%0' back on the device "
                             "they were saved from, not on the device it was "
                             "moved to"
                   : Use   ? "'torch::load' without a device puts the "
                             "parameters of module '%0' on the device they "
                             "were saved from, not on the device it is used on"
                           : "'torch::load' without a device puts the "
                             "parameters of module '%0' on the device they "
                             "were saved from, not on the device of the member "
                             "it replaces")
          << Name;
      if (!Repair.empty() && fixOnWarning(FixSafety::Unsafe))
        Diag << Repair;
    }
    if (!Repair.empty())
      offerFixOnNote(At, Repair, FixSafety::Unsafe);
    if (Earlier && MovedIn != Fn && !llvm::isa<CXXConstructorDecl>(MovedIn))
      diag(Earlier->Call->getBeginLoc(),
           "'%0' is moved to a device here, in '%1', which the constructor "
           "calls, before the load",
           DiagnosticIDs::Note)
          << Name << MovedIn->getNameAsString();
    else if (Earlier && Earlier->By)
      diag(Earlier->Call->getBeginLoc(),
           "'%0' %select{is|may be}1 moved to a device here, by '%2', before "
           "the load",
           DiagnosticIDs::Note)
          << Name << Maybe << Earlier->By->getNameAsString();
    else if (Earlier)
      diag(Earlier->Call->getBeginLoc(),
           MovedIn != Fn ? "'%0' is moved to a device here, in the "
                           "constructor, before the load"
           : Maybe       ? "'%0' may be moved to a device here, before the load"
                         : "'%0' is moved to a device here, before the load",
           DiagnosticIDs::Note)
          << Name;
    else if (Use)
      diag(Use->getBeginLoc(), "'%0' is used on a device here, after the load",
           DiagnosticIDs::Note)
          << Name;
    else {
      diag(Replacing->getBeginLoc(), "'%0' replaces a member here",
           DiagnosticIDs::Note)
          << Name;
      diag(Replaced.Origin->getBeginLoc(),
           "the member is moved to a device here", DiagnosticIDs::Note);
    }
    if (Fix && Source)
      diag(Source->Decl->getLocation(), "the device is taken from %0",
           DiagnosticIDs::Note)
          << Source->describe();
    if (!Fix && Earlier)
      diag(At,
           "pass the device to 'torch::load', or load with "
           "'torchlint::load_in_place' (%0), which leaves each parameter "
           "where it was",
           DiagnosticIDs::Note)
          << RuntimeHeader;
    else if (!Fix)
      diag(At,
           "pass the device to 'torch::load', or call "
           "'torchlint::ensure_module_device(%0, device)' (%1) after it",
           DiagnosticIDs::Note)
          << Name << RuntimeHeader;
    return;
  }

  // An optimizer: its state never follows the parameters, so any sign that
  // they can be on a device makes a device-less load a bug.
  // torchlint::migrate_optimizer_state(optimizer) after the load repairs it.
  bool Migrated = false;
  forEachStmt(Fn->getBody(), [&](const Stmt *S) {
    const auto *Migrate = llvm::dyn_cast<CallExpr>(S);
    const FunctionDecl *F = Migrate ? Migrate->getDirectCallee() : nullptr;
    if (Object && F && F->getIdentifier() &&
        F->getName() == "migrate_optimizer_state" &&
        Migrate->getNumArgs() >= 1 &&
        utils::referencedObject(Migrate->getArg(0)) == Object &&
        utils::isBefore(Call->getEndLoc(), Migrate->getBeginLoc(), SM))
      Migrated = true;
  });
  if (Migrated)
    return;
  const utils::DeviceContext Context =
      utils::DeviceContext::collect(Fn, Call, Ctx);
  const DeviceSource *Source = pickDeviceSource(Context, Fn, At, Ctx);
  const ModuleMove *AnyMove = nullptr; // the first move to a device
  for (const ModuleMove &M : Moves)
    if (!M.ToCpu && (!AnyMove || IsEarlier(M, *AnyMove)))
      AnyMove = &M;
  // A member module that the constructors moved to a device (and no other
  // method moves again) is there when this method runs.
  const Stmt *ConstructorMove = nullptr;
  const FieldDecl *MovedMember = nullptr;
  if (!Source && !AnyMove)
    if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn))
      for (const FieldDecl *Field : Method->getParent()->fields())
        if (utils::isModuleType(Field->getType()) && !ConstructorMove) {
          const utils::AbstractDevice D =
              flowOf(Fn, Ctx).deviceBefore(Field, Call);
          if (D.Origin && !D.isCpu()) {
            ConstructorMove = D.Origin;
            MovedMember = Field;
          }
        }
  if (!Source && !AnyMove && !ConstructorMove)
    return; // Nothing here puts anything on a device.

  // The device: the module the optimizer was built over, else a device in
  // scope, else any module's move when all moves agree.
  llvm::SmallVector<const ValueDecl *, 2> Owners;
  if (const auto *VD = llvm::dyn_cast_or_null<VarDecl>(Object);
      VD && VD->getInit())
    Owners = utils::parameterOwners(VD->getInit());
  const ModuleMove *From = Owners.empty() ? nullptr : UsableMove(Owners);
  // The owners move only on some paths: no single device fits every path.
  bool Ambiguous = false;
  for (const ModuleMove &M : Moves)
    if (!From && !M.ToCpu && llvm::is_contained(Owners, M.Module) &&
        IsConditional(M))
      Ambiguous = true;
  if (!From && !Ambiguous && !Source) {
    From = UsableMove({});
    for (const ModuleMove &M : Moves)
      if (From && !M.ToCpu &&
          (IsConditional(M) || utils::sourceText(M.Device, Ctx) !=
                                   utils::sourceText(From->Device, Ctx)))
        From = nullptr;
  }
  std::string Device;
  if (From)
    Device = utils::sourceText(From->Device, Ctx);
  else if (Source && !Ambiguous)
    Device = Source->deviceSpelling();
  const std::optional<FixItHint> Fix = deviceFix(Call, Dev, Device);
  // With no device to name, the runtime moves each state tensor to its
  // parameter's device, as Python's load_state_dict does.
  const llvm::SmallVector<FixItHint, 2> Repair =
      Fix ? llvm::SmallVector<FixItHint, 2>{*Fix} : migrateStateAfter(Call, Ctx);
  {
    auto Diag = diag(At, "'torch::load' without a device puts the state of "
                         "optimizer '%0' on the device it was saved from, not "
                         "on the device of its parameters")
                << Name;
    if (!Repair.empty() && fixOnWarning(FixSafety::Unsafe))
      Diag << Repair;
  }
  if (!Repair.empty())
    offerFixOnNote(At, Repair, FixSafety::Unsafe);
  if (Fix && From)
    diag(From->Call->getBeginLoc(), "the device is taken from this move of '%0'",
         DiagnosticIDs::Note)
        << From->Module->getNameAsString();
  else if (Fix)
    diag(Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Source->describe();
  else {
    // Show why the parameters can be on a device: a move of the optimizer's
    // module, else the device in scope, else any module's move.
    const ModuleMove *Shown = nullptr;
    for (const ModuleMove &M : Moves)
      if (!M.ToCpu && llvm::is_contained(Owners, M.Module) &&
          (!Shown || IsEarlier(M, *Shown)))
        Shown = &M;
    if (!Shown && !Source)
      Shown = AnyMove;
    if (Shown)
      diag(Shown->Call->getBeginLoc(),
           IsConditional(*Shown) ? "'%0' may be moved to a device here"
                                 : "'%0' is moved to a device here",
           DiagnosticIDs::Note)
          << Shown->Module->getNameAsString();
    else if (Source)
      diag(Source->Decl->getLocation(), "%0 makes this code device-aware",
           DiagnosticIDs::Note)
          << Source->describe();
    else if (ConstructorMove)
      diag(ConstructorMove->getBeginLoc(),
           "'%0' is moved to a device here, in the constructor",
           DiagnosticIDs::Note)
          << MovedMember->getName();
    diag(At,
         "pass the device to 'torch::load', or call "
         "'torchlint::migrate_optimizer_state(%0)' (%1) after it to move the "
         "state to its parameters' devices",
         DiagnosticIDs::Note)
        << Name << RuntimeHeader;
  }
}

void LoadWithoutDeviceCheck::checkJitLoad(const CallExpr *Call,
                                          const FunctionDecl *Callee,
                                          const FunctionDecl *Fn,
                                          ASTContext &Ctx) {
  if (!CheckJitLoad)
    return;
  const LoadDevice Dev = jitLoadDevice(Call, Callee);
  if (Dev.What == LoadDevice::Given || isReturned(Call, Ctx))
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  const ValueDecl *Holder = holderOf(Call, Ctx);
  if (Holder && !utils::isJitModuleType(Holder->getType()))
    Holder = nullptr;
  // `auto m = torch::jit::load(path); m.to(device);` moves everything.
  if (Holder)
    for (const ModuleMove &M : Flow.Summaries->moduleMovesIn(Fn, Ctx))
      if (M.Module == Holder &&
          utils::isBefore(Call->getEndLoc(), M.Call->getBeginLoc(), SM) &&
          flowOf(Fn, Ctx).mayRunAfter(Call, M.Call))
        return;
  const utils::DeviceContext Context =
      utils::DeviceContext::collect(Fn, Call, Ctx);
  const DeviceSource *Source = pickDeviceSource(Context, Fn, Call->getBeginLoc(), Ctx);
  const CallExpr *Use =
      Holder ? deviceUseAfter(Holder, Call->getEndLoc(), Fn, Ctx,
                              [&](const CallExpr *Use) {
                                return flowOf(Fn, Ctx).mayRunAfter(Call, Use);
                              })
             : nullptr;
  if (!Source && !Use)
    return;

  const std::optional<FixItHint> Fix =
      deviceFix(Call, Dev, Source ? Source->deviceSpelling() : "");
  {
    auto Diag = diag(Call->getBeginLoc(),
                     "'torch::jit::load' without a device puts the module on "
                     "the device it was saved from, not on the device this "
                     "code uses");
    if (Fix && fixOnWarning(FixSafety::Unsafe))
      Diag << *Fix;
  }
  if (Fix)
    offerFixOnNote(Call->getBeginLoc(), *Fix, FixSafety::Unsafe);
  if (Fix) {
    diag(Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Source->describe();
    return;
  }
  const std::string Name = Holder ? Holder->getNameAsString() : "module";
  if (Use)
    diag(Use->getBeginLoc(), "'%0' is used on a device here, after the load",
         DiagnosticIDs::Note)
        << Name;
  else
    diag(Source->Decl->getLocation(), "%0 makes this code device-aware",
         DiagnosticIDs::Note)
        << Source->describe();
  diag(Call->getBeginLoc(),
       "pass the device to 'torch::jit::load', or call '%0.to(device)' after it",
       DiagnosticIDs::Note)
      << Name;
}

void LoadWithoutDeviceCheck::checkAdagrad(const Expr *Construction,
                                          const Expr *Params,
                                          const FunctionDecl *Fn,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const llvm::SmallVector<const ValueDecl *, 2> Owners =
      utils::parameterOwners(Params);
  if (Owners.empty())
    return;
  const std::vector<ModuleMove> Moves = Flow.Summaries->moduleMovesIn(Fn, Ctx);
  const ModuleMove *Later = nullptr;
  for (const ValueDecl *Owner : Owners) {
    const ModuleMove *First = nullptr;
    bool PlacedBefore = false;
    for (const ModuleMove &M : Moves) {
      if (M.Module != Owner || M.ToCpu)
        continue;
      if (utils::isBefore(M.Call->getBeginLoc(), Construction->getBeginLoc(),
                          SM))
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

  std::string Optimizer = "optimizer";
  if (const ValueDecl *Holder = holderOf(Construction, Ctx);
      Holder && Holder->getIdentifier())
    Optimizer = (utils::isOptimizerType(Holder->getType()) ? "" : "*") +
                Holder->getName().str();
  diag(Construction->getBeginLoc(),
       "'torch::optim::Adagrad' creates its state on the device of its "
       "parameters when it is constructed; moving '%0' to a device afterwards "
       "leaves that state behind")
      << Later->Module->getNameAsString();
  diag(Later->Call->getBeginLoc(),
       "'%0' is moved to a device here, after the optimizer was constructed; "
       "construct the optimizer after this move, or call "
       "'torchlint::migrate_optimizer_state(%1)' (%2) after it",
       DiagnosticIDs::Note)
      << Later->Module->getNameAsString() << Optimizer << RuntimeHeader;
}

} // namespace clang::tidy::torch
