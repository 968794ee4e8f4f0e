//===--- HostWork.cpp - data the code reads or keeps on the host ----------===//
#include "device/findings/HostWork.h"
#include "device/DeviceModel.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"
#include "device/summaries/DeviceFlowConfig.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {
namespace {

bool derivesFromOstream(const CXXRecordDecl *RD, int Depth = 0) {
  if (!RD || Depth > 8)
    return false;
  if (isNamed(RD, "basic_ostream"))
    return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (derivesFromOstream(Base.getType()->getAsCXXRecordDecl(), Depth + 1))
      return true;
  return false;
}

/// A method of a module other than its forward (`MaskRCNN::Detect`,
/// `Classifier::predict`), or of a class that holds a module to run it
/// (`PolicyValueNet::policy_value`): an inference API that hands its results
/// to host code. A forward's results go on to the next layer or the loss.
bool isInferenceMethod(const FunctionDecl *Fn) {
  const auto *Method =
      llvm::dyn_cast_or_null<CXXMethodDecl>(enclosingNamedFunction(Fn));
  if (!Method || Method->isStatic() || !Method->getIdentifier() ||
      Method->getName() == "forward" || llvm::isa<CXXConstructorDecl>(Method))
    return false;
  return isModuleMethod(Method) ||
         llvm::any_of(Method->getParent()->fields(), [](const FieldDecl *F) {
           return isModuleType(F->getType());
         });
}

bool isStdTuple(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() &&
         (isNamed(RD, "tuple") || isNamed(RD, "pair"));
}

/// `std::vector<torch::Tensor>` (not libtorch's TensorList views).
bool isStdTensorVector(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() && isNamed(RD, "vector") &&
         isTensorListType(T);
}

/// \p Arg of \p Call hands a host tensor over for host work: results
/// collected in a standard container (`out.push_back(y.cpu())`), or an
/// argument of a helper of the user's that returns no tensor
/// (`step_envs(actions.cpu())`, `draw_boxes(image, boxes.cpu())`): such
/// helpers read their input on the host by contract. A module's forward and
/// a helper that returns a tensor go on computing, and are not hand-offs.
bool isHostHandOff(const CallExpr *Call, const FunctionDecl *Callee,
                   const Expr *Arg, ASTContext &Ctx) {
  if (llvm::isa<CXXOperatorCallExpr>(Call) ||
      !llvm::is_contained(Call->arguments(), Arg))
    return false;
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Callee);
  if (Method ? Method->getParent()->isInStdNamespace()
             : Callee->isInStdNamespace())
    return Method && Method->getIdentifier() &&
           llvm::is_contained({"push_back", "emplace_back", "insert", "emplace",
                               "push", "push_front", "emplace_front"},
                              Method->getName());
  if (isTensorType(Callee->getReturnType()) ||
      (Method && (isModuleMethod(Method) || isTensorMethod(Method))) ||
      LibraryCode(Ctx.getSourceManager()).contains(Callee->getLocation()))
    return false;
  return true;
}

/// Every use of the local \p Var in \p Fn reads it back on the host.
bool onlyReadBack(const VarDecl *Var, const FunctionDecl *Fn, ASTContext &Ctx,
                  int Depth) {
  return usesReadBack(Var, SourceLocation(), Fn, Ctx, Depth);
}

