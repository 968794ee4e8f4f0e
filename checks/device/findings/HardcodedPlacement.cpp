//===--- HardcodedPlacement.cpp - a fixed device used as a placement ------===//
#include "device/findings/HardcodedPlacement.h"
#include "device/findings/DeviceConflicts.h"
#include "device/findings/FindingNotes.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {
namespace {

using Carrier = DeviceSource::Carrier;
using Origin = DeviceSource::Origin;

QualType recordType(const CXXRecordDecl *RD) {
  return RD ? QualType(RD->getTypeForDecl(), 0) : QualType();
}

bool isStdString(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && isNamed(RD, "basic_string");
}

/// Whether \p S shows that code is meant to run wherever its data is: a
/// device held as a value (the code chooses devices at run time), a module
/// (modules exist to be moved), or a tensor member of a module class (its
/// parameters and buffers go wherever the module goes). A free function's
/// tensor parameter or a plain class's tensor member is not: a program that
/// only ever names one accelerator passes them from there by design.
bool isDeviceNeutralEvidence(const DeviceSource *S) {
  switch (S->What) {
  case Carrier::Device:
  case Carrier::Module:
    return true;
  case Carrier::Tensor:
    if (const auto *Field = llvm::dyn_cast<FieldDecl>(S->Decl))
      return isModuleType(recordType(
          llvm::dyn_cast<CXXRecordDecl>(Field->getParent())));
    return false;
  }
  return false;
}

bool isWrapper(const Stmt *S) {
  return llvm::isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                   CXXBindTemporaryExpr, FullExpr>(S);
}

const Stmt *parentStmt(const Stmt *S, ASTContext &Ctx) {
  auto Parents = parentsOf(*S, Ctx);
  return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
}

int argumentIndex(const CallExpr *Call, const Expr *Arg) {
  for (unsigned I = 0; I < Call->getNumArgs(); ++I)
    if (Call->getArg(I) == Arg)
      return static_cast<int>(I);
  return -1;
}

/// \p Consumer moves a module to the CPU, and a later move of the same
/// module somewhere else runs whenever it does.
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

/// The tensor \p E is taken from, through methods of that tensor alone
/// (`x.slice(0, 0, 4).float()`, `x[0]`): moving \p E to its device moves
/// nothing.
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

/// Where a device expression ends up.
struct Climb {
  const Expr *Written = nullptr;
  const Expr *Consumer = nullptr;
  SourceRange Replace;
  const CXXMemberCallExpr *Move = nullptr;
  const Expr *Receiver = nullptr; ///< The object moved, for tensor/module `to`.
};

/// Follows the device expression \p Leaf up to the call that places with it.
std::optional<Climb> climbToConsumer(const Expr *Leaf, bool FromString,
                                     ASTContext &Ctx) {
  Climb Result;
  Result.Written = Leaf;
  const Expr *Current = Leaf;
  bool SawDevice = !FromString;
  for (int Step = 0; Step < 24; ++Step) {
    const Stmt *P = parentStmt(Current, Ctx);
    if (!P || !llvm::isa<Expr>(P))
      return std::nullopt;
    const auto *PE = llvm::cast<Expr>(P);
    if (isWrapper(P)) {
      Current = PE;
      continue;
    }
    if (const auto *Cast = llvm::dyn_cast<CXXFunctionalCastExpr>(P)) {
      QualType T = Cast->getType();
      if (isDeviceType(T)) {
        Current = Result.Written = Cast;
        SawDevice = true;
        continue;
      }
      if (isTensorOptionsType(T) && SawDevice) {
        Result.Consumer = Cast;
        Result.Replace = Result.Written->getSourceRange();
        return Result;
      }
      return std::nullopt;
    }
    if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(P)) {
      QualType T = Construct->getType();
      const Stmt *Above = parentStmt(Construct, Ctx);
      const bool Explicit = llvm::isa<CXXTemporaryObjectExpr>(Construct) ||
                            (Above && llvm::isa<CXXFunctionalCastExpr>(Above));
      if (isStdString(T) && FromString) {
        Current = Construct;
        continue;
      }
      if (isDeviceType(T)) {
        SawDevice = true;
        Current = Construct;
        if (Explicit)
          Result.Written = Construct; // torch::Device(torch::kCUDA, 0)
        continue;
      }
      if (isOptionalDeviceType(T)) {
        Current = Construct;
        continue;
      }
      if (isTensorOptionsType(T)) {
        if (Explicit) {
          // torch::TensorOptions(torch::kCUDA): the options place.
          Result.Consumer = Construct;
          Result.Replace = Result.Written->getSourceRange();
          return Result;
        }
        SawDevice = true; // Only a device converts to TensorOptions from these.
        Current = Construct;
        continue;
      }
      return std::nullopt;
    }
    const auto *Call = llvm::dyn_cast<CallExpr>(P);
    if (!Call || !SawDevice)
      return std::nullopt;
    const int Index = argumentIndex(Call, Current);
    if (Index < 0)
      return std::nullopt;
    Result.Consumer = Call;
    Result.Replace = Result.Written->getSourceRange();
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
      const CXXMethodDecl *Method = Member->getMethodDecl();
      if (isNamed(Method, "to") && isTensorMethod(Method)) {
        Result.Move = Member;
        Result.Receiver = Member->getImplicitObjectArgument();
        return Result;
      }
      if (isNamed(Method, "to") && isModuleMethod(Method)) {
        Result.Receiver = calledObject(Member);
        return Result;
      }
      if (isNamed(Method, "device") &&
          isTensorOptionsType(recordType(Method->getParent()))) {
        // .device(torch::kCUDA, 1): the index goes with the replaced type.
        if (Index == 0 && Call->getNumArgs() > 1 && Result.Written == Leaf)
          Result.Replace =
              SourceRange(Call->getArg(0)->getBeginLoc(),
                          Call->getArg(Call->getNumArgs() - 1)->getEndLoc());
        return Result;
      }
      return std::nullopt;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || llvm::isa<CXXOperatorCallExpr>(Call))
      return std::nullopt;
    if (isNamed(Callee, "device") &&
        isTensorOptionsType(Callee->getReturnType()))
      return Result;
    if (static_cast<unsigned>(Index) < Callee->getNumParams() &&
        isTensorOptionsType(Callee->getParamDecl(Index)->getType()))
      return Result; // A factory's (or any function's) TensorOptions.
    return std::nullopt;
  }
  return std::nullopt;
}

