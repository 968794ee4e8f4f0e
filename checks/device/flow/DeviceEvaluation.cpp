//===--- DeviceEvaluation.cpp - the device of an expression in a state ---===//
//
// The half of DeviceTransfer that reads expressions: where a tensor, device
// or options expression points in a state, and what a call returns (a move,
// a factory, an op by its rule, a summarised function). docs/design.md,
// "Expression evaluation".
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceTransfer.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/flow/TransferSyntax.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

namespace {

/// The device index an integer literal names, if \p E is one.
std::optional<int> literalIndex(const Expr *E) {
  const auto *Index = llvm::dyn_cast_or_null<IntegerLiteral>(tensorOperand(E));
  if (!Index)
    return std::nullopt;
  return static_cast<int>(Index->getValue().getSExtValue());
}

/// The device of \p Backend ("CUDA", "CPU", ...); \p Index: CUDA's.
AbstractDevice ofBackend(llvm::StringRef Backend, int Index,
                         const Stmt *Origin) {
  if (Backend == "CUDA")
    return AbstractDevice::cuda(Index, Origin);
  if (Backend == "CPU")
    return AbstractDevice::cpu(Origin);
  AbstractDevice D;
  D.K = Kind::Other;
  D.Origin = Origin;
  return D;
}

/// "cuda:1", "cpu", "mps", ...
AbstractDevice deviceFromString(const StringLiteral *S, const Stmt *Origin) {
  int Index = -1;
  if (llvm::StringRef Text = S->getString(); Text.consume_front("cuda:"))
    Text.getAsInteger(10, Index);
  return ofBackend(backendOfString(S), Index, Origin);
}

/// kCUDA, kCPU, DeviceType::CUDA, c10::kMPS, ...
std::optional<AbstractDevice> deviceFromConstant(const ValueDecl *D,
                                                 const Stmt *Origin) {
  if (!isDeviceTypeConstant(D))
    return std::nullopt;
  return ofBackend(backendOfConstant(D), -1, Origin);
}

bool isReduction(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("sum", "mean", "max", "min", "norm", "prod", true)
      .Cases("amax", "amin", "std", "var", "all", "any", true)
      .Cases("argmax", "argmin", "median", "nansum", "nanmean", true)
      .Default(false);
}

/// The number of dimensions a shape argument spells out (`{1, 3, 1, 1}`: 4,
/// `{}`: 0, a lone integer: 1); none when it is computed.
std::optional<unsigned> shapeLength(const Expr *Shape) {
  const Expr *Spelled = spelledArgument(Shape);
  if (!Spelled)
    return std::nullopt;
  if (const auto *List = llvm::dyn_cast<InitListExpr>(Spelled))
    return List->getNumInits();
  if (Spelled->getType()->isIntegerType())
    return 1;
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(Spelled);
      Construct && Construct->isListInitialization() &&
      Construct->getNumArgs() == 0)
    return 0; // `{}`
  return std::nullopt;
}

/// The arguments \p Call spells out, default arguments left out.
unsigned writtenArgs(const CallExpr *Call) {
  return llvm::count_if(Call->arguments(), [](const Expr *Arg) {
    return !llvm::isa<CXXDefaultArgExpr>(Arg);
  });
}

bool changesShape(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("view", "reshape", "flatten", "unsqueeze", "squeeze", true)
      .Cases("index", "select", "matmul", "mm", "bmm", "view_as", true)
      .Default(false);
}

/// Ops whose result has at least the dimensions of their first tensor
/// (`narrow`, `transpose`, `expand`): a tensor with one keeps it.
bool keepsRank(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("slice", "narrow", "index_select", "t", "transpose", true)
      .Cases("permute", "expand", "expand_as", "repeat", "flip", true)
      .Default(false);
}

/// The member or variable \p E dereferences: `*device_`, `*ptr`.
const ValueDecl *heldThroughPointer(const Expr *E) {
  const Expr *Pointer = nullptr;
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Star && Op->getNumArgs() == 1)
    Pointer = Op->getArg(0);
  else if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(E);
           Unary && Unary->getOpcode() == UO_Deref)
    Pointer = Unary->getSubExpr();
  Pointer = Pointer ? tensorOperand(Pointer) : nullptr;
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(Pointer))
    return llvm::isa<CXXThisExpr>(tensorOperand(Member->getBase()))
               ? Member->getMemberDecl()
               : nullptr;
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(Pointer))
    return llvm::dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

