//===--- TransferSyntax.cpp - how the transfer reads the code -------------===//
#include "device/flow/TransferSyntax.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/LaunchSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy::torch::device {

namespace {

/// The optional whose tensor \p E reads (`bias.value()`, `*bias`): the
/// tensor lives where the optional's would, had it been a tensor itself.
const Expr *optionalHolderOf(const Expr *E) {
  const Expr *Optional = nullptr;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Method && Method->getIdentifier() && Method->getName() == "value" &&
        Call->getNumArgs() == 0)
      Optional = Call->getImplicitObjectArgument();
  } else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E);
             Op && Op->getOperator() == OO_Star && Op->getNumArgs() == 1) {
    Optional = Op->getArg(0);
  }
  return Optional && isOptionalTensorType(Optional->getType()) ? Optional
                                                               : nullptr;
}

} // namespace

const Expr *tensorOperand(const Expr *E) {
  for (E = throughReferenceAlias(stripWrappers(E)); E;
       E = throughReferenceAlias(stripWrappers(E))) {
    if (const Expr *Optional = optionalHolderOf(E)) {
      E = Optional;
      continue;
    }
    const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
    // A tensor's copy, or an IValue holding it (a TorchScript input).
    if (!Construct || Construct->getNumArgs() != 1 ||
        llvm::isa<CXXTemporaryObjectExpr>(Construct) ||
        !(isTensorType(Construct->getType()) ||
          isIValueType(Construct->getType())) ||
        !isTensorType(Construct->getArg(0)->getType()))
      return E;
    E = Construct->getArg(0);
  }
  return E;
}

namespace {

/// The tensor \p E is a call of one of the tensor methods \p Names on;
/// null for anything else.
const Expr *objectOfAccess(const Expr *E,
                           std::initializer_list<llvm::StringRef> Names) {
  const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(E);
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !isTensorMethod(Method) || !Method->getIdentifier() ||
      !llvm::is_contained(Names, Method->getName()))
    return nullptr;
  return Call->getImplicitObjectArgument();
}

/// \p E, or the initializer of the local (not a parameter) it names.
const Expr *throughLocalInit(const Expr *E) {
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        Var && Var->hasLocalStorage() && !llvm::isa<ParmVarDecl>(Var) &&
        Var->getInit())
      return tensorOperand(Var->getInit());
  return E;
}

/// Whether \p Arg is an argument of \p User that it takes as GPU memory: a
/// CUDA memory call's (isDeviceSideOfMemoryCall), or one a launcher of the
/// unit hands to a kernel.
bool passesGpuMemory(const Expr *Arg, const DynTypedNode &User) {
  const auto *Call = User.get<CallExpr>();
  if (!Call || !Arg)
    return false;
  if (handsToKernel(*Call, Arg))
    return true;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I)->IgnoreParenImpCasts() == Arg->IgnoreParenImpCasts())
      return device::isDeviceSideOfMemoryCall(*Call, I);
  return false;
}

} // namespace