/// For a TensorOptions value built at \p E: whether its builder chain (below
/// or above \p E) sets pinned_memory, and the call that finally receives it.
const CallExpr *optionsDestination(const Expr *E, ASTContext &Ctx,
                                   bool &Pinned) {
  Pinned = false;
  for (const Expr *Below = E; Below;) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Below));
    if (!Call || !isTensorOptionsType(Call->getType()))
      break;
    if (isNamed(Call->getMethodDecl(), "pinned_memory"))
      Pinned = true;
    Below = Call->getImplicitObjectArgument();
  }
  const Expr *Current = E;
  for (int Step = 0; Step < 16 && Current; ++Step) {
    const Expr *Child = nullptr;
    DynTypedNode Parent = wrappedParent(Current, Ctx, &Child);
    const auto *S = Parent.get<Stmt>();
    if (!S)
      return nullptr;
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(S)) {
      const auto *Call =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Member, Ctx));
      if (!Call || !isTensorOptionsType(Call->getType()))
        return nullptr;
      if (isNamed(Call->getMethodDecl(), "pinned_memory"))
        Pinned = true;
      Current = Call;
      continue;
    }
    if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(S)) {
      if (!isTensorOptionsType(Construct->getType()))
        return nullptr;
      Current = Construct;
      continue;
    }
    return llvm::dyn_cast<CallExpr>(S);
  }
  return nullptr;
}

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

bool consumedByHost(const Expr *E, const FunctionDecl *Fn, ASTContext &Ctx,
                    int Depth);

/// A method of a module other than its forward (`MaskRCNN::Detect`,
/// `Classifier::predict`): an inference API that hands its results to
/// host code. A forward's results go on to the next layer or the loss.
bool isInferenceMethod(const FunctionDecl *Fn) {
  const auto *Method =
      llvm::dyn_cast_or_null<CXXMethodDecl>(enclosingNamedFunction(Fn));
  return Method && !Method->isStatic() && Method->getIdentifier() &&
         Method->getName() != "forward" &&
         !llvm::isa<CXXConstructorDecl>(Method) && isModuleMethod(Method);
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

/// `y.detach().cpu()`, `y.detach().to(torch::kCPU)`: a result taken out of
/// the autograd graph and to the host, the idiom for collecting outputs
/// there (`c = torch::cat({c, y.detach().cpu()})`). Nothing trains on it.
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
           llvm::is_contained({"push_back", "emplace_back", "insert",
                               "emplace", "push", "push_front",
                               "emplace_front"},
                              Method->getName());
  if (isTensorType(Callee->getReturnType()) ||
      (Method && (isModuleMethod(Method) || isTensorMethod(Method))) ||
      LibraryCode(Ctx.getSourceManager()).contains(Callee->getLocation()))
    return false;
  return true;
}

