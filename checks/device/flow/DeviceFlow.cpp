//===--- DeviceFlow.cpp - the solver and the queries ----------------------===//
//
// Runs the transfer functions (DeviceTransfer.h) over the function's CFG to
// a fixed point, keeps the settled states, and answers the checks' queries
// from them.
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceFlow.h"
#include "device/flow/CalleeSummaries.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceTransfer.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TransferSyntax.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"

#include <deque>

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

namespace {

/// Whether \p Factory makes a tensor with no elements: a size list written
/// with a literal 0 (`torch::empty({0})`, `torch::zeros({0, 4})`).
bool isZeroElementFactory(const Stmt *Factory) {
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Factory);
  if (!Call || Call->getNumArgs() == 0)
    return false;
  // The size list, through the IntArrayRef it converts to.
  const Stmt *Sizes = Call->getArg(0);
  for (unsigned Depth = 0; Sizes && Depth < 8; ++Depth) {
    if (const auto *List = llvm::dyn_cast<InitListExpr>(Sizes)) {
      for (const Expr *Size : List->inits())
        if (const auto *Literal =
                llvm::dyn_cast<IntegerLiteral>(Size->IgnoreParenImpCasts());
            Literal && Literal->getValue() == 0)
          return true;
      return false;
    }
    auto Children = Sizes->children();
    Sizes = Children.empty() ? nullptr : *Children.begin();
  }
  return false;
}

/// The tensor variable an assertion ending \p Pred states to be on the CPU
/// or on CUDA (assertedPlace), when \p Succ is where the program goes on:
/// past an assertion it holds. A CPU kernel that checks its inputs this way
/// works on CPU tensors, and a CUDA one on CUDA tensors, whatever its callers
/// are.
std::optional<AssertedPlace> assertedOnEdge(const CFGBlock *Pred,
                                            const CFGBlock *Succ) {
  const auto *If = llvm::dyn_cast_or_null<IfStmt>(Pred->getTerminatorStmt());
  if (!If || !isAssertion(*If) || Pred->succ_size() != 2 ||
      Succ != *std::next(Pred->succ_begin()))
    return std::nullopt;
  // `if (C10_UNLIKELY(!(cond)))`: __builtin_expect(static_cast<bool>(!cond)).
  const Expr *Cond = If->getCond()->IgnoreParenImpCasts();
  if (const auto *Expect = llvm::dyn_cast<CallExpr>(Cond);
      Expect && Expect->getBuiltinCallee() == Builtin::BI__builtin_expect)
    Cond = Expect->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Cast = llvm::dyn_cast<CXXStaticCastExpr>(Cond))
    Cond = Cast->getSubExpr()->IgnoreParenImpCasts();
  const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond);
  if (!Not || Not->getOpcode() != UO_LNot)
    return std::nullopt;
  return assertedPlace(Not->getSubExpr());
}

/// The variable or member of `this` whose tensor the terminator of \p
/// Pred tests for elements (`x.numel() == 0`, `x.numel() > 0`, ...), when
/// the edge to \p Succ is the one where it has some.
const ValueDecl *hasElementsOnEdge(const CFGBlock *Pred, const CFGBlock *Succ) {
  std::optional<BranchEdge> Edge = branchEdge(Pred, Succ);
  if (!Edge)
    return nullptr;
  const auto *Compare =
      llvm::dyn_cast<BinaryOperator>(Edge->Cond->IgnoreParenImpCasts());
  if (!Compare || !Compare->isComparisonOp())
    return nullptr;
  // `x.numel() OP 0` or `0 OP x.numel()`.
  const Expr *Count = Compare->getLHS()->IgnoreParenImpCasts();
  const Expr *Zero = Compare->getRHS()->IgnoreParenImpCasts();
  BinaryOperatorKind Op = Compare->getOpcode();
  if (llvm::isa<IntegerLiteral>(Count)) {
    std::swap(Count, Zero);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  const auto *Literal = llvm::dyn_cast<IntegerLiteral>(Zero);
  const auto *Numel = llvm::dyn_cast<CXXMemberCallExpr>(Count);
  const auto *Method = Numel ? Numel->getMethodDecl() : nullptr;
  if (!Literal || Literal->getValue() != 0 || !Method ||
      !Method->getIdentifier() || Method->getName() != "numel")
    return nullptr;
  bool HasElementsIfTrue;
  switch (Op) {
  case BO_NE:
  case BO_GT:
    HasElementsIfTrue = true;
    break;
  case BO_EQ:
  case BO_LE:
    HasElementsIfTrue = false;
    break;
  default:
    return nullptr;
  }
  if (Edge->TakenIfTrue != HasElementsIfTrue)
    return nullptr;
  return referencedObject(Numel->getImplicitObjectArgument());
}

} // namespace

