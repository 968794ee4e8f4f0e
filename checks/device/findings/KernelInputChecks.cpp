//===--- KernelInputChecks.cpp - entry points' checks of their inputs -----===//
#include "device/findings/KernelInputChecks.h"
#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/LaunchSyntax.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/UnitCallers.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::torch::device {

/// How many calls of the unit's functions a tensor is followed into, on its
/// way to a launch or to a check of it.
constexpr unsigned MaxCallDepth = 3;
/// How many locals, views and copies a tensor is followed back through.
constexpr unsigned MaxDerivation = 8;

KernelInputChecks::KernelInputChecks(ASTContext &Ctx) : Ctx(Ctx), Bodies(Ctx) {}

/// Whether the tensor \p E is on \p Param's device because it is made from
/// it: \p Param itself, a local initialised from it, a view or copy that
/// keeps the device (`x.contiguous()`, `x.view(...)`, `x.data_ptr<T>()`'s
/// tensor), `torch::empty_like(x)`. Not `x.to(...)`, `x.cuda()`, `x.cpu()`,
/// which choose a device of their own.
static bool madeFrom(const Expr *E, const ParmVarDecl *Param,
                     unsigned Depth = 0) {
  if (!E || Depth > MaxDerivation)
    return false;
  E = tensorOperand(E);
  if (!E)
    return false;
  const ValueDecl *Named = referencedObject(E);
  if (Named == Param)
    return true;
  if (const auto *Local = llvm::dyn_cast_or_null<VarDecl>(Named);
      Local && Local->isLocalVarDecl() && Local->getInit())
    return madeFrom(Local->getInit(), Param, Depth + 1);
  if (const auto *Member =
          llvm::dyn_cast<CXXMemberCallExpr>(E->IgnoreParenImpCasts())) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if (!Method || !Method->getIdentifier() ||
        llvm::is_contained({"to", "cuda", "cpu"}, Method->getName()))
      return false;
    return madeFrom(Member->getImplicitObjectArgument(), Param, Depth + 1);
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E->IgnoreParenImpCasts())) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    return Callee && Callee->getIdentifier() &&
           Callee->getName().ends_with("_like") && Call->getNumArgs() > 0 &&
           madeFrom(Call->getArg(0), Param, Depth + 1);
  }
  return false;
}

/// \p E past what the compiler and PyTorch's check macros write around a
/// condition: parentheses, casts, `C10_UNLIKELY`'s `__builtin_expect`.
static const Expr *conditionCore(const Expr *E) {
  for (unsigned Step = 0; E && Step < 8; ++Step) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Cast = llvm::dyn_cast<ExplicitCastExpr>(E))
      E = Cast->getSubExpr();
    else if (const auto *Expect = llvm::dyn_cast<CallExpr>(E);
             Expect &&
             Expect->getBuiltinCallee() == Builtin::BI__builtin_expect)
      E = Expect->getArg(0);
    else
      return E;
  }
  return E;
}

/// The tensor a device question is about: `x` of `x`, `x.device()`,
/// `x.device().type()`, `x.options().device()`, `x.type()`.
static const Expr *tensorAskedAbout(const Expr *Subject) {
  for (unsigned Step = 0; Subject && Step < 4; ++Step) {
    Subject = Subject->IgnoreParenImpCasts();
    if (isTensorType(Subject->getType().getNonReferenceType()))
      return Subject;
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(Subject);
    if (!Call || Call->getNumArgs() != 0 ||
        !llvm::any_of(llvm::ArrayRef<StringRef>{"device", "type", "options"},
                      [&](StringRef Name) {
                        return isNamed(Call->getMethodDecl(), Name);
                      }))
      return nullptr;
    Subject = Call->getImplicitObjectArgument();
  }
  return nullptr;
}