/// `t = y.cpu();` stores a host result into the local \p Target; the uses of
/// \p Target after \p Assign (and before the end of its scope) all read it
/// back on the host. An assignment inside a loop that the local outlives
/// reaches the loop's earlier statements too: not judged.
bool onlyReadBackAfter(const ValueDecl *Target, const Expr *Assign,
                       const FunctionDecl *Fn, ASTContext &Ctx, int Depth) {
  // A local, a parameter (by value, the function's own handle, or by
  // reference: `result = result.cpu(); result.accessor<float, 2>()` reads
  // the caller's results on the host, and the move is that reading's), or
  // a structured binding of a local (`auto [dets, masks] = ...`).
  const auto *Var = llvm::dyn_cast<VarDecl>(Target);
  if (const auto *Binding = llvm::dyn_cast<BindingDecl>(Target))
    Var = llvm::dyn_cast_or_null<VarDecl>(Binding->getDecomposedDecl());
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body || !Var || !Var->hasLocalStorage() ||
      (Var->getType()->isReferenceType() && !llvm::isa<ParmVarDecl>(Var)))
    return false;
  for (const Stmt *S = parentStmt(Assign, Ctx); S; S = parentStmt(S, Ctx)) {
    if (const auto *DS = llvm::dyn_cast<DeclStmt>(S);
        DS && llvm::is_contained(DS->decls(), Var))
      break;
    if (const auto *Block = llvm::dyn_cast<CompoundStmt>(S);
        Block && llvm::any_of(Block->body(), [&](const Stmt *Child) {
          const auto *DS = llvm::dyn_cast<DeclStmt>(Child);
          return DS && llvm::is_contained(DS->decls(), Var);
        }))
      break;
    if (llvm::isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S))
      return false;
    if (S == Body) {
      if (!llvm::isa<ParmVarDecl>(Var))
        return false; // not declared where the walk went: not judged
      break;
    }
  }
  return usesReadBack(Target, Assign->getEndLoc(), Fn, Ctx, Depth);
}

/// A device the code holds rather than spells: a variable, parameter or
/// member of type Device/DeviceType (`device`, `device_`, `*device_`).
bool namesHeldDevice(const Expr *Arg) {
  const Expr *E = ignoreWrappers(Arg);
  if (const auto *Copy = llvm::dyn_cast_or_null<CXXConstructExpr>(E);
      Copy && Copy->getNumArgs() == 1)
    E = ignoreWrappers(Copy->getArg(0));
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return llvm::isa<VarDecl>(Ref->getDecl()) &&
           !isDeviceTypeConstant(Ref->getDecl());
  if (const auto *Member = llvm::dyn_cast_or_null<MemberExpr>(E))
    return llvm::isa<FieldDecl>(Member->getMemberDecl());
  return false;
}

/// \p Call, which takes the variable \p Use names, is assigned back to that
/// variable (`r = normalize(r, opts);`).
bool feedsItself(const CallExpr *Call, const Expr *Use, ASTContext &Ctx) {
  const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(Use));
  if (!Ref)
    return false;
  const Expr *Child = nullptr;
  const DynTypedNode Parent = wrappedParent(Call, Ctx, &Child);
  const auto Sides = assignmentSides(Parent.get<Stmt>());
  const Expr *Target = Sides && Sides->second == Child ? Sides->first : nullptr;
  const auto *Into = llvm::dyn_cast_or_null<DeclRefExpr>(
      Target ? ignoreWrappers(Target) : nullptr);
  return Into && Into->getDecl() == Ref->getDecl();
}

} // namespace

bool isHostVisit(const Expr *Consumer, const DeviceFlow &Facts) {
  const auto &Moves = Facts.moduleMoves();
  const auto ToHost = llvm::find_if(
      Moves, [&](const ModuleMove &M) { return M.Call == Consumer; });
  if (ToHost == Moves.end())
    return false;
  return llvm::any_of(Moves, [&](const ModuleMove &Back) {
    return Back.Module == ToHost->Module && !Back.ToCpu &&
           Facts.precedes(ToHost->Call, Back.Call) &&
           Facts.runsWhenever(Back.Call, ToHost->Call);
  });
}

const Expr *viewedTensor(const Expr *E) {
  for (int Depth = 0; E && Depth < 16; ++Depth) {
    E = ignoreWrappers(E);
    // A method of one tensor (`slice`, `view`, `float`), not one that
    // combines it with another (`matmul(w)`).
    if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E);
        Call && isTensorMethod(Call->getMethodDecl()) &&
        isTensorType(Call->getType()) &&
        llvm::none_of(Call->arguments(), [](const Expr *Arg) {
          return isTensorType(Arg->getType());
        })) {
      E = Call->getImplicitObjectArgument();
      continue;
    }
    if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0 &&
        isTensorType(Op->getArg(0)->getType())) {
      E = Op->getArg(0);
      continue;
    }
    break;
  }
  return E;
}