/// For a call of a getter on `this` whose body is `return member;` (or
/// `return *member;`), that member expression; evaluated in the caller, it
/// names the same object's member.
const Expr *getterField(const Expr *E) {
  const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E);
  if (!Call || Call->getNumArgs() != 0 || !Call->getImplicitObjectArgument() ||
      !llvm::isa<CXXThisExpr>(tensorOperand(Call->getImplicitObjectArgument())))
    return nullptr;
  const FunctionDecl *Definition = nullptr;
  const CXXMethodDecl *Method = Call->getMethodDecl();
  if (!Method || Method->isVirtual() || !Method->hasBody(Definition) ||
      !Definition)
    return nullptr;
  const auto *Body =
      llvm::dyn_cast_or_null<CompoundStmt>(Definition->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Return = llvm::dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *Value = Return && Return->getRetValue()
                          ? tensorOperand(Return->getRetValue())
                          : nullptr;
  // The copy into the returned Device.
  if (const auto *Copy = llvm::dyn_cast_or_null<CXXConstructExpr>(Value);
      Copy && Copy->getNumArgs() == 1)
    Value = tensorOperand(Copy->getArg(0));
  if (!Value)
    return nullptr;
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(Value);
      Member && llvm::isa<CXXThisExpr>(tensorOperand(Member->getBase())))
    return Value;
  return llvm::isa_and_nonnull<FieldDecl>(heldThroughPointer(Value)) ? Value
                                                                     : nullptr;
}

/// The tensor methods whose result's device or rank the transfer knows
/// without a rule: moves, `type_as`, and shape changes whose rank is known.
enum class TensorMethod {
  To,
  Cuda,
  Cpu,
  TypeAs,
  AddsDimension,
  Reshape,
  Other
};

TensorMethod tensorMethodKind(llvm::StringRef Name) {
  return llvm::StringSwitch<TensorMethod>(Name)
      .Case("to", TensorMethod::To)
      .Case("cuda", TensorMethod::Cuda)
      .Case("cpu", TensorMethod::Cpu)
      .Case("type_as", TensorMethod::TypeAs)
      .Cases("flatten", "unsqueeze", TensorMethod::AddsDimension)
      .Cases("view", "reshape", TensorMethod::Reshape)
      .Default(TensorMethod::Other);
}

} // namespace

AbstractDevice DeviceTransfer::eval(const Expr *E, const DeviceState &S) const {
  E = tensorOperand(E);
  if (!E)
    return AbstractDevice::unknown();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
    return llvm::isa<VarDecl, BindingDecl>(Ref->getDecl())
               ? lookup(Ref->getDecl(), S)
               : AbstractDevice::unknown();
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
    if (llvm::isa<CXXThisExpr>(tensorOperand(Member->getBase())))
      return lookup(Member->getMemberDecl(), S);
    if (const ValueDecl *Module = moduleRoot(Member->getBase()))
      return lookup(Module, S);
    // `batch.labels` of a local aggregate: what was assigned to it here.
    if (const FieldDecl *Field = trackedField(Member)) {
      auto It = S.Vars.find(Field);
      return It != S.Vars.end() ? It->second : AbstractDevice::unknown();
    }
    return evalHeldMember(Member);
  }
  if (const auto *Cond = llvm::dyn_cast<ConditionalOperator>(E))
    return AbstractDevice::join(eval(Cond->getTrueExpr(), S),
                                eval(Cond->getFalseExpr(), S));
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E))
    return evalCall(Call, S);
  return AbstractDevice::unknown();
}