/// Whether \p Cond, when it evaluates to \p Truth, shows a tensor made from
/// \p Param to be off the CPU: on CUDA, or on another device a CUDA kernel's
/// caller may allow beside it (`x.is_cuda() || x.is_meta()`).
static bool showsOffCpu(const Expr *Cond, bool Truth,
                        const ParmVarDecl *Param) {
  Cond = conditionCore(Cond);
  if (!Cond)
    return false;
  if (const auto *Not = llvm::dyn_cast<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot)
    return showsOffCpu(Not->getSubExpr(), !Truth, Param);
  if (const auto *Logic = llvm::dyn_cast<BinaryOperator>(Cond);
      Logic && Logic->isLogicalOp()) {
    // `a && b` true, or `a || b` false, says what each side says; `a || b`
    // true, or `a && b` false, only what both sides say.
    const bool EachSide = Truth == (Logic->getOpcode() == BO_LAnd);
    const bool Left = showsOffCpu(Logic->getLHS(), Truth, Param);
    const bool Right = showsOffCpu(Logic->getRHS(), Truth, Param);
    return EachSide ? Left || Right : Left && Right;
  }
  const Expr *Subject = nullptr;
  bool TrueMeansCuda = true;
  if (const auto *Query = llvm::dyn_cast<CXXMemberCallExpr>(Cond);
      Query && Query->getNumArgs() == 0 &&
      llvm::any_of(llvm::ArrayRef<StringRef>{"is_cuda", "is_cpu", "is_meta",
                                             "is_mps", "is_xpu", "is_hip"},
                   [&](StringRef Name) {
                     return isNamed(Query->getMethodDecl(), Name);
                   })) {
    Subject = Query->getImplicitObjectArgument();
    TrueMeansCuda = !isNamed(Query->getMethodDecl(), "is_cpu");
  } else if (std::optional<DeviceComparison> Cpu = cpuComparison(Cond)) {
    Subject = Cpu->Side;
    TrueMeansCuda = !Cpu->Equal;
  } else if (std::optional<DeviceComparison> Cuda =
                 comparisonWith(Cond, "CUDA")) {
    // `x.device().type() == kCUDA`, `kCUDA != x.device().type()`.
    Subject = Cuda->Side;
    TrueMeansCuda = Cuda->Equal;
  }
  if (!Subject || TrueMeansCuda != Truth)
    return false;
  const Expr *Tensor = tensorAskedAbout(Subject);
  return Tensor && madeFrom(Tensor, Param);
}

/// Whether \p S declares a CUDA device guard for the device of a tensor made
/// from \p Param (`at::cuda::OptionalCUDAGuard g(device_of(x))`,
/// `at::cuda::CUDAGuard g(x.device())`): c10 refuses to make a CPU device
/// current for CUDA, so the guard throws for a CPU tensor. `c10::DeviceGuard`
/// accepts any device and checks nothing.
static bool guardsOnCuda(const Stmt *S, const ParmVarDecl *Param) {
  const auto *Decls = llvm::dyn_cast<DeclStmt>(S);
  if (!Decls)
    return false;
  for (const Decl *D : Decls->decls()) {
    const auto *Var = llvm::dyn_cast<VarDecl>(D);
    const CXXRecordDecl *Guard =
        Var ? Var->getType()->getAsCXXRecordDecl() : nullptr;
    if (!Guard || !Guard->getIdentifier() ||
        !llvm::is_contained({"CUDAGuard", "OptionalCUDAGuard"},
                            Guard->getName()))
      continue;
    const auto *Construct = llvm::dyn_cast_or_null<CXXConstructExpr>(
        Var->getInit() ? Var->getInit()->IgnoreImplicit() : nullptr);
    if (!Construct || Construct->getNumArgs() != 1)
      continue;
    const Expr *Device = writtenArgument(Construct->getArg(0));
    // `device_of(x)`: the optional device of a tensor.
    if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(Device);
        Call && Call->getNumArgs() == 1 &&
        isNamed(Call->getDirectCallee(), "device_of"))
      Device = Call->getArg(0);
    if (const Expr *Tensor = tensorAskedAbout(Device);
        Tensor && madeFrom(Tensor, Param))
      return true;
  }
  return false;
}

/// Whether going from \p Pred to \p Succ shows a tensor made from \p Param
/// to be on CUDA: the branch taken only for one.
static bool edgeShowsOnCuda(const CFGBlock *Pred, const CFGBlock *Succ,
                            const ParmVarDecl *Param) {
  std::optional<BranchEdge> Edge = branchEdge(Pred, Succ);
  return Edge && showsOffCpu(Edge->Cond, Edge->TakenIfTrue, Param);
}

/// The function of the unit (not libtorch's) that \p Call runs, with a body.
static const FunctionDecl *unitCallee(const CallExpr *Call,
                                      const SourceManager &SM) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) ||
      SM.isInSystemHeader(Definition->getLocation()) ||
      isLambdaCallOperator(Definition))
    return nullptr;
  return Definition;
}

