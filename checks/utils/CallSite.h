//===--- CallSite.h - where an expression sits, what it names --*- C++ -*-===//
//
// Small syntactic helpers shared by the checks that look at tensor moves
// (torch-discarded-to, torch-hardcoded-device and
// torch-implicit-device-migration): is a call's result discarded, which
// function really encloses a lambda, what does a receiver name, and the
// options of a sibling check.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_UTILS_CALLSITE_H
#define TORCHLINT_CHECKS_UTILS_CALLSITE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/StringRef.h"
#include <string>

#include <optional>
#include <utility>

namespace clang::tidy {
class ClangTidyContext;
namespace torch::device {

/// Whether \p S is one of the implicit wrappers clang puts around a full
/// expression or an argument: an implicit cast, parentheses, a temporary, a
/// cleanup.
bool isWrapper(const Stmt *S);

/// \p E without the wrappers isWrapper names.
const Expr *ignoreWrappers(const Expr *E);

/// The parent of \p E after climbing over implicit wrappers (casts,
/// parentheses, temporaries, cleanups). \p Child receives the outermost
/// wrapper of \p E, i.e. the direct child of the returned node.
DynTypedNode wrappedParent(const Expr *E, ASTContext &Ctx,
                           const Expr **Child = nullptr);

/// The target and the value of a plain assignment (`a = b`, built in or a
/// class's `operator=`); none for anything else.
std::optional<std::pair<const Expr *, const Expr *>>
assignmentSides(const Stmt *S);

/// True when \p E is an expression statement whose value is thrown away:
/// a statement of a block, a branch or loop body, a for-loop increment, or
/// a side of a comma whose value is thrown away.
/// An explicit `(void)` cast does not count.
bool isDiscardedStatement(const Expr *E, ASTContext &Ctx);

/// The function a lambda body belongs to (the lambda's enclosing function,
/// through nested lambdas), or \p Fn itself when it is not a lambda.
const FunctionDecl *enclosingNamedFunction(const FunctionDecl *Fn);

/// True when \p Ctx (a function or class) or a function or class around it
/// (through lambdas) is a template instantiation.
bool isInstantiated(const DeclContext *Ctx);

/// True for the instantiations whose code the checks analyse: implicit ones
/// and explicit instantiation definitions (forEachFunctionBody).
bool isAnalysedInstantiation(TemplateSpecializationKind Kind);

/// How many instantiations this translation unit has of the template that
/// \p Ctx (or a function or class around it) was instantiated from; the
/// most of any such template. 0 outside instantiations.
unsigned instantiationsAround(const DeclContext *Ctx);

/// True when \p Fn is the call operator of a lambda.
bool isLambdaCallOperator(const FunctionDecl *Fn);

/// The variable, parameter or member (through `this`, implicit or explicit,
/// possibly nested: `this->stats.mean`) that \p E names, else null.
const ValueDecl *namedDecl(const Expr *E);

/// True when \p E is `this`, `*this`, or a member chain rooted at `this`.
bool isRootedAtThis(const Expr *E);

/// The object a member call really works on: `m->to(d)` on a ModuleHolder or
/// std::shared_ptr goes through operator->; this returns `m`.
const Expr *calledObject(const CXXMemberCallExpr *Call);

/// Statements that open a scope for the declarations inside them.
bool isScopeStmt(const Stmt *S);

/// True when \p Loc lies inside \p Outer, comparing expansion locations so
/// that code written in macros is placed where the macro is used.
bool containsLocation(const SourceManager &SM, SourceRange Outer,
                      SourceLocation Loc);

/// The function whose definition holds \p Loc (an out-of-line method, a
/// method in its class, or a function in a namespace); for a location in a
/// lambda, the lambda's call operator. Null outside any definition.
const FunctionDecl *functionAround(SourceLocation Loc, ASTContext &Ctx);

/// The source text of \p R (a token range), empty when it cannot be read or
/// touches a macro.
std::string sourceText(SourceRange R, const ASTContext &Ctx);
/// The source text of \p E; empty for none.
inline std::string sourceText(const Expr *E, const ASTContext &Ctx) {
  return E ? sourceText(E->getSourceRange(), Ctx) : std::string();
}

/// True when any location of \p R comes from a macro expansion.
bool inMacro(SourceRange R);

/// The value of option \p Option of check \p Check in the current file's
/// configuration (as `Check.Option`), or \p Default. With \p OrGlobal, a
/// global `Option` counts too, as for OptionsView::getLocalOrGlobal.
std::string checkOption(const ClangTidyContext *Context, llvm::StringRef Check,
                        llvm::StringRef Option, llvm::StringRef Default,
                        bool OrGlobal = false);

} // namespace torch::device
} // namespace clang::tidy

#endif