/// Every use of \p Target in \p Fn (after \p After, when it is valid) reads
/// it back on the host, and there is one.
bool usesReadBack(const ValueDecl *Target, SourceLocation After,
                  const FunctionDecl *Fn, ASTContext &Ctx, int Depth) {
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  int Uses = 0;
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
      if (!consumedByHost(Ref, Fn, Ctx, Depth + 1))
        return false;
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return Uses > 0;
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
  const Expr *Target =
      Sides && Sides->second == Child ? Sides->first : nullptr;
  const auto *Into =
      llvm::dyn_cast_or_null<DeclRefExpr>(Target ? ignoreWrappers(Target) : nullptr);
  return Into && Into->getDecl() == Ref->getDecl();
}

bool consumedByHost(const Expr *E, const FunctionDecl *Fn, ASTContext &Ctx,
                    int Depth) {
  if (!E || Depth > 8)
    return false;
  const Expr *Child = nullptr;
  DynTypedNode Parent = wrappedParent(E, Ctx, &Child);

  if (const auto *Var = Parent.get<VarDecl>())
    return Var->hasLocalStorage() && !llvm::isa<ParmVarDecl>(Var) &&
           !Var->getType()->isReferenceType() &&
           onlyReadBack(Var,
                        llvm::dyn_cast<FunctionDecl>(Var->getDeclContext()),
                        Ctx, Depth);

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
    const auto *Backing = wrappedParent(List, Ctx).get<CXXStdInitializerListExpr>();
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
    // Reading values or metadata on the host.
    if (llvm::is_contained({"item", "data_ptr", "const_data_ptr",
                            "mutable_data_ptr", "accessor", "print", "numel",
                            "size", "sizes", "dim", "scalar_type", "dtype",
                            "defined", "nbytes", "element_size", "pin_memory"},
                           Name))
      return true;
    // The deprecated `t.data<float>()`, not `t.data()` (a tensor).
    if (Name == "data" && Call->getType()->isPointerType())
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
    if (llvm::is_contained({"contiguous", "detach", "clone", "toType",
                            "flatten", "view", "reshape", "squeeze",
                            "unsqueeze", "select", "index", "slice", "narrow",
                            "t", "transpose", "permute", "unbind", "split",
                            "chunk", "tensor_split"},
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
        if (const auto *Method =
                llvm::dyn_cast_or_null<CXXMethodDecl>(Element->getDirectCallee()))
          return Method->getParent()->isInStdNamespace();
      // `out = net(x).cpu();` into a local that is read back from there on.
      if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Target))
        return onlyReadBackAfter(Ref->getDecl(), Op, Fn, Ctx, Depth);
    }
    // Overwritten (`r = ...`): that use reads nothing.
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
        Op->getArg(0) == Child)
      return true;
    // `r = r / 2;`
    return Op->getOperator() != OO_Equal && feedsItself(Op, Child, Ctx);
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return false;
    const std::string Name = qualifiedName(Callee);
    if (Name == "torch::save" || Name == "at::print" ||
        Name == "torch::pickle_save" || Name == "torch::jit::pickle_save")
      return true;
    // Pieces of a host tensor are host tensors.
    if (Call->getNumArgs() > 0 && Call->getArg(0) == Child &&
        llvm::is_contained({"at::unbind", "at::split", "at::chunk",
                            "at::tensor_split"},
                           Name))
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    // `r = normalize(r, ...)`: worked on and stored back where it was; its
    // later uses decide.
    if (feedsItself(Call, Child, Ctx))
      return true;
    // `torch::argmax(p).item()`: a libtorch op on the host tensor runs on
    // the host, and its result is read back there.
    if (isTensorType(Call->getType()) &&
        LibraryCode(Ctx.getSourceManager()).contains(Callee->getLocation()))
      return consumedByHost(Call, Fn, Ctx, Depth + 1);
    return isHostHandOff(Call, Callee, Child, Ctx);
  }
  return false;
}

} // namespace

void noteCallerPlacement(ClangTidyCheck &Check, const HardcodedPlacement &P) {
  if (!P.Caller)
    return;
  Check.diag(P.Caller->Argument->getExprLoc(),
             "data on %0 reaches parameter '%1' through this call of '%2'",
             DiagnosticIDs::Note)
      << P.Caller->Passed.describe() << P.Witness.Decl->getName()
      << calleeName(P.Caller->Site.Call);
}

