//===--- FunctionParents.h - parents within one function --------*- C++ -*-===//
//
// ASTContext::getParents builds its parent map over the whole translation
// unit on first use: with <torch/torch.h> included that is libtorch's headers
// too, about a second and a half per file, more than every torch-* check takes
// together (bench/). The checks only ever climb within the function they
// analyse, so they open a FunctionParentScope around that analysis and ask
// device::parentsOf, which answers from a map of that one function, built on
// the first question. A node outside the scope (none is expected) is answered
// by the ASTContext, so a missed scope costs time, never a different answer.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FUNCTIONS_FUNCTIONPARENTS_H
#define TORCHLINT_CHECKS_DEVICE_FUNCTIONS_FUNCTIONPARENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace clang::tidy::torch::device {

/// While alive, parentsOf answers for the nodes of \p Fn's outermost
/// enclosing function (through lambdas): its parameters, constructor
/// initializers, body and the lambdas and local classes in it. Scopes nest
/// (the innermost one of the same ASTContext answers); one per thread.
class FunctionParentScope {
public:
  FunctionParentScope(const FunctionDecl *Fn, ASTContext &Ctx);
  ~FunctionParentScope();
  FunctionParentScope(const FunctionParentScope &) = delete;
  FunctionParentScope &operator=(const FunctionParentScope &) = delete;

  /// The parents of \p Node when it lies in this scope's function (none for
  /// the function itself), else std::nullopt: ASTContext::getParents's answer
  /// without parents outside the function (a default member initializer's
  /// FieldDecl) and with a TypeLoc parent replaced by the Decl above it.
  std::optional<llvm::ArrayRef<DynTypedNode>> lookup(const DynTypedNode &Node);

private:
  friend DynTypedNodeList parentsOf(const DynTypedNode &, ASTContext &);
  const Decl *Root;
  ASTContext &Ctx;
  FunctionParentScope *Outer;
  const uint64_t Id;
  friend uint64_t currentFunctionScopeId();
  bool Built = false;
  llvm::DenseMap<const void *, llvm::SmallVector<DynTypedNode, 1>> Parents;
};

/// A number that names the innermost open FunctionParentScope of the current
/// DeviceModel (0 when none is open) and is never reused within that model:
/// what the model keeps once per analysed function may be kept under it, and
/// is stale once it changes.
uint64_t currentFunctionScopeId();

/// The parents of \p Node: from the innermost FunctionParentScope of \p Ctx
/// that holds it, else from \p Ctx (whole-TU map).
DynTypedNodeList parentsOf(const DynTypedNode &Node, ASTContext &Ctx);

/// How many parentsOf questions this thread sent to the whole-TU map: a
/// regression test's measure of a missed scope.
uint64_t wholeUnitParentLookups();

template <typename NodeT>
DynTypedNodeList parentsOf(const NodeT &Node, ASTContext &Ctx) {
  return parentsOf(DynTypedNode::create(Node), Ctx);
}

/// The statement \p S is part of (its first parent), or null where that is
/// a declaration or \p S has none.
inline const Stmt *parentStmt(const Stmt *S, ASTContext &Ctx) {
  const DynTypedNodeList Parents = parentsOf(*S, Ctx);
  return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
}

} // namespace clang::tidy::torch::device

#endif
