//===--- TorchTypes.cpp - libtorch type and name predicates ---------------===//
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {

QualType recordType(const CXXRecordDecl *RD) {
  return RD && RD->getTypeForDecl() ? QualType(RD->getTypeForDecl(), 0)
                                    : QualType();
}
namespace {

/// The declaration behind \p T after references, cv-qualifiers and sugar.
const NamedDecl *canonicalDecl(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (const auto *ET = T->getAs<EnumType>())
    return ET->getDecl();
  return T->getAsCXXRecordDecl();
}

/// True when \p D is named \p Name and sits directly in namespace \p Ns
/// (a top-level namespace, possibly through inline namespaces).
bool isInNamespace(const NamedDecl *D, llvm::StringRef Ns,
                   llvm::StringRef Name) {
  return D && D->getIdentifier() && D->getName() == Name &&
         isInTopNamespace(D, Ns);
}

/// torch::nn::Module lives in namespace torch::nn.
bool isNNModuleClass(const CXXRecordDecl *RD) {
  if (!RD || !RD->getIdentifier())
    return false;
  const auto *NN = llvm::dyn_cast<NamespaceDecl>(RD->getDeclContext());
  return NN && NN->getIdentifier() && NN->getName() == "nn" &&
         isInNamespace(NN, "torch", "nn") &&
         (RD->getName() == "Module" || RD->getName() == "ModuleHolder");
}

/// The class a template's first argument names (`NetImpl` of
/// `std::shared_ptr<NetImpl>`, of `ModuleHolder<NetImpl>`).
const CXXRecordDecl *
firstTypeArgument(const ClassTemplateSpecializationDecl *S) {
  if (!S || S->getTemplateArgs().size() < 1 ||
      S->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return nullptr;
  return S->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
}

/// Whether \p Spec is std::shared_ptr or std::unique_ptr: a handle to
/// what its first argument names.
bool isOwningPointer(const ClassTemplateSpecializationDecl *Spec) {
  return Spec && (isInNamespace(Spec, "std", "shared_ptr") ||
                  isInNamespace(Spec, "std", "unique_ptr"));
}

bool derivesFromNNModule(const CXXRecordDecl *RD) {
  if (!RD)
    return false;
  if (isNNModuleClass(RD))
    return true;
  if (const auto *Spec = llvm::dyn_cast<ClassTemplateSpecializationDecl>(RD))
    if (isNNModuleClass(Spec->getSpecializedTemplate()->getTemplatedDecl()))
      return true;
  RD = RD->getDefinition();
  if (!RD)
    return false;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (derivesFromNNModule(Base.getType()->getAsCXXRecordDecl()))
      return true;
  return false;
}

} // namespace

bool isInTopNamespace(const Decl *D, llvm::StringRef Ns) {
  const DeclContext *Ctx = D ? D->getDeclContext() : nullptr;
  while (Ctx && Ctx->isInlineNamespace())
    Ctx = Ctx->getParent();
  const auto *NS = llvm::dyn_cast_or_null<NamespaceDecl>(Ctx);
  return NS && NS->getIdentifier() && NS->getName() == Ns &&
         NS->getParent()->getRedeclContext()->isTranslationUnit();
}

namespace {

/// The namespace at the top level that \p D is declared in, through classes,
/// functions and nested namespaces; inline namespaces are looked through.
const NamespaceDecl *outermostNamespace(const Decl *D) {
  const NamespaceDecl *Outermost = nullptr;
  for (const DeclContext *Ctx = D ? D->getDeclContext() : nullptr;
       Ctx && !Ctx->isTranslationUnit(); Ctx = Ctx->getParent())
    if (const auto *NS = llvm::dyn_cast<NamespaceDecl>(Ctx);
        NS && !NS->isInline())
      Outermost = NS;
  return Outermost;
}

bool isLibtorchNamespace(const NamespaceDecl *NS) {
  return NS && NS->getIdentifier() &&
         llvm::is_contained({"torch", "at", "c10"}, NS->getName());
}

bool namesLibtorchType(QualType T, unsigned Depth);

/// Template arguments, through packs (`std::tuple<at::Tensor, int>`).
bool argumentsNameLibtorch(llvm::ArrayRef<TemplateArgument> Args,
                           unsigned Depth) {
  return llvm::any_of(Args, [&](const TemplateArgument &Arg) {
    if (Arg.getKind() == TemplateArgument::Pack)
      return argumentsNameLibtorch(Arg.pack_elements(), Depth);
    return Arg.getKind() == TemplateArgument::Type &&
           namesLibtorchType(Arg.getAsType(), Depth);
  });
}

bool namesLibtorchType(QualType T, unsigned Depth) {
  // Deep enough for `std::vector<std::pair<std::string, at::Tensor>>`.
  constexpr unsigned MaxDepth = 4;
  if (T.isNull() || Depth > MaxDepth)
    return false;
  const Type *Canonical = T.getCanonicalType().getTypePtr();
  if (const QualType Pointee = Canonical->getPointeeType(); !Pointee.isNull())
    return namesLibtorchType(Pointee, Depth);
  if (const auto *Array = llvm::dyn_cast<ArrayType>(Canonical))
    return namesLibtorchType(Array->getElementType(), Depth);
  // A callback's signature (`std::function<void(at::Tensor)>`'s argument).
  if (const auto *Function = llvm::dyn_cast<FunctionProtoType>(Canonical))
    return namesLibtorchType(Function->getReturnType(), Depth + 1) ||
           llvm::any_of(Function->getParamTypes(), [&](QualType Param) {
             return namesLibtorchType(Param, Depth + 1);
           });
  const auto *Tag = Canonical->getAsTagDecl();
  if (!Tag)
    return false;
  if (isLibtorchNamespace(outermostNamespace(Tag)))
    return true;
  const auto *Spec = llvm::dyn_cast<ClassTemplateSpecializationDecl>(Tag);
  return Spec &&
         argumentsNameLibtorch(Spec->getTemplateArgs().asArray(), Depth + 1);
}

} // namespace

bool isInLibraryNamespace(const Decl *D) {
  const NamespaceDecl *Outermost = outermostNamespace(D);
  return isLibtorchNamespace(Outermost) ||
         (Outermost && Outermost->isStdNamespace());
}

bool namesLibtorchType(QualType T) { return namesLibtorchType(T, 0); }

bool namesLibtorchType(llvm::ArrayRef<TemplateArgument> Args) {
  return argumentsNameLibtorch(Args, 0);
}

bool isTensorType(QualType T) {
  const auto *RD = llvm::dyn_cast_or_null<CXXRecordDecl>(canonicalDecl(T));
  return RD && (isInNamespace(RD, "at", "Tensor") ||
                isInNamespace(RD, "at", "TensorBase"));
}

bool isDeviceType(QualType T) {
  return isInNamespace(canonicalDecl(T), "c10", "Device");
}

bool isDeviceTypeEnum(QualType T) {
  return isInNamespace(canonicalDecl(T), "c10", "DeviceType");
}

bool isDevicePointerType(QualType T) {
  T = T.getNonReferenceType();
  if (T->isPointerType())
    return isDeviceType(T->getPointeeType());
  const auto *Spec =
      llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(canonicalDecl(T));
  return isOwningPointer(Spec) && Spec->getTemplateArgs().size() >= 1 &&
         Spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type &&
         isDeviceType(Spec->getTemplateArgs()[0].getAsType());
}

/// std::vector<Tensor>, c10::ArrayRef<Tensor> (TensorList), an
/// initializer_list<Tensor>, ...: a template whose first argument is a tensor.
bool isTensorListType(QualType T) {
  const auto *Spec = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0)
    return false;
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  return Arg.getKind() == TemplateArgument::Type &&
         (isTensorType(Arg.getAsType()) ||
          ((isInNamespace(Spec, "std", "vector") ||
            isInNamespace(Spec, "std", "initializer_list")) &&
           isIValueType(Arg.getAsType()))) &&
         llvm::StringRef(Spec->getName()) != "optional" &&
         llvm::StringRef(Spec->getName()) != "shared_ptr";
}

QualType optionalValueType(QualType T) {
  const auto *Spec = llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || !Spec->getIdentifier() || Spec->getName() != "optional" ||
      !(isInTopNamespace(Spec, "std") || isInTopNamespace(Spec, "c10")) ||
      Spec->getTemplateArgs().size() != 1 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return {};
  return Spec->getTemplateArgs()[0].getAsType();
}

bool isOptionalDeviceType(QualType T) {
  const QualType Value = optionalValueType(T);
  return !Value.isNull() && isDeviceType(Value);
}

bool isOptionalTensorType(QualType T) {
  const QualType Value = optionalValueType(T);
  return !Value.isNull() && isTensorType(Value);
}

bool isIValueType(QualType T) {
  return isInNamespace(canonicalDecl(T), "c10", "IValue");
}

bool isTensorOptionsType(QualType T) {
  return isInNamespace(canonicalDecl(T), "c10", "TensorOptions");
}

bool isScalarTypeEnum(QualType T) {
  return isInNamespace(canonicalDecl(T), "c10", "ScalarType");
}

bool isJitModuleType(QualType T) {
  const auto *RD = llvm::dyn_cast_or_null<CXXRecordDecl>(canonicalDecl(T));
  const auto *Jit =
      RD ? llvm::dyn_cast<NamespaceDecl>(RD->getDeclContext()) : nullptr;
  return Jit && RD->getIdentifier() && RD->getName() == "Module" &&
         isInNamespace(Jit, "torch", "jit");
}

bool isAnyModuleType(QualType T) {
  const auto *RD = llvm::dyn_cast_or_null<CXXRecordDecl>(
      canonicalDecl(T.getNonReferenceType()));
  const auto *NN =
      RD ? llvm::dyn_cast<NamespaceDecl>(RD->getDeclContext()) : nullptr;
  return NN && RD->getIdentifier() && RD->getName() == "AnyModule" &&
         isInNamespace(NN, "torch", "nn");
}

bool isModuleType(QualType T) {
  if (T.isNull())
    return false;
  // A raw pointer to a module (`ActorImpl *actor_ = new ActorImpl(...)`)
  // is a handle to it, as a ModuleHolder or a std::shared_ptr is.
  if (const auto *Pointer = T.getNonReferenceType()->getAs<PointerType>())
    T = Pointer->getPointeeType();
  if (isJitModuleType(T) || isAnyModuleType(T))
    return true;
  const auto *RD = llvm::dyn_cast_or_null<CXXRecordDecl>(canonicalDecl(T));
  if (!RD)
    return false;
  // std::shared_ptr<NetImpl> and std::unique_ptr<NetImpl> are how modules
  // are often held without TORCH_MODULE (and TorchScript modules too).
  if (const auto *Spec = llvm::dyn_cast<ClassTemplateSpecializationDecl>(RD);
      isOwningPointer(Spec)) {
    const CXXRecordDecl *Held = firstTypeArgument(Spec);
    return Held && (derivesFromNNModule(Held) ||
                    isJitModuleType(QualType(Held->getTypeForDecl(), 0)));
  }
  return derivesFromNNModule(RD);
}

bool isModuleHolderClass(const CXXRecordDecl *RD) {
  const auto *Spec =
      llvm::dyn_cast_or_null<ClassTemplateSpecializationDecl>(RD);
  return Spec && isNamed(Spec, "ModuleHolder") &&
         isNNModuleClass(Spec->getSpecializedTemplate()->getTemplatedDecl());
}

namespace {

/// The ModuleHolder<Impl> specialization \p RD is or derives from
/// (TORCH_MODULE, `class Embedding : public ModuleHolder<EmbeddingImpl>`); null
/// otherwise.
const ClassTemplateSpecializationDecl *holderBase(const CXXRecordDecl *RD,
                                                  int Depth = 0) {
  if (!RD || Depth > 8)
    return nullptr;
  if (isModuleHolderClass(RD))
    return llvm::cast<ClassTemplateSpecializationDecl>(RD);
  RD = RD->getDefinition();
  if (!RD)
    return nullptr;
  for (const CXXBaseSpecifier &Base : RD->bases())
    if (const auto *Holder =
            holderBase(Base.getType()->getAsCXXRecordDecl(), Depth + 1))
      return Holder;
  return nullptr;
}

} // namespace

const CXXRecordDecl *moduleClassOf(QualType T) {
  if (T.isNull())
    return nullptr;
  T = T.getNonReferenceType();
  if (const auto *Pointer = T->getAs<PointerType>())
    T = Pointer->getPointeeType();
  const auto *RD = llvm::dyn_cast_or_null<CXXRecordDecl>(canonicalDecl(T));
  if (!RD)
    return nullptr;
  const CXXRecordDecl *Held = RD;
  if (const auto *Spec = llvm::dyn_cast<ClassTemplateSpecializationDecl>(RD);
      isOwningPointer(Spec))
    Held = firstTypeArgument(Spec);
  else if (const auto *Holder = holderBase(RD))
    Held = firstTypeArgument(Holder);
  return Held && derivesFromNNModule(Held) && !holderBase(Held) ? Held
                                                                : nullptr;
}

bool isTensorMethod(const CXXMethodDecl *M) {
  return M && M->getParent() && isTensorType(recordType(M->getParent()));
}

bool isModuleMethod(const CXXMethodDecl *M) {
  return M && M->getParent() && isModuleType(recordType(M->getParent()));
}

bool isDeviceQuery(const CXXMethodDecl *M) {
  return isTensorMethod(M) && M->getIdentifier() &&
         llvm::is_contained(
             {"device", "options", "is_cuda", "is_cpu", "is_mps", "get_device"},
             M->getName());
}

bool isDeviceLike(QualType T) { return isDeviceType(T) || isDeviceTypeEnum(T); }

bool isDeviceCarrierType(QualType T) {
  return isTensorType(T) || isDeviceType(T) || isModuleType(T);
}

const Expr *stripWrappers(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParens();
    if (const auto *Cast = llvm::dyn_cast<ImplicitCastExpr>(Next))
      Next = Cast->getSubExpr();
    else if (const auto *Tmp = llvm::dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = Tmp->getSubExpr();
    else if (const auto *Bind = llvm::dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = Bind->getSubExpr();
    else if (const auto *Full = llvm::dyn_cast<FullExpr>(Next))
      Next = Full->getSubExpr();
    else if (const auto *Cast = llvm::dyn_cast<CXXFunctionalCastExpr>(Next))
      Next = Cast->getSubExpr();
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

const Expr *throughReferenceAlias(const Expr *E) {
  // Aliases of aliases, a few deep.
  for (int Depth = 0; E && Depth < 4; ++Depth) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var || !Var->getType()->isReferenceType() || !Var->hasLocalStorage() ||
        llvm::isa<ParmVarDecl>(Var) || !Var->getInit())
      return E;
    // Bound to a variable or to a member of `*this`: the analyses follow
    // those by name. Anything else (`v[i]`, `*it`, `other.net`, a temporary)
    // stays the reference itself.
    const Expr *Bound = stripWrappers(Var->getInit());
    const auto *Member = llvm::dyn_cast<MemberExpr>(Bound);
    const bool OnThis = Member && llvm::isa<CXXThisExpr>(
                                      Member->getBase()->IgnoreParenImpCasts());
    const auto *Named = llvm::dyn_cast<DeclRefExpr>(Bound);
    if (!OnThis && !(Named && llvm::isa<VarDecl>(Named->getDecl())))
      return E;
    E = Bound;
  }
  return E;
}

bool isNamed(const NamedDecl *D, llvm::StringRef Name) {
  return D && D->getIdentifier() && D->getName() == Name;
}

std::string qualifiedName(const NamedDecl *D) {
  return D ? D->getQualifiedNameAsString() : std::string();
}

/// The enumerator's name of a c10 DeviceType constant (kCUDA, reached as
/// torch::kCUDA or at::kCUDA, or DeviceType::CUDA): "CUDA"; none for any
/// other declaration, a user's variable of type DeviceType included.
static std::optional<llvm::StringRef> deviceTypeName(const ValueDecl *D) {
  if (!D || !D->getIdentifier() || !isDeviceTypeEnum(D->getType()))
    return std::nullopt;
  llvm::StringRef Name = D->getName();
  if (const auto *Var = llvm::dyn_cast<VarDecl>(D)) {
    const auto *NS = llvm::dyn_cast<NamespaceDecl>(
        Var->getDeclContext()->getRedeclContext());
    if (!Var->hasGlobalStorage() || !NS || !NS->getIdentifier() ||
        NS->getName() != "c10" || !Name.consume_front("k"))
      return std::nullopt;
  } else if (!llvm::isa<EnumConstantDecl>(D)) {
    return std::nullopt;
  }
  return Name;
}

bool isDeviceTypeConstant(const ValueDecl *D) {
  return deviceTypeName(D).has_value();
}

std::string backendOfConstant(const ValueDecl *D) {
  return llvm::StringSwitch<std::string>(deviceTypeName(D).value_or(""))
      .Case("CPU", "CPU")
      .Case("CUDA", "CUDA")
      .Case("MPS", "MPS")
      .Case("HIP", "HIP")
      .Case("XPU", "XPU")
      .Default("");
}

std::string backendOfString(const StringLiteral *S) {
  if (!S || !S->isOrdinary())
    return "";
  llvm::StringRef Text = S->getString();
  llvm::StringRef Type = Text.split(':').first;
  return llvm::StringSwitch<std::string>(Type)
      .Case("cpu", "CPU")
      .Case("cuda", "CUDA")
      .Case("mps", "MPS")
      .Case("hip", "HIP")
      .Case("xpu", "XPU")
      .Default("");
}

} // namespace clang::tidy::torch::device