bool handedToKernelsOnly(const CXXMemberCallExpr *Access, ASTContext &Ctx) {
  DynTypedNode Parent = wrappedParent(Access, Ctx);
  const Expr *Pointed = Access;
  // `(unsigned long long *)t.data_ptr<int64_t>()`: the same pointer.
  while (const auto *Cast = Parent.get<ExplicitCastExpr>()) {
    if (!Cast->getType()->isPointerType())
      return false;
    Pointed = Cast;
    Parent = wrappedParent(Cast, Ctx);
  }
  if (Parent.get<CUDAKernelCallExpr>() || passesGpuMemory(Pointed, Parent))
    return true;
  const auto *Pointer = Parent.get<VarDecl>();
  const auto *Fn = Pointer
                       ? llvm::dyn_cast<FunctionDecl>(Pointer->getDeclContext())
                       : nullptr;
  if (!Fn || !Fn->getBody() || !Pointer->getType()->isPointerType())
    return false;
  // The `void *args[]` arrays the function hands the runtime's launch,
  // gathered the first time a pointer's address is taken.
  std::optional<llvm::SmallPtrSet<const VarDecl *, 2>> LaunchArrays;
  auto HandedToLaunch = [&](const VarDecl *Array) {
    if (!LaunchArrays) {
      LaunchArrays.emplace();
      forEachDescendantWithLambdas(Fn->getBody(), [&](const Stmt &S) {
        if (const auto *Call = llvm::dyn_cast<CallExpr>(&S))
          if (std::optional<KernelLaunchCall> Launch = kernelLaunchOf(*Call);
              Launch && Launch->ArgumentArray)
            LaunchArrays->insert(Launch->ArgumentArray);
      });
    }
    return LaunchArrays->count(Array) > 0;
  };
  bool Used = false, OnlyLaunches = true;
  forEachDescendantWithLambdas(Fn->getBody(), [&](const Stmt &S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    if (!Ref || Ref->getDecl() != Pointer)
      return;
    // A lambda's capture of it is not a use; the lambda's body has those.
    const DynTypedNode User = wrappedParent(Ref, Ctx);
    if (User.get<LambdaExpr>())
      return;
    Used = true;
    // `&p` in the arguments of a runtime launch.
    if (const auto *AddressOf = User.get<UnaryOperator>();
        AddressOf && AddressOf->getOpcode() == UO_AddrOf) {
      const auto *List = wrappedParent(AddressOf, Ctx).get<InitListExpr>();
      const auto *Array =
          List ? wrappedParent(List, Ctx).get<VarDecl>() : nullptr;
      OnlyLaunches &= Array && HandedToLaunch(Array);
      return;
    }
    // `p + offset` handed to a launch (or a copy) is the same memory.
    const auto *Offset = User.get<BinaryOperator>();
    const Expr *Passed = Offset ? static_cast<const Expr *>(Offset) : Ref;
    const DynTypedNode Launch = Offset ? wrappedParent(Offset, Ctx) : User;
    OnlyLaunches &= Launch.get<CUDAKernelCallExpr>() != nullptr ||
                    passesGpuMemory(Passed, Launch);
  });
  return Used && OnlyLaunches;
}

const Expr *pointerOrigin(const Expr *Pointer,
                          llvm::function_ref<bool(const VarDecl *)> Follows) {
  // Through casts to another pointer type (`(uint64_t
  // *)t.data_ptr<int64_t>()`), offsets (`p + n`) and local pointers, in any
  // order; bounded, since a local may name itself (`float *p = p + 1;`).
  constexpr int MaxSteps = 8;
  for (int Step = 0; Step < MaxSteps && Pointer; ++Step) {
    Pointer = tensorOperand(Pointer);
    if (!Pointer || !Pointer->getType()->isPointerType())
      return nullptr;
    if (const auto *Cast = llvm::dyn_cast<ExplicitCastExpr>(Pointer);
        Cast && Cast->getSubExpr()->getType()->isPointerType()) {
      Pointer = Cast->getSubExpr();
      continue;
    }
    if (const auto *Offset = llvm::dyn_cast<BinaryOperator>(Pointer);
        Offset && Offset->isAdditiveOp() &&
        Offset->getLHS()->getType()->isPointerType()) {
      Pointer = Offset->getLHS();
      continue;
    }
    if (const Expr *Init = throughLocalInit(Pointer); Init != Pointer) {
      const auto *Local =
          llvm::cast<VarDecl>(llvm::cast<DeclRefExpr>(Pointer)->getDecl());
      if (Follows && !Follows(Local))
        return nullptr;
      Pointer = Init;
      continue;
    }
    return Pointer;
  }
  return nullptr;
}

const Expr *tensorOfPointer(const Expr *Pointer) {
  return objectOfAccess(
      pointerOrigin(Pointer),
      {"data_ptr", "data", "mutable_data_ptr", "const_data_ptr"});
}

const Expr *
kernelArgumentOrigin(const Expr *Arg,
                     llvm::function_ref<bool(const VarDecl *)> Follows) {
  if (Arg && Arg->getType()->isPointerType())
    return pointerOrigin(Arg, Follows);
  // An accessor is passed by value: a copy of the local that holds it.
  Arg = tensorOperand(Arg);
  if (const auto *Copy = llvm::dyn_cast_or_null<CXXConstructExpr>(Arg);
      Copy && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    Arg = tensorOperand(Copy->getArg(0));
  const Expr *Init = throughLocalInit(Arg);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(Arg);
      Init != Arg && Follows && !Follows(llvm::cast<VarDecl>(Ref->getDecl())))
    return nullptr;
  return Init;
}

const Expr *tensorOfKernelArgument(const Expr *Arg) {
  const Expr *Origin = kernelArgumentOrigin(Arg);
  if (const Expr *Tensor = objectOfAccess(
          Origin, {"data_ptr", "data", "mutable_data_ptr", "const_data_ptr"}))
    return Tensor;
  return objectOfAccess(Origin, {"packed_accessor32", "packed_accessor64",
                                 "packed_accessor", "generic_packed_accessor"});
}

