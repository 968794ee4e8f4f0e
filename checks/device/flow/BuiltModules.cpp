//===--- BuiltModules.cpp - modules made on the CPU ----------------------===//
//
// The part of TransferSyntax that sees where a module's parameters are made:
// built in place from arguments that name no device, or given a device by a
// constructor that places nothing with it, they are on the CPU until it is
// moved; read from a checkpoint, where the read puts them.
//
//===----------------------------------------------------------------------===//
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {
namespace {

/// How deep freshModule looks into the modules a module is made from.
constexpr unsigned MaxFreshModuleDepth = 4;

const Expr *freshModule(const Expr *E, unsigned Depth);

/// Whether \p E names a device anywhere in it (`torch::kCUDA`, a device
/// variable, `.to(...)`, `.cuda()`, options with a device).
bool namesDevice(const Expr *E) {
  bool Names = false;
  forEachOwnDescendant(E, [&](const Stmt &S) {
    const auto *Sub = llvm::dyn_cast<Expr>(&S);
    const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    const CXXMethodDecl *Method = Member ? Member->getMethodDecl() : nullptr;
    Names |= (Sub && !Sub->getType().isNull() &&
              (isDeviceLike(Sub->getType()) ||
               isOptionalDeviceType(Sub->getType()))) ||
             (Method && Method->getIdentifier() &&
              llvm::is_contained({"to", "cuda"}, Method->getName()));
  });
  return Names;
}

/// The set-up code of a module class's constructor: the constructor and the
/// methods it calls on `this`; none where one of those is out of view.
std::optional<std::vector<const FunctionDecl *>>
setupCode(const CXXConstructorDecl *Definition) {
  std::vector<const FunctionDecl *> Code = setupMethodsOf(Definition);
  Code.insert(Code.begin(), Definition);
  for (const FunctionDecl *Fn : Code) {
    std::vector<const CXXMemberCallExpr *> Calls;
    ownMethodCalls(Fn->getBody(), Definition->getParent(), Calls);
    for (const CXXMemberCallExpr *Call : Calls) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      if (!Method->isStatic() && !Method->hasBody())
        return std::nullopt;
    }
  }
  return Code;
}

/// Whether every value \p Code gives the member \p Field (its initializer
/// in the constructor, assignments) is made as \p IsCpu says, with one at
/// least.
bool everyValueOf(const FieldDecl *Field, const CXXConstructorDecl *Ctor,
                  llvm::ArrayRef<const FunctionDecl *> Code,
                  llvm::function_ref<bool(const Expr *)> IsCpu) {
  bool Any = false;
  bool All = true;
  auto See = [&](const Expr *Value) {
    Any = true;
    All &= IsCpu(Value);
  };
  for (const CXXCtorInitializer *Init : Ctor->inits())
    if (Init->isWritten() && Init->getMember() == Field)
      See(Init->getInit());
  for (const FunctionDecl *Fn : Code)
    forEachOwnStmt(Fn, [&](const Stmt &S) {
      const auto Sides = assignmentSides(&S);
      if (Sides && referencedObject(Sides->first) == Field)
        See(Sides->second);
    });
  return Any && All;
}

/// Whether the module constructor \p Ctor, given a device, leaves the
/// module's own state on the CPU: it (or a set-up method it calls) registers
/// parameters, buffers and submodules made without naming a device, and
/// moves nothing (`SegImpl(torch::Device d) : fc(8, 4) { register_module("fc",
/// fc); table = register_parameter("t", torch::zeros({9, 8})); }`, keeping
/// `d` for its inputs).
bool keepsModuleOnCpu(const CXXConstructorDecl *Ctor, unsigned Depth) {
  const FunctionDecl *Definition = nullptr;
  if (!Ctor || !Ctor->hasBody(Definition) || !Definition)
    return false;
  const auto *Defined = llvm::cast<CXXConstructorDecl>(Definition);
  // A base of the user's may place what it registers.
  for (const CXXBaseSpecifier &Base : Defined->getParent()->bases())
    if (const CXXRecordDecl *Record = Base.getType()->getAsCXXRecordDecl();
        !Record ||
        !llvm::StringRef(qualifiedName(Record)).starts_with("torch::nn::"))
      return false;
  const auto Code = setupCode(Defined);
  if (!Code)
    return false;
  auto MadeOnCpu = [&](const Expr *Value) {
    Value = writtenArgument(Value);
    if (isModuleType(Value->getType()))
      return freshModule(Value, Depth + 1) != nullptr;
    return !namesDevice(Value);
  };
  bool Registers = false;
  bool OnCpu = true;
  for (const FunctionDecl *Fn : *Code)
    forEachOwnStmt(Fn, [&](const Stmt &S) {
      const auto *Call = llvm::dyn_cast<CallExpr>(&S);
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      if (!Callee || !Callee->getIdentifier())
        return;
      const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call);
      const Expr *Object =
          Member ? Member->getImplicitObjectArgument() : nullptr;
      if (Object && llvm::isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) &&
          llvm::is_contained({"to", "cuda"}, Callee->getName())) {
        OnCpu = false;
        return;
      }
      if (!isModuleRegistration(Call) || Call->getNumArgs() < 2)
        return;
      Registers = true;
      const Expr *Value = writtenArgument(Call->getArg(1));
      if (const auto *Field =
              llvm::dyn_cast_or_null<FieldDecl>(referencedObject(Value)))
        OnCpu &= everyValueOf(Field, Defined, *Code, MadeOnCpu);
      else
        OnCpu &= MadeOnCpu(Value);
    });
  return Registers && OnCpu;
}