void noteMigratesState(ClangTidyCheck &Check, const HardcodedPlacement &P) {
  if (P.Replacement && P.Migrates)
    noteWouldMigrate(Check, *P.Migrates,
                     "following " + P.Replacement->describe());
}

HardcodedPlacementFinder::HardcodedPlacementFinder(
    llvm::StringRef IgnoredFunctions, llvm::StringRef IgnoredFiles,
    bool ReportSingleDeviceCode, MigrationFinder *Migrations,
    DeviceFlowConfig Flow)
    : Flow(std::move(Flow)), IgnoredFunctions(IgnoredFunctions),
      IgnoredFiles(IgnoredFiles),
      HasIgnoredFunctions(!IgnoredFunctions.trim().empty() &&
                          this->IgnoredFunctions.isValid()),
      HasIgnoredFiles(!IgnoredFiles.trim().empty() &&
                      this->IgnoredFiles.isValid()),
      ReportSingleDeviceCode(ReportSingleDeviceCode),
      Migrations(Migrations) {}

/// Whether data a caller passes shows that a function holding a fixed \p
/// Backend placement is used elsewhere: placed by a run-time device choice
/// or on another device. Host data handed to a CUDA placement is not:
/// uploading it is what a program written for CUDA does.
static bool placedElsewhere(const AbstractDevice &Passed,
                            llvm::StringRef Backend) {
  using Kind = AbstractDevice::Kind;
  switch (Passed.K) {
  case Kind::Maybe:
    return Backend != "CPU" || Passed.MayBeNonCpu;
  case Kind::SameAs:
    return Passed.Symbol && (isDeviceType(Passed.Symbol->getType()) ||
                             isDeviceTypeEnum(Passed.Symbol->getType()));
  case Kind::Cuda:
    return Backend != "CUDA";
  case Kind::Other:
    return true;
  default:
    return false;
  }
}

std::optional<CallerPlacement> HardcodedPlacementFinder::callerPlacingElsewhere(
    llvm::ArrayRef<const DeviceSource *> Sources, llvm::StringRef Backend,
    ASTContext &Ctx) {
  if (!Flow.Summaries)
    return std::nullopt;
  for (const DeviceSource *S : Sources)
    if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(S->Decl);
        Param && S->What == Carrier::Tensor)
      if (std::optional<CallerPlacement> Found = Flow.Summaries->callerPlacing(
              Param,
              [&](const AbstractDevice &Passed) {
                return placedElsewhere(Passed, Backend);
              },
              Ctx))
        return Found;
  return std::nullopt;
}

bool HardcodedPlacementFinder::isHostHelper(
    const FunctionDecl *Fn, llvm::ArrayRef<const DeviceSource *> Sources,
    ASTContext &Ctx) {
  if (Sources.empty())
    return false;
  for (const DeviceSource *S : Sources)
    if (S->What != Carrier::Tensor || S->Where != Origin::Parameter)
      return false;
  const std::shared_ptr<const DeviceFlow> Facts = Flow.analyze(Fn, Ctx);
  for (const DeviceSource *S : Sources)
    if (!llvm::is_contained(Facts->hostParams(), S->Decl))
      return false;
  return true;
}

bool HardcodedPlacementFinder::meetsHostData(const CXXMemberCallExpr *Move,
                                             const FunctionDecl *Fn,
                                             ASTContext &Ctx) {
  const std::shared_ptr<const DeviceFlow> Facts = Flow.analyze(Fn, Ctx);
  // Each op as it would run if the move went to a device instead.
  const AbstractDevice Elsewhere = AbstractDevice::cuda(-1, Move);
  auto AsIfMovedElsewhere = [&](const AbstractDevice &D) {
    return D.isCpu() && D.Origin == Move ? Elsewhere : D;
  };
  for (const DeviceConflict &C :
       findDeviceConflicts(Facts->opUses(), AsIfMovedElsewhere))
    if (C.Odd.isCpu() && C.Odd.DeviceLess && C.Other.Origin == Move)
      return true;
  return false;
}

std::unique_ptr<HardcodedPlacementFinder>
HardcodedPlacementFinder::create(const ClangTidyContext *Context,
                                 MigrationFinder *Migrations) {
  if (!Context || !Context->isCheckEnabled(CheckName))
    return nullptr;
  return std::make_unique<HardcodedPlacementFinder>(
      checkOption(Context, CheckName, "IgnoredFunctions",
                  DefaultIgnoredFunctions),
      checkOption(Context, CheckName, "IgnoredFiles", DefaultIgnoredFiles),
      llvm::StringRef(checkOption(Context, CheckName,
                                  "ReportSingleDeviceCode", "false"))
              .equals_insensitive("true"),
      Migrations, DeviceFlowConfig::forContext(Context));
}

