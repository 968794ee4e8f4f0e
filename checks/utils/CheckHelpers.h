//===--- CheckHelpers.h - pieces the flow-based checks share ----*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_UTILS_CHECKHELPERS_H
#define TORCHLINT_CHECKS_UTILS_CHECKHELPERS_H

#include "utils/DeviceFlow.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::torch::utils {

/// Registers \p Check for the function and lambda bodies written in user code
/// with one translationUnitDecl() matcher. clang-tidy matches over the whole
/// translation unit, libtorch's headers included: a matcher on every
/// FunctionDecl cost more than the checks' analysis (bench/), while walking
/// the declarations skips a system header's namespaces whole.
void registerFunctionBodyMatchers(ast_matchers::MatchFinder *Finder,
                                  ast_matchers::MatchFinder::MatchCallback *Check);

/// Calls \p Visit on each function and lambda call operator with a body that
/// the match \p Result (of the matcher above) stands for, once each, in
/// source order: definitions in the ASTContext's traversal scope (the whole
/// translation unit; in clangd, the main file's declarations) outside system
/// headers, including template definitions and the lambdas and local classes
/// in them, but not template instantiations (templates are analysed once, in
/// their definition). Each call runs inside a FunctionParentScope.
void forEachMatchedFunction(const ast_matchers::MatchFinder::MatchResult &Result,
                            llvm::function_ref<void(const FunctionDecl *)> Visit);

/// Calls \p Visit on every statement and expression that \p Fn itself runs:
/// its body and written constructor initializers, and the capture
/// initializers of the lambdas in it, but not those lambdas' bodies (matched
/// as functions of their own). Checks find their candidates this way rather
/// than with forCallable(), whose parent map spans the whole translation unit.
void forEachOwnStmt(const FunctionDecl *Fn,
                    llvm::function_ref<void(const Stmt &)> Visit);

/// The member calls named one of \p Names that \p Fn itself makes (as
/// forEachOwnStmt), in source order.
llvm::SmallVector<const CXXMemberCallExpr *, 8>
ownMemberCalls(const FunctionDecl *Fn, llvm::ArrayRef<llvm::StringRef> Names);

/// `.to(<other>.device())` appended to \p Odd, when \p Other names a tensor
/// variable or member and \p Odd is not spelled inside a macro.
std::optional<FixItHint> moveToDeviceOfFix(const Expr *Odd, const Expr *Other,
                                           const SourceManager &SM,
                                           const LangOptions &LangOpts);

/// "Tensor::add" and "operator*" read better than "at::Tensor::add".
std::string opDisplayName(llvm::StringRef QualifiedName);

/// A note at the place where \p Device was decided: the .cpu()/.to() call,
/// the factory, or the declaration of the parameter or member it follows.
void noteDeviceOrigin(ClangTidyCheck &Check, const AbstractDevice &Device);

} // namespace clang::tidy::torch::utils

#endif