/// Whether the module \p Made, constructed from \p ArgCount arguments one of
/// which is a device, is built by constructors that keep it on the CPU.
bool constructedOnCpu(const Expr *Made, const CXXConstructExpr *Construct,
                      unsigned ArgCount, unsigned Depth) {
  const CXXRecordDecl *Class = moduleClassOf(Made->getType());
  if (!Class)
    return false;
  if (Construct &&
      Construct->getConstructor()->getParent()->getCanonicalDecl() ==
          Class->getCanonicalDecl())
    return keepsModuleOnCpu(Construct->getConstructor(), Depth);
  // Through a holder's or make_shared's forwarding: each constructor the
  // arguments may choose.
  bool Any = false;
  for (const CXXConstructorDecl *Candidate : Class->ctors()) {
    if (Candidate->isCopyOrMoveConstructor() ||
        Candidate->getMinRequiredArguments() > ArgCount ||
        Candidate->getNumParams() < ArgCount)
      continue;
    if (!keepsModuleOnCpu(Candidate, Depth))
      return false;
    Any = true;
  }
  return Any;
}

/// A module made right here, on the CPU until it is moved: a construction
/// (`Net(3)`, `Sequential(Linear(2, 1), ReLU())`, whose module arguments are
/// made the same way) or `std::make_shared<NetImpl>(3)`, from arguments
/// that name no device or a device its constructor places nothing with
/// (keepsModuleOnCpu). Not a copy of another module, not an empty holder
/// (`Net{nullptr}`).
const Expr *freshModule(const Expr *E, unsigned Depth) {
  E = tensorOperand(E);
  if (!E || Depth > MaxFreshModuleDepth)
    return nullptr;
  const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
  const auto *MakeShared = llvm::dyn_cast<CallExpr>(E);
  if (Construct) {
    // `auto net = Net(3);`: the copy of a temporary made here.
    if (Construct->getConstructor()->isCopyOrMoveConstructor())
      return Construct->getNumArgs() == 1 &&
                     !llvm::isa<DeclRefExpr, MemberExpr>(
                         tensorOperand(Construct->getArg(0)))
                 ? freshModule(Construct->getArg(0), Depth + 1)
                 : nullptr;
  } else if (!MakeShared ||
             !isNamed(MakeShared->getDirectCallee(), "make_shared") ||
             !isInTopNamespace(MakeShared->getDirectCallee(), "std")) {
    return nullptr;
  }
  if (!isModuleType(E->getType()))
    return nullptr;
  llvm::ArrayRef<const Expr *> Args =
      Construct
          ? llvm::ArrayRef(Construct->getArgs(), Construct->getNumArgs())
          : llvm::ArrayRef(MakeShared->getArgs(), MakeShared->getNumArgs());
  bool GivenDevice = false;
  for (const Expr *Arg : Args) {
    const QualType T = Arg->getType().getNonReferenceType();
    if (isModuleType(T) && freshModule(Arg, Depth + 1))
      continue;
    GivenDevice |= isDeviceType(T) || isDeviceTypeEnum(T);
    if (T->isNullPtrType() || isTensorOptionsType(T) || isModuleType(T) ||
        isTensorType(T))
      return nullptr;
  }
  if (GivenDevice && !constructedOnCpu(E, Construct, Args.size(), Depth))
    return nullptr;
  return E;
}

} // namespace

/// The construction of the module \p VD holds, when it is made by its
/// declaration (freshModule).
const Expr *builtModule(const VarDecl *VD) {
  if (!VD || !VD->getInit() || VD->getType()->isReferenceType() ||
      VD->getType()->isPointerType() || !isModuleType(VD->getType()))
    return nullptr;
  return builtModuleValue(VD->getInit());
}

const Expr *builtModuleValue(const Expr *Value) {
  return freshModule(Value, 0);
}

std::optional<ModuleLoad> moduleLoadAt(const CallExpr *Call) {
  ModuleLoad Load;
  const Expr *Module = nullptr;
  if (const auto *Method = llvm::dyn_cast<CXXMemberCallExpr>(Call)) {
    if (isNamed(Method->getMethodDecl(), "load") &&
        isModuleType(Method->getImplicitObjectArgument()->getType()))
      Module = Method->getImplicitObjectArgument();
  } else if (Call->getNumArgs() >= 2 &&
             qualifiedName(Call->getDirectCallee()) == "torch::load" &&
             isModuleType(Call->getArg(0)->getType().getNonReferenceType())) {
    Module = Call->getArg(0);
    if (Call->getNumArgs() > 2 && isDeviceLike(Call->getArg(2)->getType()))
      Load.Device = Call->getArg(2);
  }
  Load.Module = Module ? moduleRoot(Module) : nullptr;
  if (!Load.Module)
    return std::nullopt;
  return Load;
}

} // namespace clang::tidy::torch::device
