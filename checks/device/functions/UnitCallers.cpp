//===--- UnitCallers.cpp - every call the unit holds ----------------------===//
#include "device/functions/UnitCallers.h"
#include "device/functions/LibraryCode.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::torch::device {
namespace {

const FunctionDecl *canonical(const FunctionDecl *Fn) {
  return Fn ? Fn->getCanonicalDecl() : nullptr;
}

/// The dispatch key of the registration function that
/// `TORCH_LIBRARY_IMPL(ns, Key, m)` defines: its name is
/// `TORCH_LIBRARY_IMPL_init_<ns>_<Key>_<counter>`, and no key has an
/// underscore in its name.
llvm::StringRef dispatchKeyOfRegistration(const FunctionDecl *Registration) {
  if (!Registration || !Registration->getIdentifier())
    return "";
  llvm::StringRef Name = Registration->getName();
  if (!Name.consume_front("TORCH_LIBRARY_IMPL_init_"))
    return "";
  return Name.rsplit('_').first.rsplit('_').second;
}

/// pybind11's `def`, `torch::Library`'s `def` (a kernel for every device),
/// and its `impl` where the key it registers for gets tensors on any GPU:
/// `TORCH_LIBRARY_IMPL(ns, CUDA, m) { m.impl("f", &f); }`. An `impl` for
/// the CPU gets host tensors.
bool isBindingCall(const FunctionDecl *Callee, const FunctionDecl *Caller) {
  const auto *Method = llvm::dyn_cast_or_null<CXXMethodDecl>(Callee);
  if (!Method || !Method->getIdentifier())
    return false;
  const CXXRecordDecl *Class = Method->getParent();
  const bool Library = isInTopNamespace(Class, "torch") &&
                       Class->getIdentifier() && Class->getName() == "Library";
  if (llvm::is_contained({"def", "def_static"}, Method->getName()))
    return Library || isInTopNamespace(Class, "pybind11");
  return Library && Method->getName() == "impl" &&
         dispatchKeyOfRegistration(Caller).contains("CUDA");
}

/// The function \p Arg of a binding call names: `f`, `&f`, `TORCH_FN(f)`.
const FunctionDecl *boundFunction(const Expr *Arg) {
  const Expr *E = Arg->IgnoreImplicit()->IgnoreParenImpCasts();
  if (const auto *AddressOf = llvm::dyn_cast<UnaryOperator>(E);
      AddressOf && AddressOf->getOpcode() == UO_AddrOf)
    E = AddressOf->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E))
    return llvm::dyn_cast<FunctionDecl>(Ref->getDecl());
  // TORCH_FN(f): c10::CompileTimeFunctionPointer<decltype(f), f>().
  const auto *Pointer = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      E->getType()->getAsCXXRecordDecl());
  if (!Pointer || !Pointer->getIdentifier() ||
      Pointer->getName() != "CompileTimeFunctionPointer")
    return nullptr;
  for (const TemplateArgument &Template : Pointer->getTemplateArgs().asArray())
    if (Template.getKind() == TemplateArgument::Declaration)
      return llvm::dyn_cast<FunctionDecl>(Template.getAsDecl());
  return nullptr;
}

/// A binding that names a CPU kernel (`m.def("forward_cpu", &forward_cpu)`,
/// beside its CUDA twin): its callers pass host tensors.
bool bindsHostKernel(const CallExpr *Call) {
  for (const Expr *Arg : Call->arguments()) {
    llvm::StringRef Name;
    if (const auto *Literal = llvm::dyn_cast<StringLiteral>(
            Arg->IgnoreImplicit()->IgnoreParenImpCasts()))
      Name = Literal->getString();
    else if (const FunctionDecl *Fn = boundFunction(Arg);
             Fn && Fn->getIdentifier())
      Name = Fn->getName();
    if (Name.contains_insensitive("cpu") || Name.contains_insensitive("host"))
      return true;
  }
  return false;
}

