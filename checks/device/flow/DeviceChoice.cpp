//===--- DeviceChoice.cpp - devices chosen at run time by a branch --------===//
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceTransfer.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionParents.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

namespace clang::tidy::torch::device {

namespace {

/// The words in a name that stand for an accelerator (`use_gpu`,
/// `cuda_available`, `hasMPS`).
constexpr llvm::StringLiteral AcceleratorWords[] = {"cuda", "gpu", "accel",
                                                    "mps"};

/// Whether \p Name holds one of \p Words, whatever the case.
bool hasWord(llvm::StringRef Name, llvm::ArrayRef<llvm::StringLiteral> Words) {
  const std::string Lower = Name.lower();
  return llvm::any_of(Words, [&](llvm::StringRef Word) {
    return llvm::StringRef(Lower).contains(Word);
  });
}

bool namesDevice(llvm::StringRef Name) {
  return hasWord(Name, AcceleratorWords) || hasWord(Name, {"cpu", "device"});
}

/// is_cuda, is_cpu, hasCUDA, device_count, cuda_available, is_available.
bool isDeviceQueryName(llvm::StringRef Name) {
  return Name == "is_available" || namesDevice(Name);
}

const ValueDecl *referencedDecl(const Expr *E) {
  E = stripWrappers(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return Ref->getDecl();
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(E))
    return Member->getMemberDecl();
  return nullptr;
}

bool isChoice(const Expr *E, int Depth) {
  E = stripWrappers(E);
  if (!E || Depth > 8)
    return false;
  if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(E))
    return Unary->getOpcode() == UO_LNot &&
           isChoice(Unary->getSubExpr(), Depth + 1);
  if (const auto *Binary = llvm::dyn_cast<BinaryOperator>(E)) {
    if (Binary->isLogicalOp())
      return isChoice(Binary->getLHS(), Depth + 1) ||
             isChoice(Binary->getRHS(), Depth + 1);
    if (Binary->isComparisonOp())
      return isDeviceTypeEnum(Binary->getLHS()->getType()) ||
             isDeviceTypeEnum(Binary->getRHS()->getType()) ||
             isChoice(Binary->getLHS(), Depth + 1) ||
             isChoice(Binary->getRHS(), Depth + 1);
    return false;
  }
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E)) {
    // `x.device() == torch::kCUDA`, `device != torch::kCPU`,
    // `device_str == "cuda"`.
    if (Op->isComparisonOp())
      for (const Expr *Arg : Op->arguments())
        if (isDeviceType(Arg->getType()) || isDeviceTypeEnum(Arg->getType()) ||
            isChoice(Arg, Depth + 1))
          return true;
    return false;
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    const auto *Callee = Call->getDirectCallee();
    return Callee && Callee->getIdentifier() &&
           isDeviceQueryName(Callee->getName());
  }
  if (const ValueDecl *Named = referencedDecl(E))
    return Named->getIdentifier() && namesDevice(Named->getName());
  if (const auto *Literal = llvm::dyn_cast<StringLiteral>(E))
    return Literal->isOrdinary() && namesDevice(Literal->getString());
  return false;
}

/// Whether \p Cond holding means an accelerator was chosen (`use_gpu`,
/// `torch::cuda::is_available()`, `x.is_cuda()`) or the CPU was (`use_cpu`,
/// `x.is_cpu()`), through `!`; none for anything else.
std::optional<bool> meansAccelerator(const Expr *Cond, int Depth = 0) {
  Cond = stripWrappers(Cond);
  if (!Cond || Depth > 8)
    return std::nullopt;
  if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(Cond)) {
    if (Unary->getOpcode() != UO_LNot)
      return std::nullopt;
    if (std::optional<bool> Inner =
            meansAccelerator(Unary->getSubExpr(), Depth + 1))
      return !*Inner;
    return std::nullopt;
  }
  llvm::StringRef Name;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Cond)) {
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->getIdentifier())
      Name = Callee->getName();
  } else if (const ValueDecl *Named = referencedDecl(Cond);
             Named && Named->getIdentifier()) {
    if (!Named->getType()->isBooleanType())
      return std::nullopt;
    Name = Named->getName();
  }
  if (hasWord(Name, {"cpu"}))
    return false;
  if (Name.equals_insensitive("is_available") ||
      hasWord(Name, AcceleratorWords))
    return true;
  return std::nullopt;
}

} // namespace

bool isDeviceChoiceCondition(const Expr *Cond) { return isChoice(Cond, 0); }

std::optional<AcceleratorQuery> acceleratorQuery(const Expr *Cond) {
  Cond = stripWrappers(Cond);
  if (const auto *Not = llvm::dyn_cast_or_null<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot) {
    std::optional<AcceleratorQuery> Inner = acceleratorQuery(Not->getSubExpr());
    if (Inner)
      Inner->TrueMeansAccelerator = !Inner->TrueMeansAccelerator;
    return Inner;
  }
  const auto *Query = llvm::dyn_cast_or_null<CXXMemberCallExpr>(Cond);
  const CXXMethodDecl *Method = Query ? Query->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() || Query->getNumArgs() != 0)
    return std::nullopt;
  const Expr *Subject = Query->getImplicitObjectArgument();
  if (!isTensorType(Subject->getType()) && !isDeviceType(Subject->getType()))
    return std::nullopt;
  if (Method->getName() == "is_cuda")
    return AcceleratorQuery{Subject, true};
  if (Method->getName() == "is_cpu")
    return AcceleratorQuery{Subject, false};
  return std::nullopt;
}

