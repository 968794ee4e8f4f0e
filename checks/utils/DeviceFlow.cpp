//===--- DeviceFlow.cpp - where each tensor lives, per function -----------===//
#include "utils/DeviceFlow.h"
#include "utils/CallSite.h"
#include "utils/DeviceChoice.h"
#include "utils/DeviceUsage.h"
#include "utils/FunctionSummaries.h"
#include "utils/TensorOptionsAnalysis.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>

namespace clang::tidy::torch::utils {

using Kind = AbstractDevice::Kind;

AbstractDevice AbstractDevice::cpu(const Stmt *Origin, bool DeviceLess,
                                   Tri ZeroDim) {
  AbstractDevice D;
  D.K = Kind::Cpu;
  D.Origin = Origin;
  D.DeviceLess = DeviceLess;
  D.ZeroDim = ZeroDim;
  if (DeviceLess && Origin)
    D.Factories.push_back(Origin);
  return D;
}

AbstractDevice AbstractDevice::cuda(int Index, const Stmt *Origin) {
  AbstractDevice D;
  D.K = Kind::Cuda;
  D.CudaIndex = Index;
  D.Origin = Origin;
  return D;
}

AbstractDevice AbstractDevice::sameAs(const ValueDecl *Symbol) {
  AbstractDevice D;
  D.K = Kind::SameAs;
  D.Symbol = Symbol;
  return D;
}

bool AbstractDevice::mayBeOffCpu() const {
  return K == Kind::Cuda || K == Kind::Other || K == Kind::SameAs ||
         (K == Kind::Maybe && MayBeNonCpu);
}

bool AbstractDevice::provablyDiffers(const AbstractDevice &O) const {
  auto Concrete = [](const AbstractDevice &D) {
    return D.K == Kind::Cpu || D.K == Kind::Cuda;
  };
  if (!Concrete(*this) || !Concrete(O))
    return false;
  if (K != O.K)
    return true;
  // cuda (the current device) may be cuda:0: only two explicit indices differ.
  return K == Kind::Cuda && CudaIndex >= 0 && O.CudaIndex >= 0 &&
         CudaIndex != O.CudaIndex;
}

bool AbstractDevice::sameValue(const AbstractDevice &O) const {
  return K == O.K && CudaIndex == O.CudaIndex && Symbol == O.Symbol &&
         DeviceLess == O.DeviceLess && MayBeNonCpu == O.MayBeNonCpu &&
         MayBeCpu == O.MayBeCpu &&
         ZeroDim == O.ZeroDim && Origin == O.Origin &&
         Factories == O.Factories && AlsoSymbols == O.AlsoSymbols;
}

AbstractDevice AbstractDevice::join(const AbstractDevice &A,
                                    const AbstractDevice &B) {
  if (A.sameValue(B))
    return A;
  const bool SameDevice = A.K == B.K && A.CudaIndex == B.CudaIndex &&
                          A.Symbol == B.Symbol && A.K != Kind::Maybe;
  if (SameDevice) {
    AbstractDevice D = A;
    if (A.AlsoSymbols != B.AlsoSymbols)
      D.AlsoSymbols.clear();
    D.DeviceLess = A.DeviceLess && B.DeviceLess;
    for (const Stmt *F : B.Factories)
      if (!llvm::is_contained(D.Factories, F))
        D.Factories.push_back(F);
    if (!D.DeviceLess)
      D.Factories.clear();
    if (A.ZeroDim != B.ZeroDim)
      D.ZeroDim = Tri::Unknown;
    return D;
  }
  if (A.K == Kind::Unknown || B.K == Kind::Unknown)
    return unknown();
  AbstractDevice D;
  D.K = Kind::Maybe;
  D.MayBeNonCpu = A.mayBeOffCpu() || B.mayBeOffCpu();
  D.MayBeCpu = A.isCpu() || B.isCpu() || (A.K == Kind::Maybe && A.MayBeCpu) ||
               (B.K == Kind::Maybe && B.MayBeCpu);
  // Why it may be off the CPU: the move or placement on that path.
  D.Origin = A.mayBeOffCpu() && A.Origin   ? A.Origin
             : B.mayBeOffCpu() && B.Origin ? B.Origin
             : A.Origin                    ? A.Origin
                                           : B.Origin;
  D.ZeroDim = A.ZeroDim == B.ZeroDim ? A.ZeroDim : Tri::Unknown;
  // A path that still holds a device-less factory's CPU tensor is remembered:
  // moving on one branch only does not fix the other.
  for (const AbstractDevice *Side : {&A, &B})
    if ((Side->isCpu() && Side->DeviceLess) || Side->K == Kind::Maybe)
      for (const Stmt *F : Side->Factories)
        if (!llvm::is_contained(D.Factories, F))
          D.Factories.push_back(F);
  return D;
}

std::string AbstractDevice::describe() const {
  switch (K) {
  case Kind::Cpu:
    return "cpu";
  case Kind::Cuda:
    return CudaIndex >= 0 ? "cuda:" + std::to_string(CudaIndex) : "cuda";
  case Kind::Other:
    return "a non-CPU device";
  case Kind::SameAs:
    return "the device of '" + Symbol->getNameAsString() + "'";
  case Kind::Maybe:
    return "a device that depends on the path taken";
  case Kind::Unknown:
    break;
  }
  return "an unknown device";
}

namespace {

constexpr unsigned MaxListElements = 8;

struct ListValue {
  llvm::SmallVector<AbstractDevice, 4> Elements;
  bool Opaque = false; ///< Contents not known (a parameter, an opaque call).

  void add(const AbstractDevice &D) {
    for (const AbstractDevice &E : Elements)
      if (E.sameValue(D))
        return;
    if (Elements.size() >= MaxListElements)
      Opaque = true;
    else
      Elements.push_back(D);
  }
  /// Joins \p O's elements (and its opacity) into this list.
  void addAll(const ListValue &O) {
    Opaque |= O.Opaque;
    for (const AbstractDevice &E : O.Elements)
      add(E);
  }
  bool sameValue(const ListValue &O) const {
    if (Opaque != O.Opaque || Elements.size() != O.Elements.size())
      return false;
    for (size_t I = 0; I < Elements.size(); ++I)
      if (!Elements[I].sameValue(O.Elements[I]))
        return false;
    return true;
  }
};

struct State {
  llvm::DenseMap<const ValueDecl *, AbstractDevice> Vars;
  llvm::DenseMap<const ValueDecl *, ListValue> Lists;
  bool Reached = false;