const ValueDecl *assignedDecl(const Expr *E) {
  E = tensorOperand(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return llvm::dyn_cast<VarDecl>(Ref->getDecl());
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(E))
    if (llvm::isa<CXXThisExpr>(tensorOperand(Member->getBase())))
      return Member->getMemberDecl();
  return nullptr;
}

const ValueDecl *moduleRoot(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    if (const ValueDecl *Object = referencedObject(E))
      return isModuleType(Object->getType()) ? Object : nullptr;
    E = tensorOperand(E);
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(E))
      E = llvm::isa<CXXThisExpr>(tensorOperand(Member->getBase()))
              ? nullptr
              : Member->getBase();
    else if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E))
      E = Op->getNumArgs() > 0 ? Op->getArg(0) : nullptr; // holder->x
    else if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E))
      E = Call->getImplicitObjectArgument(); // net->parameters()
    else if (const auto *Copy = llvm::dyn_cast<CXXConstructExpr>(E);
             Copy && Copy->getNumArgs() == 1 &&
             Copy->getConstructor()->isCopyOrMoveConstructor())
      E = Copy->getArg(0); // a holder passed by value shares the module
    else
      return nullptr;
  }
  return nullptr;
}

bool isRunOutputOf(const AbstractDevice &D, const Expr *Module) {
  return Module && D.K == AbstractDevice::Kind::SameAs && D.Symbol &&
         D.Symbol == moduleRoot(Module);
}

unsigned recordListSize(QualType T) {
  const auto *Spec = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->isInStdNamespace() || !isNamed(Spec, "vector") ||
      Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return 0;
  return partCount(Spec->getTemplateArgs()[0].getAsType());
}

const Expr *elementListOf(const Expr *E) {
  E = stripWrappers(E);
  // A copy of the element (`auto [a, b] = steps[i];`).
  if (const auto *Copy = llvm::dyn_cast_or_null<CXXConstructExpr>(E);
      Copy && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    E = stripWrappers(Copy->getArg(0));
  if (const auto *Op = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2)
    return Op->getArg(0);
  if (const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Method && Method->getIdentifier() &&
        llvm::is_contained({"at", "front", "back"}, Method->getName()))
      return Call->getImplicitObjectArgument();
  }
  return nullptr;
}

const ValueDecl *moduleContainerOf(const Expr *E) {
  E = stripWrappers(E);
  if (!E || !isModuleType(E->getType()))
    return nullptr;
  const Expr *Container = elementListOf(E);
  return Container ? assignedDecl(Container) : nullptr;
}

std::optional<std::pair<const Expr *, unsigned>>
tupleElementRead(const CallExpr *Call) {
  const FunctionDecl *Get = Call->getDirectCallee();
  const TemplateArgumentList *Args =
      Get ? Get->getTemplateSpecializationArgs() : nullptr;
  if (!Get || !Get->isInStdNamespace() || !isNamed(Get, "get") || !Args ||
      Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Integral ||
      Call->getNumArgs() != 1)
    return std::nullopt;
  const Expr *Tuple = Call->getArg(0);
  const uint64_t Index = Args->get(0).getAsIntegral().getZExtValue();
  if (Index >= tupleSize(Tuple->getType()))
    return std::nullopt;
  return std::make_pair(Tuple, static_cast<unsigned>(Index));
}

const VarDecl *copiedVariable(const Expr *E) {
  constexpr int MaxSteps = 4; // NRVO: construct, cast, move, reference
  for (int Step = 0; E && Step < MaxSteps; ++Step) {
    E = stripWrappers(E);
    if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
      return llvm::dyn_cast<VarDecl>(Ref->getDecl());
    const auto *Construct = llvm::dyn_cast_or_null<CXXConstructExpr>(E);
    const auto *Move = llvm::dyn_cast_or_null<CallExpr>(E);
    if (Construct && Construct->getNumArgs() == 1)
      E = Construct->getArg(0);
    else if (Move && Move->getNumArgs() == 1 && Move->getDirectCallee() &&
             Move->getDirectCallee()->isInStdNamespace() &&
             isNamed(Move->getDirectCallee(), "move"))
      E = Move->getArg(0);
    else
      return nullptr;
  }
  return nullptr;
}