bool HardcodedPlacementFinder::ignored(const FunctionDecl *Fn,
                                       SourceLocation Loc,
                                       const SourceManager &SM) const {
  if (HasIgnoredFunctions) {
    const FunctionDecl *Named = enclosingNamedFunction(Fn);
    if (Named && (IgnoredFunctions.match(Named->getNameAsString()) ||
                  IgnoredFunctions.match(Named->getQualifiedNameAsString())))
      return true;
  }
  if (HasIgnoredFiles) {
    llvm::StringRef File = SM.getFilename(SM.getExpansionLoc(Loc));
    if (!File.empty() && IgnoredFiles.match(File))
      return true;
  }
  return false;
}

void HardcodedPlacementFinder::resetCachesFor(const ASTContext &Ctx) {
  if (SingleDeviceCtx == &Ctx)
    return;
  SingleDeviceCtx = &Ctx;
  SingleDevice.clear();
  SingleDeviceUnit.reset();
  HandlesDevices.clear();
}

bool HardcodedPlacementFinder::handlesDevices(const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  resetCachesFor(Ctx);
  auto [It, Inserted] = HandlesDevices.try_emplace(Fn, false);
  if (Inserted) {
    DeviceUsage Own;
    addDeviceUsage(Fn, Own);
    if (const FunctionDecl *Named = enclosingNamedFunction(Fn); Named != Fn)
      addDeviceUsage(Named, Own);
    It->second = Own.HandlesDevices;
  }
  return It->second;
}

bool HardcodedPlacementFinder::isSingleDeviceClass(const CXXRecordDecl *Class,
                                                   ASTContext &Ctx) {
  if (!Class)
    return false;
  resetCachesFor(Ctx);
  Class = Class->getCanonicalDecl();
  if (auto It = SingleDevice.find(Class); It != SingleDevice.end())
    return It->second;
  const CXXRecordDecl *Definition = Class->getDefinition();
  if (!Definition)
    return SingleDevice[Class] = false;
  DeviceUsage Usage;
  for (const CXXMethodDecl *Declared : Definition->methods()) {
    const FunctionDecl *Method = nullptr;
    if (Declared->hasBody(Method) && Method)
      addDeviceUsage(Method, Usage);
  }
  for (const FieldDecl *Field : Definition->fields())
    Usage.HandlesDevices |= holdsDeviceType(Field->getType());
  return SingleDevice[Class] = Usage.OwnStateOnCuda && Usage.onlyCuda();
}

bool HardcodedPlacementFinder::isSingleDeviceUnit(ASTContext &Ctx) {
  resetCachesFor(Ctx);
  if (!SingleDeviceUnit) {
    const DeviceUsage Usage = unitDeviceUsage(Ctx);
    SingleDeviceUnit = Usage.onlyCuda() && Usage.CudaPlacements >= 2;
  }
  return *SingleDeviceUnit;
}

bool HardcodedPlacementFinder::isHostReadback(const Expr *Move,
                                              const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  return consumedByHost(Move, Fn, Ctx, 0);
}

/// A candidate placement: `t.cuda()`/`t.cpu()`, a c10::DeviceType constant
/// or a string literal; analyseLeaf decides whether it places anything.
static bool isPlacementLeaf(const Stmt &S) {
  if (llvm::isa<StringLiteral>(S))
    return true;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    return Call->getNumArgs() == 0 &&
           (isNamed(Method, "cuda") || isNamed(Method, "cpu"));
  }
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S))
    return isDeviceTypeConstant(Ref->getDecl());
  return false;
}

std::vector<HardcodedPlacement>
HardcodedPlacementFinder::placementsIn(const FunctionDecl *Fn,
                                       ASTContext &Ctx) {
  std::vector<HardcodedPlacement> Found;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    if (isPlacementLeaf(S))
      if (std::optional<HardcodedPlacement> Placement =
              analyseLeaf(llvm::cast<Expr>(&S), Fn, Ctx))
        Found.push_back(std::move(*Placement));
  });
  return Found;
}

