//===--- KernelLaunches.cpp - how a function launches CUDA kernels -------===//
#include "device/findings/KernelLaunches.h"
#include "device/DeviceModel.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"

#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {

/// How far a launch's error is followed out of the function that makes it:
/// through lambdas called in place and the calls of launchers.
constexpr unsigned MaxCheckingCallers = 4;
/// How far up a launch's enclosing statements its CFG element is sought.
constexpr unsigned MaxElementSearch = 16;

/// \p Visit on \p S and, when \p S writes a lambda that runs there, on the
/// statements of its body.
static void visitRunInPlace(
    const Stmt &S, const FunctionDecl *Holder, ASTContext &Ctx,
    llvm::function_ref<void(const Stmt &, const FunctionDecl *)> Visit) {
  Visit(S, Holder);
  if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&S);
      Lambda && inPlaceCallOf(Lambda->getCallOperator(), Ctx).Call)
    forEachOwnDescendant(Lambda->getBody(), [&](const Stmt &Inner) {
      visitRunInPlace(Inner, Lambda->getCallOperator(), Ctx, Visit);
    });
}

void forEachStmtRunInPlace(
    const FunctionDecl *Fn, ASTContext &Ctx,
    llvm::function_ref<void(const Stmt &, const FunctionDecl *)> Visit) {
  forEachOwnStmt(Fn,
                 [&](const Stmt &S) { visitRunInPlace(S, Fn, Ctx, Visit); });
}

std::vector<KernelLaunchSite> ownKernelLaunches(const FunctionDecl *Fn,
                                                ASTContext &Ctx) {
  std::vector<KernelLaunchSite> Launches;
  if (!Fn || !Fn->getBody() || isDeviceCode(Fn) || inPlaceCallOf(Fn, Ctx).Call)
    return Launches;
  forEachStmtRunInPlace(
      Fn, Ctx, [&](const Stmt &S, const FunctionDecl *Holder) {
        if (const auto *Launch = llvm::dyn_cast<CUDAKernelCallExpr>(&S))
          Launches.push_back({Launch, Holder});
      });
  return Launches;
}

const Expr *tensorHandedTo(const KernelLaunchSite &Site, ASTContext &Ctx) {
  for (const Expr *Arg : Site.Launch->arguments())
    if (const Expr *Tensor = tensorOfKernelArgument(Arg))
      return Tensor;
  // A launcher that takes raw pointers: what its calls in the unit pass.
  for (const Expr *Arg : Site.Launch->arguments()) {
    const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(
        referencedObject(ignoreWrappers(Arg)));
    const auto *Launcher =
        Param ? llvm::dyn_cast<FunctionDecl>(Param->getDeclContext()) : nullptr;
    if (!Launcher || !Param->getType()->isPointerType())
      continue;
    for (const UnitCall &Call :
         DeviceModel::current().unitCallers().writtenCallsOf(Launcher, Ctx))
      if (const Expr *Passed = argumentFor(Param, Call.Call, Launcher))
        if (const Expr *Tensor = tensorOfKernelArgument(Passed))
          return Tensor;
  }
  return nullptr;
}

/// Whether \p E, a stream argument, names the legacy default stream:
/// `cudaStreamLegacy` is `((cudaStream_t)0x1)`.
static bool isLegacyStreamHandle(const Expr *E) {
  const auto *Cast = llvm::dyn_cast<ExplicitCastExpr>(E->IgnoreParens());
  if (!Cast || !Cast->getType()->isPointerType())
    return false;
  const auto *Value =
      llvm::dyn_cast<IntegerLiteral>(Cast->getSubExpr()->IgnoreParenImpCasts());
  return Value && Value->getValue() == 1;
}

LaunchStream streamOf(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  const CallExpr *Config = Launch->getConfig();
  if (!Config || Config->getNumArgs() < 4)
    return {};
  const Expr *Stream = Config->getArg(3);
  if (llvm::isa<CXXDefaultArgExpr>(Stream))
    return {LaunchStream::Omitted, nullptr};
  const Expr *Written = Stream->IgnoreParenImpCasts();
  if (Written->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) ||
      isLegacyStreamHandle(Written))
    return {LaunchStream::Default, Stream};
  return {};
}