std::optional<std::pair<const VarDecl *, const FieldDecl *>>
localAggregateField(const Expr *E) {
  const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(E);
  const auto *Field =
      Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
  if (!Field || Member->isArrow() || !isTensorType(Field->getType()))
    return std::nullopt;
  const auto *Ref =
      llvm::dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  const auto *VD = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->isLocalVarDecl() || VD->getType()->isReferenceType() ||
      !VD->getType()->getAsCXXRecordDecl() || isModuleType(VD->getType()))
    return std::nullopt;
  return std::make_pair(VD, Field);
}

bool isFieldsOnlyLocal(const VarDecl *VD, const Stmt *Body) {
  const QualType Type = VD->getType().getCanonicalType().getUnqualifiedType();
  const RecordDecl *Record = VD->getType()->getAsRecordDecl();
  unsigned SameType = 0, Uses = 0, FieldUses = 0;
  bool Shared = false; // captured by a lambda, or its members are `this`'s
  forEachOwnDescendant(Body, [&](const Stmt &Visited) {
    const Stmt *S = &Visited;
    if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(S))
      for (const LambdaCapture &Capture : Lambda->captures())
        Shared |= Capture.capturesVariable() && Capture.getCapturedVar() == VD;
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(S)) {
      const Expr *Base = Member->getBase()->IgnoreParenImpCasts();
      if (llvm::isa<CXXThisExpr>(Base))
        Shared |= Member->getMemberDecl()->getDeclContext() == Record;
      if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Base);
          Ref && Ref->getDecl() == VD &&
          llvm::isa<FieldDecl>(Member->getMemberDecl()))
        ++FieldUses;
    }
    // Structured bindings of another object of the type (`auto [v, h] =
    // net->infer(x)`) name its parts, not members the flow keys by field.
    if (const auto *Decl = llvm::dyn_cast<DeclStmt>(S))
      for (const auto *D : Decl->decls())
        if (const auto *Other = llvm::dyn_cast<VarDecl>(D);
            Other && !llvm::isa<DecompositionDecl>(Other) &&
            Other->getType()
                    .getNonReferenceType()
                    .getCanonicalType()
                    .getUnqualifiedType() == Type)
          ++SameType;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() == VD)
      ++Uses;
    // Returned whole: the caller gets its members (evalParts).
    if (const auto *Return = llvm::dyn_cast<ReturnStmt>(S);
        Return && copiedVariable(Return->getRetValue()) == VD)
      ++FieldUses;
  });
  return !Shared && SameType == 1 && Uses == FieldUses;
}

const DeclRefExpr *rangeOwner(const Expr *E, llvm::StringRef Which) {
  const auto *Call =
      llvm::dyn_cast_or_null<CXXMemberCallExpr>(tensorOperand(E));
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() || Method->getName() != Which ||
      Call->getNumArgs() != 0)
    return nullptr;
  const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
      tensorOperand(Call->getImplicitObjectArgument()));
  return Ref && isTensorListType(Ref->getDecl()->getType()) ? Ref : nullptr;
}

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

bool isUnlistedLibtorchOp(const FunctionDecl *Callee) {
  // torch::nn::functional's functions are the modules' functional forms:
  // `F::pad(x, ...)`, `F::interpolate(x, ...)` compute where x is.
  const auto *Functional = llvm::dyn_cast_or_null<NamespaceDecl>(
      Callee ? Callee->getDeclContext() : nullptr);
  const auto *NN = Functional
                       ? llvm::dyn_cast<NamespaceDecl>(Functional->getParent())
                       : nullptr;
  const bool InFunctional = NN && isNamed(Functional, "functional") &&
                            isNamed(NN, "nn") && isInTopNamespace(NN, "torch");
  if (!Callee || llvm::isa<CXXMethodDecl>(Callee) ||
      !(isInTopNamespace(Callee, "torch") || isInTopNamespace(Callee, "at") ||
        InFunctional))
    return false;
  bool TakesTensors = false;
  for (const ParmVarDecl *Param : Callee->parameters()) {
    const QualType T = Param->getType();
    if (isDeviceLike(T) || isTensorOptionsType(T) || isOptionalDeviceType(T))
      return false;
    TakesTensors |= isTensorType(T) || isTensorListType(T);
  }
  return TakesTensors;
}