std::optional<HardcodedPlacement>
HardcodedPlacementFinder::analyseLeaf(const Expr *Leaf, const FunctionDecl *Fn,
                                      ASTContext &Ctx) {
  if (!Leaf || !Fn)
    return std::nullopt;
  HardcodedPlacement Result;
  Climb Where;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(Leaf)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (!isTensorMethod(Method) || Call->getNumArgs() != 0 ||
        !(isNamed(Method, "cuda") || isNamed(Method, "cpu")))
      return std::nullopt;
    Result.Backend = Method->getName() == "cuda" ? "CUDA" : "CPU";
    Result.Spelling = Method->getName().str() + "()";
    Where.Written = Where.Consumer = Call;
    Where.Move = Call;
    Where.Receiver = Call->getImplicitObjectArgument();
    const auto *Callee = llvm::dyn_cast<MemberExpr>(Call->getCallee());
    if (!Callee)
      return std::nullopt;
    Where.Replace = SourceRange(Callee->getMemberLoc(), Call->getRParenLoc());
    Result.Loc = Callee->getMemberLoc();
  } else {
    const bool FromString = llvm::isa<StringLiteral>(Leaf);
    if (FromString)
      Result.Backend = backendOfString(llvm::cast<StringLiteral>(Leaf));
    else if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Leaf))
      Result.Backend = backendOfConstant(Ref->getDecl());
    if (Result.Backend.empty())
      return std::nullopt;
    std::optional<Climb> Found = climbToConsumer(Leaf, FromString, Ctx);
    if (!Found)
      return std::nullopt;
    Where = *Found;
    Result.Loc = Where.Written->getBeginLoc();
    Result.Spelling = sourceText(Where.Written->getSourceRange(), Ctx);
    if (Result.Spelling.empty())
      Result.Spelling =
          FromString
              ? "\"" + llvm::cast<StringLiteral>(Leaf)->getString().str() + "\""
              : llvm::cast<DeclRefExpr>(Leaf)->getDecl()->getNameAsString();
  }
  Result.Written = Where.Written;
  Result.Consumer = Where.Consumer;
  Result.Move = Where.Move;

  const SourceManager &SM = Ctx.getSourceManager();
  if (Result.Loc.isMacroID())
    Result.Loc = SM.getExpansionLoc(Result.Loc);
  if (ignored(Fn, Result.Loc, SM))
    return std::nullopt;
  if (Result.Backend == "CUDA" && !ReportSingleDeviceCode) {
    const auto *Method =
        llvm::dyn_cast<CXXMethodDecl>(enclosingNamedFunction(Fn));
    if ((Method && isSingleDeviceClass(Method->getParent(), Ctx)) ||
        isSingleDeviceUnit(Ctx))
      return std::nullopt;
  }
  // A branch on a run-time device choice chooses, as `flag ? kCUDA : kCPU`
  // does; but `.cuda()` under `if (x.is_cuda())` lands on the current CUDA
  // device, not x's, and is fixed by following x.
  const std::optional<DeviceChoiceGuard> Guard =
      deviceChoiceGuard(Result.Consumer, Ctx);
  if (Guard && !(Guard->CudaQueryOf && Result.Backend == "CUDA"))
    return std::nullopt;
  // Reading a result back to the host (or staging it in pinned memory) is
  // what .cpu() is for.
  if (Result.Backend == "CPU" && Result.Move &&
      (isHostReadback(Result.Move, Fn, Ctx) || movesDetached(Result.Move) ||
       meetsHostData(Result.Move, Fn, Ctx)))
    return std::nullopt;
  // `t.to(torch::kCPU);` thrown away, then `t` read on the host: host work
  // was meant; the defect is the discarded result (torch-discarded-to keeps
  // it), not the device.
  if (Result.Backend == "CPU" && Result.Move &&
      isDiscardedStatement(Result.Move, Ctx))
    if (const auto *Receiver = llvm::dyn_cast<DeclRefExpr>(
            ignoreWrappers(Result.Move->getImplicitObjectArgument()));
        Receiver &&
        usesReadBack(Receiver->getDecl(), Result.Move->getEndLoc(), Fn, Ctx, 0))
      return std::nullopt;
  // A module that visits the host to be saved, loaded or exported and is
  // moved back (`net->to(torch::kCPU); torch::save(net, path);
  // net->to(device);`): a portable checkpoint, not a placement.
  if (Result.Backend == "CPU" && !Result.Move && isHostVisit(Result.Consumer, *Flow.analyze(Fn, Ctx)))
    return std::nullopt;
  // A tensor made on the host on purpose and only worked on there until it
  // is moved to the code's device (`auto r = torch::rand(n, kCPU); r =
  // normalize(r); rotation = r.to(device);`): host staging, not a placement.
  if (Result.Backend == "CPU" && !Result.Move && !Where.Receiver) {
    bool Pinned = false;
    const CallExpr *Made = optionsDestination(Result.Consumer, Ctx, Pinned);
    if (!Made)
      Made = llvm::dyn_cast_or_null<CallExpr>(Result.Consumer);
    if (Made && isTensorType(Made->getType()) && isHostReadback(Made, Fn, Ctx))
      return std::nullopt;
  }
  // Options that describe memory rather than choose a device: from_blob's
  // (the pointer lives there) and pinned host buffers.
  if (!Result.Move && !Where.Receiver) {
    bool Pinned = false;
    const CallExpr *Destination =
        optionsDestination(Result.Consumer, Ctx, Pinned);
    const auto *Callee = Destination ? Destination->getDirectCallee() : nullptr;
    if (isNamed(Callee, "from_blob"))
      return std::nullopt;
    if (Result.Backend == "CPU" && Pinned)
      return std::nullopt;
  }

  // Device-neutral, on evidence: it holds a device as a value, receives or
  // holds a module, or is a method of a module. A tensor parameter or a
  // plain class's tensor member alone only says "wherever the caller put
  // it" (isDeviceNeutralEvidence).
  const DeviceContext Context = DeviceContext::collect(Fn, Result.Written, Ctx);
  llvm::SmallVector<const DeviceSource *, 4> Sources;
  for (const DeviceSource &S : Context.sources())
    if (S.Where != Origin::Local || S.What == Carrier::Device)
      Sources.push_back(&S);
  if (Sources.empty())
    return std::nullopt;
  if (llvm::none_of(Sources, isDeviceNeutralEvidence) &&
      !handlesDevices(Fn, Ctx)) {
    Result.Caller = callerPlacingElsewhere(Sources, Result.Backend, Ctx);
    // ReportSingleDeviceCode asks for every fixed device, evidence or not.
    Result.Latent = !Result.Caller && !ReportSingleDeviceCode;
  }
  // A helper that reads every tensor it receives on the host
  // (`*x.data_ptr<float>()`, `x.accessor<float, 2>()`) is host code by
  // contract: a CUDA input would crash it, so its CPU placements are where
  // its data lives.
  if (Result.Backend == "CPU" && isHostHelper(Fn, Sources, Ctx))
    return std::nullopt;
  // What the notes name as making the code device-neutral: the evidence in
  // it, else the parameter a caller's data reaches, else its first source.
  const DeviceSource *Witness = Sources.front();
  if (auto Evidence = llvm::find_if(Sources, isDeviceNeutralEvidence);
      Evidence != Sources.end())
    Witness = *Evidence;
  else if (Result.Caller)
    for (const DeviceSource *S : Sources)
      if (S->Decl == Result.Caller->Parameter)
        Witness = S;
  Result.Witness = *Witness;

  // The device to follow: never the moved object itself, nor what it was
  // taken from (`x.slice(0, 0, 4).cuda()` -> `.to(x.device())` moves
  // nothing).
  const ValueDecl *Receiver =
      Where.Receiver ? namedDecl(viewedTensor(Where.Receiver)) : nullptr;
  auto Usable = [&](const DeviceSource *S) {
    return S && S->Decl != Receiver && S->What != Carrier::Module &&
           (S->Where != Origin::Member || S->What == Carrier::Device);
  };
  const DeviceSource *Pick = nullptr;
  std::optional<DeviceSource> Queried;
  if (Guard && Guard->CudaQueryOf && isTensorType(Guard->CudaQueryOf->getType()))
    Queried = DeviceSource{Guard->CudaQueryOf, Carrier::Tensor,
                           llvm::isa<ParmVarDecl>(Guard->CudaQueryOf)
                               ? Origin::Parameter
                           : llvm::isa<FieldDecl>(Guard->CudaQueryOf)
                               ? Origin::Member
                               : Origin::Local};
  if (Queried && Queried->Decl != Receiver)
    Pick = &*Queried;
  for (const DeviceSource *S : Sources)
    if (!Pick && S->What == Carrier::Device && S->Where == Origin::Parameter)
      Pick = S;
  for (auto It = Sources.rbegin(); !Pick && It != Sources.rend(); ++It)
    if ((*It)->What == Carrier::Device && (*It)->Where == Origin::Local)
      Pick = *It;
  if (!Pick) {
    const DeviceSource *Best = Context.bestFor(Result.Written, Ctx);
    if (Usable(Best) && Best->What == Carrier::Tensor &&
        Best->Where == Origin::Parameter)
      Pick = Best;
  }
  for (const DeviceSource *S : Sources)
    if (!Pick && Usable(S) && S->What == Carrier::Tensor &&
        S->Where == Origin::Parameter)
      Pick = S;
  for (const DeviceSource *S : Sources)
    if (!Pick && Usable(S) && S->What == Carrier::Device)
      Pick = S;
  if (Pick && Usable(Pick)) {
    Result.Replacement = *Pick;
    Result.Witness = *Pick;
  }

  if (!Result.Replacement) {
    Result.Why = HardcodedPlacement::NoFix::NoDevice;
    return Result;
  }
  // In a forward path, following the input with state (or the state with
  // an input) is what torch-implicit-device-migration reports.
  if (Migrations) {
    const auto *MoveCall = llvm::dyn_cast_or_null<CXXMemberCallExpr>(
        Result.Move ? Result.Move : Result.Consumer);
    if (std::optional<Migration> Migrates = Migrations->wouldMigrate(
            MoveCall, Fn, Result.Replacement->Decl, Ctx)) {
      Result.Why = HardcodedPlacement::NoFix::MigratesState;
      Result.Migrates = std::move(Migrates);
      return Result;
    }
  }
  if (inMacro(Where.Replace)) {
    Result.Why = HardcodedPlacement::NoFix::Macro;
    return Result;
  }
  const std::string Device = Result.Replacement->deviceSpelling();
  const std::string Text = Result.Move && Result.Written == Result.Move
                               ? "to(" + Device + ")"
                               : Device;
  Result.Fixes.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Where.Replace), Text));
  return Result;
}

