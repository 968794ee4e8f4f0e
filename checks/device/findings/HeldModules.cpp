//===--- HeldModules.cpp - where a plain class's module lives -------------===//
#include "device/findings/HeldModules.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

namespace clang::tidy::torch::device {
namespace {

/// The plain class (not a module) whose module member \p Member is, or
/// null.
const CXXRecordDecl *plainClassHolding(const FieldDecl *Member) {
  const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(
      Member ? Member->getParent() : nullptr);
  if (!Class || !isModuleType(Member->getType()) ||
      isModuleType(recordType(Class)))
    return nullptr;
  return Class;
}

/// Calls \p Visit for each statement of the methods of \p Class the unit
/// defines, and for the initializers of its constructors.
void forEachStmtOf(const CXXRecordDecl *Class,
                   llvm::function_ref<void(const Stmt &)> Visit) {
  for (const CXXMethodDecl *Declared : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (!Declared->hasBody(Definition) || !Definition)
      continue;
    if (const auto *Constructor =
            llvm::dyn_cast<CXXConstructorDecl>(Definition))
      for (const CXXCtorInitializer *Init : Constructor->inits())
        if (Init->getInit())
          forEachOwnDescendant(Init->getInit(), Visit);
    forEachOwnDescendant(Definition->getBody(), Visit);
  }
}

/// Whether \p Arg is a device that is not spelled as the CPU.
bool namesOffCpu(const Expr *Arg) {
  return isDeviceLike(Arg->getType()) && !namesCpu(writtenArgument(Arg));
}

/// `torch::jit::load(path, device)` with a device that is not the CPU.
bool isLoadedOffCpu(const Expr *Value) {
  const auto *Load = llvm::dyn_cast_or_null<CallExpr>(tensorOperand(Value));
  return Load && Load->getNumArgs() > 1 &&
         qualifiedName(Load->getDirectCallee()) == "torch::jit::load" &&
         namesOffCpu(Load->getArg(1));
}

/// Whether \p S places \p Member off the CPU: moves it
/// (`model_->to(device_)`, `model_->cuda()`) or loads it with a device
/// (`torch::load(model_, path, device)`; a `torch::jit::load` it is given is
/// among its values).
bool placesOffCpu(const Stmt &S, const FieldDecl *Member) {
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S);
      Call && referencedObject(Call->getImplicitObjectArgument()) == Member) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (isNamed(Method, "cuda") ||
        (isNamed(Method, "to") && llvm::any_of(Call->arguments(), namesOffCpu)))
      return true;
  }
  const auto *Call = llvm::dyn_cast<CallExpr>(&S);
  const std::optional<ModuleLoad> Load =
      Call ? moduleLoadAt(Call) : std::nullopt;
  return Load && Load->Module == Member && Load->Device &&
         namesOffCpu(Load->Device);
}

/// Whether \p S fills \p Member from a file (moduleLoadAt): its parameters
/// then go where they were saved (`torch::load(model_, path)`,
/// `model_.load(archive)`).
bool loadsInto(const Stmt &S, const FieldDecl *Member) {
  const auto *Call = llvm::dyn_cast<CallExpr>(&S);
  const std::optional<ModuleLoad> Load =
      Call ? moduleLoadAt(Call) : std::nullopt;
  return Load && Load->Module == Member;
}

/// Whether \p Value makes a module of its own here, from no other module
/// (`Model(size)`, `std::make_shared<NetImpl>(4)`, `new NetImpl()`).
bool buildsModule(const Expr *Value) {
  const Expr *E = tensorOperand(Value);
  auto FromModule = [](const auto &Args) {
    return llvm::any_of(Args, [](const Expr *Arg) {
      return isModuleType(Arg->getType().getNonReferenceType());
    });
  };
  if (const auto *Construct = llvm::dyn_cast_or_null<CXXConstructExpr>(E)) {
    // A copy of a temporary (`model_(std::make_shared<Net>())`) is that
    // temporary.
    if (Construct->getConstructor()->isCopyOrMoveConstructor())
      return Construct->getNumArgs() == 1 &&
             llvm::isa<MaterializeTemporaryExpr>(Construct->getArg(0)) &&
             buildsModule(Construct->getArg(0));
    return !FromModule(Construct->arguments());
  }
  if (const auto *New = llvm::dyn_cast_or_null<CXXNewExpr>(E))
    return !New->getConstructExpr() ||
           !FromModule(New->getConstructExpr()->arguments());
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(E);
  const std::string Name = Call ? qualifiedName(Call->getDirectCallee()) : "";
  return (Name == "std::make_shared" || Name == "std::make_unique") &&
         !FromModule(Call->arguments());
}