/// Whether \p Call, to a CUDA memory function, queues work on the legacy
/// default stream: the synchronous ones always, an `...Async` one when given
/// no stream or a null one.
static bool onDefaultStream(const CallExpr &Call, ASTContext &Ctx) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return false;
  StringRef Name = Callee->getName();
  if (!Name.starts_with("cudaMemcpy") && !Name.starts_with("cudaMemset"))
    return false;
  if (!Name.ends_with("Async"))
    return true;
  if (Call.getNumArgs() == 0)
    return false;
  const Expr *Stream = Call.getArg(Call.getNumArgs() - 1);
  return llvm::isa<CXXDefaultArgExpr>(Stream) ||
         Stream->IgnoreParenImpCasts()->isNullPointerConstant(
             Ctx, Expr::NPC_ValueDependentIsNotNull);
}

static const CallExpr *firstDefaultStreamCall(const Stmt *Root,
                                              ASTContext &Ctx) {
  const CallExpr *Found = nullptr;
  forEachOwnDescendant(Root, [&](const Stmt &S) {
    if (Found)
      return;
    if (const auto *Call = llvm::dyn_cast<CallExpr>(&S);
        Call && onDefaultStream(*Call, Ctx))
      Found = Call;
    else if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&S);
             Lambda && inPlaceCallOf(Lambda->getCallOperator(), Ctx).Call)
      Found = firstDefaultStreamCall(Lambda->getBody(), Ctx);
  });
  return Found;
}

const CallExpr *defaultStreamMemoryWork(const FunctionDecl *Fn,
                                        ASTContext &Ctx) {
  return Fn ? firstDefaultStreamCall(Fn->getBody(), Ctx) : nullptr;
}

SourceLocation editableLoc(SourceLocation Loc, const SourceManager &SM) {
  if (Loc.isFileID())
    return Loc;
  // Through every level of macro arguments, and no macro's body.
  while (Loc.isMacroID()) {
    if (!SM.isMacroArgExpansion(Loc))
      return SourceLocation();
    Loc = SM.getImmediateSpellingLoc(Loc);
  }
  return Loc;
}

bool declaresInC10Cuda(ASTContext &Ctx, StringRef Name) {
  const DeclContext *Scope = Ctx.getTranslationUnitDecl();
  for (StringRef Namespace : {"c10", "cuda"}) {
    const auto Found = Scope->lookup(&Ctx.Idents.get(Namespace));
    const auto *Inner =
        Found.empty() ? nullptr : llvm::dyn_cast<NamespaceDecl>(Found.front());
    if (!Inner)
      return false;
    Scope = Inner;
  }
  return !Scope->lookup(&Ctx.Idents.get(Name)).empty();
}

struct BodyGraphs::Graph {
  std::unique_ptr<CFG> Built;
  /// Where each statement is an element of the graph.
  llvm::DenseMap<const Stmt *, Element> Where;
};

BodyGraphs::BodyGraphs(ASTContext &Ctx) : Ctx(Ctx) {}
BodyGraphs::~BodyGraphs() = default;

const CFG *BodyGraphs::graphOf(const FunctionDecl *Holder) {
  auto [It, New] = Graphs.try_emplace(Holder);
  if (New) {
    CFG::BuildOptions Options;
    Options.setAllAlwaysAdd();
    auto Body = std::make_unique<Graph>();
    Body->Built = CFG::buildCFG(Holder, Holder->getBody(), &Ctx, Options);
    if (Body->Built)
      for (const CFGBlock *Block : *Body->Built)
        for (unsigned I = 0; I < Block->size(); ++I)
          if (std::optional<CFGStmt> S = (*Block)[I].getAs<CFGStmt>())
            Body->Where.try_emplace(S->getStmt(), Element{Block, I});
    It->second = std::move(Body);
  }
  return It->second->Built.get();
}

std::optional<BodyGraphs::Element>
BodyGraphs::elementOf(const Stmt *Point, const FunctionDecl *Holder) {
  if (!graphOf(Holder))
    return std::nullopt;
  const auto &Where = Graphs.find(Holder)->second->Where;
  for (unsigned Up = 0; Point && Up <= MaxElementSearch; ++Up) {
    if (auto Found = Where.find(Point); Found != Where.end())
      return Found->second;
    Point = parentStmt(Point, Ctx);
  }
  return std::nullopt;
}

bool abandonsFunction(const CFGBlock &Block) {
  if (Block.hasNoReturnElement())
    return true;
  for (const CFGElement &Element : Block)
    if (std::optional<CFGStmt> S = Element.getAs<CFGStmt>();
        S && llvm::isa<CXXThrowExpr>(S->getStmt()))
      return true;
  return false;
}

LaunchErrorChecks::LaunchErrorChecks(ASTContext &Ctx) : Ctx(Ctx), Bodies(Ctx) {}
LaunchErrorChecks::~LaunchErrorChecks() = default;