std::optional<HardcodedPlacement>
HardcodedPlacementFinder::analyseMove(const CXXMemberCallExpr *Call,
                                      const FunctionDecl *Fn, ASTContext &Ctx) {
  if (!Call)
    return std::nullopt;
  const CXXMethodDecl *Method = Call->getMethodDecl();
  if (!isTensorMethod(Method))
    return std::nullopt;
  if (isNamed(Method, "cuda") || isNamed(Method, "cpu"))
    return analyseLeaf(Call, Fn, Ctx);
  if (!isNamed(Method, "to"))
    return std::nullopt;
  // The device constant or string among the arguments.
  llvm::SmallVector<const Stmt *, 16> Stack;
  for (const Expr *Arg : Call->arguments())
    Stack.push_back(Arg);
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S || llvm::isa<LambdaExpr>(S))
      continue;
    if (llvm::isa<DeclRefExpr, StringLiteral>(S))
      if (std::optional<HardcodedPlacement> Found =
              analyseLeaf(llvm::cast<Expr>(S), Fn, Ctx);
          Found && Found->Move == Call)
        return Found;
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return std::nullopt;
}

/// Whether \p Placement counts: any placement, or a reported one only.
static bool counts(const std::optional<HardcodedPlacement> &Placement,
                   bool OnlyReported) {
  return Placement && (!OnlyReported || !Placement->Latent);
}