/// The values the code of \p Class gives \p Member: its default member
/// initializer, constructor initializers and assignments.
llvm::SmallVector<const Expr *, 4> valuesOf(const CXXRecordDecl *Class,
                                            const FieldDecl *Member) {
  llvm::SmallVector<const Expr *, 4> Values;
  if (const Expr *Default = Member->getInClassInitializer())
    Values.push_back(Default);
  forEachObjectAssignment(Class, /*ConstructorsOnly=*/false,
                          [&](const ValueDecl *Object, const Expr *Value) {
                            if (Object == Member &&
                                !llvm::isa<CXXDefaultInitExpr>(Value))
                              Values.push_back(Value);
                          });
  return Values;
}

/// Whether \p Value derives from \p Member itself (`torch::jit::freeze(m_)`):
/// it stays where the member is.
bool derivesFrom(const Expr *Value, const FieldDecl *Member) {
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(tensorOperand(Value));
  return Call && llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
           return referencedObject(Arg) == Member;
         });
}

/// Whether every value of \p Values (those the class gives \p Member) is a
/// parameter of one of its methods (a constructor's, a set-up method's),
/// through copies and std::move, or derives from the member itself.
bool isTakenFromCreator(llvm::ArrayRef<const Expr *> Values,
                        const FieldDecl *Member) {
  bool Given = false;
  for (const Expr *Value : Values) {
    const auto *Param =
        llvm::dyn_cast_or_null<ParmVarDecl>(copiedVariable(Value));
    if (Param && llvm::isa<CXXMethodDecl>(Param->getDeclContext()))
      Given = true;
    else if (!derivesFrom(Value, Member))
      return false;
  }
  return Given;
}

/// Whether the class builds \p Member itself: each of \p Values (those it
/// gives it) makes a module (buildsModule), copies the member of another
/// object of the class (`model_ = other.model_;`) or another module member
/// the class builds so (`target = policy;`), and one makes a module.
bool isBuiltByClass(const CXXRecordDecl *Class, const FieldDecl *Member,
                    llvm::ArrayRef<const Expr *> Values,
                    bool FollowCopies = true) {
  bool Built = false;
  for (const Expr *Value : Values) {
    // The member copied, of this object or another (`other.model_`).
    const auto *Copied =
        llvm::dyn_cast_or_null<MemberExpr>(tensorOperand(Value));
    const auto *Other =
        Copied ? llvm::dyn_cast<FieldDecl>(Copied->getMemberDecl()) : nullptr;
    if (buildsModule(Value))
      Built = true;
    else if (Other != Member &&
             !(FollowCopies && Other && Other->getParent() == Class &&
               isBuiltByClass(Class, Other, valuesOf(Class, Other),
                              /*FollowCopies=*/false)))
      return false;
  }
  return Built;
}

/// Whether code out of view may set \p Member up: a method of the class
/// defined elsewhere, or a void non-const method of the module's own class
/// defined elsewhere called on it (`rollout_->set_cpu_only(true)`).
bool isSetUpOutOfView(const CXXRecordDecl *Class, const FieldDecl *Member) {
  if (llvm::any_of(Class->methods(), isMethodOutOfView))
    return true;
  bool Unseen = false;
  forEachStmtOf(Class, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    Unseen |= Method &&
              referencedObject(Call->getImplicitObjectArgument()) == Member &&
              !isInTopNamespace(Method, "torch") && !Method->isConst() &&
              Method->getReturnType()->isVoidType() &&
              isMethodOutOfView(Method);
  });
  return Unseen;
}

} // namespace

std::optional<HeldModulePlace> heldModulePlace(const FieldDecl *Member) {
  const CXXRecordDecl *Class = plainClassHolding(Member);
  if (!Class)
    return std::nullopt;
  if (isInstantiated(Class))
    return HeldModulePlace::Movable;
  bool OffCpu = false, Loaded = false;
  forEachStmtOf(Class, [&](const Stmt &S) {
    OffCpu |= placesOffCpu(S, Member);
    Loaded |= loadsInto(S, Member);
  });
  const llvm::SmallVector<const Expr *, 4> Values = valuesOf(Class, Member);
  if (OffCpu || llvm::any_of(Values, isLoadedOffCpu))
    return HeldModulePlace::PlacedOffCpu;
  if (isSetUpOutOfView(Class, Member) || isTakenFromCreator(Values, Member))
    return HeldModulePlace::WhereGiverPut;
  if (Loaded)
    return HeldModulePlace::LoadedWhereSaved;
  if (isBuiltByClass(Class, Member, Values))
    return HeldModulePlace::KeptOnCpu;
  return HeldModulePlace::Movable;
}

} // namespace clang::tidy::torch::device