std::optional<DeviceComparison> comparisonWith(const Expr *Cond,
                                               llvm::StringRef Backend) {
  Cond = stripWrappers(Cond);
  auto Compare = [&](const Expr *L, const Expr *R,
                     bool Equal) -> std::optional<DeviceComparison> {
    if (const Expr *Side = isDeviceConstantOf(R, Backend)   ? L
                           : isDeviceConstantOf(L, Backend) ? R
                                                            : nullptr)
      return DeviceComparison{Side, Equal};
    return std::nullopt;
  };
  if (const auto *Op = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(Cond);
      Op && Op->getNumArgs() == 2 &&
      (Op->getOperator() == OO_EqualEqual ||
       Op->getOperator() == OO_ExclaimEqual))
    return Compare(Op->getArg(0), Op->getArg(1),
                   Op->getOperator() == OO_EqualEqual);
  if (const auto *Op = llvm::dyn_cast_or_null<BinaryOperator>(Cond);
      Op && (Op->getOpcode() == BO_EQ || Op->getOpcode() == BO_NE))
    return Compare(Op->getLHS(), Op->getRHS(), Op->getOpcode() == BO_EQ);
  return std::nullopt;
}

std::optional<DeviceComparison> cpuComparison(const Expr *Cond) {
  if (std::optional<DeviceComparison> Compared = comparisonWith(Cond, "CPU"))
    return Compared;
  Cond = stripWrappers(Cond);
  if (const auto *IsCpu = llvm::dyn_cast_or_null<CXXMemberCallExpr>(Cond);
      IsCpu && IsCpu->getNumArgs() == 0 &&
      isNamed(IsCpu->getMethodDecl(), "is_cpu"))
    return DeviceComparison{IsCpu->getImplicitObjectArgument(), true};
  return std::nullopt;
}

std::optional<AssertedPlace> assertedPlace(const Expr *Holds) {
  std::optional<DeviceComparison> Asserted = cpuComparison(Holds);
  const bool OnCpu = Asserted.has_value();
  if (!Asserted)
    Asserted = comparisonWith(Holds, "CUDA");
  if (const auto *IsCuda =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(stripWrappers(Holds));
      !Asserted && IsCuda && IsCuda->getNumArgs() == 0 &&
      isNamed(IsCuda->getMethodDecl(), "is_cuda"))
    Asserted = DeviceComparison{IsCuda->getImplicitObjectArgument(), true};
  if (!Asserted || !Asserted->Equal)
    return std::nullopt;
  const Expr *Query = Asserted->Side;
  // Down to the tensor: `.type()` of `.device()` of it.
  for (int Step = 0; Query && Step < 2; ++Step) {
    const auto *Call =
        llvm::dyn_cast<CXXMemberCallExpr>(Query->IgnoreParenImpCasts());
    if (!Call || !(isNamed(Call->getMethodDecl(), "device") ||
                   isNamed(Call->getMethodDecl(), "type")))
      break;
    Query = Call->getImplicitObjectArgument();
  }
  // An optional's tensor (`CHECK_CPU(start.value())`) places the optional,
  // which the flow follows as it would the tensor.
  const Expr *Tensor = Query ? tensorOperand(Query) : nullptr;
  if (!Tensor || !(isTensorType(Tensor->getType()) ||
                   isOptionalTensorType(Tensor->getType())))
    return std::nullopt;
  if (const ValueDecl *Var = referencedObject(Tensor))
    return AssertedPlace{Var, OnCpu};
  return std::nullopt;
}

std::optional<CpuDeviceTest> cpuDeviceTest(const Expr *Cond) {
  Cond = stripWrappers(Cond);
  if (const auto *Not = llvm::dyn_cast_or_null<UnaryOperator>(Cond);
      Not && Not->getOpcode() == UO_LNot) {
    std::optional<CpuDeviceTest> Inner = cpuDeviceTest(Not->getSubExpr());
    if (Inner)
      Inner->TrueMeansCpu = !Inner->TrueMeansCpu;
    return Inner;
  }
  std::optional<DeviceComparison> Comparison = cpuComparison(Cond);
  if (!Comparison)
    return std::nullopt;
  const Expr *Side = Comparison->Side;
  // `d.type()`: the device it is the type of.
  if (const auto *Type =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(stripWrappers(Side));
      Type && Type->getNumArgs() == 0 && isNamed(Type->getMethodDecl(), "type"))
    Side = Type->getImplicitObjectArgument();
  if (!isDeviceType(Side->getType()))
    return std::nullopt;
  const ValueDecl *Device = referencedObject(Side);
  if (!Device)
    return std::nullopt;
  return CpuDeviceTest{Device, Comparison->Equal};
}