const Expr *jitLoadDevice(const Expr *Init) {
  const auto *Load = llvm::dyn_cast_or_null<CallExpr>(spelledArgument(Init));
  const FunctionDecl *Callee = Load ? Load->getDirectCallee() : nullptr;
  if (!Callee || qualifiedName(Callee) != "torch::jit::load")
    return nullptr;
  for (unsigned I = 0; I < Callee->getNumParams() && I < Load->getNumArgs();
       ++I)
    if (isOptionalDeviceType(Callee->getParamDecl(I)->getType()) &&
        !llvm::isa<CXXDefaultArgExpr>(Load->getArg(I)))
      if (const Expr *Written = writtenArgument(Load->getArg(I));
          Written && isDeviceLike(Written->getType()))
        return Written;
  return nullptr;
}

const CallExpr *scriptModuleRunOf(const Expr *E) {
  // The readings of a TorchScript output (an IValue, its tuple, the tuple's
  // elements) on the way back to the run that made it.
  static constexpr llvm::StringLiteral Readings[] = {
      "toTensor",     "toTuple", "elements", "toTensorVector",
      "toTensorList", "toList",  "get",      "at"};
  constexpr unsigned MaxSteps = 8;
  for (unsigned Step = 0; E && Step < MaxSteps; ++Step) {
    E = stripWrappers(E);
    if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(E))
      if (const Expr *Module = forwardedModule(Call);
          Module && isJitModuleType(Module->getType()))
        return Call;
    if (const auto *Member = llvm::dyn_cast_or_null<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (!Method || !Method->getIdentifier() ||
          !llvm::is_contained(Readings, Method->getName()))
        return nullptr;
      E = Member->getImplicitObjectArgument();
    } else if (const auto *Op = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(E);
               Op && Op->getNumArgs() > 0 &&
               (Op->getOperator() == OO_Subscript ||
                Op->getOperator() == OO_Arrow)) {
      E = Op->getArg(0);
    } else if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E)) {
      // A local that keeps the output or its tuple (`const auto out =
      // m.forward(in).toTuple();`), not a tensor the flow follows itself.
      const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
      if (!Var || !Var->isLocalVarDecl() || !Var->getInit() ||
          isTensorType(Var->getType()) || Var->getType()->isReferenceType())
        return nullptr;
      E = Var->getInit();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

unsigned tupleSize(QualType T) {
  const auto *Spec = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getIdentifier() || !Spec->isInStdNamespace())
    return 0;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Spec->getName() == "pair")
    return 2;
  if (Spec->getName() != "tuple" || Args.size() != 1 ||
      Args[0].getKind() != TemplateArgument::Pack)
    return 0;
  return Args[0].pack_size();
}

llvm::SmallVector<const FieldDecl *, 4> aggregateFields(QualType T) {
  constexpr unsigned MaxFields = 16;
  llvm::SmallVector<const FieldDecl *, 4> Fields;
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition() || Record->getNumBases() > 0 ||
      isInLibraryNamespace(Record) || isModuleType(T) || isTensorType(T))
    return Fields;
  Fields.append(Record->field_begin(), Record->field_end());
  if (Fields.size() > MaxFields ||
      llvm::none_of(Fields, [](const FieldDecl *F) {
        return isTensorType(F->getType());
      }))
    Fields.clear();
  return Fields;
}

llvm::SmallVector<const Expr *, 4> tupleParts(const Expr *E, unsigned Size) {
  llvm::SmallVector<const Expr *, 4> Parts;
  constexpr int MaxConversions = 4; // return {a, b}: list, move, convert
  for (int Step = 0; E && Step < MaxConversions; ++Step) {
    E = stripWrappers(E);
    llvm::ArrayRef<const Expr *> Args;
    if (const auto *List = llvm::dyn_cast<InitListExpr>(E))
      Args = llvm::ArrayRef(List->getInits(), List->getNumInits());
    else if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E))
      Args = llvm::ArrayRef(Construct->getArgs(), Construct->getNumArgs());
    else if (const auto *Call = llvm::dyn_cast<CallExpr>(E);
             Call && Call->getDirectCallee() &&
             Call->getDirectCallee()->isInStdNamespace() &&
             Call->getDirectCallee()->getIdentifier() &&
             llvm::is_contained({"make_pair", "make_tuple", "forward_as_tuple"},
                                Call->getDirectCallee()->getName()))
      Args = llvm::ArrayRef(Call->getArgs(), Call->getNumArgs());
    if (Args.size() == Size && Size > 1) {
      Parts.append(Args.begin(), Args.end());
      return Parts;
    }
    // A pair or tuple made from another: follow the one it is made from.
    if (Args.size() != 1 || !tupleSize(Args[0]->getType()))
      return Parts;
    E = Args[0];
  }
  return Parts;
}

} // namespace clang::tidy::torch::device
