//===--- TorchObjects.cpp - the objects code names ------------------------===//
#include "utils/TorchObjects.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {
namespace {

const CXXRecordDecl *recordOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const auto *RD = T->getAsCXXRecordDecl();
  if (RD && RD->getDefinition())
    return RD->getDefinition();
  return RD;
}

bool derivesFrom(const CXXRecordDecl *RD, llvm::StringRef QualifiedName,
                 unsigned Depth = 0) {
  if (!RD || Depth > 16)
    return false;
  if (RD->getQualifiedNameAsString() == QualifiedName)
    return true;
  if (!RD->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &Base : RD->getDefinition()->bases())
    if (derivesFrom(recordOf(Base.getType()), QualifiedName, Depth + 1))
      return true;
  return false;
}

/// The object \p E names: through implicit nodes and local references.
const Expr *strip(const Expr *E) {
  return ignoreWrappers(throughReferenceAlias(ignoreWrappers(E)));
}

/// The class \p Method belongs to, as a type.
QualType classType(const CXXMethodDecl *Method) {
  return recordType(Method ? Method->getParent() : nullptr);
}

void collectOwners(const Stmt *S, bool FollowLocals,
                   llvm::SmallVectorImpl<const ValueDecl *> &Out) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    if ((isNamed(Method, "parameters") ||
         isNamed(Method, "named_parameters")) &&
        isModuleType(classType(Method)))
      if (const ValueDecl *Owner =
              referencedObject(Member->getImplicitObjectArgument())) {
        if (!llvm::is_contained(Out, Owner))
          Out.push_back(Owner);
        return;
      }
  }
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        VD && FollowLocals && VD->hasLocalStorage() &&
        !llvm::isa<ParmVarDecl>(VD) && VD->getInit())
      collectOwners(VD->getInit(), /*FollowLocals=*/false, Out);
  for (const Stmt *Child : S->children())
    collectOwners(Child, FollowLocals, Out);
}

} // namespace

bool isOptimizerType(QualType T) {
  return derivesFrom(recordOf(T), "torch::optim::Optimizer");
}

bool isNulloptType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  if (!RD)
    return false;
  const std::string Name = RD->getQualifiedNameAsString();
  return Name == "c10::nullopt_t" || Name == "std::nullopt_t";
}

const ValueDecl *referencedObject(const Expr *E) {
  for (int Step = 0; E && Step < 8; ++Step) {
    E = strip(E);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
      return llvm::isa<VarDecl>(Ref->getDecl()) ? Ref->getDecl() : nullptr;
    if (const auto *Member = llvm::dyn_cast<MemberExpr>(E)) {
      if (llvm::isa<CXXThisExpr>(strip(Member->getBase())) &&
          llvm::isa<FieldDecl>(Member->getMemberDecl()))
        return Member->getMemberDecl();
      return nullptr;
    }
    if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(E)) {
      if (Op->getNumArgs() == 1 &&
          (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star)) {
        E = Op->getArg(0);
        continue;
      }
      return nullptr;
    }
    if (const auto *Un = llvm::dyn_cast<UnaryOperator>(E)) {
      if (Un->getOpcode() == UO_Deref) {
        E = Un->getSubExpr();
        continue;
      }
      return nullptr;
    }
    if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      if (Call->getNumArgs() == 0 &&
          (isNamed(Method, "ptr") || isNamed(Method, "get"))) {
        E = Call->getImplicitObjectArgument();
        continue;
      }
      return nullptr;
    }
    return nullptr;
  }
  return nullptr;
}

const Expr *writtenArgument(const Expr *E) {
  for (int Step = 0; E && Step < 8; ++Step) {
    E = strip(E);
    const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E);
    if (!Construct || llvm::isa<CXXTemporaryObjectExpr>(Construct) ||
        Construct->getNumArgs() == 0 ||
        Construct->getParenOrBraceRange().isValid())
      return E;
    for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
      if (!llvm::isa<CXXDefaultArgExpr>(Construct->getArg(I)))
        return E;
    E = Construct->getArg(0);
  }
  return E;
}

/// A device type constant or device string of \p Backend: torch::kCPU,
/// c10::DeviceType::CPU, "cpu" for "CPU".
static bool namesBackend(const Expr *E, llvm::StringRef Backend) {
  E = strip(E);
  if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E))
    return backendOfConstant(Ref->getDecl()) == Backend;
  if (const auto *Str = llvm::dyn_cast_or_null<StringLiteral>(E))
    return backendOfString(Str) == Backend;
  return false;
}

bool namesCpu(const Expr *E) { return namesBackend(E, "CPU"); }

bool isDeviceConstantOf(const Expr *E, llvm::StringRef Backend) {
  E = writtenArgument(E);
  if (!E)
    return false;
  if (namesBackend(E, Backend))
    return true;
  if (const auto *Cast = llvm::dyn_cast<CXXFunctionalCastExpr>(E))
    E = strip(Cast->getSubExpr());
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E))
    return isDeviceType(Construct->getType()) && Construct->getNumArgs() >= 1 &&
           namesBackend(writtenArgument(Construct->getArg(0)), Backend);
  return false;
}

bool isCpuDeviceConstant(const Expr *E) { return isDeviceConstantOf(E, "CPU"); }

llvm::SmallVector<const ValueDecl *, 2> parameterOwners(const Expr *E) {
  llvm::SmallVector<const ValueDecl *, 2> Owners;
  collectOwners(E, /*FollowLocals=*/true, Owners);
  return Owners;
}

bool isModuleParameter(const ValueDecl *D) {
  return llvm::isa_and_nonnull<ParmVarDecl>(D) &&
         isModuleType(D->getType().getNonReferenceType());
}

bool isModuleRegistration(const Stmt *S) {
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(S);
  const auto *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->getIdentifier() &&
         llvm::is_contained(
             {"register_buffer", "register_parameter", "register_module"},
             Callee->getName());
}

const FunctionDecl *heldModuleForward(const CallExpr *Call) {
  const auto *Run = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(Call);
  const auto *Holder = llvm::dyn_cast_or_null<CXXMethodDecl>(
      Run ? Run->getDirectCallee() : nullptr);
  // Only libtorch's ModuleHolder; a module's own operator() is itself.
  if (!Holder || Run->getOperator() != OO_Call || Run->getNumArgs() == 0 ||
      !isModuleHolderClass(Holder->getParent()))
    return nullptr;
  const CXXRecordDecl *Class = moduleClassOf(Run->getArg(0)->getType());
  if (!Class || !Class->hasDefinition())
    return nullptr;
  const FunctionDecl *Found = nullptr;
  for (const CXXMethodDecl *Method : Class->getDefinition()->methods())
    if (isNamed(Method, "forward") &&
        Method->getNumParams() + 1 == Run->getNumArgs()) {
      if (Found)
        return nullptr;
      Found = Method;
    }
  return Found;
}

} // namespace clang::tidy::torch::device
