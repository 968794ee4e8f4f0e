//===--- CheckHelpers.h - pieces the flow-based checks share ----*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_UTILS_CHECKHELPERS_H
#define TORCHLINT_CHECKS_UTILS_CHECKHELPERS_H

#include "utils/DeviceFlow.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace clang::tidy::torch::utils {

/// Matches every function and lambda body written in user code, once each:
/// template definitions are dependent and instantiations are skipped.
void registerFunctionBodyMatchers(ast_matchers::MatchFinder *Finder,
                                  ast_matchers::MatchFinder::MatchCallback *Check);

/// The function (or lambda call operator) matched by the matchers above.
const FunctionDecl *
matchedFunctionBody(const ast_matchers::MatchFinder::MatchResult &Result);

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