bool LaunchErrorChecks::isChecked(const KernelLaunchSite &Site) {
  // A launcher the unit never calls is judged by itself: PyTorch's
  // convention reads the error next to the launch.
  return holdsOnTheWayOut(
      Site.Launch, Site.Holder,
      [&](const Stmt *Point, const FunctionDecl *Holder) {
        return everyPathReads(Point, Holder);
      },
      [](const FunctionDecl *) { return false; }, Ctx, MaxCheckingCallers);
}

bool holdsOnTheWayOut(
    const Stmt *Point, const FunctionDecl *Holder,
    llvm::function_ref<bool(const Stmt *, const FunctionDecl *)> HoldsIn,
    llvm::function_ref<bool(const FunctionDecl *)> Uncalled, ASTContext &Ctx,
    unsigned MaxDepth) {
  if (!Holder || HoldsIn(Point, Holder))
    return true;
  // Beyond what is followed (MaxDepth more functions), nothing is claimed.
  if (InPlaceCall Run = inPlaceCallOf(Holder, Ctx); Run.Call)
    return MaxDepth == 0 || holdsOnTheWayOut(Run.Call, Run.Holder, HoldsIn,
                                             Uncalled, Ctx, MaxDepth - 1);
  if (isLambdaCallOperator(Holder))
    return false;
  llvm::SmallVector<UnitCall, 4> Calls =
      DeviceModel::current().unitCallers().writtenCallsOf(Holder, Ctx);
  if (Calls.empty())
    return Uncalled(Holder);
  for (const UnitCall &Call : Calls) {
    if (!Call.Caller)
      return false;
    if (MaxDepth == 0)
      continue;
    FunctionParentScope CallerParents(Call.Caller, Ctx);
    if (!holdsOnTheWayOut(Call.Call, Call.Caller, HoldsIn, Uncalled, Ctx,
                          MaxDepth - 1))
      return false;
  }
  return true;
}

static bool isErrorRead(const FunctionDecl *Callee) {
  return Callee && Callee->getIdentifier() &&
         llvm::StringSwitch<bool>(Callee->getName())
             .Cases("cudaGetLastError", "cudaPeekAtLastError", true)
             .Default(false);
}

bool LaunchErrorChecks::readsLaunchError(const Stmt *S) {
  const auto *Call = llvm::dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return false;
  if (isErrorRead(Callee))
    return true;
  // A helper of the program's own that reads it (`check_last_error()`).
  const FunctionDecl *Definition = nullptr;
  if (!Callee->hasBody(Definition) ||
      Ctx.getSourceManager().isInSystemHeader(Definition->getLocation()))
    return false;
  auto Known = Readers.find(Definition);
  if (Known != Readers.end())
    return Known->second;
  bool Reads = false;
  forEachDescendantWithLambdas(Definition->getBody(), [&](const Stmt &Inner) {
    if (const auto *InnerCall = llvm::dyn_cast<CallExpr>(&Inner))
      Reads |= isErrorRead(InnerCall->getDirectCallee());
  });
  Readers[Definition] = Reads;
  return Reads;
}

bool LaunchErrorChecks::everyPathReads(const Stmt *Point,
                                       const FunctionDecl *Holder) {
  // A launch the graph does not place is not judged.
  std::optional<BodyGraphs::Element> Found = Bodies.elementOf(Point, Holder);
  if (!Found)
    return true;
  const CFGBlock *Exit = &Bodies.graphOf(Holder)->getExit();
  llvm::SmallVector<std::pair<const CFGBlock *, unsigned>, 16> Pending{
      {Found->Block, Found->Index + 1}};
  llvm::DenseSet<const CFGBlock *> Seen{Found->Block};
  while (!Pending.empty()) {
    auto [Block, From] = Pending.pop_back_val();
    if (Block == Exit)
      return false;
    bool Reads = false;
    for (unsigned I = From; I < Block->size() && !Reads; ++I)
      if (std::optional<CFGStmt> S = (*Block)[I].getAs<CFGStmt>())
        Reads = readsLaunchError(S->getStmt());
    if (Reads || abandonsFunction(*Block))
      continue;
    for (const CFGBlock::AdjacentBlock &Next : Block->succs())
      if (const CFGBlock *Reachable = Next.getReachableBlock();
          Reachable && Seen.insert(Reachable).second)
        Pending.push_back({Reachable, 0});
  }
  return true;
}

} // namespace clang::tidy::torch::device
