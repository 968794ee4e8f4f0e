//===--- DeviceTransfer.cpp - how statements move devices -----------------===//
//
// What a statement does to the state (assignments, moves, module moves, calls
// of summarised functions); the device of an expression is
// DeviceEvaluation.cpp's, the uses a statement records UseRecords.cpp's.
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceTransfer.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/UnitCallers.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

namespace {

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

/// The object a method call runs on: `obj` in `obj.f()`, `obj->f()`, `obj(x)`.
const Expr *objectOf(const CallExpr *Call) {
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
    return Member->getImplicitObjectArgument();
  if (llvm::isa<CXXOperatorCallExpr>(Call) &&
      llvm::isa_and_nonnull<CXXMethodDecl>(Call->getDirectCallee()) &&
      Call->getNumArgs() > 0)
    return Call->getArg(0);
  return nullptr;
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

AbstractDevice DeviceTransfer::resultAtCall(const AbstractDevice &D,
                                            const CallExpr *Call,
                                            const FunctionSummary &Callee,
                                            const DeviceState &S) const {
  if (D.K == Kind::SameAs) {
    AbstractDevice Here = atCall(D, Call, Callee, S);
    // A module's output stays one through the call that returns it.
    Here.RunOutput |= D.RunOutput && Here.K == Kind::SameAs;
    return Here;
  }
  // Different symbols' devices on different paths, none the CPU (`keep ?
  // torch::cat({a, b}) : b`): where the caller's arguments for them are.
  if (D.K != Kind::Maybe || D.MayBeCpu || D.OffCpuThrough.empty() ||
      llvm::is_contained(D.OffCpuThrough, nullptr))
    return D;
  std::optional<AbstractDevice> Joined;
  for (const ValueDecl *Symbol : D.OffCpuThrough) {
    const AbstractDevice Here =
        atCall(AbstractDevice::sameAs(Symbol), Call, Callee, S);
    if (Here.K == Kind::Unknown)
      return D;
    Joined = Joined ? AbstractDevice::join(*Joined, Here) : Here;
  }
  Joined->ZeroDim = D.ZeroDim;
  return *Joined;
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
    Here = Module                           ? lookup(Module, S)
           : isDeviceLike(Param->getType()) ? evalDevice(Passed, S)
                                            : eval(Passed, S);
    // One element of a pair or tuple argument.
    if (D.Part >= 0) {
      const auto Parts = evalParts(Passed, tupleSize(Param->getType()), S);
      Here = static_cast<size_t>(D.Part) < Parts.size()
                 ? Parts[D.Part]
                 : AbstractDevice::unknown();
    }
    if (Arg)
      *Arg = Passed;
  } else if (llvm::isa<FieldDecl>(D.Symbol)) {
    // A member of the object the method runs on: this one's own member, or
    // wherever the object (a module, a parameter, a member) lives.
    const Expr *Object = tensorOperand(objectOf(Call));
    if (!Object)
      return AbstractDevice::unknown();
    if (llvm::isa<CXXThisExpr>(Object))
      Here = lookup(D.Symbol, S);
    else if (const ValueDecl *Module = moduleRoot(Object))
      Here = lookup(Module, S);
    else if (const ValueDecl *Holder = assignedDecl(Object);
             llvm::isa_and_nonnull<ParmVarDecl, FieldDecl>(Holder))
      Here = AbstractDevice::sameAs(Holder);
    else if (const ValueDecl *Container = moduleContainerOf(Object))
      Here = lookup(Container, S); // `blocks[i](x)`
    else
      return AbstractDevice::unknown();
  } else {
    return AbstractDevice::unknown();
  }
  // Device-less tensors passed for the other symbols the value was computed
  // from are those factories' fault too; symbols stay symbols, beside those
  // the argument was already computed with.
  for (const ValueDecl *Also : D.AlsoSymbols) {
    const AbstractDevice There =
        atCall(AbstractDevice::sameAs(Also), Call, Callee, S);
    // The op ran, so where the caller's argument is unknown the value is
    // where the other symbol is (`fc(x)` of a module placed at run time).
    if (Here.K == Kind::Unknown && There.mayBeOffCpu()) {
      Here = There;
      Here.AlsoSymbols.clear();
      // Computed by that module from data of unknown place: its output.
      Here.RunOutput |= Here.K == Kind::SameAs && Here.Symbol &&
                        isModuleType(Here.Symbol->getType());
      continue;
    }
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

OpUse DeviceTransfer::meetingAtCall(const OpUse &Meeting, const CallExpr *Call,
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
    } else if (const unsigned Size = tupleSize(
                   optionalValueType(T).isNull() ? T : optionalValueType(T))) {
      // An RNN's state (`lstm->forward(x, std::make_tuple(h0, c0))`): each
      // tensor of the pair or tuple is an input.
      const auto Parts = tupleParts(Arg, Size);
      const auto Devices = evalParts(Arg, Size, S);
      for (size_t I = 0; I < Devices.size(); ++I) {
        OpInput In;
        In.E = I < Parts.size() ? Parts[I] : Arg;
        if (!isTensorType(In.E->getType()) && In.E != Arg)
          continue;
        In.Device = Devices[I];
        Inputs.push_back(In);
      }
    } else if (isTensorListType(T)) {
      OpInput In;
      In.E = Arg;
      In.IsList = true;
      ListValue L = evalList(Arg, S);
      In.Elements.assign(L.Elements.begin(), L.Elements.end());
      if (L.Opaque)
        In.Elements.push_back(AbstractDevice::unknown());
      // Remember inline elements, for fixes and notes.
      const Expr *Inner = tensorOperand(Arg);
      while (const auto *C = llvm::dyn_cast_or_null<CXXConstructExpr>(Inner)) {
        if (C->getNumArgs() != 1)
          break;
        Inner = tensorOperand(C->getArg(0));
      }
      if (const auto *IL =
              llvm::dyn_cast_or_null<CXXStdInitializerListExpr>(Inner))
        Inner = tensorOperand(IL->getSubExpr());
      if (const auto *Init = llvm::dyn_cast_or_null<InitListExpr>(Inner))
        for (const Expr *Element : Init->inits())
          In.ElementExprs.push_back(Element);
      Inputs.push_back(In);
    }
  };
  const Expr *Module = forwardedModule(Call);
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
    Add(Member->getImplicitObjectArgument());
  for (const Expr *Arg : Call->arguments())
    if (Arg != Module)
      Add(Arg);
  // A module's forward meets its parameters where the module lives. Listed
  // last, so that its result follows the data it ran on: two modules run
  // on common data are together. A loss holds none of its own.
  const std::optional<OpDeviceRule> Rule =
      Module ? opRuleOf(Call, Index) : std::nullopt;
  if (Module && (!Rule || Rule->ModuleState)) {
    OpInput In;
    In.E = Module;
    In.Device = lookup(moduleRoot(Module), S);
    In.Device.ZeroDim = Tri::No;
    Inputs.push_back(In);
  }
  return Inputs;
}

AbstractDevice DeviceTransfer::opResult(const CallExpr *Call, DeviceRule Rule,
                                        const DeviceState &S) const {
  AbstractDevice D = common(inputsOf(Call, S), Rule);
  const Expr *Module = forwardedModule(Call);
  D.RunOutput = isRunOutputOf(D, Module);
  return D;
}

AbstractDevice
DeviceTransfer::common(const llvm::SmallVectorImpl<OpInput> &Written,
                       DeviceRule Rule) const {
  // A list's elements are inputs of their own (`torch::cat({a, b})`); what
  // is joined from a list has at least one dimension.
  llvm::SmallVector<OpInput, 4> Inputs;
  bool JoinsList = false;
  for (const OpInput &In : Written) {
    if (!In.IsList) {
      Inputs.push_back(In);
      continue;
    }
    if (In.Elements.empty())
      return AbstractDevice::unknown();
    JoinsList = true;
    for (const AbstractDevice &Element : In.Elements) {
      OpInput Each;
      Each.E = In.E;
      Each.Device = Element;
      Each.Device.ZeroDim = Tri::No;
      Inputs.push_back(Each);
    }
  }
  // Elementwise ops broadcast: 0-dim inputs only make a 0-dim result
  // (`(idx % n).to(kLong)` of a 0-dim idx is one index, wherever it lives).
  const bool AllInputsZeroDim = !JoinsList && !Inputs.empty() &&
                                llvm::all_of(Inputs, [](const OpInput &In) {
                                  return In.Device.ZeroDim == Tri::Yes;
                                });
  // A broadcasting op's result has the largest rank of its inputs.
  const bool Broadcasts = Rule == DeviceRule::CpuScalar ||
                          Rule == DeviceRule::CpuScalarInPlace ||
                          Rule == DeviceRule::Where;
  const bool AnyInputNonZeroDim = llvm::any_of(
      Inputs, [](const OpInput &In) { return In.Device.ZeroDim == Tri::No; });
  for (const OpInput &In : Inputs) {
    if (In.Device.mayBeOffCpu()) {
      AbstractDevice D = In.Device;
      D.clearDeviceLess();
      D.ZeroDim = AllInputsZeroDim                   ? Tri::Yes
                  : Broadcasts && AnyInputNonZeroDim ? Tri::No
                                                     : Tri::Unknown;
      if (D.K == Kind::SameAs)
        for (const OpInput &Other : Inputs)
          if (Other.Device.K == Kind::SameAs &&
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
  const bool AllCpu =
      llvm::all_of(Inputs, [](const OpInput &In) { return In.Device.isCpu(); });
  if (Inputs.empty() ||
      (!AllCpu && llvm::none_of(Inputs, [&](const OpInput &In) {
        return Binds(In.Device);
      }))) {
    AbstractDevice D = AbstractDevice::unknown();
    D.ZeroDim = AllInputsZeroDim ? Tri::Yes : Tri::Unknown;
    return D;
  }
  const OpInput *FirstCpu = nullptr, *FirstDeviceLess = nullptr;
  for (const OpInput &In : Inputs) {
    if (In.Device.isCpu() && !FirstCpu)
      FirstCpu = &In;
    if (In.Device.DeviceLess && !FirstDeviceLess)
      FirstDeviceLess = &In;
  }
  const Tri ZeroDim = AllInputsZeroDim     ? Tri::Yes
                      : AnyInputNonZeroDim ? Tri::No
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

void DeviceTransfer::transfer(const CFGElement &Element, DeviceState &S) const {
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
DeviceTransfer::moduleMovesAt(const CallExpr *Call,
                              const DeviceState &S) const {
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
    Move.ToCpu =
        Move.Device ? isCpuDeviceConstant(Move.Device) : Move.Target.isCpu();
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
  // A tensor's `to` (`net->forward(x).to(kCPU)`) copies data; it moves no
  // module, whatever the tensor was reached through.
  if (!Method || !Method->getIdentifier() || Method->getName() != "to" ||
      isTensorMethod(Method) || Member->getNumArgs() == 0 ||
      !isDeviceLike(Member->getArg(0)->getType()))
    return Moves;
  const Expr *Object = Member->getImplicitObjectArgument();
  const ValueDecl *Module = moduleRoot(Object);
  // A script module's `to(device)` moves it in place as well.
  if (!Module)
    if (const ValueDecl *Script = referencedObject(Object);
        Script && isJitModuleType(Script->getType()))
      Module = Script;
  if (Module)
    Add(Module, Member->getArg(0), evalDevice(Member->getArg(0), S), nullptr);
  return Moves;
}

AbstractDevice DeviceTransfer::loadedScriptModule(const Expr *Loaded,
                                                  const DeviceState &S) const {
  const Expr *Device = jitLoadDevice(Loaded);
  return Device ? evalDevice(Device, S) : AbstractDevice::unknown();
}

void DeviceTransfer::collectAskedLocals(const Stmt *Body) {
  AskedLocals = localsAskedForDevice(Body);
}

void DeviceTransfer::transfer(const Stmt *Element, DeviceState &S) const {
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(Element)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = llvm::dyn_cast<VarDecl>(D);
      if (!VD)
        continue;
      const QualType T = VD->getType();
      const auto Range = RangeForVars.find(VD);
      // `auto [a, b] = pair_of_tensors(...)`, `auto [v, h] = net->infer(x)`
      // returning a struct: each name its element or member.
      if (const auto *Decomposed = llvm::dyn_cast<DecompositionDecl>(VD);
          Decomposed && VD->getInit()) {
        const auto Parts = Range != RangeForVars.end()
                               ? recordListParts(Range->second, partCount(T), S)
                               : evalParts(VD->getInit(), partCount(T), S);
        for (size_t I = 0; I < Parts.size(); ++I)
          if (isTensorType(Decomposed->bindings()[I]->getType()))
            S.Vars[Decomposed->bindings()[I]] = Parts[I];
      }
      initAggregate(VD, S);
      // `auto sorted = torch::sort(x, 1);`: where its parts are, when they
      // agree (`std::get<0>(sorted)` reads it).
      if (const unsigned Size = tupleSize(T);
          Size && VD->getInit() && !llvm::isa<DecompositionDecl>(VD))
        S.Vars[VD] = agreedPart(evalParts(VD->getInit(), Size, S));
      if (Range != RangeForVars.end() && isTensorType(T)) {
        S.Vars[VD] = evalElement(Range->second, S);
      } else if (const ValueDecl *Container =
                     Range != RangeForVars.end() && isModuleType(T)
                         ? assignedDecl(Range->second)
                         : nullptr) {
        // `for (auto &block : blocks)`: where the container's modules are.
        S.Vars[VD] = lookup(Container, S);
      } else if (isTensorType(T)) {
        S.Vars[VD] = heldBy(VD, VD->getInit() ? eval(VD->getInit(), S)
                                              : AbstractDevice::unknown());
      } else if (isDeviceLike(T) || isTensorOptionsType(T)) {
        // Options kept in a local name their device as a device does.
        S.Vars[VD] = VD->getInit() ? evalDevice(VD->getInit(), S)
                                   : AbstractDevice::unknown();
      } else if (!T->isReferenceType() &&
                 (isTensorListType(T) || recordListSize(T))) {
        initList(VD, S);
      } else if (isJitModuleType(T) && !T->isReferenceType()) {
        // Where `torch::jit::load(path, device)` put it; with no device,
        // where it was saved, which the code does not say.
        S.Vars[VD] = loadedScriptModule(VD->getInit(), S);
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
  E = tensorOperand(E);
  if (const auto Sides = assignmentSides(E)) {
    const auto [LHS, RHS] = *Sides;
    if (assignTied(LHS, RHS, S))
      return;
    const ValueDecl *Target = assignedDecl(LHS);
    if (!Target)
      Target = trackedField(tensorOperand(LHS));
    // `std::get<0>(sorted) = y;`: the pair or tuple is no longer followed.
    const auto *Get = llvm::dyn_cast<CallExpr>(tensorOperand(LHS));
    if (const auto Read = !Target && Get ? tupleElementRead(Get) : std::nullopt)
      if (const ValueDecl *Tuple = assignedDecl(Read->first))
        S.Vars[Tuple] = AbstractDevice::unknown();
    if (Target) {
      const QualType T = Target->getType();
      if (isTensorType(T))
        S.Vars[Target] = heldBy(llvm::dyn_cast<VarDecl>(Target), eval(RHS, S));
      else if (isDeviceLike(T) || isTensorOptionsType(T))
        S.Vars[Target] = evalDevice(RHS, S);
      else if (isTensorListType(T))
        S.Lists[Target] = evalList(RHS, S);
      else if (const unsigned Size = tupleSize(T))
        S.Vars[Target] = agreedPart(evalParts(RHS, Size, S));
      else if (isJitModuleType(T) && !T->isReferenceType())
        S.Vars[Target] = loadedScriptModule(RHS, S);
      else if (isModuleType(T) && !T->isReferenceType()) {
        // Built here, on the CPU until moved; replaced, no longer built here.
        const Expr *Built = builtModuleValue(RHS);
        if (Built)
          S.Vars[Target] = AbstractDevice::cpu(Built);
        else if (S.Vars.lookup(Target).cpuModuleConstruction())
          S.Vars[Target] = AbstractDevice::unknown();
      }
    }
    return;
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    // A checkpoint read into a module puts it on the device given; with
    // none, where the file was saved, which the code does not say: a module
    // built here is no longer known to be on the CPU (where it was moved
    // stays, for the checkpoint-load findings to judge the read).
    if (const std::optional<ModuleLoad> Load = moduleLoadAt(Call)) {
      if (Load->Device) {
        S.Vars[Load->Module] = evalDevice(Load->Device, S);
        S.Vars[Load->Module].Origin = Call;
      } else if (S.Vars.lookup(Load->Module).cpuModuleConstruction()) {
        S.Vars[Load->Module] = AbstractDevice::unknown();
      }
      return;
    }
    const llvm::SmallVector<ModuleMove, 1> Moves = moduleMovesAt(Call, S);
    // A move under a run-time device choice (`if (cuda::is_available())
    // net->to(kCUDA);`) is where the program chose to run, as for tensors.
    const bool Chosen = llvm::any_of(Moves, [&](const ModuleMove &Move) {
      return isChosenMove(Call, Move.Device, Ctx);
    });
    for (const ModuleMove &Move : Moves)
      S.Vars[Move.Module] = Chosen ? AbstractDevice::unknown() : Move.Target;
    if (!Moves.empty())
      return;
  }
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(E))
    transferListCall(Member, S);
}

} // namespace clang::tidy::torch::device
