//===--- TorchObjects.h - modules and devices named -------------*- C++ -*-===//
//
// What an expression names among the objects the checks follow: the module,
// optimizer or variable behind `net->`, `*holder`, `p.get()`; a device
// argument as written; the modules an optimizer's parameter list comes from.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_UTILS_TORCHOBJECTS_H
#define TORCHLINT_CHECKS_UTILS_TORCHOBJECTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::torch::device {

/// torch::optim::Optimizer or a subclass (Adam, SGD, Adagrad, user classes),
/// references and cv-qualifiers ignored.
bool isOptimizerType(QualType T);
/// c10::nullopt_t or std::nullopt_t.
bool isNulloptType(QualType T);

/// The variable, parameter or member of *this that \p E names, seeing
/// through implicit casts, parentheses, `->` and `*` of a ModuleHolder or
/// smart pointer, and `.ptr()`/`.get()`; null for anything else.
const ValueDecl *referencedObject(const Expr *E);

/// The argument as the user wrote it: through implicit conversions and a
/// converting constructor whose further arguments are defaults
/// (torch::kCUDA -> Device(kCUDA, -1)).
const Expr *writtenArgument(const Expr *E);

/// torch::kCPU, c10::DeviceType::CPU, "cpu" (as a device string).
bool namesCpu(const Expr *E);

/// True when \p E is a constant CPU device: torch::kCPU, at::DeviceType::CPU,
/// torch::Device(torch::kCPU), torch::Device("cpu").
bool isCpuDeviceConstant(const Expr *E);
/// The same for the backend \p Backend ("CPU", "CUDA", as backendOfConstant
/// names them).
bool isDeviceConstantOf(const Expr *E, llvm::StringRef Backend);

/// The modules whose parameters the optimizer-parameter expression \p E
/// lists: `net->parameters()`, `net.named_parameters().values()`, also through
/// one local variable holding such a list (`auto params = net->parameters();`).
llvm::SmallVector<const ValueDecl *, 2> parameterOwners(const Expr *E);

/// The forward of the program's module that `module(x)` runs through
/// libtorch's ModuleHolder::operator(): the one overload taking as many
/// arguments. Null for any other call (a module class's own operator() is
/// itself).
const FunctionDecl *heldModuleForward(const CallExpr *Call);

/// A function parameter holding a module (`Net &net`, `Net net`,
/// `std::shared_ptr<NetImpl> net`): it is wherever the callers put it.
bool isModuleParameter(const ValueDecl *D);

/// A call of torch::nn::Module::register_buffer, register_parameter or
/// register_module.
bool isModuleRegistration(const Stmt *S);

} // namespace clang::tidy::torch::device

#endif
