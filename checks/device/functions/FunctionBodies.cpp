//===--- FunctionBodies.cpp - the user's functions, one body at a time ----===//
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::torch::device {

namespace {

/// Visits \p Root and the statements below it in source order; \p Visit
/// returns whether to go below the statement it was given.
void walkInSourceOrder(const Stmt *Root,
                       llvm::function_ref<bool(const Stmt &)> Visit) {
  // A stack in reverse, so that statements are visited in source order.
  llvm::SmallVector<const Stmt *, 32> Pending{Root};
  while (!Pending.empty()) {
    const Stmt *S = Pending.pop_back_val();
    if (!S || !Visit(*S))
      continue;
    const size_t First = Pending.size();
    for (const Stmt *Child : S->children())
      Pending.push_back(Child);
    std::reverse(Pending.begin() + First, Pending.end());
  }
}

/// Finds the function and lambda bodies of a translation unit's user code
/// without visiting libtorch's headers: a declaration in library code
/// (LibraryCode.h) is skipped whole, with everything inside it.
class FunctionBodyFinder {
public:
  FunctionBodyFinder(const SourceManager &SM,
                     llvm::function_ref<void(const FunctionDecl *)> Visit)
      : Library(SM), Visit(Visit) {}

  void walkDecl(const Decl *D) {
    if (!D || D->isImplicit() || Depth > 256 ||
        Library.contains(D->getLocation()))
      return;
    ++Depth;
    walkDeclInner(D);
    --Depth;
  }

private:
  /// Lambdas and local classes inside \p S. A lambda's body is walked as
  /// part of its call operator (visitFunction), its captures here.
  void walkStmt(const Stmt *S) {
    walkInSourceOrder(S, [&](const Stmt &Current) {
      if (const auto *DS = llvm::dyn_cast<DeclStmt>(&Current))
        for (const Decl *Local : DS->decls())
          if (llvm::isa<TagDecl>(Local))
            walkDecl(Local);
      const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&Current);
      if (!Lambda)
        return true;
      for (const Expr *Capture : Lambda->capture_inits())
        walkStmt(Capture);
      visitFunction(Lambda->getCallOperator());
      return false;
    });
  }

  void walkDeclInner(const Decl *D) {
    if (const auto *Template = llvm::dyn_cast<TemplateDecl>(D)) {
      walkDecl(Template->getTemplatedDecl());
      walkInstantiations(Template);
      return;
    }
    if (const auto *Friend = llvm::dyn_cast<FriendDecl>(D)) {
      walkDecl(Friend->getFriendDecl());
      return;
    }
    if (const auto *Fn = llvm::dyn_cast<FunctionDecl>(D)) {
      for (const ParmVarDecl *Param : Fn->parameters())
        walkStmt(Param->getDefaultArg());
      if (Fn->doesThisDeclarationHaveABody())
        visitFunction(Fn);
      return;
    }
    if (const auto *Record = llvm::dyn_cast<CXXRecordDecl>(D);
        Record && !InInstantiation && isInstantiated(Record))
      return;
    if (const auto *Var = llvm::dyn_cast<VarDecl>(D))
      walkStmt(Var->getInit());
    else if (const auto *Field = llvm::dyn_cast<FieldDecl>(D))
      walkStmt(Field->getInClassInitializer());
    if (const auto *Context = llvm::dyn_cast<DeclContext>(D))
      for (const Decl *Child : Context->decls())
        walkDecl(Child);
  }

  void visitFunction(const FunctionDecl *Fn) {
    if (!Fn || !Fn->hasBody() || (!InInstantiation && isInstantiated(Fn)))
      return;
    Visit(Fn);
    if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Fn))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten())
          walkStmt(Init->getInit());
    walkStmt(Fn->getBody());
  }

  /// The implicit (or explicitly requested) instantiations of \p Template
  /// in this unit. Their code is the template's, so what they report is at
  /// the template's spelling; the walk of the template's own definition
  /// (above) skips them.
  void walkInstantiations(const TemplateDecl *Template) {
    // Once per template: its redeclarations (a friend `template <class U>
    // friend struct Node;` inside Node itself) share its instantiations, and
    // walking them again from each would multiply without end.
    if (!WalkedTemplates.insert(Template->getCanonicalDecl()).second)
      return;
    unsigned Walked = 0;
    auto Walk = [&](const Decl *Instance, TemplateSpecializationKind Kind) {
      if (Walked >= MaxInstantiations || !isAnalysedInstantiation(Kind))
        return;
      ++Walked;
      ++InInstantiation;
      walkDeclInner(Instance);
      --InInstantiation;
    };
    if (const auto *Function = llvm::dyn_cast<FunctionTemplateDecl>(Template))
      for (const FunctionDecl *Instance : Function->specializations())
        Walk(Instance, Instance->getTemplateSpecializationKind());
    else if (const auto *Class = llvm::dyn_cast<ClassTemplateDecl>(Template))
      for (const ClassTemplateSpecializationDecl *Instance :
           Class->specializations())
        Walk(Instance, Instance->getSpecializationKind());
  }

  LibraryCode Library;
  llvm::function_ref<void(const FunctionDecl *)> Visit;
  int Depth = 0;
  int InInstantiation = 0;
  llvm::DenseSet<const Decl *> WalkedTemplates;
};

} // namespace

