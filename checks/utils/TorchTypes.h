//===--- TorchTypes.h - libtorch type and name predicates -------*- C++ -*-===//
//
// Recognises libtorch's vocabulary types by their canonical declarations, so
// that aliases (torch::Tensor, torch::autograd::Variable, torch::Device) and
// typedefs in user code are seen through.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_UTILS_TORCHTYPES_H
#define TORCHLINT_CHECKS_UTILS_TORCHTYPES_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TemplateBase.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

namespace clang::tidy::torch::device {

/// at::Tensor or at::TensorBase (references and cv-qualifiers ignored).
/// The type of the class \p RD; null for null.
QualType recordType(const CXXRecordDecl *RD);

bool isTensorType(QualType T);
/// c10::Device.
bool isDeviceType(QualType T);
/// A pointer to a c10::Device: `torch::Device *`,
/// `std::shared_ptr<torch::Device>`, `std::unique_ptr<torch::Device>` (a device
/// shared between objects).
bool isDevicePointerType(QualType T);
/// std::vector<Tensor>, c10::ArrayRef<Tensor> (TensorList), an
/// initializer_list<Tensor>, ...: a template whose first argument is a tensor;
/// and std::vector<IValue>, the inputs of a TorchScript module's forward.
bool isTensorListType(QualType T);
/// c10::IValue (torch::jit::IValue), TorchScript's value of any type.
bool isIValueType(QualType T);
/// The T of `std::optional<T>` or `c10::optional<T>`; a null type for any
/// other type.
QualType optionalValueType(QualType T);
/// `std::optional<torch::Device>` / `c10::optional<c10::Device>`.
bool isOptionalDeviceType(QualType T);
/// `std::optional<Tensor>` / `c10::optional<Tensor>` (clamp's bounds, biases).
bool isOptionalTensorType(QualType T);
/// c10::DeviceType (the kCPU/kCUDA enum).
bool isDeviceTypeEnum(QualType T);
/// c10::TensorOptions.
bool isTensorOptionsType(QualType T);
/// Whether \p D is declared directly in the top-level namespace \p Ns
/// (inline namespaces such as std::__1 in between are skipped).
bool isInTopNamespace(const Decl *D, llvm::StringRef Ns);
/// Whether \p D belongs to libtorch (namespaces torch, at, c10) or to the
/// standard library, however deeply nested (`torch::nn::Module::to`,
/// `std::vector<T>::push_back`): code the op rules describe and no check
/// reads.
bool isInLibraryNamespace(const Decl *D);
/// Whether \p T is or holds one of libtorch's types: itself, through
/// pointers, references, arrays and function types, or as a template
/// argument, packs included (`std::vector<at::Tensor>`,
/// `std::tuple<at::Tensor, int>`, `std::function<void(at::Tensor)>`).
bool namesLibtorchType(QualType T);
/// Whether one of \p Args (through packs) names one of libtorch's types.
bool namesLibtorchType(llvm::ArrayRef<TemplateArgument> Args);
/// c10::ScalarType (kFloat, kLong, ...).
bool isScalarTypeEnum(QualType T);
/// A torch::nn::Module subclass, a ModuleHolder (TORCH_MODULE), or a
/// std::shared_ptr to a Module subclass; a TorchScript module
/// (torch::jit::Module), moved in place by `to` and run by `forward`; or an
/// AnyModule.
bool isModuleType(QualType T);
/// torch::jit::Module (torch::jit::script::Module).
bool isJitModuleType(QualType T);
/// torch::nn::AnyModule: a module whose class is chosen at run time, run by
/// its `forward` as the module it holds.
bool isAnyModuleType(QualType T);
/// A specialization of torch::nn::ModuleHolder<Impl>, the class TORCH_MODULE
/// derives from.
bool isModuleHolderClass(const CXXRecordDecl *RD);
/// The torch::nn::Module subclass whose forward a value of type \p T runs:
/// `Impl` for a ModuleHolder<Impl> (TORCH_MODULE, or a class derived from
/// one) or a std::shared_ptr<Impl>, the class itself for a Module subclass,
/// through pointers and references; null for anything else.
const CXXRecordDecl *moduleClassOf(QualType T);
/// A torch::Device or a c10::DeviceType: what names a device.
bool isDeviceLike(QualType T);
/// Anything that places or carries a device: a tensor, a device, a module.
bool isDeviceCarrierType(QualType T);
/// A method of at::Tensor (or of its base, at::TensorBase).
bool isTensorMethod(const CXXMethodDecl *M);
/// A method of a torch::nn::Module subclass.
bool isModuleMethod(const CXXMethodDecl *M);
/// A tensor method that asks where the tensor lives: `device`, `options`,
/// `is_cuda`, `is_cpu`, `is_mps`, `get_device`.
bool isDeviceQuery(const CXXMethodDecl *M);

/// Strips what the compiler wrote around an expression (parentheses,
/// implicit casts, temporaries, full-expression cleanups, functional casts)
/// but keeps implicit constructor calls: `kFloat` converted to TensorOptions
/// is evidence the analyses read.
const Expr *stripWrappers(const Expr *E);

/// What a local reference names: for `net` declared `auto &net = other;`
/// (a variable) or `auto &net = net_;` (a member of `*this`), the expression
/// it is bound to, since a reference is that object for its whole life; \p E
/// itself otherwise.
const Expr *throughReferenceAlias(const Expr *E);

/// Whether \p D has the plain identifier \p Name (`to`, `load_from`).
bool isNamed(const NamedDecl *D, llvm::StringRef Name);

/// Fully qualified name of \p D, e.g. "torch::zeros" or "at::Tensor::to".
std::string qualifiedName(const NamedDecl *D);

/// "CUDA" for kCUDA / DeviceType::CUDA (and "CPU", "MPS", "HIP", "XPU");
/// empty for other declarations, a user's DeviceType variable included.
std::string backendOfConstant(const ValueDecl *D);
/// Whether \p D is one of c10's DeviceType constants, whatever the backend
/// (kMeta too).
bool isDeviceTypeConstant(const ValueDecl *D);
/// The same for a device string ("cuda:1" is "CUDA").
std::string backendOfString(const StringLiteral *S);

} // namespace clang::tidy::torch::device

#endif
