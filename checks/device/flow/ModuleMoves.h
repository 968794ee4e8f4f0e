//===--- ModuleMoves.h - where modules go, in one function body -*- C++ -*-===//
//
// Module::to(device) moves a module IN PLACE, so what a module's parameters
// look like at a statement depends on the calls before it. This finds those
// calls (and the modules, optimizers and devices they involve) in a function
// body, and orders statements by their position in the source: a documented
// approximation of control flow that the checks using it accept (a call in
// one branch of an if counts as "maybe happened" for everything after the if;
// a loop body is read once, top to bottom).
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_MODULEMOVES_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_MODULEMOVES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace clang::tidy::torch::utils {

/// torch::optim::Optimizer or a subclass (Adam, SGD, Adagrad, user classes),
/// references and cv-qualifiers ignored.
bool isOptimizerType(QualType T);
/// torch::jit::Module (torch::jit::script::Module is the same type).
bool isJitModuleType(QualType T);
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

/// True when \p E is a constant CPU device: torch::kCPU, at::DeviceType::CPU,
/// torch::Device(torch::kCPU), torch::Device("cpu").
bool isCpuDeviceConstant(const Expr *E);

/// An in-place move of a module: `m->to(device[, dtype][, non_blocking])` on
/// a torch::nn::Module, `m.to(device...)` on a torch::jit::Module, or a call
/// to torchlint::ensure_module_device(m, device). Also a call of a function
/// of the translation unit that moves its module argument
/// (FunctionSummaries::moduleMovesIn).
struct ModuleMove {
  const CallExpr *Call = nullptr;
  const ValueDecl *Module = nullptr; ///< what is moved
  /// The device argument as written; null where the call's arguments do
  /// not name it (a device chosen inside the called function).
  const Expr *Device = nullptr;
  bool ToCpu = false;                ///< Device is a constant CPU device
  const FunctionDecl *By = nullptr;  ///< The function called that moves it.
};

/// Every module move in \p Body, lambda bodies excluded
/// (they run when called, not where they are written).
std::vector<ModuleMove> collectModuleMoves(const Stmt *Body);

/// True when \p E contains a call that puts a tensor on a device:
/// t.to(<device or options with a device>), t.cuda(), or a factory whose
/// options carry a device (a constant CPU device does not count).
bool placesTensorOnDevice(const Expr *E);

/// The modules whose parameters the optimizer-parameter expression \p E
/// lists: `net->parameters()`, `net.named_parameters().values()`, also through
/// one local variable holding such a list (`auto params = net->parameters();`).
llvm::SmallVector<const ValueDecl *, 2> parameterOwners(const Expr *E);

/// True when \p S runs on only some of the paths through \p Target's
/// function: it sits in a branch, loop body, case, catch block, `?:` arm or
/// the right of `&&`/`||` that does not also contain \p Target.
bool isConditionalFor(const Stmt *S, const Stmt *Target, ASTContext &Ctx);

/// True when \p A is before \p B in the translation unit (macro locations
/// compared at their expansion).
bool isBefore(SourceLocation A, SourceLocation B, const SourceManager &SM);

/// True when the expression \p E, written somewhere in the body of \p Fn, can
/// be copied verbatim to \p At (also in \p Fn's body) and mean the same: every
/// variable it names is visible and not shadowed at \p At, it has no
/// assignments, increments, lambdas or new-expressions, and it is not written
/// in a macro.
bool isUsableAt(const Expr *E, const FunctionDecl *Fn, SourceLocation At,
                ASTContext &Ctx);

/// True when the unqualified name of \p D (a variable, parameter or member
/// seen from \p Fn) still means \p D at \p At: no local or parameter of the
/// same name hides it there.
bool isNameUsableAt(const ValueDecl *D, const FunctionDecl *Fn,
                    SourceLocation At, ASTContext &Ctx);

/// The source text of \p E, or "" when it is (partly) in a macro.
std::string sourceText(const Expr *E, const ASTContext &Ctx);

} // namespace clang::tidy::torch::utils

#endif