bool movesDetached(const CXXMemberCallExpr *Move) {
  const Expr *Receiver = Move->getImplicitObjectArgument();
  for (int Depth = 0; Receiver && Depth < 8; ++Depth) {
    const auto *Call =
        llvm::dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Receiver));
    if (!Call || !isTensorMethod(Call->getMethodDecl()))
      return false;
    if (isNamed(Call->getMethodDecl(), "detach"))
      return true;
    Receiver = Call->getImplicitObjectArgument();
  }
  return false;
}

/// \p Call reads or writes its tensor's memory through a raw pointer or an
/// accessor: `data_ptr`, `accessor`, the deprecated `t.data<float>()` (not
/// `t.data()`, a tensor).
static bool accessesMemory(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *Method = Call->getMethodDecl();
  if (!Method || !Method->getIdentifier())
    return false;
  return llvm::is_contained(
             {"data_ptr", "const_data_ptr", "mutable_data_ptr", "accessor"},
             Method->getName()) ||
         (Method->getName() == "data" && Call->getType()->isPointerType());
}

/// \p Use's memory, or a view's of it (`t[i]`, `t.slice(...)`), is read or
/// written on the host through a raw pointer or an accessor
/// (`t.data_ptr<float>()`, `t[i].accessor<float, 1>()`): the data must be
/// on the host there, whatever else the code does with it.
static bool handsOutHostMemory(const Expr *Use, ASTContext &Ctx) {
  constexpr int MaxViews = 8; // `t[i].slice(0, 0, n).contiguous()`
  const Expr *Viewed = Use;
  for (int Step = 0; Step < MaxViews; ++Step) {
    const DynTypedNode Parent = wrappedParent(Viewed, Ctx);
    if (const auto *Member = Parent.get<MemberExpr>()) {
      const auto *Call =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Member, Ctx));
      const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
      if (!isTensorMethod(Method) || !Method->getIdentifier())
        return false;
      if (accessesMemory(Call))
        return !handedToKernelsOnly(Call, Ctx);
      if (viewedTensor(Call) == viewedTensor(Viewed) && Call != Viewed) {
        Viewed = Call;
        continue;
      }
      return false;
    }
    const auto *Op = Parent.get<CXXOperatorCallExpr>();
    if (!Op || Op->getOperator() != OO_Subscript ||
        ignoreWrappers(Op->getArg(0)) != ignoreWrappers(Viewed))
      return false;
    Viewed = Op;
  }
  return false;
}

bool holdsHostMemory(const ValueDecl *Var, const FunctionDecl *Fn,
                     ASTContext &Ctx) {
  bool Holds = false;
  if (Var && Fn && Fn->getBody())
    forEachOwnDescendant(Fn->getBody(), [&](const Stmt &S) {
      const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
      Holds |= Ref && Ref->getDecl() == Var && handsOutHostMemory(Ref, Ctx);
    });
  return Holds;
}

bool madeForHostMemory(const CallExpr *Factory, ASTContext &Ctx) {
  const Expr *Child = nullptr;
  const DynTypedNode Parent = wrappedParent(Factory, Ctx, &Child);
  const ValueDecl *Var = Parent.get<VarDecl>();
  if (const auto *Assign = Parent.get<CXXOperatorCallExpr>();
      Assign && Assign->getOperator() == OO_Equal &&
      Assign->getNumArgs() == 2 &&
      ignoreWrappers(Assign->getArg(1)) == ignoreWrappers(Child))
    Var = referencedObject(Assign->getArg(0));
  if (!Var)
    return false;
  // The function that holds the local (a factory met from a caller lies in
  // another function); a member is not judged.
  return holdsHostMemory(
      Var, llvm::dyn_cast<FunctionDecl>(Var->getDeclContext()), Ctx);
}

bool madeForHostMemoryOnly(llvm::ArrayRef<const Stmt *> Factories,
                           ASTContext &Ctx) {
  return !Factories.empty() && llvm::all_of(Factories, [&](const Stmt *Made) {
    const auto *Factory = llvm::dyn_cast<CallExpr>(Made);
    return Factory && madeForHostMemory(Factory, Ctx);
  });
}

