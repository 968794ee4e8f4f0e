//===--- LibraryInstantiations.cpp - leave library-only templates alone ---===//
#include "LibraryInstantiations.h"
#include "device/functions/LibraryCode.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/Sema.h"

using namespace clang;

using clang::tidy::torch::device::isInLibraryNamespace;
using clang::tidy::torch::device::namesLibtorchType;
using clang::tidy::torch::device::recordType;

namespace torchlint::run {
namespace {

class LibraryOnly {
public:
  explicit LibraryOnly(const SourceManager &SM) : SM(SM) {}

  // Whether \p D and everything that makes it what it is (the template
  // arguments of it and of the specializations it is declared in) come from
  // system headers.
  bool decl(const Decl *D) {
    if (!D)
      return true;
    SourceLocation Loc = D->getLocation();
    if (Loc.isInvalid() || !SM.isInSystemHeader(SM.getExpansionLoc(Loc)))
      return false;
    // The lexical contexts too: a friend defined in a class template
    // (`operator==` of `flat_hash_map<K, V>`) is the namespace's.
    auto Walk = [&](const DeclContext *Context, bool Lexical) {
      for (; Context; Context = Lexical ? Context->getLexicalParent()
                                        : Context->getParent())
        if (!contextArguments(Context))
          return false;
      return true;
    };
    const auto *Own = llvm::dyn_cast<DeclContext>(D);
    if (!Walk(Own ? Own : D->getDeclContext(), /*Lexical=*/false) ||
        !Walk(D->getLexicalDeclContext(), /*Lexical=*/true))
      return false;
    if (const auto *Variable = llvm::dyn_cast<VarTemplateSpecializationDecl>(D))
      return arguments(Variable->getTemplateArgs().asArray());
    return true;
  }

  // Whether the template arguments \p Context was made with, if any, are
  // the library's.
  bool contextArguments(const DeclContext *Context) {
    if (const auto *Class =
            llvm::dyn_cast<ClassTemplateSpecializationDecl>(Context))
      return arguments(Class->getTemplateArgs().asArray());
    if (const auto *Function = llvm::dyn_cast<FunctionDecl>(Context)) {
      const TemplateArgumentList *Args =
          Function->getTemplateSpecializationArgs();
      return !Args || arguments(Args->asArray());
    }
    return true;
  }

  bool type(QualType Type) {
    if (Type.isNull())
      return true;
    const clang::Type *T = Type.getCanonicalType().getTypePtr();
    if (T->isBuiltinType())
      return true;
    if (const auto *Pointer = T->getAs<PointerType>())
      return type(Pointer->getPointeeType());
    if (const auto *Reference = T->getAs<ReferenceType>())
      return type(Reference->getPointeeType());
    if (const auto *Member = T->getAs<MemberPointerType>())
      return type(QualType(Member->getClass(), 0)) &&
             type(Member->getPointeeType());
    if (const auto *Array = llvm::dyn_cast<ArrayType>(T))
      return type(Array->getElementType());
    if (const auto *Function = T->getAs<FunctionProtoType>())
      return type(Function->getReturnType()) &&
             llvm::all_of(Function->getParamTypes(),
                          [&](QualType P) { return type(P); });
    if (const auto *Tag = T->getAs<TagType>())
      return decl(Tag->getDecl());
    if (const auto *Atomic = T->getAs<AtomicType>())
      return type(Atomic->getValueType());
    if (const auto *Complex = T->getAs<ComplexType>())
      return type(Complex->getElementType());
    return false; // not understood: keep the instantiation
  }