struct DeviceFlow::Solution {
  Solution(std::unique_ptr<CFG> TheGraph, const Stmt *Body, ASTContext &Ctx,
           const OpRuleIndex &Index, const DeviceFlowOptions &Options,
           CalleeSummaries *Summaries)
      : Graph(std::move(TheGraph)),
        Builder(Body, Ctx, Index, Options, Summaries),
        Out(Graph->getNumBlockIDs()) {}

  std::unique_ptr<CFG> Graph;
  DeviceTransfer Builder;
  /// Each block's state at its exit.
  std::vector<DeviceState> Out;
  /// Each statement of the body: its CFG block and the index of the element
  /// that evaluates it (or contains it). Built on the first question.
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  bool Indexed = false;
  /// Each reached block's place in the reverse post-order of the graph.
  llvm::DenseMap<const CFGBlock *, unsigned> OrderOf;
  /// Built on the first runsWhenever question.
  std::unique_ptr<CFGDomTree> Dominators;
  std::unique_ptr<CFGPostDomTree> PostDominators;

  DeviceState entryState(const CFGBlock *Block) const {
    DeviceState In;
    if (Block == &Graph->getEntry())
      In.Reached = true;
    for (const CFGBlock *Pred : Block->preds()) {
      if (!Pred)
        continue;
      const DeviceState &PredOut = Out[Pred->getBlockID()];
      auto Known = knownOnEdge(Pred, Block, PredOut);
      const ValueDecl *CpuDevice = cpuDeviceOnEdge(Pred, Block);
      if (!Known && !CpuDevice) {
        In.joinWith(PredOut);
        continue;
      }
      DeviceState Edge = PredOut;
      if (Known)
        Edge.Vars[Known->first] = std::move(Known->second);
      if (CpuDevice)
        followCpuDevice(Block, CpuDevice, Edge);
      In.joinWith(Edge);
    }
    joinUnmovedModules(Block, In);
    return In;
  }

  /// What the condition that leads from \p Pred to \p Block says of one
  /// variable beyond \p PredOut, if anything. Past an assertion that a tensor
  /// is on the CPU, it is; on CUDA, it is on some CUDA device, unless the
  /// flow knows which. Where a tensor has elements it is not an empty
  /// placeholder (`state = torch::empty({0});` replaced under `if
  /// (state.numel() == 0)`): what else it is, is not tracked.
  std::optional<std::pair<const ValueDecl *, AbstractDevice>>
  knownOnEdge(const CFGBlock *Pred, const CFGBlock *Block,
              const DeviceState &PredOut) const {
    if (std::optional<AssertedPlace> Asserted = assertedOnEdge(Pred, Block);
        Asserted && PredOut.Reached) {
      auto Before = PredOut.Vars.find(Asserted->Tensor);
      const Tri ZeroDim =
          Before != PredOut.Vars.end() ? Before->second.ZeroDim : Tri::Unknown;
      if (Asserted->OnCpu)
        return std::make_pair(
            Asserted->Tensor,
            AbstractDevice::cpu(Pred->getTerminatorCondition(),
                                /*DeviceLess=*/false, ZeroDim));
      if (Before == PredOut.Vars.end() ||
          Before->second.K != AbstractDevice::Kind::Cuda) {
        AbstractDevice OnCuda =
            AbstractDevice::cuda(-1, Pred->getTerminatorCondition());
        OnCuda.ZeroDim = ZeroDim;
        return std::make_pair(Asserted->Tensor, OnCuda);
      }
    }
    const ValueDecl *Filled = hasElementsOnEdge(Pred, Block);
    auto It = Filled ? PredOut.Vars.find(Filled) : PredOut.Vars.end();
    if (It != PredOut.Vars.end() && !It->second.Factories.empty() &&
        llvm::all_of(It->second.Factories, isZeroElementFactory))
      return std::make_pair(Filled, AbstractDevice::unknown());
    return std::nullopt;
  }