void forEachFunctionBody(ASTContext &Ctx,
                         llvm::function_ref<void(const FunctionDecl *)> Visit) {
  FunctionBodyFinder Finder(Ctx.getSourceManager(), Visit);
  // As RecursiveASTVisitor does: clangd limits the scope to the main file's
  // top-level declarations, clang-tidy leaves it at the whole unit.
  for (const Decl *Root : Ctx.getTraversalScope()) {
    if (const auto *TU = llvm::dyn_cast<TranslationUnitDecl>(Root))
      for (const Decl *D : TU->decls())
        Finder.walkDecl(D);
    else
      Finder.walkDecl(Root);
  }
}

void forEachOwnDescendant(const Stmt *Root,
                          llvm::function_ref<void(const Stmt &)> Visit) {
  llvm::function_ref<bool(const Stmt &)> Own;
  auto OwnStmt = [&](const Stmt &S) {
    Visit(S);
    const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&S);
    if (!Lambda)
      return true;
    // The captures are evaluated here; the body is the lambda's own.
    for (const Expr *Capture : Lambda->capture_inits())
      walkInSourceOrder(Capture, Own);
    return false;
  };
  Own = OwnStmt;
  walkInSourceOrder(Root, Own);
}

void forEachOwnStmt(const FunctionDecl *Fn,
                    llvm::function_ref<void(const Stmt &)> Visit) {
  if (!Fn)
    return;
  if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Fn))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten())
        forEachOwnDescendant(Init->getInit(), Visit);
  forEachOwnDescendant(Fn->getBody(), Visit);
}

llvm::SmallVector<const CXXMemberCallExpr *, 8>
ownMemberCalls(const FunctionDecl *Fn, llvm::ArrayRef<llvm::StringRef> Names) {
  llvm::SmallVector<const CXXMemberCallExpr *, 8> Calls;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (Method && Method->getIdentifier() &&
        llvm::is_contained(Names, Method->getName()))
      Calls.push_back(Call);
  });
  return Calls;
}

void forEachDescendantWithLambdas(
    const Stmt *Root, llvm::function_ref<void(const Stmt &)> Visit) {
  forEachOwnDescendant(Root, [&](const Stmt &S) {
    Visit(S);
    if (const auto *Lambda = llvm::dyn_cast<LambdaExpr>(&S))
      forEachDescendantWithLambdas(Lambda->getBody(), Visit);
  });
}

bool assignsIn(const Stmt *Body, const ValueDecl *Var) {
  bool Assigned = false;
  if (Body && Var)
    forEachDescendantWithLambdas(Body, [&](const Stmt &S) {
      if (auto Sides = assignmentSides(&S))
        Assigned |= referencedObject(Sides->first) == Var;
    });
  return Assigned;
}

const LambdaExpr *lambdaCalledInPlace(const Stmt &S) {
  const auto *Call = llvm::dyn_cast<CXXOperatorCallExpr>(&S);
  if (!Call || Call->getOperator() != OO_Call || Call->getNumArgs() == 0)
    return nullptr;
  return llvm::dyn_cast<LambdaExpr>(ignoreWrappers(Call->getArg(0)));
}

/// The function whose body holds \p S: the nearest enclosing function or
/// lambda (its call operator).
static const FunctionDecl *holderOf(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  // Bounded: statements nest deeply only in generated code.
  for (unsigned Depth = 0; Depth < 512; ++Depth) {
    const DynTypedNodeList Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *Lambda = Node.get<LambdaExpr>())
      return Lambda->getCallOperator();
    if (const auto *Fn = Node.get<FunctionDecl>())
      return Fn;
  }
  return nullptr;
}