  bool sameValue(const State &O) const {
    if (Reached != O.Reached || Vars.size() != O.Vars.size() ||
        Lists.size() != O.Lists.size())
      return false;
    for (const auto &[D, V] : Vars) {
      auto It = O.Vars.find(D);
      if (It == O.Vars.end() || !It->second.sameValue(V))
        return false;
    }
    for (const auto &[D, L] : Lists) {
      auto It = O.Lists.find(D);
      if (It == O.Lists.end() || !It->second.sameValue(L))
        return false;
    }
    return true;
  }

  /// Merges \p O into this state at a join point of the CFG.
  void joinWith(const State &O) {
    if (!O.Reached)
      return;
    if (!Reached) {
      *this = O;
      return;
    }
    for (const auto &[D, V] : O.Vars) {
      auto It = Vars.find(D);
      // A variable declared on one path only keeps that path's value.
      if (It == Vars.end())
        Vars[D] = V;
      else
        It->second = AbstractDevice::join(It->second, V);
    }
    for (const auto &[D, L] : O.Lists)
      Lists[D].addAll(L);
  }
};

/// stripWrappers, and also through copies and moves of tensors: a copy is
/// on its source's device.
const Expr *strip(const Expr *E) {
  for (E = stripWrappers(E); E; E = stripWrappers(E)) {
    const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
    if (!Construct || Construct->getNumArgs() != 1 ||
        llvm::isa<CXXTemporaryObjectExpr>(Construct) ||
        !isTensorType(Construct->getType()) ||
        !isTensorType(Construct->getArg(0)->getType()))
      return E;
    E = Construct->getArg(0);
  }
  return E;
}


bool isDeviceLike(QualType T) { return isDeviceType(T) || isDeviceTypeEnum(T); }

/// c10::optional<Tensor> / std::optional<Tensor> (clamp's bounds, biases).
bool isOptionalTensorType(QualType T) {
  const auto *Spec = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  return Spec && Spec->getName() == "optional" &&
         Spec->getTemplateArgs().size() == 1 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
         isTensorType(Spec->getTemplateArgs()[0].getAsType());
}

/// The tensor inside an optional<Tensor> argument, when one was written.
const Expr *optionalPayload(const Expr *E) {
  for (int Depth = 0; E && Depth < 4; ++Depth) {
    E = stripWrappers(E);
    if (isTensorType(E->getType()))
      return E;
    const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
    if (!Construct || Construct->getNumArgs() != 1)
      return nullptr;
    E = Construct->getArg(0);
  }
  return nullptr;
}

/// The variable or parameter \p E names, or a member of `this`.
const ValueDecl *assignedDecl(const Expr *E) {
  E = strip(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return llvm::dyn_cast<VarDecl>(Ref->getDecl());
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(E))
    if (llvm::isa<CXXThisExpr>(strip(Member->getBase())))
      return Member->getMemberDecl();
  return nullptr;
}

/// The construction of the module \p VD holds by value, when it is built
/// by its declaration from arguments that name no device (`Net net(3);`, not
/// a copy, not an empty holder `Net net{nullptr}`, not `Net net(device)`).
const CXXConstructExpr *builtModule(const VarDecl *VD) {
  if (!VD || !VD->getInit() || VD->getType()->isReferenceType() ||
      VD->getType()->isPointerType() || !isModuleType(VD->getType()))
    return nullptr;
  const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(strip(VD->getInit()));
  if (!Construct || Construct->getConstructor()->isCopyOrMoveConstructor())
    return nullptr;
  for (const Expr *Arg : Construct->arguments()) {
    const QualType T = Arg->getType().getNonReferenceType();
    if (T->isNullPtrType() || isDeviceType(T) || isDeviceTypeEnum(T) ||
        isTensorOptionsType(T) || isModuleType(T) || isTensorType(T))
      return nullptr;
  }
  return Construct;
}

/// The module variable a member access goes through: `net->fc1->weight`.
const ValueDecl *moduleRoot(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = strip(E);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
      return isModuleType(Ref->getType()) ? Ref->getDecl() : nullptr;
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
      if (llvm::isa<CXXThisExpr>(strip(Member->getBase())))
        return isModuleType(Member->getMemberDecl()->getType())
                   ? Member->getMemberDecl()
                   : nullptr;
      E = Member->getBase();
    } else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E)) {
      E = Op->getNumArgs() > 0 ? Op->getArg(0) : nullptr; // holder->x
    } else if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
      E = Call->getImplicitObjectArgument(); // holder.get(), ptr()
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

/// The device index an integer literal names, if \p E is one.
std::optional<int> literalIndex(const Expr *E) {
  const auto *Index = llvm::dyn_cast_or_null<IntegerLiteral>(strip(E));
  if (!Index)
    return std::nullopt;
  return static_cast<int>(Index->getValue().getSExtValue());
}

AbstractDevice otherDevice(const Stmt *Origin) {
  AbstractDevice D;
  D.K = Kind::Other;
  D.Origin = Origin;
  return D;
}

/// "cuda:1", "cpu", "mps", ...
AbstractDevice deviceFromString(const StringLiteral *S, const Stmt *Origin) {
  const std::string Backend = backendOfString(S);
  if (Backend == "CUDA") {
    int Index = -1;
    llvm::StringRef Text = S->getString();
    if (Text.consume_front("cuda:"))
      Text.getAsInteger(10, Index);
    return AbstractDevice::cuda(Index, Origin);
  }
  if (Backend == "CPU")
    return AbstractDevice::cpu(Origin);
  return otherDevice(Origin);
}

/// kCUDA, kCPU, DeviceType::CUDA, c10::kMPS, ...
std::optional<AbstractDevice> deviceFromConstant(const ValueDecl *D,
                                                 const Stmt *Origin) {
  if (!isDeviceTypeConstant(D))
    return std::nullopt;
  const std::string Backend = backendOfConstant(D);
  if (Backend == "CUDA")
    return AbstractDevice::cuda(-1, Origin);
  if (Backend == "CPU")
    return AbstractDevice::cpu(Origin);
  return otherDevice(Origin);
}

bool isReduction(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("sum", "mean", "max", "min", "norm", "prod", true)
      .Cases("amax", "amin", "std", "var", "all", "any", true)
      .Default(false);
}

bool changesShape(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("view", "reshape", "flatten", "unsqueeze", "squeeze", true)
      .Cases("index", "index_select", "slice", "select", "narrow", true)
      .Cases("expand", "repeat", "t", "transpose", "permute", true)
      .Cases("matmul", "mm", "bmm", "expand_as", "view_as", true)
      .Default(false);
}

} // namespace

std::optional<DeviceRule>
ruleOf(const CallExpr *Call, const llvm::StringMap<DeviceRule> &Index,
       std::string *Name) {
  const auto *Callee = llvm::dyn_cast_or_null<FunctionDecl>(
      Call ? Call->getCalleeDecl() : nullptr);
  if (!Callee)
    return std::nullopt;
  std::string Qualified = qualifiedName(Callee);
  auto It = Index.find(Qualified);
  if (It == Index.end())
    return std::nullopt;
  if (Name)
    *Name = std::move(Qualified);
  return It->second;
}

