//===--- DeviceTransfer.cpp - how statements move devices -----------------===//
#include "device/flow/DeviceTransfer.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

namespace {

const Expr *strip(const Expr *E) {
  for (E = throughReferenceAlias(stripWrappers(E)); E;
       E = throughReferenceAlias(stripWrappers(E))) {
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

/// The module variable a member access goes through: `net->fc1->weight`,
/// `net->parameters()`, `holder.get()->fc`; the object itself is named as
/// referencedObject names it.
const ValueDecl *moduleRoot(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    if (const ValueDecl *Object = referencedObject(E))
      return isModuleType(Object->getType()) ? Object : nullptr;
    E = strip(E);
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(E))
      E = llvm::isa<CXXThisExpr>(strip(Member->getBase())) ? nullptr
                                                           : Member->getBase();
    else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E))
      E = Op->getNumArgs() > 0 ? Op->getArg(0) : nullptr; // holder->x
    else if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E))
      E = Call->getImplicitObjectArgument(); // net->parameters()
    else
      return nullptr;
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
      .Cases("argmax", "argmin", "median", "nansum", "nanmean", true)
      .Default(false);
}

/// What an argument was written as: through implicit conversions, an
/// initializer_list's backing array and converting constructors
/// (`IntArrayRef({1, 3})`, `ArrayRef(int64_t)`, `TensorIndex(Slice())`), the
/// braced list, the lone value or the empty `{}`; none past a few steps.
const Expr *spelledArgument(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreImplicit();
    if (const auto *Backing = llvm::dyn_cast<CXXStdInitializerListExpr>(E))
      E = Backing->getSubExpr();
    else if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
             Construct && Construct->getNumArgs() >= 1 &&
             !llvm::isa<CXXDefaultArgExpr>(Construct->getArg(0)))
      E = Construct->getArg(0);
    else
      return E;
  }
  return nullptr;
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

/// An index list spelled out with nothing in it that gathers
/// (`{Slice(), 2, None}`, or `{Slice(), i}` for a tensor \p IsZeroDim
/// accepts: libtorch reads a 0-dim integer tensor as that integer): basic
/// indexing, which libtorch turns into views.
bool onlyBasicIndices(const Expr *Indices,
                      llvm::function_ref<bool(const Expr *)> IsZeroDim) {
  const auto *List =
      llvm::dyn_cast_or_null<InitListExpr>(spelledArgument(Indices));
  if (!List || List->getNumInits() == 0)
    return false;
  return llvm::none_of(List->inits(), [&](const Expr *Element) {
    const Expr *Index = spelledArgument(Element);
    return !Index || Index->getType()->isDependentType() ||
           (isTensorType(Index->getType()) && !IsZeroDim(Index));
  });
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
      .Cases("index", "index_select", "slice", "select", "narrow", true)
      .Cases("expand", "repeat", "t", "transpose", "permute", true)
      .Cases("matmul", "mm", "bmm", "expand_as", "view_as", true)
      .Default(false);
}

} // namespace