bool KernelInputChecks::reachesUnchecked(
    const FunctionDecl *Holder, std::optional<BodyGraphs::Element> Target,
    const ParmVarDecl *Param, unsigned Depth) {
  const CFG *Graph = Bodies.graphOf(Holder);
  if (!Graph)
    return false;
  const CFGBlock *Exit = &Graph->getExit();
  llvm::SmallVector<const CFGBlock *, 16> Pending{&Graph->getEntry()};
  llvm::DenseSet<const CFGBlock *> Seen{&Graph->getEntry()};
  while (!Pending.empty()) {
    const CFGBlock *Block = Pending.pop_back_val();
    if (!Target && Block == Exit)
      return true;
    bool Checked = false;
    for (unsigned I = 0; I < Block->size() && !Checked; ++I) {
      if (Target && Block == Target->Block && I == Target->Index)
        return true;
      if (std::optional<CFGStmt> S = (*Block)[I].getAs<CFGStmt>())
        Checked = guardsOnCuda(S->getStmt(), Param) ||
                  callChecks(S->getStmt(), Param, Depth);
    }
    if (Checked || abandonsFunction(*Block))
      continue;
    for (const CFGBlock::AdjacentBlock &Next : Block->succs())
      if (const CFGBlock *Reachable = Next.getReachableBlock();
          Reachable && !edgeShowsOnCuda(Block, Reachable, Param) &&
          Seen.insert(Reachable).second)
        Pending.push_back(Reachable);
  }
  return false;
}

bool KernelInputChecks::checksParameter(const FunctionDecl *Callee,
                                        const ParmVarDecl *Own,
                                        unsigned Depth) {
  auto [It, New] = Checkers.try_emplace({Callee, Own}, false);
  if (!New)
    return It->second;
  // Checks on every path to the normal exit: the exit is not reachable
  // unchecked.
  const bool Checks = Depth > 0 && Bodies.graphOf(Callee) &&
                      !reachesUnchecked(Callee, std::nullopt, Own, Depth - 1);
  Checkers[{Callee, Own}] = Checks;
  return Checks;
}

bool KernelInputChecks::callChecks(const Stmt *S, const ParmVarDecl *Param,
                                   unsigned Depth) {
  const auto *Call = llvm::dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = unitCallee(Call, Ctx.getSourceManager());
  if (!Callee)
    return false;
  for (const ParmVarDecl *Own : Callee->parameters())
    if (madeFrom(argumentFor(Own, Call, Callee), Param) &&
        checksParameter(Callee, Own, Depth))
      return true;
  return false;
}

bool KernelInputChecks::reachableUnchecked(const Stmt *Point,
                                           const FunctionDecl *Holder,
                                           const ParmVarDecl *Param) {
  // What the graph does not place is not judged.
  std::optional<BodyGraphs::Element> Target = Bodies.elementOf(Point, Holder);
  return Target && reachesUnchecked(Holder, Target, Param, MaxCallDepth);
}

bool KernelInputChecks::uncheckedAt(const Stmt *Point,
                                    const FunctionDecl *Holder,
                                    const FunctionDecl *Fn,
                                    const ParmVarDecl *Param) {
  // Out of the lambdas called in place, up to Fn: unchecked in each.
  for (unsigned Step = 0; Holder && Step <= MaxCallDepth; ++Step) {
    if (!reachableUnchecked(Point, Holder, Param))
      return false;
    if (Holder == Fn)
      return true;
    InPlaceCall Run = inPlaceCallOf(Holder, Ctx);
    Point = Run.Call;
    Holder = Run.Holder;
  }
  return false;
}