llvm::StringMap<DeviceRule> buildRuleIndex(const OpRuleSet &Rules) {
  llvm::StringMap<DeviceRule> Index;
  for (const OpRule &R : Rules.Rules) {
    Index[R.Name] = R.Rule;
    if (llvm::StringRef(R.Name).starts_with("torch::"))
      Index["at::" + R.Name.substr(7)] = R.Rule;
  }
  return Index;
}

class DeviceFlowBuilder {
public:
  DeviceFlowBuilder(const Stmt *Body, ASTContext &Ctx,
                    const llvm::StringMap<DeviceRule> &Index,
                    const DeviceFlowOptions &Options,
                    FunctionSummaries *Summaries)
      : Body(Body), Ctx(Ctx), Index(Index), Options(Options),
        Summaries(Summaries) {}

  void collectRangeFors(const Stmt *S) {
    if (!S || llvm::isa<LambdaExpr>(S))
      return;
    if (const auto *For = llvm::dyn_cast<CXXForRangeStmt>(S))
      RangeForVars[For->getLoopVariable()] = For->getRangeInit();
    for (const Stmt *Child : S->children())
      collectRangeFors(Child);
  }

  AbstractDevice eval(const Expr *E, const State &S) const;
  AbstractDevice evalDevice(const Expr *E, const State &S) const;
  AbstractDevice lookupIn(const ValueDecl *D, const State &S) const {
    return lookup(D, S);
  }

  /// Parameters the function reads on the host by contract: their memory is
  /// dereferenced (`*t.data_ptr<float>()`, `t.data<int>()[i]`) or accessed
  /// (`t.accessor<float, 2>()`), directly or through a value computed from
  /// them. A CUDA tensor there would crash, so they are CPU tensors.
  llvm::DenseSet<const ValueDecl *> HostParams;
  /// Adds to HostParams the parameters behind the host reads in \p Element,
  /// evaluated in \p S; true when one was new.
  bool findHostReads(const Stmt *Element, const State &S, unsigned Depth = 0);
  ListValue evalList(const Expr *E, const State &S) const;
  void transfer(const Stmt *Element, State &S) const;
  /// Records the op calls in \p Element; false when it is nested deeper
  /// than the limit (the caller then gives up on the function).
  bool record(const Stmt *Element, const State &S,
              llvm::DenseSet<const CallExpr *> &Seen, std::vector<OpUse> &Out,
              unsigned Depth = 0) const;

private:
  AbstractDevice common(const llvm::SmallVectorImpl<OpInput> &Inputs) const;
  llvm::SmallVector<OpInput, 3> inputsOf(const CallExpr *Call,
                                         const State &S) const;
  AbstractDevice evalCall(const CallExpr *Call, const State &S) const;
  AbstractDevice evalTo(const CXXMemberCallExpr *Call,
                        const AbstractDevice &Receiver, const State &S) const;
  AbstractDevice evalOptions(const Expr *Options, const State &S,
                             const Stmt *Origin) const;
  AbstractDevice lookup(const ValueDecl *D, const State &S) const;
  const FunctionSummary *summaryOf(const CallExpr *Call) const {
    return Summaries ? Summaries->of(Call, Ctx) : nullptr;
  }
  AbstractDevice atCall(const AbstractDevice &D, const CallExpr *Call,
                        const FunctionSummary &Callee, const State &S,
                        const Expr **Arg = nullptr) const;
  OpUse meetingAtCall(const OpUse &Meeting, const CallExpr *Call,
                      const FunctionSummary &Callee, const State &S) const;

  /// The analysed body: local TensorOptions variables are followed in it.
  const Stmt *Body;
  ASTContext &Ctx;
  const llvm::StringMap<DeviceRule> &Index;
  DeviceFlowOptions Options;
  FunctionSummaries *Summaries;
  llvm::DenseMap<const VarDecl *, const Expr *> RangeForVars;

public:
  /// Members are not yet placed when a constructor starts.
  bool InConstructor = false;
};

AbstractDevice DeviceFlowBuilder::lookup(const ValueDecl *D,
                                         const State &S) const {
  if (!D)
    return AbstractDevice::unknown();
  auto It = S.Vars.find(D);
  if (It != S.Vars.end())
    return It->second;
  if (HostParams.contains(D))
    return AbstractDevice::cpu(nullptr);
  // A member placed by every constructor lives there in the other methods.
  if (const auto *Field = llvm::dyn_cast<FieldDecl>(D);
      Field && Summaries && !InConstructor) {
    AbstractDevice Placed = Summaries->memberOnEntry(Field, Ctx);
    if (Placed.K != Kind::Unknown)
      return Placed;
  }
  // Parameters and members live wherever the caller or set-up put them, and
  // a module not moved in this function wherever it was put before.
  if (llvm::isa<ParmVarDecl, FieldDecl>(D) || isModuleType(D->getType()))
    return AbstractDevice::sameAs(D);
  return AbstractDevice::unknown();
}

/// The object a method call runs on: `obj` in `obj.f()`, `obj->f()`, `obj(x)`.
static const Expr *objectOf(const CallExpr *Call) {
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
    return Member->getImplicitObjectArgument();
  if (llvm::isa<CXXOperatorCallExpr>(Call) &&
      llvm::isa_and_nonnull<CXXMethodDecl>(Call->getDirectCallee()) &&
      Call->getNumArgs() > 0)
    return Call->getArg(0);
  return nullptr;
}