namespace {

/// Whether every constructor of \p Member's class, all defined here, builds
/// the member itself: no initializer in the class and none written in a
/// constructor (`Storage storage_;`), so nothing a caller handed in.
bool builtByItsClass(const FieldDecl *Member) {
  const auto *Class = llvm::dyn_cast<CXXRecordDecl>(Member->getParent());
  if (!Class || Member->hasInClassInitializer())
    return false;
  for (const CXXConstructorDecl *Declared : Class->ctors()) {
    const FunctionDecl *Definition = nullptr;
    if (Declared->isImplicit() || Declared->isCopyOrMoveConstructor())
      continue;
    if (!Declared->hasBody(Definition) || !Definition)
      return false;
    for (const CXXCtorInitializer *Init :
         llvm::cast<CXXConstructorDecl>(Definition)->inits())
      if (Init->getMember() == Member && Init->isWritten())
        return false;
  }
  return true;
}

} // namespace

AbstractDevice DeviceTransfer::evalHeldMember(const MemberExpr *Member) const {
  const auto *Field = llvm::dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (!Field || !isTensorType(Field->getType()))
    return AbstractDevice::unknown();
  // Placed there by every constructor of its class, whoever holds it.
  if (Summaries)
    if (AbstractDevice Placed = Summaries->memberOnEntry(Field, Ctx);
        Placed.K != Kind::Unknown && Placed.K != Kind::SameAs)
      return Placed;
  // `crystal_.F_values_`, `cfg.weights`, `state->h`: a tensor of an object
  // this function holds (a member, a parameter) lives wherever that
  // object's owner put its data, as a tensor member or parameter does.
  const Expr *Base = tensorOperand(Member->getBase());
  if (const auto *Arrow = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(Base);
      Arrow && Arrow->getOperator() == OO_Arrow && Arrow->getNumArgs() == 1)
    Base = Arrow->getArg(0);
  const ValueDecl *Holder = assignedDecl(Base);
  // A member object the class builds itself, given nothing by its
  // constructors' callers, holds what the class's own methods put there.
  if (const auto *Own = llvm::dyn_cast_or_null<FieldDecl>(Holder);
      Own && builtByItsClass(Own))
    return AbstractDevice::unknown();
  if (llvm::isa_and_nonnull<ParmVarDecl, FieldDecl>(Holder))
    return AbstractDevice::sameAs(Holder);
  return AbstractDevice::unknown();
}

AbstractDevice DeviceTransfer::evalOptions(const Expr *Options,
                                           const DeviceState &S,
                                           const Stmt *Origin) const {
  AbstractDevice D = evalDevice(Options, S);
  if (D.K != Kind::Unknown && D.K != Kind::SameAs)
    D.Origin = Origin;
  D.clearDeviceLess();
  D.ZeroDim = Tri::Unknown;
  return D;
}

AbstractDevice DeviceTransfer::evalTo(const CXXMemberCallExpr *Call,
                                      const AbstractDevice &Receiver,
                                      const DeviceState &S) const {
  if (Call->getNumArgs() == 0)
    return AbstractDevice::unknown();
  const Expr *Arg = Call->getArg(0);
  QualType T = Arg->getType();
  AbstractDevice Result;
  if (isDeviceLike(T) || isTensorType(T)) {
    Result = isTensorType(T) ? eval(Arg, S) : evalDevice(Arg, S);
  } else if (isTensorOptionsType(T)) {
    switch (classifyOptions(Arg, Body)) {
    case OptionsDevice::NoDevice:
      return Receiver;
    case OptionsDevice::HasDevice:
      Result = evalDevice(Arg, S);
      break;
    case OptionsDevice::Unknown:
      return AbstractDevice::unknown();
    }
  } else {
    return Receiver; // .to(kFloat): a dtype change stays put.
  }
  if (Result.K != Kind::SameAs)
    Result.Origin = Call;
  Result.clearDeviceLess();
  Result.ZeroDim = Receiver.ZeroDim;
  return Result;
}