  bool arguments(llvm::ArrayRef<TemplateArgument> Args) {
    return llvm::all_of(Args,
                        [&](const TemplateArgument &A) { return argument(A); });
  }

private:
  bool argument(const TemplateArgument &Arg) {
    switch (Arg.getKind()) {
    case TemplateArgument::Null:
      return true;
    case TemplateArgument::NullPtr:
      return type(Arg.getNullPtrType());
    case TemplateArgument::Integral:
      return type(Arg.getIntegralType()); // a user's enum names the user
    case TemplateArgument::Type:
      return type(Arg.getAsType());
    case TemplateArgument::Declaration:
      return decl(Arg.getAsDecl());
    case TemplateArgument::Template:
    case TemplateArgument::TemplateExpansion:
      return decl(Arg.getAsTemplateOrTemplatePattern().getAsTemplateDecl());
    case TemplateArgument::Pack:
      return arguments(Arg.pack_elements());
    case TemplateArgument::StructuralValue:
    case TemplateArgument::Expression:
      return false;
    }
    return false;
  }

  const SourceManager &SM;
};

// Whether \p Function's signature can carry a tensor, a device, options or a
// module: its return and parameter types, its template arguments, and for a
// method its class and the class's fields.
bool signatureNamesLibtorch(const FunctionDecl *Function) {
  auto Names = [](QualType T) { return namesLibtorchType(T); };
  if (Names(Function->getReturnType()) ||
      llvm::any_of(Function->parameters(), [&](const ParmVarDecl *Param) {
        return Names(Param->getType());
      }))
    return true;
  if (const TemplateArgumentList *Args =
          Function->getTemplateSpecializationArgs();
      Args && namesLibtorchType(Args->asArray()))
    return true;
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Function);
  if (!Method)
    return false;
  const CXXRecordDecl *Class = Method->getParent();
  return Names(recordType(Class)) ||
         llvm::any_of(Class->fields(), [&](const FieldDecl *Field) {
           return Names(Field->getType());
         });
}

} // namespace

void LibraryInstantiations::dropQueued(Sema &S) {
  const SourceManager &SM = S.getSourceManager();
  LibraryOnly Library(SM);
  // libtorch's own files, whatever their namespace (`ska::flat_hash_map`).
  auto InLibtorchFiles = [&](const FunctionDecl *Function) {
    const llvm::StringRef File =
        SM.getFilename(SM.getExpansionLoc(Function->getLocation()));
    return !File.empty() &&
           clang::tidy::torch::device::LibraryCode::isLibraryPath(File, &Roots);
  };
  // A function of another library (json's) is left out only where no
  // tensor, device or module can pass through it: the checks read such a
  // body (the options a helper returns), as torchlint does.
  auto Keeps = [&](const FunctionDecl *Function) {
    auto [It, New] = Kept.try_emplace(Function, false);
    if (New)
      It->second =
          !Library.decl(Function) ||
          !(isInLibraryNamespace(Function) || InLibtorchFiles(Function) ||
            !signatureNamesLibtorch(Function));
    return It->second;
  };
  // While clang instantiates a function, the queue holds only what its body
  // asked for, and this runs before it is worked through. Vtables are left
  // alone: Sema walks their list by index while it reads declarations.
  auto &Pending = S.PendingInstantiations;
  size_t Count = 0;
  for (size_t I = 0; I < Pending.size(); ++I) {
    // Only functions: a static data member's definition may be one the
    // unit's constants need.
    // Not an explicit instantiation's definition (the unit asked for it;
    // `extern template` members, std::string's, are the library's), nor a
    // constexpr function, which a later constant expression may need.
    auto *Function = llvm::dyn_cast<FunctionDecl>(Pending[I].first);
    if (!Function ||
        Function->getTemplateSpecializationKind() ==
            TSK_ExplicitInstantiationDefinition ||
        Function->isConstexpr() || Keeps(Function)) {
      Pending[Count++] = Pending[I];
      continue;
    }
    // Defined, to Sema, as a library function whose body the preamble
    // skipped is: a later use queues it no more, and the end of the unit
    // does not call it used but undefined.
    Function->setHasSkippedBody();
  }
  Pending.resize(Count);
}

} // namespace torchlint::run