InPlaceCall inPlaceCallOf(const FunctionDecl *Fn, ASTContext &Ctx) {
  if (!isLambdaCallOperator(Fn) || !Fn->getBody())
    return {};
  // The call operator's parent is the closure class, whose parent is the
  // LambdaExpr.
  const LambdaExpr *Lambda = nullptr;
  for (const DynTypedNode &Closure : parentsOf(*Fn, Ctx))
    for (const DynTypedNode &Written : parentsOf(Closure, Ctx))
      if (!Lambda)
        Lambda = Written.get<LambdaExpr>();
  if (!Lambda)
    return {};
  // Above its wrappers, the call that runs it where it is written: its own
  // call (`[&] { ... }()`, also in a template's pattern, where the call is
  // not yet resolved to the operator), or a call it is handed to as a
  // callback (`dispatch(n, [&] { ... })`, `std::visit`), taken to run it
  // before returning.
  const Expr *Written = nullptr;
  const auto *Call = wrappedParent(Lambda, Ctx, &Written).get<CallExpr>();
  if (!Call || !(Call->getCallee() == Written ||
                 llvm::is_contained(Call->arguments(), Written)))
    return {};
  return {Call, holderOf(Call, Ctx)};
}

void ownMethodCalls(const Stmt *Body, const CXXRecordDecl *Class,
                    std::vector<const CXXMemberCallExpr *> &Out) {
  if (!Body || llvm::isa<LambdaExpr>(Body))
    return;
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(Body)) {
    const auto *Object = Call->getImplicitObjectArgument();
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Object && Method &&
        llvm::isa<CXXThisExpr>(Object->IgnoreParenImpCasts()) &&
        Method->getParent()->getCanonicalDecl() == Class->getCanonicalDecl())
      Out.push_back(Call);
  }
  for (const Stmt *Child : Body->children())
    ownMethodCalls(Child, Class, Out);
}

std::vector<const FunctionDecl *>
setupMethodsOf(const FunctionDecl *Constructor) {
  std::vector<const FunctionDecl *> Found;
  const auto *Ctor = llvm::dyn_cast_or_null<CXXConstructorDecl>(Constructor);
  if (!Ctor)
    return Found;
  const CXXRecordDecl *Class = Ctor->getParent();
  std::vector<const FunctionDecl *> Work = {Constructor};
  // Nested setup (init() calling build()) a few levels deep.
  for (unsigned Level = 0; Level < 3 && !Work.empty(); ++Level) {
    std::vector<const FunctionDecl *> Next;
    for (const FunctionDecl *Fn : Work) {
      std::vector<const CXXMemberCallExpr *> Calls;
      ownMethodCalls(Fn->getBody(), Class, Calls);
      for (const CXXMemberCallExpr *Call : Calls) {
        const FunctionDecl *Definition = nullptr;
        const CXXMethodDecl *Method = Call->getMethodDecl();
        if (llvm::isa<CXXConstructorDecl>(Method) || Method->isStatic() ||
            !Method->hasBody(Definition) || !Definition ||
            llvm::is_contained(Found, Definition))
          continue;
        Found.push_back(Definition);
        Next.push_back(Definition);
      }
    }
    Work = std::move(Next);
  }
  return Found;
}

bool handsOutMember(const FieldDecl *Member) {
  const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(
      Member ? Member->getParent() : nullptr);
  if (!Class)
    return false;
  // Through the copy a return or a by-value argument makes.
  auto Names = [&](const Expr *E) {
    if (const auto *Copy = llvm::dyn_cast_or_null<CXXConstructExpr>(
            E ? E->IgnoreImplicit() : nullptr);
        Copy && Copy->getNumArgs() == 1 &&
        Copy->getConstructor()->isCopyOrMoveConstructor())
      E = Copy->getArg(0);
    return E && referencedObject(writtenArgument(E)) == Member;
  };
  bool HandsOut = false;
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (HandsOut || !Method->hasBody(Definition) || !Definition)
      continue;
    forEachOwnStmt(Definition, [&](const Stmt &S) {
      if (const auto *Return = llvm::dyn_cast<ReturnStmt>(&S))
        HandsOut |= Names(Return->getRetValue());
      else if (const auto *Unary = llvm::dyn_cast<UnaryOperator>(&S))
        HandsOut |=
            Unary->getOpcode() == UO_AddrOf && Names(Unary->getSubExpr());
      else if (const auto *Call = llvm::dyn_cast<CallExpr>(&S)) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (Callee && !Callee->hasBody() && !isInLibraryNamespace(Callee))
          HandsOut |= llvm::any_of(Call->arguments(), Names);
      }
    });
  }
  return HandsOut;
}

} // namespace clang::tidy::torch::device