AbstractDevice DeviceFlowBuilder::atCall(const AbstractDevice &D,
                                         const CallExpr *Call,
                                         const FunctionSummary &Callee,
                                         const State &S,
                                         const Expr **Arg) const {
  if (D.K != Kind::SameAs || !D.Symbol)
    return AbstractDevice::unknown(); // Made inside the callee.
  AbstractDevice Here;
  if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(D.Symbol)) {
    if (Param->getDeclContext() != Callee.Definition)
      return AbstractDevice::unknown();
    unsigned Index = Param->getFunctionScopeIndex();
    if (llvm::isa<CXXOperatorCallExpr>(Call) &&
        llvm::isa<CXXMethodDecl>(Callee.Definition))
      ++Index; // The object is the operator's first argument.
    if (Index >= Call->getNumArgs() ||
        llvm::isa<CXXDefaultArgExpr>(Call->getArg(Index)))
      return AbstractDevice::unknown();
    // A module argument (`*host`, `net`) is where that module lives.
    const ValueDecl *Module = isModuleType(Param->getType())
                                  ? moduleRoot(Call->getArg(Index))
                                  : nullptr;
    Here = Module ? lookup(Module, S) : eval(Call->getArg(Index), S);
    if (Arg)
      *Arg = Call->getArg(Index);
  } else if (llvm::isa<FieldDecl>(D.Symbol)) {
    // A member of the object the method runs on: this one's own member, or
    // wherever the object (a module, a parameter, a member) lives.
    const Expr *Object = strip(objectOf(Call));
    if (!Object)
      return AbstractDevice::unknown();
    if (llvm::isa<CXXThisExpr>(Object))
      Here = lookup(D.Symbol, S);
    else if (const ValueDecl *Module = moduleRoot(Object))
      Here = lookup(Module, S);
    else if (const ValueDecl *Holder = assignedDecl(Object);
             llvm::isa_and_nonnull<ParmVarDecl, FieldDecl>(Holder))
      Here = AbstractDevice::sameAs(Holder);
    else
      return AbstractDevice::unknown();
  } else {
    return AbstractDevice::unknown();
  }
  // Device-less tensors passed for the other symbols the value was computed
  // from are those factories' fault too; symbols stay symbols.
  Here.AlsoSymbols.clear();
  for (const ValueDecl *Also : D.AlsoSymbols) {
    const AbstractDevice There =
        atCall(AbstractDevice::sameAs(Also), Call, Callee, S);
    if (Here.isCpu() && Here.DeviceLess && There.isCpu() && There.DeviceLess)
      for (const Stmt *F : There.Factories)
        if (!llvm::is_contained(Here.Factories, F))
          Here.Factories.push_back(F);
    if (Here.K == Kind::SameAs && There.K == Kind::SameAs &&
        There.Symbol != Here.Symbol &&
        !llvm::is_contained(Here.AlsoSymbols, There.Symbol))
      Here.AlsoSymbols.push_back(There.Symbol);
  }
  // A shape the callee knows (it reduced the value) wins; otherwise the
  // argument's own shape carries through.
  if (D.ZeroDim != Tri::Unknown)
    Here.ZeroDim = D.ZeroDim;
  return Here;
}

OpUse DeviceFlowBuilder::meetingAtCall(const OpUse &Meeting,
                                       const CallExpr *Call,
                                       const FunctionSummary &Callee,
                                       const State &S) const {
  OpUse Use = Meeting;
  Use.Through.insert(Use.Through.begin(), Call);
  for (OpInput &In : Use.Inputs) {
    const Expr *Arg = nullptr;
    In.Device = atCall(In.Device, Call, Callee, S, &Arg);
    In.E = Arg;
    for (AbstractDevice &E : In.Elements)
      E = atCall(E, Call, Callee, S);
    In.ElementExprs.clear();
  }
  return Use;
}

AbstractDevice DeviceFlowBuilder::eval(const Expr *E, const State &S) const {
  E = strip(E);
  if (!E)
    return AbstractDevice::unknown();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
    return lookup(llvm::dyn_cast<VarDecl>(Ref->getDecl()), S);
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
    if (llvm::isa<CXXThisExpr>(strip(Member->getBase())))
      return lookup(Member->getMemberDecl(), S);
    if (const ValueDecl *Module = moduleRoot(Member->getBase()))
      return lookup(Module, S);
    return AbstractDevice::unknown();
  }
  if (const auto *Cond = llvm::dyn_cast<ConditionalOperator>(E))
    return AbstractDevice::join(eval(Cond->getTrueExpr(), S),
                                eval(Cond->getFalseExpr(), S));
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E))
    return evalCall(Call, S);
  return AbstractDevice::unknown();
}

AbstractDevice DeviceFlowBuilder::evalOptions(const Expr *Options,
                                              const State &S,
                                              const Stmt *Origin) const {
  AbstractDevice D = evalDevice(Options, S);
  if (D.K != Kind::Unknown && D.K != Kind::SameAs)
    D.Origin = Origin;
  D.clearDeviceLess();
  D.ZeroDim = Tri::Unknown;
  return D;
}

AbstractDevice DeviceFlowBuilder::evalTo(const CXXMemberCallExpr *Call,
                                         const AbstractDevice &Receiver,
                                         const State &S) const {
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

/// The member or variable \p E dereferences: `*device_`, `*ptr`.
static const ValueDecl *heldThroughPointer(const Expr *E) {
  const Expr *Pointer = nullptr;
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Star && Op->getNumArgs() == 1)
    Pointer = Op->getArg(0);
  else if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(E);
           Unary && Unary->getOpcode() == UO_Deref)
    Pointer = Unary->getSubExpr();
  Pointer = Pointer ? strip(Pointer) : nullptr;
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(Pointer))
    return llvm::isa<CXXThisExpr>(strip(Member->getBase()))
               ? Member->getMemberDecl()
               : nullptr;
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(Pointer))
    return llvm::dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

/// For a call of a getter on `this` whose body is `return member;` (or
/// `return *member;`), that member expression; evaluated in the caller, it
/// names the same object's member.
static const Expr *getterField(const Expr *E) {
  const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E);
  if (!Call || Call->getNumArgs() != 0 || !Call->getImplicitObjectArgument() ||
      !llvm::isa<CXXThisExpr>(strip(Call->getImplicitObjectArgument())))
    return nullptr;
  const FunctionDecl *Definition = nullptr;
  const CXXMethodDecl *Method = Call->getMethodDecl();
  if (!Method || Method->isVirtual() || !Method->hasBody(Definition) ||
      !Definition)
    return nullptr;
  const auto *Body = llvm::dyn_cast_or_null<CompoundStmt>(Definition->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Return = llvm::dyn_cast<ReturnStmt>(Body->body_front());
  const Expr *Value =
      Return && Return->getRetValue() ? strip(Return->getRetValue()) : nullptr;
  // The copy into the returned Device.
  if (const auto *Copy = llvm::dyn_cast_or_null<CXXConstructExpr>(Value);
      Copy && Copy->getNumArgs() == 1)
    Value = strip(Copy->getArg(0));
  if (!Value)
    return nullptr;
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(Value);
      Member && llvm::isa<CXXThisExpr>(strip(Member->getBase())))
    return Value;
  return llvm::isa_and_nonnull<FieldDecl>(heldThroughPointer(Value)) ? Value
                                                                    : nullptr;
}