std::optional<UncheckedKernelInput>
KernelInputChecks::reach(const FunctionDecl *Fn, const ParmVarDecl *Param,
                         unsigned Depth) {
  FunctionParentScope Parents(Fn, Ctx);
  for (const KernelLaunchSite &Site : ownKernelLaunches(Fn, Ctx))
    for (const Expr *Arg : Site.Launch->arguments())
      if (const Expr *Tensor = tensorOfKernelArgument(Arg);
          Tensor && madeFrom(Tensor, Param) &&
          uncheckedAt(Site.Launch, Site.Holder, Fn, Param))
        return UncheckedKernelInput{
            Param, kernelName(Site.Launch), Tensor, nullptr, {}};
  // The calls Fn's code makes, in lambdas it runs in place too.
  std::vector<std::pair<const CallExpr *, const FunctionDecl *>> Calls;
  forEachStmtRunInPlace(Fn, Ctx,
                        [&](const Stmt &S, const FunctionDecl *Holder) {
                          if (const auto *Call = llvm::dyn_cast<CallExpr>(&S);
                              Call && !llvm::isa<CUDAKernelCallExpr>(Call))
                            Calls.push_back({Call, Holder});
                        });
  // The runtime's launch (`cudaLaunchKernel`), or a launcher taking raw
  // pointers, handed the tensor's memory.
  for (const auto &[Call, Holder] : Calls)
    for (const KernelArguments &Handed :
         unitKernelLaunchers().argumentsOf(*Call))
      for (const Expr *Arg : Handed.Arguments)
        if (const Expr *Tensor = tensorOfKernelArgument(Arg);
            Tensor && madeFrom(Tensor, Param) &&
            uncheckedAt(Call, Holder, Fn, Param))
          return UncheckedKernelInput{Param,
                                      Handed.Kernel,
                                      Tensor,
                                      Handed.Through.empty() ? nullptr : Call,
                                      {}};
  if (Depth == 0)
    return std::nullopt;
  if (std::optional<UncheckedKernelInput> Inner =
          reachThroughCallees(Fn, Param, Calls, Depth))
    return Inner;
  return reachElsewhere(Fn, Param, Calls);
}

std::optional<UncheckedKernelInput> KernelInputChecks::reachThroughCallees(
    const FunctionDecl *Fn, const ParmVarDecl *Param,
    llvm::ArrayRef<std::pair<const CallExpr *, const FunctionDecl *>> Calls,
    unsigned Depth) {
  for (const auto &[Call, Holder] : Calls) {
    const FunctionDecl *Callee = unitCallee(Call, Ctx.getSourceManager());
    if (!Callee || Callee == Fn)
      continue;
    for (const ParmVarDecl *Own : Callee->parameters()) {
      if (!isTensorType(Own->getType().getNonReferenceType()) ||
          !madeFrom(argumentFor(Own, Call, Callee), Param))
        continue;
      std::optional<UncheckedKernelInput> Inner = reach(Callee, Own, Depth - 1);
      if (!Inner)
        continue;
      if (!uncheckedAt(Call, Holder, Fn, Param))
        continue;
      Inner->Param = Param;
      Inner->Through.insert(Inner->Through.begin(), Call);
      return Inner;
    }
  }
  return std::nullopt;
}

std::optional<UncheckedKernelInput> KernelInputChecks::reachElsewhere(
    const FunctionDecl *Fn, const ParmVarDecl *Param,
    llvm::ArrayRef<std::pair<const CallExpr *, const FunctionDecl *>> Calls) {
  // The functions of other units handed the tensor or its memory.
  std::optional<UncheckedKernelInput> Found;
  unsigned Receivers = 0;
  for (const auto &[Call, Holder] : Calls) {
    bool Receives = false;
    forEachHandedTensor(*Call, [&](unsigned Index, const Expr *Tensor, bool) {
      if (!madeFrom(Tensor, Param))
        return;
      Receives = true;
      if (!Found && uncheckedAt(Call, Holder, Fn, Param)) {
        Found.emplace();
        Found->Param = Param;
        Found->Handed = Tensor;
        Found->Elsewhere = Call;
        Found->ElsewhereParam = Index;
      }
    });
    Receivers += Receives;
  }
  // One that only checks it (`check_inputs(x)`, defined elsewhere) looks
  // the same from here: with two, neither is judged.
  return Receivers == 1 ? Found : std::nullopt;
}

std::vector<UncheckedKernelInput>
KernelInputChecks::uncheckedInputs(const FunctionDecl *Fn) {
  std::vector<UncheckedKernelInput> Unchecked;
  if (!Fn || !Fn->getBody())
    return Unchecked;
  for (const ParmVarDecl *Param : Fn->parameters())
    if (isTensorType(Param->getType().getNonReferenceType()))
      if (std::optional<UncheckedKernelInput> Found =
              reach(Fn, Param, MaxCallDepth))
        Unchecked.push_back(std::move(*Found));
  return Unchecked;
}

} // namespace clang::tidy::torch::device