  /// Where \p Device is the CPU, a value on the CPU is on \p Device: when
  /// another path into \p Block moved it there (`if (device.type() !=
  /// torch::kCPU) module.to(device);`), it is on \p Device on every path.
  void followCpuDevice(const CFGBlock *Block, const ValueDecl *Device,
                       DeviceState &Edge) const {
    for (auto &[D, Where] : Edge.Vars) {
      if (!Where.isCpu())
        continue;
      for (const CFGBlock *Pred : Block->preds()) {
        const DeviceState *PredOut = Pred ? &Out[Pred->getBlockID()] : nullptr;
        if (!PredOut || !PredOut->Reached)
          continue;
        auto It = PredOut->Vars.find(D);
        auto Placed = PredOut->Vars.find(Device);
        if (It != PredOut->Vars.end() &&
            ((It->second.K == AbstractDevice::Kind::SameAs &&
              It->second.Symbol == Device) ||
             // Where `device` is only known as a symbol or per path: a
             // concrete device there says nothing of this edge.
             (Placed != PredOut->Vars.end() &&
              It->second.K == AbstractDevice::Kind::Maybe &&
              It->second.samePlace(Placed->second)))) {
          Where = It->second;
          break;
        }
      }
    }
  }

  /// A module moved on some paths into \p Block and not on others is
  /// where it was before on those: the join keeps both (a move in a branch
  /// says "maybe moved", not "moved").
  void joinUnmovedModules(const CFGBlock *Block, DeviceState &In) const {
    if (!In.Reached)
      return;
    for (auto &[D, Device] : In.Vars) {
      if (!isModuleType(D->getType()))
        continue;
      for (const CFGBlock *Pred : Block->preds()) {
        const DeviceState *PredOut = Pred ? &Out[Pred->getBlockID()] : nullptr;
        if (PredOut && PredOut->Reached && !PredOut->Vars.count(D)) {
          Device =
              AbstractDevice::join(Device, Builder.lookupIn(D, DeviceState()));
          break;
        }
      }
    }
  }

  void index() {
    Indexed = true;
    // Elements first (a subexpression evaluated on its own is its own
    // element), then what sits inside an element without being one.
    for (const CFGBlock *Block : *Graph)
      for (unsigned I = 0; I < Block->size(); ++I)
        if (auto Element = (*Block)[I].getAs<CFGStmt>())
          Where.try_emplace(Element->getStmt(), Block, I);
    for (const CFGBlock *Block : *Graph)
      for (unsigned I = 0; I < Block->size(); ++I)
        if (auto Element = (*Block)[I].getAs<CFGStmt>())
          indexInside(Element->getStmt(), Block, I, 0);
  }
  void indexInside(const Stmt *S, const CFGBlock *Block, unsigned I,
                   unsigned Depth) {
    if (!S || Depth > 64 || llvm::isa<LambdaExpr>(S))
      return;
    for (const Stmt *Child : S->children())
      if (Child && Where.try_emplace(Child, Block, I).second)
        indexInside(Child, Block, I, Depth + 1);
  }

