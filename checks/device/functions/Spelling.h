//===--- Spelling.h - what a fix can write where ---------------*- C++ -*-===//
//
// A fix copies an expression, or names a variable, at another place of the
// same function. C++ name lookup is lexical, so whether the copy means the
// same there is a question of scopes in the source text.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FUNCTIONS_SPELLING_H
#define TORCHLINT_CHECKS_DEVICE_FUNCTIONS_SPELLING_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace clang::tidy::torch::device {

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

} // namespace clang::tidy::torch::device

#endif