bool usesReadBack(const ValueDecl *Target, SourceLocation After,
                  const FunctionDecl *Fn, ASTContext &Ctx, int Depth) {
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  int Uses = 0;
  bool ElsewhereToo = false, HostMemory = false;
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() == Target &&
        (After.isInvalid() ||
         SM.isBeforeInTranslationUnit(After, Ref->getBeginLoc()))) {
      ++Uses;
      HostMemory |= handsOutHostMemory(Ref, Ctx);
      ElsewhereToo |= !consumedByHost(Ref, Fn, Ctx, Depth + 1);
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  // Host code that reads the memory needs it there: the move is host work
  // even when the result also goes on (`MPI_Allreduce(g.data_ptr<float>(),
  // ...)`, then `update_gradients(model, g)`).
  return Uses > 0 && (!ElsewhereToo || HostMemory);
}

/// `+ - * /` and their unary forms: an op on its operands' device.
static bool isArithmetic(OverloadedOperatorKind Op) {
  return Op == OO_Plus || Op == OO_Minus || Op == OO_Star || Op == OO_Slash;
}

bool memberOnlyReadBack(const FieldDecl *Field, ASTContext &Ctx, int Depth);

/// Whether \p Call, of a function of the user's, returns a tensor that lives
/// where its argument \p Arg does (its summary): `sh2rgb(c.cpu())` computes
/// on the host.
static bool resultFollowsArgument(const CallExpr *Call, const Expr *Arg,
                                  ASTContext &Ctx) {
  // A function of the project defined in another file, from one tensor to
  // another (`sh2rgb(c.cpu())`): computed where its input is, as libtorch's
  // own functions are.
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (Callee && !Callee->hasBody() && isTensorType(Callee->getReturnType()) &&
      !LibraryCode(Ctx.getSourceManager()).contains(Callee->getLocation()) &&
      llvm::count_if(Call->arguments(), [](const Expr *A) {
        return isTensorType(A->getType());
      }) == 1)
    return true;
  const DeviceFlowConfig &Model = DeviceModel::current().flowConfig();
  const FunctionSummary *Summary =
      Model.Summaries ? Model.Summaries->of(Call, Ctx) : nullptr;
  const auto *Param =
      Summary && Summary->Result.K == AbstractDevice::Kind::SameAs
          ? llvm::dyn_cast_or_null<ParmVarDecl>(Summary->Result.Symbol)
          : nullptr;
  const Expr *Passed = Param ? argumentFor(Call, Summary->Definition,
                                           Param->getFunctionScopeIndex())
                             : nullptr;
  return Passed && ignoreWrappers(Passed) == ignoreWrappers(Arg);
}

/// How many steps (an op, a local, a read-back) the data is followed along
/// before it counts as leaving host work: a writer to a file computes a few
/// columns from each host copy (`clamp((1.0f / opac) * 255.0f, ...)`).
constexpr int MaxHostWorkSteps = 24;

