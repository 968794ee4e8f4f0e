//===--- OpRuleLookup.cpp - which rule of the op table a call is under ----===//
//
// The op table's half of DeviceFlow.h: the index of the rules that hold for
// the libtorch analysed, and the lookup of a call in it.
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceFlow.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {

namespace {

/// Whether \p D is declared in namespace torch or one inside it.
bool inTorchNamespace(const Decl *D) {
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *Ctx = D->getDeclContext(); Ctx;
       Ctx = Ctx->getParent())
    if (const auto *NS = llvm::dyn_cast<NamespaceDecl>(Ctx))
      Outermost = NS;
  return Outermost && Outermost->getIdentifier() &&
         Outermost->getName() == "torch";
}

/// Whether \p Class is a module class of the program: not libtorch's, not
/// a library's from a system header.
bool isProgramModuleClass(const CXXRecordDecl *Class) {
  return Class && Class->hasDefinition() && !inTorchNamespace(Class) &&
         moduleClassOf(recordType(Class)) &&
         !Class->getASTContext().getSourceManager().isInSystemHeader(
             Class->getLocation());
}

/// Whether \p Method computes with a program module's parameters in code
/// this unit cannot see: a method other than forward (`policy->act(obs)`,
/// `critic->value(x)`) that takes a tensor, returns a value and is defined
/// in another file. Modules exist to be moved, so its tensor arguments meet
/// the module's parameters as forward's do. One this unit defines is
/// followed into instead; one that may be overridden (pure virtual, or of
/// an abstract class) is some subclass's, and one that returns nothing may
/// keep its input rather than compute with it: neither is judged.
bool isUnseenModuleComputation(const CXXMethodDecl *Method) {
  if (!Method || Method->isStatic() || !Method->getIdentifier() ||
      isNamed(Method, "forward") || Method->getReturnType()->isVoidType() ||
      !isProgramModuleClass(Method->getParent()))
    return false;
  const FunctionDecl *Pattern = Method->getTemplateInstantiationPattern();
  if (Method->hasBody() || (Pattern && Pattern->hasBody()) ||
      Method->isTemplated() ||
      (Method->isVirtual() &&
       (Method->isPureVirtual() || Method->getParent()->isAbstract())))
    return false;
  return llvm::any_of(Method->parameters(), [](const ParmVarDecl *Param) {
    return isTensorType(Param->getType().getNonReferenceType());
  });
}

} // namespace

const Expr *forwardedModule(const CallExpr *Call) {
  const Expr *Object = nullptr;
  if (const auto *Op = llvm::dyn_cast_or_null<CXXOperatorCallExpr>(Call))
    Object = Op->getOperator() == OO_Call && Op->getNumArgs() > 0
                 ? Op->getArg(0)
                 : nullptr;
  else if (const auto *Member = llvm::dyn_cast_or_null<CXXMemberCallExpr>(Call))
    Object = isNamed(Member->getMethodDecl(), "forward") ||
                     isUnseenModuleComputation(Member->getMethodDecl())
                 ? Member->getImplicitObjectArgument()
                 : nullptr;
  return Object && (moduleClassOf(Object->getType()) ||
                    isJitModuleType(Object->getType()) ||
                    isAnyModuleType(Object->getType()))
             ? Object
             : nullptr;
}

namespace {

/// Whether \p Class (or a base of the program's) defines a forward in this
/// unit, or one the unit cannot pin down: a pure virtual forward or one of
/// an abstract class (the object is some subclass, whose override may move
/// its input first) or a member template. A virtual forward of a class
/// that can be built is the class's own, written `virtual` out of habit.
bool definesForward(const CXXRecordDecl *Class) {
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Pattern = Method->getTemplateInstantiationPattern();
    if (isNamed(Method, "forward") &&
        (Method->hasBody() || (Pattern && Pattern->hasBody()) ||
         (Method->isVirtual() &&
          (Method->isPureVirtual() || Class->isAbstract()))))
      return true;
  }
  for (const Decl *Member : Class->decls())
    if (const auto *Template = llvm::dyn_cast<FunctionTemplateDecl>(Member);
        Template && isNamed(Template, "forward"))
      return true;
  for (const CXXBaseSpecifier &Base : Class->bases()) {
    const CXXRecordDecl *Parent = Base.getType()->getAsCXXRecordDecl();
    if (Parent && Parent->hasDefinition() && !inTorchNamespace(Parent) &&
        definesForward(Parent->getDefinition()))
      return true;
  }
  return false;
}

/// Whether \p Call runs a module's method other than forward that this
/// unit cannot see.
bool callsUnseenModuleComputation(const CallExpr *Call) {
  const auto *Member = llvm::dyn_cast_or_null<CXXMemberCallExpr>(Call);
  return Member && isUnseenModuleComputation(Member->getMethodDecl());
}

} // namespace

bool runsUnseenModule(const CallExpr *Call) {
  const Expr *Module = forwardedModule(Call);
  if (!Module || isJitModuleType(Module->getType()))
    return false;
  if (callsUnseenModuleComputation(Call))
    return true;
  // Modules of libraries (system headers) are neither listed nor the
  // program's.
  const CXXRecordDecl *Class = moduleClassOf(Module->getType());
  return isProgramModuleClass(Class) && !definesForward(Class->getDefinition());
}

std::optional<OpDeviceRule>
opRuleOf(const CallExpr *Call, const OpRuleIndex &Index, std::string *Name) {
  const auto *Callee = llvm::dyn_cast_or_null<FunctionDecl>(
      Call ? Call->getCalleeDecl() : nullptr);
  if (!Callee)
    return std::nullopt;
  std::string Qualified = qualifiedName(Callee);
  // A module's forward is listed under the module's own class, whichever
  // base declares it (`torch::nn::BatchNorm2dImpl::forward`).
  // A TorchScript module's `module(inputs)` is its forward.
  const Expr *Module = forwardedModule(Call);
  if (Module && !callsUnseenModuleComputation(Call) &&
      !isAnyModuleType(Module->getType()))
    Qualified =
        isJitModuleType(Module->getType())
            ? "torch::jit::Module::forward"
            : qualifiedName(moduleClassOf(Module->getType())) + "::forward";
  auto It = Index.find(Qualified);
  if (It == Index.end()) {
    // A module of the program whose forward is defined in another file
    // runs its own parameters against its inputs, as a listed module does.
    if (!runsUnseenModule(Call))
      return std::nullopt;
    if (Name)
      *Name = std::move(Qualified);
    return OpDeviceRule{};
  }
  if (Name)
    *Name = std::move(Qualified);
  return It->second;
}

std::optional<DeviceRule> ruleOf(const CallExpr *Call, const OpRuleIndex &Index,
                                 std::string *Name) {
  if (std::optional<OpDeviceRule> Rule = opRuleOf(Call, Index, Name))
    return Rule->Rule;
  return std::nullopt;
}

OpRuleIndex buildRuleIndex(const OpRuleSet &Rules,
                           const std::string &LibtorchVersion) {
  OpRuleIndex Index;
  for (const OpRule &R : Rules.Rules) {
    if (!R.holdsFor(LibtorchVersion))
      continue;
    const OpDeviceRule Rule{R.Rule, R.CpuScalarAt, R.ModuleState};
    Index[R.Name] = Rule;
    if (llvm::StringRef(R.Name).starts_with("torch::"))
      Index["at::" + R.Name.substr(7)] = Rule;
  }
  return Index;
}

} // namespace clang::tidy::torch::device