AbstractDevice DeviceTransfer::lookup(const ValueDecl *D,
                                         const DeviceState &S) const {
  if (!D)
    return AbstractDevice::unknown();
  auto It = S.Vars.find(D);
  if (It != S.Vars.end())
    return It->second;
  if (auto Read = HostParams.find(D); Read != HostParams.end()) {
    AbstractDevice Host = AbstractDevice::cpu(Read->second);
    Host.HostContract = true;
    return Host;
  }
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

AbstractDevice DeviceTransfer::atCall(const AbstractDevice &D,
                                         const CallExpr *Call,
                                         const FunctionSummary &Callee,
                                         const DeviceState &S,
                                         const Expr **Arg) const {
  if (D.K != Kind::SameAs || !D.Symbol)
    return AbstractDevice::unknown(); // Made inside the callee.
  AbstractDevice Here;
  if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(D.Symbol)) {
    const Expr *Passed = argumentFor(Param, Call, Callee.Definition);
    if (!Passed)
      return AbstractDevice::unknown();
    // A module argument (`*host`, `net`) is where that module lives.
    const ValueDecl *Module =
        isModuleType(Param->getType()) ? moduleRoot(Passed) : nullptr;
    Here = Module                              ? lookup(Module, S)
           : isDeviceLike(Param->getType()) ? evalDevice(Passed, S)
                                            : eval(Passed, S);
    if (Arg)
      *Arg = Passed;
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

OpUse DeviceTransfer::meetingAtCall(const OpUse &Meeting,
                                       const CallExpr *Call,
                                       const FunctionSummary &Callee,
                                       const DeviceState &S) const {
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

AbstractDevice DeviceTransfer::eval(const Expr *E, const DeviceState &S) const {
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

AbstractDevice DeviceTransfer::evalDevice(const Expr *E,
                                             const DeviceState &S) const {
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

ListValue DeviceTransfer::evalList(const Expr *E, const DeviceState &S) const {
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
DeviceTransfer::inputsOf(const CallExpr *Call, const DeviceState &S) const {
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
DeviceTransfer::common(const llvm::SmallVectorImpl<OpInput> &Inputs,
                       DeviceRule Rule) const {
  // Elementwise ops broadcast: 0-dim inputs only make a 0-dim result
  // (`(idx % n).to(kLong)` of a 0-dim idx is one index, wherever it lives).
  const bool AllInputsZeroDim =
      !Inputs.empty() && llvm::all_of(Inputs, [](const OpInput &In) {
        return !In.IsList && In.Device.ZeroDim == Tri::Yes;
      });
  for (const OpInput &In : Inputs) {
    if (In.IsList)
      return AbstractDevice::unknown();
    if (In.Device.mayBeOffCpu()) {
      AbstractDevice D = In.Device;
      D.clearDeviceLess();
      D.ZeroDim = AllInputsZeroDim ? Tri::Yes : Tri::Unknown;
      if (D.K == Kind::SameAs)
        for (const OpInput &Other : Inputs)
          if (!Other.IsList && Other.Device.K == Kind::SameAs &&
              Other.Device.Symbol != D.Symbol &&
              !llvm::is_contained(D.AlsoSymbols, Other.Device.Symbol))
            D.AlsoSymbols.push_back(Other.Device.Symbol);
      return D;
    }
  }
  // No input is off the CPU. The op ran, so a CPU input that its rule lets
  // no device op take (any one of a strict op's, a non-scalar one of an
  // elementwise op's) puts the others, and the result, on the CPU too:
  // `host.index_select(0, torch::nonzero(m))` stays on the host.
  const auto Binds = [Rule](const AbstractDevice &D) {
    return D.isCpu() && (Rule == DeviceRule::Strict ||
                         (Rule != DeviceRule::Where && D.ZeroDim == Tri::No));
  };
  const bool AllCpu = llvm::all_of(
      Inputs, [](const OpInput &In) { return In.Device.isCpu(); });
  if (Inputs.empty() ||
      (!AllCpu && llvm::none_of(Inputs, [&](const OpInput &In) {
        return Binds(In.Device);
      }))) {
    AbstractDevice D = AbstractDevice::unknown();
    D.ZeroDim = AllInputsZeroDim ? Tri::Yes : Tri::Unknown;
    return D;
  }
  bool AnyNonZeroDim = false;
  const OpInput *FirstCpu = nullptr, *FirstDeviceLess = nullptr;
  for (const OpInput &In : Inputs) {
    AnyNonZeroDim |= In.Device.ZeroDim == Tri::No;
    if (In.Device.isCpu() && !FirstCpu)
      FirstCpu = &In;
    if (In.Device.DeviceLess && !FirstDeviceLess)
      FirstDeviceLess = &In;
  }
  const Tri ZeroDim = AllInputsZeroDim ? Tri::Yes
                      : AnyNonZeroDim    ? Tri::No
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
  return AbstractDevice::cpu(FirstCpu->Device.Origin, false, ZeroDim);
}

namespace {

/// The tensor methods whose result's device or rank the transfer knows
/// without a rule: moves, `type_as`, and shape changes whose rank is known.
enum class TensorMethod { To, Cuda, Cpu, TypeAs, AddsDimension, Reshape, Other };

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

AbstractDevice DeviceTransfer::evalCall(const CallExpr *Call,
                                           const DeviceState &S) const {
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
      const TensorMethod Kind = tensorMethodKind(Name);
      // A move under a run-time device choice (`if (use_gpu) t = t.cuda();`)
      // is where the program chose to run: neither path is a mistake.
      const bool Moves = Kind == TensorMethod::To ||
                         Kind == TensorMethod::Cuda || Kind == TensorMethod::Cpu;
      if (Moves && deviceChoiceGuard(Call, Ctx))
        return AbstractDevice::unknown();
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
    return common(inputsOf(Call, S), *Rule);
  default:
    return AbstractDevice::unknown();
  }
}

void DeviceTransfer::transfer(const CFGElement &Element,
                              DeviceState &S) const {
  if (auto Statement = Element.getAs<CFGStmt>()) {
    transfer(Statement->getStmt(), S);
  } else if (auto Initializer = Element.getAs<CFGInitializer>()) {
    const CXXCtorInitializer *Init = Initializer->getInitializer();
    const FieldDecl *Member = Init ? Init->getMember() : nullptr;
    if (Member && Init->getInit() && isTensorType(Member->getType()))
      S.Vars[Member] = eval(Init->getInit(), S);
  }
}

llvm::SmallVector<ModuleMove, 1>
DeviceTransfer::moduleMovesAt(const CallExpr *Call, const DeviceState &S) const {
  llvm::SmallVector<ModuleMove, 1> Moves;
  auto Add = [&](const ValueDecl *Module, const Expr *DeviceArg,
                 AbstractDevice Target, const FunctionDecl *By) {
    ModuleMove Move;
    Move.Call = Call;
    Move.Module = Module;
    Move.Device = DeviceArg ? writtenArgument(DeviceArg) : nullptr;
    // The move is why the module lives there, whatever the device.
    Target.Origin = Call;
    Move.Target = std::move(Target);
    Move.ToCpu = Move.Device ? isCpuDeviceConstant(Move.Device)
                             : Move.Target.isCpu();
    Move.By = By;
    Moves.push_back(std::move(Move));
  };
  // `place(net, device)`: a function of this translation unit that moves
  // its module argument in place on every path.
  if (const FunctionSummary *Summary = summaryOf(Call)) {
    for (const auto &Moved : Summary->MovedModules) {
      const ValueDecl *Module =
          moduleRoot(argumentFor(Moved.Module, Call, Summary->Definition));
      if (!Module)
        continue;
      const Expr *DeviceArg = nullptr;
      AbstractDevice Target =
          Moved.Device.K == Kind::SameAs
              ? atCall(Moved.Device, Call, *Summary, S, &DeviceArg)
              : Moved.Device;
      if (!DeviceArg || !isDeviceLike(DeviceArg->getType()))
        DeviceArg = nullptr;
      Add(Module, DeviceArg, std::move(Target), Summary->Definition);
    }
    if (!Moves.empty())
      return Moves;
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  // torchlint::ensure_module_device(m, device).
  if (Callee && Callee->getIdentifier() &&
      Callee->getName() == "ensure_module_device" && Call->getNumArgs() >= 2 &&
      llvm::StringRef(qualifiedName(Callee)).starts_with("torchlint::")) {
    if (const ValueDecl *Module = moduleRoot(Call->getArg(0)))
      Add(Module, Call->getArg(1), evalDevice(Call->getArg(1), S), nullptr);
    return Moves;
  }
  // m->to(device[, dtype][, non_blocking]) moves a module in place.
  const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *Method = Member ? Member->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() || Method->getName() != "to" ||
      Member->getNumArgs() == 0 || !isDeviceLike(Member->getArg(0)->getType()))
    return Moves;
  const Expr *Object = Member->getImplicitObjectArgument();
  const ValueDecl *Module = moduleRoot(Object);
  if (!Module)
    if (const ValueDecl *Jit = referencedObject(Object);
        Jit && isJitModuleType(Jit->getType()))
      Module = Jit;
  if (Module)
    Add(Module, Member->getArg(0), evalDevice(Member->getArg(0), S), nullptr);
  return Moves;
}

void DeviceTransfer::transfer(const Stmt *Element, DeviceState &S) const {
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
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    const llvm::SmallVector<ModuleMove, 1> Moves = moduleMovesAt(Call, S);
    for (const ModuleMove &Move : Moves)
      S.Vars[Move.Module] = Move.Target;
    if (!Moves.empty())
      return;
  }
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
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
    if (!Method || !isTensorMethod(Method) || !Method->getIdentifier() ||
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

bool DeviceTransfer::findHostReads(const Stmt *Element, const DeviceState &S,
                                      unsigned Depth) {
  // Past the depth limit, record() gives up on the function anyway.
  if (!Element || llvm::isa<LambdaExpr>(Element) ||
      Depth > Options.Limits.MaxExprDepth)
    return false;
  bool Found = false;
  auto AddParam = [&](const AbstractDevice &D) {
    if (D.K == Kind::SameAs && llvm::isa_and_nonnull<ParmVarDecl>(D.Symbol))
      Found |= HostParams.try_emplace(D.Symbol, Element).second;
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

bool DeviceTransfer::record(const Stmt *Element, const DeviceState &S,
                               llvm::DenseSet<const CallExpr *> &Seen,
                               std::vector<OpUse> &Out,
                               std::vector<ModuleMove> &Moves,
                               unsigned Depth) const {
  if (!Element || llvm::isa<LambdaExpr>(Element))
    return true; // Lambdas are analysed as functions of their own.
  if (Depth > Options.Limits.MaxExprDepth)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Element)) {
    std::string Name;
    std::optional<OpDeviceRule> Op = opRuleOf(Call, Index, &Name);
    std::optional<DeviceRule> Rule;
    if (Op)
      Rule = Op->Rule;
    if (Rule && *Rule != DeviceRule::Factory &&
        *Rule != DeviceRule::InheritsDevice && Seen.insert(Call).second) {
      OpUse Use;
      Use.Call = Call;
      Use.Name = std::move(Name);
      Use.Rule = *Rule;
      Use.CpuScalarAt = Op->CpuScalarAt;
      // `t.index_put_({Slice(), 0}, v)`: with no tensor among the indices
      // (or only 0-dim ones, `argmax()`'s) libtorch selects a view and
      // copies into it (copy_ semantics).
      if (Use.Rule == DeviceRule::IndexPut && Call->getNumArgs() > 0 &&
          llvm::isa<CXXMemberCallExpr>(Call) &&
          onlyBasicIndices(Call->getArg(0), [&](const Expr *Index) {
            return eval(Index, S).ZeroDim == Tri::Yes;
          }))
        Use.Rule = DeviceRule::Copy;
      Use.Inputs = inputsOf(Call, S);
      Out.push_back(std::move(Use));
    }
    if (!Rule && Seen.insert(Call).second) {
      // A module move, in the state before the statement that makes it.
      for (ModuleMove &Move : moduleMovesAt(Call, S))
        Moves.push_back(std::move(Move));
      // Where the arguments meet inside a function of this translation unit.
      if (const FunctionSummary *Summary = summaryOf(Call))
        for (const OpUse &Meeting : Summary->Meetings)
          Out.push_back(meetingAtCall(Meeting, Call, *Summary, S));
    }
  }
  for (const Stmt *Child : Element->children())
    if (!record(Child, S, Seen, Out, Moves, Depth + 1))
      return false;
  return true;
}

/// What deviceBefore needs after the analysis: the graph, the

} // namespace clang::tidy::torch::device