bool consumedByHost(const Expr *E, const FunctionDecl *Fn, ASTContext &Ctx,
                    int Depth) {
  if (!E || Depth > MaxHostWorkSteps)
    return false;
  const Expr *Child = nullptr;
  DynTypedNode Parent = wrappedParent(E, Ctx, &Child);

  if (const auto *Var = Parent.get<VarDecl>())
    return Var->hasLocalStorage() && !llvm::isa<ParmVarDecl>(Var) &&
           !Var->getType()->isReferenceType() &&
           onlyReadBack(Var,
                        llvm::dyn_cast<FunctionDecl>(Var->getDeclContext()),
                        Ctx, Depth);
  // `weights_(w.cpu().clone())`: a member the class keeps on the host. The
  // initializer's expression may have the constructor as its parent.
  if (const auto *Init = Parent.get<CXXCtorInitializer>())
    return Init->getMember() &&
           memberOnlyReadBack(Init->getMember(), Ctx, Depth);
  if (const auto *Ctor = Parent.get<CXXConstructorDecl>()) {
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->getMember() && Init->getInit() && Child &&
          Init->getInit()->IgnoreImplicit() == Child->IgnoreImplicit())
        return memberOnlyReadBack(Init->getMember(), Ctx, Depth);
    return false;
  }

  const auto *S = Parent.get<Stmt>();
  if (!S)
    return false;
  // The results of a model's inference method (`Detect`, `predict`),
  // returned on the host as its callers expect them, also in a tuple.
  if (llvm::isa<ReturnStmt>(S))
    return isInferenceMethod(Fn);
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(S)) {
    if (Construct->getNumArgs() == 1 && isTensorType(Construct->getType()))
      return consumedByHost(Construct, Fn, Ctx, Depth + 1);
    return isStdTuple(Construct->getType()) &&
           consumedByHost(Construct, Fn, Ctx, Depth + 1);
  }
  if (const auto *List = llvm::dyn_cast<InitListExpr>(S)) {
    if (isStdTuple(List->getType()))
      return consumedByHost(List, Fn, Ctx, Depth + 1);
    // `std::vector<torch::Tensor> state = {mean.cpu(), m2.cpu()};`: the
    // vector's uses decide (written to a file with `torch::save`).
    const auto *Backing =
        wrappedParent(List, Ctx).get<CXXStdInitializerListExpr>();
    const auto *Container =
        Backing ? wrappedParent(Backing, Ctx).get<CXXConstructExpr>() : nullptr;
    return Container && isStdTensorVector(Container->getType()) &&
           consumedByHost(Container, Fn, Ctx, Depth + 1);
  }
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(S)) {
    const auto *Call =
        llvm::dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Member, Ctx));
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (!Method || !Method->getIdentifier())
      return false;
    llvm::StringRef Name = Method->getName();
    // Reading memory, values or metadata on the host.
    if (accessesMemory(Call) ||
        llvm::is_contained({"item", "print", "numel", "size", "sizes", "dim",
                            "scalar_type", "dtype", "defined", "nbytes",
                            "element_size", "pin_memory"},
                           Name))
      return true;
    if (Name == "to") {
      // A dtype-only conversion keeps the tensor on the host.
      for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
        const Expr *Arg = Call->getArg(I);
        QualType T = I < Method->getNumParams()
                         ? Method->getParamDecl(I)->getType()
                         : Arg->getType();
        if (llvm::isa<CXXDefaultArgExpr>(Arg))
          continue;
        // Moved to a device the code holds (`r.to(device)`): the host
        // stretch ends in a deliberate transfer.
        if ((isDeviceType(T) || isDeviceTypeEnum(T) ||
             isTensorOptionsType(T)) &&
            I == 0 && namesHeldDevice(Arg))
          return true;
        if (isDeviceType(T) || isDeviceTypeEnum(T) || isTensorType(T) ||
            isOptionalDeviceType(T))
          return false;
        if (isTensorOptionsType(T) &&
            classifyOptions(Arg, nullptr) != OptionsDevice::NoDevice)
          return false;
      }
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    }
    if (llvm::is_contained(
            {"contiguous", "detach",  "clone",   "toType",    "flatten",
             "view",       "reshape", "squeeze", "unsqueeze", "select",
             "index",      "slice",   "narrow",  "t",         "transpose",
             "permute",    "unbind",  "split",   "chunk",     "tensor_split"},
            Name))
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    // The pieces of an unbound result, handed on by iterators:
    // `out.insert(out.end(), rows.begin(), rows.end())`.
    if (Method->getParent()->isInStdNamespace() &&
        llvm::is_contained({"begin", "end", "cbegin", "cend"}, Name))
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    // `r = r.sigmoid();`
    if (isTensorMethod(Method) && feedsItself(Call, E, Ctx))
      return true;
    // `p.argmax().item()`: an op on the host tensor runs on the host, and
    // its result is read back there.
    return isTensorMethod(Method) && isTensorType(Call->getType()) &&
           !llvm::is_contained({"cuda", "type_as"}, Name) &&
           consumedByHost(Call, Fn, Ctx, Depth + 1);
  }
  // `keep ? m.cpu() / s : m.cpu()`: either branch is the value of the
  // conditional, whose consumer decides.
  if (const auto *Cond = llvm::dyn_cast<AbstractConditionalOperator>(S))
    return Child != Cond->getCond() && consumedByHost(Cond, Fn, Ctx, Depth + 1);
  if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(S)) {
    if (Op->getOperator() == OO_LessLess && Op->getNumArgs() == 2 &&
        Op->getArg(1) == Child)
      return derivesFromOstream(
          Op->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl());
    if (Op->getOperator() == OO_Subscript && Op->getNumArgs() > 0 &&
        Op->getArg(0) == Child)
      return consumedByHost(Op, Fn, Ctx, Depth + 1);
    // `boxes[i] = kept.cpu();`: stored into a standard container's element.
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(1) == Child) {
      const Expr *Target = ignoreWrappers(Op->getArg(0));
      if (const auto *Element = llvm::dyn_cast<CXXOperatorCallExpr>(Target);
          Element && Element->getOperator() == OO_Subscript)
        if (const auto *Method = llvm::dyn_cast_or_null<CXXMethodDecl>(
                Element->getDirectCallee()))
          return Method->getParent()->isInStdNamespace();
      // `out = net(x).cpu();` into a local that is read back from there on.
      if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Target))
        return onlyReadBackAfter(Ref->getDecl(), Op, Fn, Ctx, Depth);
      // `this->weights_ = w.cpu();`: a member the class keeps on the host.
      if (const auto *Member = llvm::dyn_cast<MemberExpr>(Target);
          Member && llvm::isa<CXXThisExpr>(ignoreWrappers(Member->getBase())))
        if (const auto *Field =
                llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()))
          return memberOnlyReadBack(Field, Ctx, Depth);
    }
    // Overwritten (`r = ...`): that use reads nothing.
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(0) == Child)
      return true;
    // `r = r / 2;`
    if (Op->getOperator() != OO_Equal && feedsItself(Op, Child, Ctx))
      return true;
    // `(m.cpu() / scale) + offset`: arithmetic on the host tensor runs on
    // the host, as its method form does, and its result decides.
    return isArithmetic(Op->getOperator()) && isTensorType(Op->getType()) &&
           consumedByHost(Op, Fn, Ctx, Depth + 1);
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return false;
    const std::string Name = qualifiedName(Callee);
    if (Name == "torch::save" || Name == "at::print" ||
        Name == "torch::pickle_save" || Name == "torch::jit::pickle_save" ||
        Name == "torch::serialize::OutputArchive::write")
      return true;
    // Pieces of a host tensor are host tensors.
    if (Call->getNumArgs() > 0 && Call->getArg(0) == Child &&
        llvm::is_contained(
            {"at::unbind", "at::split", "at::chunk", "at::tensor_split"}, Name))
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    // `r = normalize(r, ...)`: worked on and stored back where it was; its
    // later uses decide.
    if (feedsItself(Call, Child, Ctx))
      return true;
    // `torch::argmax(p).item()`: a libtorch op on the host tensor runs on
    // the host, and its result is read back there.
    if (isTensorType(Call->getType()) &&
        (LibraryCode(Ctx.getSourceManager()).contains(Callee->getLocation()) ||
         resultFollowsArgument(Call, Child, Ctx)))
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    return isHostHandOff(Call, Callee, Child, Ctx);
  }
  return false;
}

/// Every use of the member \p Field in the unit's functions reads it on the
/// host, writes it to an archive or replaces it, and there is one: a host
/// copy a class keeps for host code (`weights_(w.cpu().clone())`, handed on
/// as `weights_.data_ptr<float>()` by another method).
bool memberOnlyReadBack(const FieldDecl *Field, ASTContext &Ctx, int Depth) {
  if (Depth > MaxHostWorkSteps)
    return false;
  unsigned Uses = 0;
  bool AllOnHost = true;
  forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    if (!AllOnHost)
      return;
    FunctionParentScope Parents(Fn, Ctx);
    forEachOwnStmt(Fn, [&](const Stmt &S) {
      const auto *Member = llvm::dyn_cast<MemberExpr>(&S);
      if (!AllOnHost || !Member || Member->getMemberDecl() != Field)
        return;
      ++Uses;
      AllOnHost = consumedByHost(Member, Fn, Ctx, Depth + 1);
    });
  });
  return AllOnHost && Uses > 0;
}

} // namespace clang::tidy::torch::device
