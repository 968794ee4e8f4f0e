//===--- FunctionParents.cpp - parents within one function ----------------===//
#include "device/functions/FunctionParents.h"
#include "device/DeviceModel.h"
#include "utils/CallSite.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace clang::tidy::torch::device {

namespace {

/// The unit's open scopes and counters (DeviceModel::FunctionScopes).
DeviceModel::FunctionScopes &scopes() { return DeviceModel::current().Scopes; }

using ParentTable =
    llvm::DenseMap<const void *, llvm::SmallVector<DynTypedNode, 1>>;

/// Records each node's parent as RecursiveASTVisitor meets it, the way
/// clang's ParentMapContext does for the whole translation unit: implicit
/// code and template instantiations included, lambda bodies under their
/// LambdaExpr, initializers under their VarDecl, a constructor initializer's
/// expression under the constructor. Unlike it, TypeLocs are not recorded: a
/// node under one (a parameter) gets the Decl or Stmt above it.
class ParentRecorder : public RecursiveASTVisitor<ParentRecorder> {
  using Base = RecursiveASTVisitor<ParentRecorder>;

public:
  explicit ParentRecorder(ParentTable &Table) : Table(Table) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  // One-argument overrides: RecursiveASTVisitor then recurses through them
  // instead of its data-recursion queue, which would skip the parent stack.
  bool TraverseStmt(Stmt *S) {
    return record(S, [&] { return Base::TraverseStmt(S); });
  }
  bool TraverseDecl(Decl *D) {
    return record(D, [&] { return Base::TraverseDecl(D); });
  }

private:
  template <typename NodeT, typename TraverseFn>
  bool record(NodeT *Node, TraverseFn Traverse) {
    if (!Node)
      return true;
    const DynTypedNode Entry = DynTypedNode::create(*Node);
    auto &Known = Table[Node];
    if (!Stack.empty() && !llvm::is_contained(Known, Stack.back()))
      Known.push_back(Stack.back());
    Stack.push_back(Entry);
    const bool Result = Traverse();
    Stack.pop_back();
    return Result;
  }

  ParentTable &Table;
  llvm::SmallVector<DynTypedNode, 16> Stack;
};

} // namespace

FunctionParentScope::FunctionParentScope(const FunctionDecl *Fn,
                                         ASTContext &Ctx)
    : Root(Fn ? enclosingNamedFunction(Fn) : nullptr), Ctx(Ctx),
      Outer(scopes().Innermost), Id(++scopes().Opened) {
  scopes().Innermost = this;
}

uint64_t currentFunctionScopeId() {
  const FunctionParentScope *Innermost = scopes().Innermost;
  return Innermost ? Innermost->Id : 0;
}

FunctionParentScope::~FunctionParentScope() { scopes().Innermost = Outer; }

std::optional<llvm::ArrayRef<DynTypedNode>>
FunctionParentScope::lookup(const DynTypedNode &Node) {
  if (!Root)
    return std::nullopt;
  if (!Built) {
    Built = true;
    ParentRecorder(Parents).TraverseDecl(const_cast<Decl *>(Root));
  }
  const void *Key = Node.getMemoizationData();
  if (!Key)
    return std::nullopt;
  auto It = Parents.find(Key);
  if (It == Parents.end())
    return std::nullopt;
  return llvm::ArrayRef<DynTypedNode>(It->second);
}

DynTypedNodeList parentsOf(const DynTypedNode &Node, ASTContext &Ctx) {
  for (FunctionParentScope *Scope = scopes().Innermost; Scope;
       Scope = Scope->Outer) {
    if (&Scope->Ctx != &Ctx)
      continue;
    if (std::optional<llvm::ArrayRef<DynTypedNode>> Found = Scope->lookup(Node))
      return {*Found};
  }
  ++scopes().WholeUnitLookups;
  return Ctx.getParents(Node);
}

uint64_t wholeUnitParentLookups() { return scopes().WholeUnitLookups; }

} // namespace clang::tidy::torch::device