AbstractDevice DeviceFlowBuilder::evalDevice(const Expr *E,
                                             const State &S) const {
  E = strip(E);
  if (!E)
    return AbstractDevice::unknown();
  if (const auto *Lit = llvm::dyn_cast<StringLiteral>(E))
    return deviceFromString(Lit, E);
  // A device variable that holds a run-time choice (`cuda ? kCUDA : kCPU`,
  // or CPU then CUDA under an `if`) is one device, whichever was chosen:
  // everything placed with it is together, so it stands for itself.
  auto Chosen = [&](const ValueDecl *Var) {
    AbstractDevice D = lookup(Var, S);
    if (D.K != Kind::Maybe)
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
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(E))
    if (llvm::isa<CXXThisExpr>(strip(Member->getBase())))
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
        return AbstractDevice::cuda(literalIndex(Member->getArg(0)).value_or(-1),
                                    E);
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

/// The list variable whose `begin()` (or \p Which) \p E calls.
static const DeclRefExpr *rangeOwner(const Expr *E,
                                     llvm::StringRef Which = "begin") {
  const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(strip(E));
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() || Method->getName() != Which ||
      Call->getNumArgs() != 0)
    return nullptr;
  const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
      strip(Call->getImplicitObjectArgument()));
  return Ref && isTensorListType(Ref->getDecl()->getType()) ? Ref : nullptr;
}

ListValue DeviceFlowBuilder::evalList(const Expr *E, const State &S) const {
  ListValue L;
  E = strip(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E)) {
    auto It = S.Lists.find(Ref->getDecl());
    if (It != S.Lists.end())
      return It->second;
    L.Opaque = true;
    return L;
  }
  if (const auto *Init = llvm::dyn_cast_or_null<InitListExpr>(E)) {
    for (const Expr *Element : Init->inits())
      L.add(eval(Element, S));
    return L;
  }
  if (const auto *List = llvm::dyn_cast_or_null<CXXStdInitializerListExpr>(E))
    return evalList(List->getSubExpr(), S);
  if (const auto *Construct = llvm::dyn_cast_or_null<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 0)
      return L;
    if (Construct->getNumArgs() == 1 ||
        isTensorListType(Construct->getArg(0)->getType()))
      return evalList(Construct->getArg(0), S);
    if (Construct->isListInitialization()) {
      for (const Expr *Arg : Construct->arguments())
        L.add(eval(Arg, S));
      return L;
    }
  }
  if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(E)) {
    // _foreach_norm(list): each result on its input's device, 0-dim.
    if (ruleOf(Call, Index) == DeviceRule::NoCheck && Call->getNumArgs() > 0) {
      ListValue In = evalList(Call->getArg(0), S);
      for (AbstractDevice &D : In.Elements)
        D.ZeroDim = Tri::Yes;
      return In;
    }
    // A function of this translation unit that returns a list: its
    // elements, seen from here.
    if (const FunctionSummary *Summary = summaryOf(Call);
        Summary && Summary->ResultElements) {
      for (const AbstractDevice &Element : *Summary->ResultElements) {
        const AbstractDevice Here =
            Element.K == Kind::SameAs ? atCall(Element, Call, *Summary, S)
                                      : Element;
        if (Here.K == Kind::Unknown) {
          L.Opaque = true;
          return L;
        }
        L.add(Here);
      }
      return L;
    }
    // module->parameters(), buffers(): every element where the module is.
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
      if (const CXXMethodDecl *Method = Member->getMethodDecl();
          Method && Method->getIdentifier() &&
          (Method->getName() == "parameters" || Method->getName() == "buffers"))
        if (const ValueDecl *Module =
                moduleRoot(Member->getImplicitObjectArgument())) {
          L.add(lookup(Module, S));
          return L;
        }
  }
  L.Opaque = true;
  return L;
}

llvm::SmallVector<OpInput, 3>
DeviceFlowBuilder::inputsOf(const CallExpr *Call, const State &S) const {
  llvm::SmallVector<OpInput, 3> Inputs;
  auto Add = [&](const Expr *Arg) {
    if (!Arg || llvm::isa<CXXDefaultArgExpr>(Arg))
      return;
    QualType T = Arg->getType();
    if (isOptionalTensorType(T))
      if (const Expr *Payload = optionalPayload(Arg)) {
        Arg = Payload;
        T = Arg->getType();
      }
    if (isTensorType(T)) {
      OpInput In;
      In.E = Arg;
      In.Device = eval(Arg, S);
      Inputs.push_back(In);
    } else if (isTensorListType(T)) {
      OpInput In;
      In.E = Arg;
      In.IsList = true;
      ListValue L = evalList(Arg, S);
      In.Elements.assign(L.Elements.begin(), L.Elements.end());
      if (L.Opaque)
        In.Elements.push_back(AbstractDevice::unknown());
      // Remember inline elements, for fixes and notes.
      const Expr *Inner = strip(Arg);
      while (const auto *C = llvm::dyn_cast_or_null<CXXConstructExpr>(Inner)) {
        if (C->getNumArgs() != 1)
          break;
        Inner = strip(C->getArg(0));
      }
      if (const auto *IL = llvm::dyn_cast_or_null<CXXStdInitializerListExpr>(Inner))
        Inner = strip(IL->getSubExpr());
      if (const auto *Init = llvm::dyn_cast_or_null<InitListExpr>(Inner))
        for (const Expr *Element : Init->inits())
          In.ElementExprs.push_back(Element);
      Inputs.push_back(In);
    }
  };
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
    Add(Member->getImplicitObjectArgument());
  for (const Expr *Arg : Call->arguments())
    Add(Arg);
  return Inputs;
}

AbstractDevice
DeviceFlowBuilder::common(const llvm::SmallVectorImpl<OpInput> &Inputs) const {
  bool AllCpu = !Inputs.empty();
  bool AllZeroDim = true, AnyNonZeroDim = false;
  const OpInput *FirstDeviceLess = nullptr;
  for (const OpInput &In : Inputs) {
    if (In.IsList)
      return AbstractDevice::unknown();
    if (In.Device.mayBeOffCpu()) {
      AbstractDevice D = In.Device;
      D.clearDeviceLess();
      D.ZeroDim = Tri::Unknown;
      if (D.K == Kind::SameAs)
        for (const OpInput &Other : Inputs)
          if (!Other.IsList && Other.Device.K == Kind::SameAs &&
              Other.Device.Symbol != D.Symbol &&
              !llvm::is_contained(D.AlsoSymbols, Other.Device.Symbol))
            D.AlsoSymbols.push_back(Other.Device.Symbol);
      return D;
    }
    AllCpu &= In.Device.isCpu();
    AllZeroDim &= In.Device.ZeroDim == Tri::Yes;
    AnyNonZeroDim |= In.Device.ZeroDim == Tri::No;
    if (In.Device.DeviceLess && !FirstDeviceLess)
      FirstDeviceLess = &In;
  }
  if (!AllCpu)
    return AbstractDevice::unknown();
  const Tri ZeroDim = AllZeroDim ? Tri::Yes
                      : AnyNonZeroDim ? Tri::No
                                      : Tri::Unknown;
  // CPU data derived from device-less factories stays those factories' fault.
  if (FirstDeviceLess) {
    AbstractDevice D =
        AbstractDevice::cpu(FirstDeviceLess->Device.Origin, false, ZeroDim);
    D.DeviceLess = true;
    for (const OpInput &In : Inputs)
      for (const Stmt *F : In.Device.Factories)
        if (!llvm::is_contained(D.Factories, F))
          D.Factories.push_back(F);
    return D;
  }
  return AbstractDevice::cpu(Inputs.front().Device.Origin, false, ZeroDim);
}