  /// Whether some path runs \p To after \p From; std::nullopt when either
  /// is not a statement of the graph.
  std::optional<bool> mayRunAfter(const Stmt *From, const Stmt *To) {
    if (!Indexed)
      index();
    auto F = Where.find(From), T = Where.find(To);
    if (F == Where.end() || T == Where.end())
      return std::nullopt;
    const auto [FromBlock, FromIndex] = F->second;
    const auto [ToBlock, ToIndex] = T->second;
    if (FromBlock == ToBlock && FromIndex < ToIndex)
      return true;
    llvm::SmallVector<const CFGBlock *, 16> Work;
    llvm::DenseSet<const CFGBlock *> Seen;
    for (const CFGBlock *Succ : FromBlock->succs())
      if (Succ && Seen.insert(Succ).second)
        Work.push_back(Succ);
    while (!Work.empty()) {
      const CFGBlock *Block = Work.pop_back_val();
      if (Block == ToBlock)
        return true;
      for (const CFGBlock *Succ : Block->succs())
        if (Succ && Seen.insert(Succ).second)
          Work.push_back(Succ);
    }
    return false;
  }

  /// The block and element index of \p S, if it is in the graph.
  std::optional<std::pair<const CFGBlock *, unsigned>> placeOf(const Stmt *S) {
    if (!Indexed)
      index();
    auto It = Where.find(S);
    if (It == Where.end())
      return std::nullopt;
    return It->second;
  }

  bool precedes(const Stmt *A, const Stmt *B) {
    const auto PA = placeOf(A), PB = placeOf(B);
    if (!PA || !PB)
      return false;
    if (PA->first == PB->first)
      return PA->second < PB->second;
    auto OA = OrderOf.find(PA->first), OB = OrderOf.find(PB->first);
    return OA != OrderOf.end() && OB != OrderOf.end() &&
           OA->second < OB->second && mayRunAfter(A, B).value_or(false);
  }

  bool runsWhenever(const Stmt *S, const Stmt *Target) {
    const auto PS = placeOf(S), PT = placeOf(Target);
    if (!PS || !PT)
      return false;
    if (PS->first == PT->first)
      return true;
    if (!Dominators) {
      Dominators = std::make_unique<CFGDomTree>(Graph.get());
      PostDominators = std::make_unique<CFGPostDomTree>(Graph.get());
    }
    return Dominators->dominates(PS->first, PT->first) ||
           PostDominators->dominates(PS->first, PT->first);
  }

  /// The state just before the element that evaluates \p At.
  std::optional<DeviceState> stateBefore(const Stmt *At) {
    if (!Indexed)
      index();
    auto It = Where.find(At);
    if (It == Where.end())
      return std::nullopt;
    const auto [Block, Index] = It->second;
    DeviceState S = entryState(Block);
    if (!S.Reached)
      return std::nullopt;
    for (unsigned I = 0; I < Index; ++I)
      Builder.transfer((*Block)[I], S);
    return S;
  }
};

AbstractDevice DeviceFlow::deviceBefore(const ValueDecl *D,
                                        const Stmt *At) const {
  if (!Solved || !D)
    return AbstractDevice::unknown();
  const std::optional<DeviceState> S = Solved->stateBefore(At);
  return S ? Solved->Builder.lookupIn(D, *S) : AbstractDevice::unknown();
}

AbstractDevice DeviceFlow::deviceOf(const Expr *E) const {
  if (!Solved || !E)
    return AbstractDevice::unknown();
  const std::optional<DeviceState> S = Solved->stateBefore(E);
  if (!S)
    return AbstractDevice::unknown();
  if (isTensorType(E->getType()))
    return Solved->Builder.eval(E, *S);
  // A module argument (`*net`, `net`, `holder.net`) is where that module is.
  if (isModuleType(E->getType()))
    if (const ValueDecl *Module = moduleRoot(E))
      return Solved->Builder.lookupIn(Module, *S);
  return Solved->Builder.evalDevice(E, *S);
}

AbstractDevice
DeviceFlow::parameterFromCallers(const ParmVarDecl *Param) const {
  const auto *Owner =
      Param ? llvm::dyn_cast<FunctionDecl>(Param->getDeclContext()) : nullptr;
  if (!Solved || !Owner || !Function ||
      Owner->getCanonicalDecl() != Function->getCanonicalDecl())
    return AbstractDevice::unknown();
  return Solved->Builder.parameterFromCallers(Param);
}

bool DeviceFlow::precedes(const Stmt *A, const Stmt *B) const {
  return Solved && A && B && Solved->precedes(A, B);
}

