//===--- FunctionBodies.h - the user's functions ----------------*- C++ -*-===//
//
// The first stage of the analysis: which function bodies of the translation
// unit are the user's (not libtorch's), in source order, and which
// statements each body itself runs.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FUNCTIONS_FUNCTIONBODIES_H
#define TORCHLINT_CHECKS_DEVICE_FUNCTIONS_FUNCTIONBODIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace clang::tidy::torch::device {

/// The instantiations of one template that are analysed: a template
/// instantiated for many types is usually used the same way in each.
constexpr unsigned MaxInstantiations = 8;

/// Calls \p Visit on each function and lambda call operator with a body in
/// \p Ctx's traversal scope (the whole translation unit; in clangd, the main
/// file's declarations), once each, in source order: definitions outside
/// library code (LibraryCode.h), including the lambdas and local classes in
/// them, and templates: a template's definition, then the functions of up to
/// MaxInstantiations of its instantiations in the unit (a dependent `t.to(d)`
/// has a type only there).
void forEachFunctionBody(ASTContext &Ctx,
                         llvm::function_ref<void(const FunctionDecl *)> Visit);

/// Calls \p Visit on every statement and expression that \p Fn itself runs:
/// its body and written constructor initializers, and the capture
/// initializers of the lambdas in it, but not those lambdas' bodies (matched
/// as functions of their own). Checks find their candidates this way rather
/// than with forCallable(), whose parent map spans the whole translation unit.
void forEachOwnStmt(const FunctionDecl *Fn,
                    llvm::function_ref<void(const Stmt &)> Visit);

/// Calls \p Visit on \p Root and every statement below it that runs where
/// it is written (lambda bodies excluded, their captures included), in
/// source order: forEachOwnStmt for one expression or statement.
void forEachOwnDescendant(const Stmt *Root,
                          llvm::function_ref<void(const Stmt &)> Visit);

/// Calls \p Visit on \p Root and every statement below it, the bodies of
/// the lambdas in it too (code that runs there or when they are called).
void forEachDescendantWithLambdas(const Stmt *Root,
                                  llvm::function_ref<void(const Stmt &)> Visit);

/// Whether \p Body (or null), the lambdas in it included, assigns \p Var:
/// a lambda's launches or calls see the value it assigned there, not the one
/// the enclosing function held.
bool assignsIn(const Stmt *Body, const ValueDecl *Var);

/// The lambda that \p S calls where it is written (`[&] { ... }()`, as
/// AT_DISPATCH_* expands): code that runs here, on this function's state.
/// Null for any other statement, a lambda kept to be called later among them.
const LambdaExpr *lambdaCalledInPlace(const Stmt &S);

/// The call that runs the lambda whose call operator is \p Fn where the
/// lambda is written: the lambda's own call (lambdaCalledInPlace), or a call
/// it is handed to as an argument (`dispatch(n, [&] { ... })`, taken to run
/// it before returning); with the function whose body holds that call.
/// Nulls for a lambda kept in a variable and for any other function.
struct InPlaceCall {
  const CallExpr *Call = nullptr;
  const FunctionDecl *Holder = nullptr;
};
InPlaceCall inPlaceCallOf(const FunctionDecl *Fn, ASTContext &Ctx);

/// The member calls named one of \p Names that \p Fn itself makes (as
/// forEachOwnStmt), in source order.
llvm::SmallVector<const CXXMemberCallExpr *, 8>
ownMemberCalls(const FunctionDecl *Fn, llvm::ArrayRef<llvm::StringRef> Names);

/// Appends to \p Out the calls \p Body makes of \p Class's methods on
/// `this`, in source order (nested lambdas not entered).
void ownMethodCalls(const Stmt *Body, const CXXRecordDecl *Class,
                    std::vector<const CXXMemberCallExpr *> &Out);

/// The setup methods \p Constructor calls on `this` (`init()`, and what
/// they call on `this` in turn, a few levels deep), with bodies in the unit:
/// they place members as the constructor does.
std::vector<const FunctionDecl *>
setupMethodsOf(const FunctionDecl *Constructor);

/// Whether the code of \p Member's class hands the member to code that may
/// move it: a method returns it (or a reference or pointer to it), takes its
/// address, or passes it to a function whose body the unit does not hold
/// (libtorch's and the standard library's aside).
bool handsOutMember(const FieldDecl *Member);

} // namespace clang::tidy::torch::device

#endif