AbstractDevice DeviceFlowBuilder::evalCall(const CallExpr *Call,
                                           const State &S) const {
  const std::optional<DeviceRule> Rule = ruleOf(Call, Index);
  const auto *Callee =
      llvm::dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
  if (!Callee || !isTensorType(Callee->getReturnType()))
    return AbstractDevice::unknown();

  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
    const Expr *Object = Member->getImplicitObjectArgument();
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if (Object && Method && Method->getIdentifier() &&
        isTensorType(Object->getType())) {
      const AbstractDevice Receiver = eval(Object, S);
      llvm::StringRef Name = Method->getName();
      // A move under a run-time device choice (`if (use_gpu) t = t.cuda();`)
      // is where the program chose to run: neither path is a mistake.
      if ((Name == "to" || Name == "cuda" || Name == "cpu") &&
          deviceChoiceGuard(Call, Ctx))
        return AbstractDevice::unknown();
      if (Name == "to")
        return evalTo(Member, Receiver, S);
      if (Name == "cuda") {
        AbstractDevice D = AbstractDevice::cuda(-1, Call);
        D.ZeroDim = Receiver.ZeroDim;
        return D;
      }
      if (Name == "cpu")
        return AbstractDevice::cpu(Call, false, Receiver.ZeroDim);
      if (Name == "type_as" && Member->getNumArgs() > 0) {
        AbstractDevice D = eval(Member->getArg(0), S);
        D.ZeroDim = Receiver.ZeroDim;
        D.clearDeviceLess();
        return D;
      }
      if (Rule == DeviceRule::InheritsDevice) { // x.new_zeros(...)
        AbstractDevice D = Receiver;
        D.ZeroDim = Tri::Unknown;
        return D;
      }
      if (Rule == DeviceRule::Strict || Rule == DeviceRule::CpuScalar ||
          Rule == DeviceRule::CpuScalarInPlace || Rule == DeviceRule::Where)
        return common(inputsOf(Call, S));
      AbstractDevice D = Receiver;
      if (isReduction(Name) && Member->getNumArgs() == 0)
        D.ZeroDim = Tri::Yes;
      else if (Name == "flatten" || Name == "unsqueeze")
        D.ZeroDim = Tri::No; // at least one dimension
      else if (isReduction(Name) || changesShape(Name))
        D.ZeroDim = Tri::Unknown;
      return D;
    }
  }
  // `t[i]` lives where t does.
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Call);
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0 &&
      isTensorType(Op->getArg(0)->getType())) {
    AbstractDevice D = eval(Op->getArg(0), S);
    D.ZeroDim = Tri::Unknown;
    D.clearDeviceLess();
    return D;
  }

  if (!Rule || llvm::isa<CXXMemberCallExpr>(Call)) {
    // A function of this translation unit: its result, seen from here.
    if (const FunctionSummary *Summary = summaryOf(Call))
      return atCall(Summary->Result, Call, *Summary, S);
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
        Call->getNumArgs() > 0 ? strip(Call->getArg(0)) : nullptr;
    while (const auto *Construct =
               llvm::dyn_cast_or_null<CXXConstructExpr>(First)) {
      if (Construct->getNumArgs() != 1)
        break;
      First = strip(Construct->getArg(0)); // TensorDataContainer(value)
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
    return common(inputsOf(Call, S));
  default:
    return AbstractDevice::unknown();
  }
}

void DeviceFlowBuilder::transfer(const Stmt *Element, State &S) const {
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(Element)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = llvm::dyn_cast<VarDecl>(D);
      if (!VD)
        continue;
      const QualType T = VD->getType();
      auto Range = RangeForVars.find(VD);
      if (Range != RangeForVars.end() && isTensorType(T)) {
        const ListValue L = evalList(Range->second, S);
        AbstractDevice Joined;
        for (size_t I = 0; I < L.Elements.size(); ++I)
          Joined = I == 0 ? L.Elements[0]
                          : AbstractDevice::join(Joined, L.Elements[I]);
        S.Vars[VD] = L.Opaque ? AbstractDevice::unknown() : Joined;
      } else if (isTensorType(T)) {
        S.Vars[VD] = VD->getInit() ? eval(VD->getInit(), S)
                                   : AbstractDevice::unknown();
      } else if (isDeviceLike(T)) {
        S.Vars[VD] = VD->getInit() ? evalDevice(VD->getInit(), S)
                                   : AbstractDevice::unknown();
      } else if (isTensorListType(T) && !T->isReferenceType()) {
        S.Lists[VD] = VD->getInit() ? evalList(VD->getInit(), S) : ListValue();
      } else if (const auto *Built = builtModule(VD)) {
        // A module constructed here holds the parameters its constructor
        // made, on the CPU, until it is moved.
        S.Vars[VD] = AbstractDevice::cpu(Built);
      }
    }
    return;
  }
  const Expr *E = llvm::dyn_cast<Expr>(Element);
  if (!E)
    return;
  E = strip(E);
  if (const auto Sides = assignmentSides(E)) {
    const auto [LHS, RHS] = *Sides;
    if (const ValueDecl *Target = assignedDecl(LHS)) {
      const QualType T = Target->getType();
      if (isTensorType(T))
        S.Vars[Target] = eval(RHS, S);
      else if (isDeviceLike(T))
        S.Vars[Target] = evalDevice(RHS, S);
      else if (isTensorListType(T))
        S.Lists[Target] = evalList(RHS, S);
    }
    return;
  }
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    // module->to(device) moves the module in place.
    if (Method && Method->getIdentifier() && Method->getName() == "to" &&
        Member->getNumArgs() > 0 && isDeviceLike(Member->getArg(0)->getType()))
      if (const ValueDecl *Module =
              moduleRoot(Member->getImplicitObjectArgument());
          Module && isModuleType(Module->getType())) {
        // The move is why the module lives there, whatever the device.
        AbstractDevice D = evalDevice(Member->getArg(0), S);
        D.Origin = Member;
        S.Vars[Module] = D;
        return;
      }
    const ValueDecl *List = assignedDecl(Member->getImplicitObjectArgument());
    if (Method && Method->getIdentifier() && List &&
        isTensorListType(List->getType()) && Member->getNumArgs() == 1 &&
        (Method->getName() == "push_back" ||
         Method->getName() == "emplace_back"))
      S.Lists[List].add(eval(Member->getArg(0), S));
    // list.insert(pos, other.begin(), other.end()): other's elements join.
    if (Method && Method->getIdentifier() && List &&
        isTensorListType(List->getType()) && Method->getName() == "insert" &&
        Member->getNumArgs() == 3) {
      const DeclRefExpr *From = rangeOwner(Member->getArg(1));
      const DeclRefExpr *To = rangeOwner(Member->getArg(2), "end");
      ListValue &Into = S.Lists[List];
      if (From && To && From->getDecl() == To->getDecl())
        Into.addAll(evalList(From, S));
      else
        Into.Opaque = true;
    }
  }
}