std::optional<BranchEdge> branchEdge(const CFGBlock *Pred,
                                     const CFGBlock *Succ) {
  const auto *Cond =
      llvm::dyn_cast_or_null<Expr>(Pred->getTerminatorCondition());
  if (!Cond || Pred->succ_size() != 2)
    return std::nullopt;
  const CFGBlock *OnTrue = *Pred->succ_begin();
  const CFGBlock *OnFalse = *std::next(Pred->succ_begin());
  if (OnTrue == OnFalse || (Succ != OnTrue && Succ != OnFalse))
    return std::nullopt;
  return BranchEdge{Cond, Succ == OnTrue};
}

const ValueDecl *cpuDeviceOnEdge(const CFGBlock *Pred, const CFGBlock *Succ) {
  std::optional<BranchEdge> Edge = branchEdge(Pred, Succ);
  std::optional<CpuDeviceTest> Test =
      Edge ? cpuDeviceTest(Edge->Cond) : std::nullopt;
  return Test && Edge->TakenIfTrue == Test->TrueMeansCpu ? Test->Device
                                                         : nullptr;
}

std::optional<DeviceChoiceGuard> deviceChoiceGuard(const Stmt *S,
                                                   ASTContext &Ctx) {
  const Stmt *Current = S;
  for (int Step = 0; Current && Step < 64; ++Step) {
    const Stmt *Parent = parentStmt(Current, Ctx);
    if (!Parent || llvm::isa<LambdaExpr>(Parent))
      return std::nullopt;
    const Expr *Cond = nullptr;
    bool OnTrueSide = false;
    if (const auto *If = llvm::dyn_cast<IfStmt>(Parent);
        If && (Current == If->getThen() || Current == If->getElse())) {
      Cond = If->getCond();
      OnTrueSide = Current == If->getThen();
    } else if (const auto *Ternary =
                   llvm::dyn_cast<AbstractConditionalOperator>(Parent);
               Ternary && Current != Ternary->getCond()) {
      Cond = Ternary->getCond();
      OnTrueSide = Current == Ternary->getTrueExpr();
    }
    if (Cond && isChoice(Cond, 0)) {
      DeviceChoiceGuard Guard;
      Guard.Condition = Cond;
      if (std::optional<bool> Accelerator = meansAccelerator(Cond))
        Guard.OnCpu = OnTrueSide != *Accelerator;
      if (std::optional<CpuDeviceTest> Test = cpuDeviceTest(Cond)) {
        Guard.OnCpu = OnTrueSide == Test->TrueMeansCpu;
        Guard.TestedDevice = Test->Device;
      }
      // Only a condition that is `x.is_cuda()` itself says "follow x":
      // `!x.is_cuda() && use_gpu` is a choice like any other.
      const auto *Query =
          llvm::dyn_cast<CXXMemberCallExpr>(stripWrappers(Cond));
      const CXXMethodDecl *Method = Query ? Query->getMethodDecl() : nullptr;
      if (Method && Method->getIdentifier() && Method->getName() == "is_cuda" &&
          isTensorType(Query->getImplicitObjectArgument()->getType()))
        Guard.CudaQueryOf = referencedDecl(Query->getImplicitObjectArgument());
      return Guard;
    }
    Current = Parent;
  }
  return std::nullopt;
}

AbstractDevice DeviceTransfer::moveUnderChoice(const CXXMemberCallExpr *Move,
                                               const DeviceChoiceGuard &Guard,
                                               const AbstractDevice &Receiver,
                                               const DeviceState &S) const {
  // `if (d.is_cuda()) t = t.to(d);` (or `d.is_cuda() ? t.to(d) : t`)
  // follows d where d is a GPU: where d is, whichever path runs. Any other
  // choice is where the program chose to run: neither path is a mistake.
  const std::optional<AcceleratorQuery> Query =
      acceleratorQuery(Guard.Condition);
  const CXXMethodDecl *Method = Move->getMethodDecl();
  if (!Query || Guard.OnCpu != false || !Method->getIdentifier() ||
      Method->getName() != "to")
    return AbstractDevice::unknown();
  AbstractDevice Moved = evalTo(Move, Receiver, S);
  const AbstractDevice Asked = isTensorType(Query->Subject->getType())
                                   ? eval(Query->Subject, S)
                                   : evalDevice(Query->Subject, S);
  if (Moved.K != AbstractDevice::Kind::SameAs ||
      Asked.K != AbstractDevice::Kind::SameAs || Asked.Symbol != Moved.Symbol ||
      Asked.Part != Moved.Part)
    return AbstractDevice::unknown();
  Moved.FollowsAccelerator = true;
  return Moved;
}

bool isChosenMove(const Stmt *Move, const Expr *Device, ASTContext &Ctx) {
  const std::optional<DeviceChoiceGuard> Guard = deviceChoiceGuard(Move, Ctx);
  return Guard && !(Guard->TestedDevice && Guard->OnCpu == false && Device &&
                    referencedObject(Device) == Guard->TestedDevice);
}

} // namespace clang::tidy::torch::device