AbstractDevice DeviceTransfer::evalDevice(const Expr *E,
                                          const DeviceState &S) const {
  E = tensorOperand(E);
  if (!E)
    return AbstractDevice::unknown();
  if (const auto *Lit = llvm::dyn_cast<StringLiteral>(E))
    return deviceFromString(Lit, E);
  // A device variable that holds a run-time choice (`cuda ? kCUDA : kCPU`,
  // CPU then CUDA under an `if`, or a string from the command line) is one
  // device, whichever was chosen: everything placed with it is together, so
  // it stands for itself.
  auto Chosen = [&](const ValueDecl *Var) {
    AbstractDevice D = lookup(Var, S);
    if (D.K != Kind::Maybe && (D.K != Kind::Unknown || !Var))
      return D;
    AbstractDevice Itself = AbstractDevice::sameAs(Var);
    Itself.Origin = D.Origin;
    return Itself;
  };
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E)) {
    if (auto D = deviceFromConstant(Ref->getDecl(), E))
      return *D;
    return Chosen(llvm::dyn_cast<VarDecl>(Ref->getDecl()));
  }
  // A member of this object, or a device another one holds
  // (`config_->device`): chosen where that object is set up.
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(E))
    if (llvm::isa<CXXThisExpr>(tensorOperand(Member->getBase())) ||
        isDeviceLike(Member->getMemberDecl()->getType()))
      return Chosen(Member->getMemberDecl());
  // A device held through a pointer (`*device_`, a shared_ptr<Device>
  // member) stands for itself, as a member holding it directly does.
  if (const ValueDecl *Holder = heldThroughPointer(E))
    return Chosen(Holder);
  // A getter of this class that returns a member (`device()`).
  if (const Expr *Field = getterField(E))
    return evalDevice(Field, S);
  if (const auto *Cond = llvm::dyn_cast<ConditionalOperator>(E))
    return AbstractDevice::join(evalDevice(Cond->getTrueExpr(), S),
                                evalDevice(Cond->getFalseExpr(), S));
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 0)
      return AbstractDevice::unknown();
    AbstractDevice D = evalDevice(Construct->getArg(0), S);
    // Device(kCUDA, 1)
    if (D.K == Kind::Cuda && Construct->getNumArgs() > 1)
      D.CudaIndex = literalIndex(Construct->getArg(1)).value_or(D.CudaIndex);
    return D;
  }
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (!Method || !Method->getIdentifier() || !Object)
      return AbstractDevice::unknown();
    llvm::StringRef Name = Method->getName();
    if (isTensorType(Object->getType())) {
      if (Name != "device" && Name != "options")
        return AbstractDevice::unknown();
      AbstractDevice D = eval(Object, S);
      D.ZeroDim = Tri::Unknown;
      D.clearDeviceLess();
      return D;
    }
    if (isTensorOptionsType(Object->getType())) {
      if (Name == "device" && Member->getNumArgs() > 0) {
        AbstractDevice D = evalDevice(Member->getArg(0), S);
        if (D.K == Kind::Cuda && Member->getNumArgs() > 1)
          D.CudaIndex = literalIndex(Member->getArg(1)).value_or(D.CudaIndex);
        return D;
      }
      if (Name == "device_index" && Member->getNumArgs() > 0)
        return AbstractDevice::cuda(
            literalIndex(Member->getArg(0)).value_or(-1), E);
      return evalDevice(Object, S); // .dtype(...) keeps the device
    }
    return AbstractDevice::unknown();
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    const auto *Callee =
        llvm::dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
    if (Callee && Callee->getIdentifier() && Call->getNumArgs() > 0 &&
        isTensorOptionsType(Callee->getReturnType()) &&
        Callee->getName() == "device")
      return evalDevice(Call->getArg(0), S);
  }
  return AbstractDevice::unknown();
}