bool DeviceFlow::runsWhenever(const Stmt *S, const Stmt *Target) const {
  return Solved && S && Target && Solved->runsWhenever(S, Target);
}

bool DeviceFlow::mayRunAfter(const Stmt *From, const Stmt *To) const {
  if (!Solved || !From || !To)
    return true;
  return Solved->mayRunAfter(From, To).value_or(true);
}

std::vector<std::pair<const ValueDecl *, AbstractDevice>>
DeviceFlow::membersAtExit() const {
  std::vector<std::pair<const ValueDecl *, AbstractDevice>> Members;
  if (!Solved)
    return Members;
  const DeviceState AtExit = Solved->entryState(&Solved->Graph->getExit());
  for (const auto &[D, Device] : AtExit.Vars)
    if (llvm::isa<FieldDecl>(D))
      Members.emplace_back(D, Device);
  return Members;
}

AbstractDevice DeviceFlow::atExit(const ValueDecl *D) const {
  if (!Solved)
    return AbstractDevice::unknown();
  const DeviceState AtExit = Solved->entryState(&Solved->Graph->getExit());
  auto It = AtExit.Vars.find(D);
  return It == AtExit.Vars.end() ? AbstractDevice::unknown() : It->second;
}

std::unique_ptr<DeviceFlow> DeviceFlow::analyze(
    const FunctionDecl *Fn, ASTContext &Ctx, const OpRuleIndex &RuleIndex,
    const DeviceFlowOptions &Options, CalleeSummaries *Summaries) {
  auto Result = std::make_unique<DeviceFlow>();
  Result->Function = Fn;
  auto GiveUp = [&](llvm::StringRef Why) {
    Result->Uses.clear();
    Result->Moves.clear();
    Result->EachReturned.clear();
    Result->GaveUp = Why.str();
    return std::move(Result);
  };
  if (!Fn || !Fn->hasBody() || Fn->isDependentContext() || Fn->isInvalidDecl())
    return GiveUp("the function has no analysable body");
  Stmt *Body = Fn->getBody();
  CFG::BuildOptions BuildOptions;
  // A constructor's member initializers run before its body.
  BuildOptions.AddInitializers = true;
  std::unique_ptr<CFG> Graph = CFG::buildCFG(Fn, Body, &Ctx, BuildOptions);
  if (!Graph)
    return GiveUp("clang could not build its control-flow graph");
  if (Graph->getNumBlockIDs() > Options.Limits.MaxBlocks)
    return GiveUp("its control-flow graph has " +
                  std::to_string(Graph->getNumBlockIDs()) +
                  " blocks, more than the limit of " +
                  std::to_string(Options.Limits.MaxBlocks));

  auto Solved = std::make_shared<Solution>(std::move(Graph), Body, Ctx,
                                           RuleIndex, Options, Summaries);
  const CFG &TheGraph = *Solved->Graph;
  DeviceTransfer &Builder = Solved->Builder;
  std::vector<DeviceState> &Out = Solved->Out;
  Builder.collectRangeFors(Body);
  Builder.collectAskedLocals(Body);
  Builder.InConstructor = llvm::isa<CXXConstructorDecl>(Fn);

  // Forward dataflow to a fixpoint. clang's worklist visits blocks in reverse
  // post-order and skips the null edges that constant conditions
  // (`while (true)`, `do {} while (false)`, `if (kFlag)`) leave in the CFG;
  // blocks no path reaches are never visited.
  PostOrderCFGView Order(&TheGraph);
  for (const CFGBlock *Block : Order)
    Solved->OrderOf.try_emplace(Block, Solved->OrderOf.size());
  auto EntryState = [&](const CFGBlock *Block) {
    return Solved->entryState(Block);
  };
  const size_t MaxVisits =
      size_t(Options.Limits.MaxVisitsPerBlock) * TheGraph.getNumBlockIDs();
  auto Solve = [&]() -> bool {
    Out.assign(TheGraph.getNumBlockIDs(), DeviceState());
    ForwardDataflowWorklist Worklist(TheGraph, &Order);
    size_t Visits = 0;
    Worklist.enqueueBlock(&TheGraph.getEntry());
    while (const CFGBlock *Block = Worklist.dequeue()) {
      if (++Visits > MaxVisits)
        return false;
      DeviceState S = EntryState(Block);
      for (const CFGElement &Element : *Block)
        Builder.transfer(Element, S);
      if (!S.sameValue(Out[Block->getBlockID()])) {
        Out[Block->getBlockID()] = std::move(S);
        Worklist.enqueueSuccessors(Block);
      }
    }
    return true;
  };
  // Calls \p Visit on each reached statement, in the settled state before it.
  auto ForEachSettled = [&](auto Visit) -> bool {
    for (const CFGBlock *Block : Order) {
      DeviceState S = EntryState(Block);
      if (!S.Reached)
        continue;
      for (const CFGElement &Element : *Block) {
        if (auto Stmt = Element.getAs<CFGStmt>())
          if (!Visit(Stmt->getStmt(), S))
            return false;
        Builder.transfer(Element, S);
      }
    }
    return true;
  };
  auto NotSettled = [&] {
    return GiveUp("the analysis did not settle within " +
                  std::to_string(MaxVisits) + " block visits");
  };

  if (!Solve())
    return NotSettled();
  // Parameters read on the host are CPU tensors: solve once more with them.
  bool NewHostParams = false;
  ForEachSettled([&](const Stmt *Element, const DeviceState &S) {
    NewHostParams |= Builder.findHostReads(Element, S);
    return true;
  });
  if (NewHostParams && !Solve())
    return NotSettled();

  // With the states settled, record each op call once, in the state before
  // the statement that contains it, and where the returned value lives.
  llvm::DenseSet<const CallExpr *> Seen;
  bool Returns = false;
  ListValue ReturnedList; // joined over every return of a list
  // A pair, a tuple or an aggregate of the program: where each part lives.
  const unsigned TupleSize = partCount(Fn->getReturnType());
  std::optional<llvm::SmallVector<AbstractDevice, 4>> Parts;
  bool PartsKnown = TupleSize > 0;
  if (!ForEachSettled([&](const Stmt *Element, const DeviceState &S) {
        if (const auto *Return = llvm::dyn_cast<ReturnStmt>(Element);
            Return && Return->getRetValue()) {
          const AbstractDevice D = Builder.eval(Return->getRetValue(), S);
          Result->Returned =
              Returns ? AbstractDevice::join(Result->Returned, D) : D;
          Result->EachReturned.push_back(D);
          if (isTensorListType(Fn->getReturnType()))
            ReturnedList.addAll(Builder.evalList(Return->getRetValue(), S));
          const auto Written =
              Builder.evalParts(Return->getRetValue(), TupleSize, S);
          PartsKnown &= !Written.empty();
          for (size_t I = 0; PartsKnown && I < Written.size(); ++I) {
            const AbstractDevice &D = Written[I];
            if (!Parts)
              Parts.emplace(TupleSize, AbstractDevice::unknown());
            (*Parts)[I] = Returns ? AbstractDevice::join((*Parts)[I], D) : D;
          }
          Returns = true;
        }
        return Builder.record(Element, S, Seen, Result->Uses, Result->Moves);
      }))
    return GiveUp("an expression is nested more than " +
                  std::to_string(Options.Limits.MaxExprDepth) + " levels deep");
  if (Returns && isTensorListType(Fn->getReturnType()) && !ReturnedList.Opaque)
    Result->ReturnedElements = ReturnedList.Elements;
  if (Returns && PartsKnown)
    Result->ReturnedParts = std::move(Parts);
  for (const ParmVarDecl *Param : Fn->parameters())
    if (Builder.HostParams.contains(Param))
      Result->HostParams.push_back(Param);
  Result->Solved = std::move(Solved);
  return Result;
}

unsigned partCount(QualType T) {
  if (const unsigned Size = tupleSize(T))
    return Size;
  return aggregateFields(T).size();
}

} // namespace clang::tidy::torch::device