/// Whether a device constant or string under \p S is a placement.
static bool hasPlacementLeaf(const Stmt *S, HardcodedPlacementFinder &Placements,
                             const FunctionDecl *Fn, ASTContext &Ctx,
                             bool OnlyReported, unsigned Depth = 0) {
  if (!S || Depth > 16 || llvm::isa<LambdaExpr>(S))
    return false;
  if (llvm::isa<DeclRefExpr, StringLiteral>(S) &&
      counts(Placements.analyseLeaf(llvm::cast<Expr>(S), Fn, Ctx),
             OnlyReported))
    return true;
  for (const Stmt *Child : S->children())
    if (hasPlacementLeaf(Child, Placements, Fn, Ctx, OnlyReported, Depth + 1))
      return true;
  return false;
}

bool isHardcodedPlacement(const AbstractDevice &Device,
                          HardcodedPlacementFinder &Placements,
                          const FunctionDecl *Fn, ASTContext &Ctx,
                          bool OnlyReported) {
  if (const auto *Move =
          llvm::dyn_cast_or_null<CXXMemberCallExpr>(Device.Origin))
    return counts(Placements.analyseMove(Move, Fn, Ctx), OnlyReported);
  // A factory given a hard-coded device: `torch::ones({3}, torch::kCPU)`.
  if (const auto *Factory = llvm::dyn_cast_or_null<CallExpr>(Device.Origin))
    for (const Expr *Arg : Factory->arguments())
      if (hasPlacementLeaf(Arg, Placements, Fn, Ctx, OnlyReported))
        return true;
  return false;
}

} // namespace clang::tidy::torch::device