AbstractDevice DeviceTransfer::evalCall(const CallExpr *Call,
                                        const DeviceState &S) const {
  const std::optional<DeviceRule> Rule = ruleOf(Call, Index);
  const auto *Callee =
      llvm::dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
  if (!Callee || !isTensorType(Callee->getReturnType()))
    return AbstractDevice::unknown();
  // An element of a pair or tuple (`std::get<1>(state)` of a parameter:
  // wherever the caller put it; `std::get<0>(torch::sort(x, 1))`).
  if (const std::optional<AbstractDevice> Element = evalTupleElement(Call, S))
    return *Element;

  // A TorchScript module's output: where the data it ran on is.
  if (const CallExpr *Run = scriptModuleRunOf(Call); Run && Run != Call)
    return opResult(Run, DeviceRule::Strict, S);

  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
    const Expr *Object = Member->getImplicitObjectArgument();
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if (Object && Method && Method->getIdentifier() &&
        isTensorType(Object->getType())) {
      const AbstractDevice Receiver = eval(Object, S);
      llvm::StringRef Name = Method->getName();
      const TensorMethod Kind = tensorMethodKind(Name);
      // A move under a run-time device choice (`if (use_gpu) t = t.cuda();`)
      // is where the program chose to run: neither path is a mistake.
      const bool Moves = Kind == TensorMethod::To ||
                         Kind == TensorMethod::Cuda ||
                         Kind == TensorMethod::Cpu;
      if (const auto Guard =
              Moves ? deviceChoiceGuard(Call, Ctx) : std::nullopt)
        return moveUnderChoice(Member, *Guard, Receiver, S);
      switch (Kind) {
      case TensorMethod::To:
        return evalTo(Member, Receiver, S);
      case TensorMethod::Cuda: {
        AbstractDevice D = AbstractDevice::cuda(-1, Call);
        D.ZeroDim = Receiver.ZeroDim;
        return D;
      }
      case TensorMethod::Cpu:
        return AbstractDevice::cpu(Call, false, Receiver.ZeroDim);
      case TensorMethod::TypeAs:
        if (Member->getNumArgs() > 0) {
          AbstractDevice D = eval(Member->getArg(0), S);
          D.ZeroDim = Receiver.ZeroDim;
          D.clearDeviceLess();
          return D;
        }
        break;
      default:
        break;
      }
      if (Rule == DeviceRule::InheritsDevice) { // x.new_zeros(...)
        AbstractDevice D = Receiver;
        D.ZeroDim = Tri::Unknown;
        return D;
      }
      if (Rule == DeviceRule::Strict || Rule == DeviceRule::CpuScalar ||
          Rule == DeviceRule::CpuScalarInPlace || Rule == DeviceRule::Where) {
        AbstractDevice D = common(inputsOf(Call, S), *Rule);
        // `x.max()`: the one-tensor overload of a binary op is a reduction.
        if (isReduction(Name) && writtenArgs(Member) == 0)
          D.ZeroDim = Tri::Yes;
        return D;
      }
      AbstractDevice D = Receiver;
      if (isReduction(Name) && writtenArgs(Member) == 0)
        D.ZeroDim = Tri::Yes;
      else if (Kind == TensorMethod::AddsDimension)
        D.ZeroDim = Tri::No; // at least one dimension
      else if (const std::optional<unsigned> Rank =
                   Kind == TensorMethod::Reshape && Member->getNumArgs() == 1
                       ? shapeLength(Member->getArg(0))
                       : std::nullopt)
        D.ZeroDim = *Rank == 0 ? Tri::Yes : Tri::No;
      else if (isReduction(Name) || changesShape(Name) ||
               (keepsRank(Name) && D.ZeroDim != Tri::No))
        D.ZeroDim = Tri::Unknown;
      return D;
    }
  }
  // `t[i]` lives where t does; `list[i]` where the list's elements are.
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Call);
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0) {
    if (isTensorListType(Op->getArg(0)->getType()))
      return evalElement(Op->getArg(0), S);
    if (isTensorType(Op->getArg(0)->getType())) {
      AbstractDevice D = eval(Op->getArg(0), S);
      D.ZeroDim = Tri::Unknown;
      D.clearDeviceLess();
      return D;
    }
  }

  // `torch::argmax(t)`, `torch::max(t)`: a whole-tensor reduction, as the
  // method is, 0-dim where t lives (max's two-tensor overload has a rule).
  if (writtenArgs(Call) == 1 && Callee->getIdentifier() &&
      isReduction(Callee->getName()) &&
      isTensorType(Call->getArg(0)->getType()) &&
      (isInTopNamespace(Callee, "at") || isInTopNamespace(Callee, "torch"))) {
    AbstractDevice D = eval(Call->getArg(0), S);
    D.ZeroDim = Tri::Yes;
    return D;
  }
  // A listed module run as `net->forward(x)`: where the data it ran on is.
  if (Rule && *Rule == DeviceRule::Strict && forwardedModule(Call))
    return opResult(Call, *Rule, S);
  if (!Rule || llvm::isa<CXXMemberCallExpr>(Call)) {
    // A function of this translation unit: its result, seen from here (of
    // a module's run: that run's output).
    if (const FunctionSummary *Summary = summaryOf(Call)) {
      AbstractDevice D = resultAtCall(Summary->Result, Call, *Summary, S);
      D.RunOutput |= isRunOutputOf(D, forwardedModule(Call));
      return D;
    }
    // A libtorch op the table does not list (`torch::exp(t)`,
    // `torch::narrow(t, 0, 0, 2)`): it computes where its tensors are, as
    // its method form does. Its device checks are not known, so a 0-dim CPU
    // input decides nothing.
    if (!Rule && isUnlistedLibtorchOp(Callee)) {
      AbstractDevice D = common(inputsOf(Call, S), DeviceRule::CpuScalar);
      const llvm::StringRef Name =
          Callee->getIdentifier() ? Callee->getName() : "";
      if (isReduction(Name) || changesShape(Name) ||
          (keepsRank(Name) && D.ZeroDim != Tri::No))
        D.ZeroDim = Tri::Unknown;
      return D;
    }
    // A forward the unit cannot pin down (AnyModule's): output on the module.
    if (const Expr *Module = forwardedModule(Call); Module && !Rule) {
      AbstractDevice D = lookup(moduleRoot(Module), S);
      D.RunOutput = isRunOutputOf(D, Module);
      D.ZeroDim = Tri::Unknown;
      return D;
    }
    return AbstractDevice::unknown();
  }
  switch (*Rule) {
  case DeviceRule::Factory: {
    const int OptionsIndex = tensorOptionsParamIndex(Callee);
    if (OptionsIndex < 0 ||
        static_cast<unsigned>(OptionsIndex) >= Call->getNumArgs())
      return AbstractDevice::unknown();
    const Expr *Opts = Call->getArg(OptionsIndex);
    // torch::tensor(2.0) and scalar_tensor(...) are 0-dim; a braced list,
    // a vector or a size makes at least one dimension.
    Tri ZeroDim = Tri::No;
    const Expr *First =
        Call->getNumArgs() > 0 ? tensorOperand(Call->getArg(0)) : nullptr;
    while (const auto *Construct =
               llvm::dyn_cast_or_null<CXXConstructExpr>(First)) {
      if (Construct->getNumArgs() != 1)
        break;
      First = tensorOperand(Construct->getArg(0)); // TensorDataContainer(value)
    }
    if (Callee->getName() == "scalar_tensor" ||
        (Callee->getName() == "tensor" && First &&
         First->getType()->isArithmeticType()))
      ZeroDim = Tri::Yes;
    switch (classifyOptions(Opts, Body)) {
    case OptionsDevice::NoDevice:
      return AbstractDevice::cpu(Call, /*DeviceLess=*/true, ZeroDim);
    case OptionsDevice::HasDevice: {
      AbstractDevice D = evalOptions(Opts, S, Call);
      D.ZeroDim = ZeroDim;
      return D;
    }
    case OptionsDevice::Unknown:
      return AbstractDevice::unknown();
    }
    return AbstractDevice::unknown();
  }
  case DeviceRule::InheritsDevice: {
    if (Call->getNumArgs() == 0)
      return AbstractDevice::unknown();
    const int OptionsIndex = tensorOptionsParamIndex(Callee);
    if (OptionsIndex >= 0 &&
        static_cast<unsigned>(OptionsIndex) < Call->getNumArgs() &&
        classifyOptions(Call->getArg(OptionsIndex), Body) ==
            OptionsDevice::HasDevice)
      return evalOptions(Call->getArg(OptionsIndex), S, Call);
    return eval(Call->getArg(0), S);
  }
  case DeviceRule::Strict:
  case DeviceRule::CpuScalar:
  case DeviceRule::CpuScalarInPlace:
  case DeviceRule::Where:
    return opResult(Call, *Rule, S);
  default:
    return AbstractDevice::unknown();
  }
}

} // namespace clang::tidy::torch::device