namespace {

/// The tensor whose memory \p E reads on the host, if it does: `*p`/`p[i]`
/// of `t.data_ptr<T>()`/`t.data<T>()`, `t.accessor<T, N>()`, or the pointer
/// handed to a host copy (`memcpy`, `std::copy`) or wrapped in a host
/// container or image (`std::vector<float>(p, p + n)`, `cv::Mat(h, w, type,
/// p)`). A pointer handed to anything else (a CUDA kernel) says nothing.
const Expr *hostReadTensor(const Stmt *E) {
  auto MemoryOf = [](const Expr *Pointer) -> const Expr * {
    Pointer = strip(Pointer);
    // A local pointer that holds it (`const float *p = t.data_ptr<float>();`).
    if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(Pointer))
      if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
          Var && Var->hasLocalStorage() && !llvm::isa<ParmVarDecl>(Var) &&
          Var->getType()->isPointerType() && Var->getInit())
        Pointer = strip(Var->getInit());
    // `p + n`: the same memory.
    while (const auto *Offset =
               llvm::dyn_cast_or_null<BinaryOperator>(Pointer)) {
      if (!Offset->isAdditiveOp() || !Offset->getLHS()->getType()->isPointerType())
        break;
      Pointer = strip(Offset->getLHS());
    }
    const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(Pointer);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (!isTensorMethod(Method) || !Method->getIdentifier() ||
        !Call->getType()->isPointerType() ||
        !llvm::is_contained({"data_ptr", "data", "mutable_data_ptr",
                             "const_data_ptr"},
                            Method->getName()))
      return nullptr;
    return Call->getImplicitObjectArgument();
  };
  if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
      Deref && Deref->getOpcode() == UO_Deref)
    return MemoryOf(Deref->getSubExpr());
  if (const auto *Subscript = llvm::dyn_cast<ArraySubscriptExpr>(E))
    return MemoryOf(Subscript->getBase());
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (isTensorMethod(Method) && Method->getIdentifier() &&
        Method->getName() == "accessor")
      return Call->getImplicitObjectArgument();
    return nullptr;
  }
  llvm::ArrayRef<const Expr *> Args;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        !llvm::is_contained({"memcpy", "memmove", "copy", "copy_n"},
                            Callee->getName()) ||
        !(Callee->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
          isInTopNamespace(Callee, "std")))
      return nullptr;
    Args = llvm::ArrayRef(Call->getArgs(), Call->getNumArgs());
  } else if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *Class = Construct->getConstructor()->getParent();
    if (!isInTopNamespace(Class, "std") && !isInTopNamespace(Class, "cv"))
      return nullptr;
    Args = llvm::ArrayRef(Construct->getArgs(), Construct->getNumArgs());
  }
  for (const Expr *Arg : Args)
    if (const Expr *Tensor = MemoryOf(Arg))
      return Tensor;
  return nullptr;
}

} // namespace

bool DeviceFlowBuilder::findHostReads(const Stmt *Element, const State &S,
                                      unsigned Depth) {
  // Past the depth limit, record() gives up on the function anyway.
  if (!Element || llvm::isa<LambdaExpr>(Element) ||
      Depth > Options.Limits.MaxExprDepth)
    return false;
  bool Found = false;
  auto AddParam = [&](const AbstractDevice &D) {
    if (D.K == Kind::SameAs && llvm::isa_and_nonnull<ParmVarDecl>(D.Symbol))
      Found |= HostParams.insert(D.Symbol).second;
  };
  if (const Expr *Tensor = hostReadTensor(Element))
    AddParam(eval(Tensor, S));
  // An argument that the called function reads on the host.
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Element))
    if (const FunctionSummary *Summary = summaryOf(Call))
      for (const ParmVarDecl *Param : Summary->HostParams)
        AddParam(atCall(AbstractDevice::sameAs(Param), Call, *Summary, S));
  for (const Stmt *Child : Element->children())
    Found |= findHostReads(Child, S, Depth + 1);
  return Found;
}

bool DeviceFlowBuilder::record(const Stmt *Element, const State &S,
                               llvm::DenseSet<const CallExpr *> &Seen,
                               std::vector<OpUse> &Out, unsigned Depth) const {
  if (!Element || llvm::isa<LambdaExpr>(Element))
    return true; // Lambdas are analysed as functions of their own.
  if (Depth > Options.Limits.MaxExprDepth)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Element)) {
    std::string Name;
    std::optional<DeviceRule> Rule = ruleOf(Call, Index, &Name);
    if (Rule && *Rule != DeviceRule::Factory &&
        *Rule != DeviceRule::InheritsDevice && Seen.insert(Call).second) {
      OpUse Use;
      Use.Call = Call;
      Use.Name = std::move(Name);
      Use.Rule = *Rule == DeviceRule::Where && !Options.WhereMovesZeroDim
                     ? DeviceRule::Strict
                     : *Rule;
      Use.Inputs = inputsOf(Call, S);
      Out.push_back(std::move(Use));
    }
    // Where the arguments meet inside a function of this translation unit.
    if (!Rule && Seen.insert(Call).second)
      if (const FunctionSummary *Summary = summaryOf(Call))
        for (const OpUse &Meeting : Summary->Meetings)
          Out.push_back(meetingAtCall(Meeting, Call, *Summary, S));
  }
  for (const Stmt *Child : Element->children())
    if (!record(Child, S, Seen, Out, Depth + 1))
      return false;
  return true;
}

/// What deviceBefore needs after the analysis: the graph, the
/// settled block states and the builder that evaluates in them.
struct DeviceFlow::Solution {
  Solution(std::unique_ptr<CFG> TheGraph, const Stmt *Body, ASTContext &Ctx,
           const llvm::StringMap<DeviceRule> &Index,
           const DeviceFlowOptions &Options, FunctionSummaries *Summaries)
      : Graph(std::move(TheGraph)),
        Builder(Body, Ctx, Index, Options, Summaries),
        Out(Graph->getNumBlockIDs()) {}

  std::unique_ptr<CFG> Graph;
  DeviceFlowBuilder Builder;
  /// Each block's state at its exit.
  std::vector<State> Out;
  /// Each statement of the body: its CFG block and the index of the element
  /// that evaluates it (or contains it). Built on the first question.
  llvm::DenseMap<const Stmt *, std::pair<const CFGBlock *, unsigned>> Where;
  bool Indexed = false;

