//===--- UnitCallers.h - every call the unit holds --------------*- C++ -*-===//
//
// A function with internal linkage (`static`, an anonymous namespace) can
// only be called from its own translation unit. When the unit never takes
// its address, the calls written in it are all the calls there are: what
// every caller passes is what the function receives (a helper whose only
// caller hands it `.cpu()` results works on the host).
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FUNCTIONS_UNITCALLERS_H
#define TORCHLINT_CHECKS_DEVICE_FUNCTIONS_UNITCALLERS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace clang::tidy::torch::device {

struct UnitCall {
  const CallExpr *Call = nullptr;
  /// The function whose body holds the call (a lambda's call operator for a
  /// call in a lambda); null at namespace scope.
  const FunctionDecl *Caller = nullptr;
};

/// Where the unit hands a function to Python or to the dispatcher, to be
/// called with tensors from anywhere: pybind11's `m.def("f", &f)`,
/// `torch::Library`'s `m.def` (also through `TORCH_FN(f)`), and its `m.impl`
/// in a `TORCH_LIBRARY_IMPL` for a CUDA dispatch key.
struct Binding {
  const CallExpr *Call = nullptr;
  const Expr *Argument = nullptr; ///< The argument that names the function.
};

class UnitCallers {
public:
  /// Every call of \p Fn in the translation unit, when those are all its
  /// calls: \p Fn has internal linkage, is not virtual, a constructor or a
  /// lambda, and the unit never names it other than to call it. None
  /// otherwise.
  std::optional<llvm::ArrayRef<UnitCall>> callsOf(const FunctionDecl *Fn,
                                                  ASTContext &Ctx);

  /// The calls of \p Fn written in the translation unit, whether or not
  /// they are all its calls (an external function's other callers are in
  /// other units); for a function template's pattern, the calls of its
  /// specializations.
  llvm::SmallVector<UnitCall, 4> writtenCallsOf(const FunctionDecl *Fn,
                                                ASTContext &Ctx);

  /// The functions the translation unit names other than to call them (it
  /// takes their address): their calls cannot be known.
  const llvm::DenseSet<const FunctionDecl *> &escaped(ASTContext &Ctx) {
    index(Ctx);
    return Escaped;
  }

  /// How the unit binds \p Fn for Python or the dispatcher, if it does.
  std::optional<Binding> bindingOf(const FunctionDecl *Fn, ASTContext &Ctx);

private:
  void index(ASTContext &Ctx);

  const TranslationUnitDecl *Unit = nullptr;
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<UnitCall, 2>> Calls;
  /// Functions named other than as a callee (their address taken).
  llvm::DenseSet<const FunctionDecl *> Escaped;
  llvm::DenseMap<const FunctionDecl *, Binding> Bound;
};

/// The argument \p Call passes for parameter number \p Index of \p Callee;
/// null when none is written (a default argument, a variadic tail).
const Expr *argumentFor(const CallExpr *Call, const FunctionDecl *Callee,
                        unsigned Index);
/// The argument \p Call passes for \p Param, a parameter of the function
/// \p Definition it calls; null for a defaulted one or another function's.
const Expr *argumentFor(const ParmVarDecl *Param, const CallExpr *Call,
                        const FunctionDecl *Definition);

} // namespace clang::tidy::torch::device

#endif