class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  CallCollector(const SourceManager &SM,
                llvm::DenseMap<const FunctionDecl *,
                               llvm::SmallVector<UnitCall, 2>> &Calls,
                llvm::DenseSet<const FunctionDecl *> &Escaped,
                llvm::DenseMap<const FunctionDecl *, Binding> &Bound)
      : Library(SM), Calls(Calls), Escaped(Escaped), Bound(Bound) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    // libtorch's headers cannot call the user's internal functions, except
    // through an address the user's code takes (and that is seen there).
    if (D && !llvm::isa<TranslationUnitDecl>(D) && D->getLocation().isValid() &&
        Library.contains(D->getLocation()))
      return true;
    const auto *Fn = llvm::dyn_cast_or_null<FunctionDecl>(D);
    if (!Fn)
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *Outer = Caller;
    Caller = Fn;
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Caller = Outer;
    return Result;
  }
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    const FunctionDecl *Outer = Caller;
    Caller = Lambda->getCallOperator();
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(Lambda);
    Caller = Outer;
    return Result;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    const Expr *Named = Call->getCallee()->IgnoreParenImpCasts();
    AsCallee.insert(Named);
    // `module(x)` calls the module's forward through ModuleHolder.
    if (const FunctionDecl *Forward = heldModuleForward(Call))
      Callee = Forward;
    Calls[canonical(Callee)].push_back({Call, Caller});
    if (isBindingCall(Callee, Caller) && !bindsHostKernel(Call))
      for (const Expr *Arg : Call->arguments())
        if (const FunctionDecl *Fn = boundFunction(Arg))
          Bound.try_emplace(canonical(Fn), Binding{Call, Arg});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Fn = llvm::dyn_cast<FunctionDecl>(Ref->getDecl());
        Fn && !AsCallee.contains(Ref))
      Escaped.insert(canonical(Fn));
    return true;
  }

private:
  LibraryCode Library;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<UnitCall, 2>> &Calls;
  llvm::DenseSet<const FunctionDecl *> &Escaped;
  llvm::DenseMap<const FunctionDecl *, Binding> &Bound;
  llvm::DenseSet<const Expr *> AsCallee;
  const FunctionDecl *Caller = nullptr;
};

} // namespace

void UnitCallers::index(ASTContext &Ctx) {
  if (Unit == Ctx.getTranslationUnitDecl())
    return;
  Unit = Ctx.getTranslationUnitDecl();
  Calls.clear();
  Escaped.clear();
  Bound.clear();
  CallCollector Collector(Ctx.getSourceManager(), Calls, Escaped, Bound);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
}

std::optional<llvm::ArrayRef<UnitCall>>
UnitCallers::callsOf(const FunctionDecl *Fn, ASTContext &Ctx) {
  if (!Fn || Fn->isExternallyVisible() || Fn->isMain() ||
      llvm::isa<CXXConstructorDecl, CXXDestructorDecl, CXXConversionDecl>(Fn))
    return std::nullopt;
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
      Method && (Method->isVirtual() || Method->getParent()->isLambda()))
    return std::nullopt;
  index(Ctx);
  const FunctionDecl *Key = canonical(Fn);
  if (Escaped.contains(Key))
    return std::nullopt;
  auto It = Calls.find(Key);
  if (It == Calls.end())
    return llvm::ArrayRef<UnitCall>();
  return llvm::ArrayRef<UnitCall>(It->second);
}

llvm::SmallVector<UnitCall, 4>
UnitCallers::writtenCallsOf(const FunctionDecl *Fn, ASTContext &Ctx) {
  index(Ctx);
  llvm::SmallVector<UnitCall, 4> Found;
  auto Add = [&](const FunctionDecl *Callee) {
    if (auto It = Calls.find(canonical(Callee)); It != Calls.end())
      Found.append(It->second.begin(), It->second.end());
  };
  Add(Fn);
  if (const FunctionTemplateDecl *Template =
          Fn ? Fn->getDescribedFunctionTemplate() : nullptr)
    for (const FunctionDecl *Specialization : Template->specializations())
      Add(Specialization);
  return Found;
}

std::optional<Binding> UnitCallers::bindingOf(const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  index(Ctx);
  auto It = Bound.find(canonical(Fn));
  if (It == Bound.end())
    return std::nullopt;
  return It->second;
}

const Expr *argumentFor(const CallExpr *Call, const FunctionDecl *Callee,
                        unsigned Index) {
  // `a + b` calling a member operator passes the object as argument 0.
  if (llvm::isa<CXXOperatorCallExpr>(Call) && llvm::isa<CXXMethodDecl>(Callee))
    ++Index;
  if (Index >= Call->getNumArgs())
    return nullptr;
  const Expr *Arg = Call->getArg(Index);
  return llvm::isa<CXXDefaultArgExpr>(Arg) ? nullptr : Arg;
}

const Expr *argumentFor(const ParmVarDecl *Param, const CallExpr *Call,
                        const FunctionDecl *Definition) {
  if (!Param || Param->getDeclContext() != Definition)
    return nullptr;
  return argumentFor(Call, Definition, Param->getFunctionScopeIndex());
}

} // namespace clang::tidy::torch::device