  State entryState(const CFGBlock *Block) const {
    State In;
    if (Block == &Graph->getEntry())
      In.Reached = true;
    for (const CFGBlock *Pred : Block->preds())
      if (Pred)
        In.joinWith(Out[Pred->getBlockID()]);
    return In;
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

  /// The state just before the element that evaluates \p At.
  std::optional<State> stateBefore(const Stmt *At) {
    if (!Indexed)
      index();
    auto It = Where.find(At);
    if (It == Where.end())
      return std::nullopt;
    const auto [Block, Index] = It->second;
    State S = entryState(Block);
    if (!S.Reached)
      return std::nullopt;
    for (unsigned I = 0; I < Index; ++I)
      if (auto Element = (*Block)[I].getAs<CFGStmt>())
        Builder.transfer(Element->getStmt(), S);
    return S;
  }
};

AbstractDevice DeviceFlow::deviceBefore(const ValueDecl *D,
                                        const Stmt *At) const {
  if (!Solved || !D)
    return AbstractDevice::unknown();
  const std::optional<State> S = Solved->stateBefore(At);
  return S ? Solved->Builder.lookupIn(D, *S) : AbstractDevice::unknown();
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
  const State AtExit = Solved->entryState(&Solved->Graph->getExit());
  for (const auto &[D, Device] : AtExit.Vars)
    if (llvm::isa<FieldDecl>(D))
      Members.emplace_back(D, Device);
  return Members;
}

std::unique_ptr<DeviceFlow>
DeviceFlow::analyze(const FunctionDecl *Fn, ASTContext &Ctx,
                    const llvm::StringMap<DeviceRule> &RuleIndex,
                    const DeviceFlowOptions &Options,
                    FunctionSummaries *Summaries) {
  auto Result = std::make_unique<DeviceFlow>();
  auto GiveUp = [&](llvm::StringRef Why) {
    Result->Uses.clear();
    Result->GaveUp = Why.str();
    return std::move(Result);
  };
  if (!Fn || !Fn->hasBody() || Fn->isDependentContext() ||
      Fn->isInvalidDecl())
    return GiveUp("the function has no analysable body");
  Stmt *Body = Fn->getBody();
  CFG::BuildOptions BuildOptions;
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
  DeviceFlowBuilder &Builder = Solved->Builder;
  std::vector<State> &Out = Solved->Out;
  Builder.collectRangeFors(Body);
  Builder.InConstructor = llvm::isa<CXXConstructorDecl>(Fn);

  // Forward dataflow to a fixpoint. clang's worklist visits blocks in reverse
  // post-order and skips the null edges that constant conditions
  // (`while (true)`, `do {} while (false)`, `if (kFlag)`) leave in the CFG;
  // blocks no path reaches are never visited.
  PostOrderCFGView Order(&TheGraph);
  auto EntryState = [&](const CFGBlock *Block) {
    return Solved->entryState(Block);
  };
  const size_t MaxVisits =
      size_t(Options.Limits.MaxVisitsPerBlock) * TheGraph.getNumBlockIDs();
  auto Solve = [&]() -> bool {
    Out.assign(TheGraph.getNumBlockIDs(), State());
    ForwardDataflowWorklist Worklist(TheGraph, &Order);
    size_t Visits = 0;
    Worklist.enqueueBlock(&TheGraph.getEntry());
    while (const CFGBlock *Block = Worklist.dequeue()) {
      if (++Visits > MaxVisits)
        return false;
      State S = EntryState(Block);
      for (const CFGElement &Element : *Block)
        if (auto Stmt = Element.getAs<CFGStmt>())
          Builder.transfer(Stmt->getStmt(), S);
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
      State S = EntryState(Block);
      if (!S.Reached)
        continue;
      for (const CFGElement &Element : *Block)
        if (auto Stmt = Element.getAs<CFGStmt>()) {
          if (!Visit(Stmt->getStmt(), S))
            return false;
          Builder.transfer(Stmt->getStmt(), S);
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
  ForEachSettled([&](const Stmt *Element, const State &S) {
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
  if (!ForEachSettled([&](const Stmt *Element, const State &S) {
        if (const auto *Return = llvm::dyn_cast<ReturnStmt>(Element);
            Return && Return->getRetValue()) {
          const AbstractDevice D = Builder.eval(Return->getRetValue(), S);
          Result->Returned =
              Returns ? AbstractDevice::join(Result->Returned, D) : D;
          if (isTensorListType(Fn->getReturnType()))
            ReturnedList.addAll(Builder.evalList(Return->getRetValue(), S));
          Returns = true;
        }
        return Builder.record(Element, S, Seen, Result->Uses);
      }))
    return GiveUp("an expression is nested more than " +
                  std::to_string(Options.Limits.MaxExprDepth) +
                  " levels deep");
  if (Returns && isTensorListType(Fn->getReturnType()) && !ReturnedList.Opaque)
    Result->ReturnedElements = ReturnedList.Elements;
  for (const ParmVarDecl *Param : Fn->parameters())
    if (Builder.HostParams.contains(Param))
      Result->HostParams.push_back(Param);
  Result->Solved = std::move(Solved);
  return Result;
}

DeviceFlowConfig DeviceFlowConfig::fromOptions(const std::string &LibtorchVersion,
                                               const std::string &RulesFile,
                                               std::string &Error) {
  DeviceFlowConfig Config;
  Config.RuleIndex = buildRuleIndex(rulesWithProjectFile(RulesFile, Error));
  Config.Options.WhereMovesZeroDim = !isLibtorchBefore2(LibtorchVersion);
  // The checks of one translation unit are built together on its thread:
  // those with the same rules share one model instead of each analysing
  // every function again.
  thread_local llvm::StringMap<std::weak_ptr<FunctionSummaries>> Shared;
  const std::string Key = LibtorchVersion + '\n' + RulesFile + '\n' +
                          (Error.empty() ? "" : "error");
  std::weak_ptr<FunctionSummaries> &Slot = Shared[Key];
  Config.Summaries = Slot.lock();
  if (!Config.Summaries) {
    Config.Summaries =
        std::make_shared<FunctionSummaries>(Config.RuleIndex, Config.Options);
    Slot = Config.Summaries;
  }
  return Config;
}

std::shared_ptr<const DeviceFlow>
DeviceFlowConfig::analyze(const FunctionDecl *Fn, ASTContext &Ctx) const {
  if (!Summaries)
    return DeviceFlow::analyze(Fn, Ctx, RuleIndex, Options);
  return Summaries->flowOf(Fn, Ctx);
}

} // namespace clang::tidy::torch::utils
