//===--- DiscardedToCheck.cpp - torch-discarded-to ------------------------===//
#include "DiscardedToCheck.h"
#include "device/findings/LostMoves.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/FunctionBodyCheck.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {

using device::HardcodedPlacement;
using device::HardcodedPlacementFinder;
using device::MigrationFinder;

namespace {

/// The tensor methods whose result the check wants kept.
constexpr llvm::StringRef MoveMethods[] = {"to", "cuda", "cpu", "type_as"};

/// True when `E = E.to(...)` may be written: \p E names a non-const tensor
/// lvalue without side effects (a variable, a parameter, a member chain).
bool isAssignable(const Expr *E) {
  const Expr *Stripped = device::ignoreWrappers(E);
  if (!Stripped || !Stripped->isLValue() ||
      Stripped->getType().isConstQualified() ||
      !device::isTensorType(Stripped->getType()))
    return false;
  for (const Expr *Part = Stripped; Part;) {
    Part = device::ignoreWrappers(Part);
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Part))
      return llvm::isa<VarDecl>(Ref->getDecl());
    if (llvm::isa<CXXThisExpr>(Part))
      return true;
    const auto *Member = llvm::dyn_cast<MemberExpr>(Part);
    if (!Member || !llvm::isa<FieldDecl>(Member->getMemberDecl()))
      return false;
    Part = Member->getBase();
  }
  return false;
}

} // namespace

DiscardedToCheck::DiscardedToCheck(StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      // The sibling checks' concerns (and options) shape this check's fix, so
      // that a fix never leaves what an enabled torch-* check reports.
      Migrations(device::FindingOwners::migrationFinder(Context)),
      Placements(
          device::FindingOwners::placementFinder(Context, Migrations.get())),
      Flow(device::DeviceFlowConfig::forContext(Context)) {}

void DiscardedToCheck::checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) {
  for (const CXXMemberCallExpr *Call : device::ownMemberCalls(Fn, MoveMethods))
    report(Call, Fn, Ctx);
}

/// The tensor a chain of conversions starts from: `t` in
/// `t.toType(dtype).contiguous()` (with \p AnyTensorMethod, through any
/// tensor method: `t.detach()`); \p E itself when it is no such chain.
static const Expr *conversionRoot(const Expr *E, bool AnyTensorMethod) {
  const Expr *Root = E;
  for (int Depth = 0; Depth < 8; ++Depth) {
    const auto *Call =
        llvm::dyn_cast<CXXMemberCallExpr>(device::ignoreWrappers(Root));
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (!Method || !device::isTensorMethod(Method) ||
        !Method->getIdentifier() || !device::isTensorType(Call->getType()) ||
        (!AnyTensorMethod &&
         !llvm::is_contained({"to", "toType", "type", "type_as", "contiguous",
                              "float", "double", "half", "bfloat16", "long",
                              "int", "bool", "cpu", "cuda"},
                             Method->getName())))
      break;
    Root = Call->getImplicitObjectArgument();
  }
  return llvm::isa<DeclRefExpr, MemberExpr>(device::ignoreWrappers(Root)) ? Root
                                                                          : E;
}

static bool isMove(const CXXMethodDecl *Method) {
  return Method && Method->getIdentifier() &&
         llvm::is_contained(MoveMethods, Method->getName());
}

/// The outermost call a move's result flows into through tensor methods that
/// return a new tensor and change nothing in place (`t.cpu().squeeze()`);
/// \p Move itself when its result goes anywhere else. \p MoveAbove: whether
/// another move is among those calls (it, the last, owns the statement).
static const Expr *pureChainTop(const CXXMemberCallExpr *Move, ASTContext &Ctx,
                                bool &MoveAbove) {
  MoveAbove = false;
  const Expr *Top = Move;
  for (int Depth = 0; Depth < 8; ++Depth) {
    const auto *Member = device::wrappedParent(Top, Ctx).get<MemberExpr>();
    const auto *Outer =
        Member ? device::wrappedParent(Member, Ctx).get<CXXMemberCallExpr>()
               : nullptr;
    const CXXMethodDecl *Method = Outer ? Outer->getMethodDecl() : nullptr;
    if (!Method || Outer->getCallee() != Member ||
        !device::isTensorMethod(Method) || !Method->getIdentifier() ||
        Method->getName().ends_with("_") ||
        !device::isTensorType(Outer->getType()))
      break;
    MoveAbove |= isMove(Method);
    Top = Outer;
  }
  return Top;
}

void DiscardedToCheck::report(const CXXMemberCallExpr *Call,
                              const FunctionDecl *Fn, ASTContext &Ctx) {
  const CXXMethodDecl *Method = Call->getMethodDecl();
  const Expr *Receiver = Call->getImplicitObjectArgument();
  // A module's to() works in place; only a tensor's returns the result.
  // The result is lost when the statement throws it away, directly or after
  // views and conversions (`t.to(kFloat).cpu().squeeze();`).
  bool MoveAbove = false;
  const Expr *Statement = pureChainTop(Call, Ctx, MoveAbove);
  if (!Receiver || !device::isTensorMethod(Method) ||
      !device::isTensorType(Call->getType()) || MoveAbove ||
      !device::isDiscardedStatement(Statement, Ctx))
    return;
  // `p.to(v.device()); v.copy_(p);`: copy_ moves and converts on its own;
  // a tensor nothing reads afterwards loses nothing either.
  std::shared_ptr<const device::DeviceFlow> Facts;
  if (device::onlyCopiedFrom(Call, Fn, Ctx) ||
      device::neverReadAfter(Call, Fn, [&]() -> const device::DeviceFlow & {
        Facts = analyzeFlow(Flow, Fn, Ctx);
        return *Facts;
      }))
    return;
  const SourceManager &SM = Ctx.getSourceManager();

  // `it->to(d)`, `p->to(d)`: the tensor is `*it`, which cannot take `=` as
  // written; name it for the message only.
  std::string Target;
  bool Arrow = false;
  if (const auto *Callee = llvm::dyn_cast<MemberExpr>(Call->getCallee());
      Callee && Callee->isArrow()) {
    Arrow = true;
    const Expr *Base = device::ignoreWrappers(Receiver);
    if (const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Base);
        Op && Op->getOperator() == OO_Arrow && Op->getNumArgs() > 0)
      Base = Op->getArg(0);
    const std::string Text = device::sourceText(Base->getSourceRange(), Ctx);
    if (!Text.empty())
      Target = "*" + Text;
  } else {
    // `t.toType(dtype).to(device);`: the conversions before the move all
    // start from `t`, which is what keeping the result updates.
    Receiver = conversionRoot(Receiver, /*AnyTensorMethod=*/Statement != Call);
    Target = device::sourceText(Receiver->getSourceRange(), Ctx);
  }
  const bool InMacro = device::inMacro(Call->getSourceRange());
  // What the chain after the move computes is the user's to keep: no fix.
  const bool Assignable = !InMacro && !Arrow && !Target.empty() &&
                          Statement == Call && isAssignable(Receiver);

  std::optional<HardcodedPlacement> Placement =
      Placements ? Placements->analyseMove(Call, Fn, Ctx) : std::nullopt;
  // A latent placement is the code's own choice until a caller shows
  // otherwise: keeping the result keeps the device as written.
  if (Placement && Placement->Latent)
    Placement.reset();
  std::optional<device::Migration> Migration =
      Migrations ? Migrations->analyse(Call, Fn, Ctx, /*AssignedBack=*/true)
                 : std::nullopt;

  // The fix assigns the result back; with a hard-coded device in
  // device-neutral code it also follows the device in scope.
  bool Fixable = Assignable && !Migration;
  if (Placement && Placement->Why != HardcodedPlacement::NoFix::None)
    Fixable = false;

  const FixItHint KeepResult =
      FixItHint::CreateInsertion(Call->getBeginLoc(), Target + " = ");
  SourceLocation Loc = Call->getBeginLoc();
  if (Loc.isMacroID())
    Loc = SM.getExpansionLoc(Loc);
  {
    auto Diag =
        diag(Loc, "result of '%0' is discarded; it returns a new "
                  "tensor and leaves %1 unchanged")
        << Method->getName()
        << (Target.empty() ? std::string("its receiver") : "'" + Target + "'");
    if (Fixable && fixOnWarning(FixSafety::Safe)) {
      Diag << KeepResult;
      if (Placement && fixOnWarning(FixSafety::Unsafe))
        for (const FixItHint &Fix : Placement->Fixes)
          Diag << Fix;
    }
  }
  // Keeping the result is safe; replacing the hard-coded device is not.
  if (Fixable)
    offerFixOnNote(Call->getBeginLoc(), KeepResult, FixSafety::Safe);
  if (Fixable && Placement && fixOnWarning(FixSafety::Safe))
    offerFixOnNote(Placement->Loc, Placement->Fixes, FixSafety::Unsafe);

  if (Placement) {
    const std::optional<device::DeviceSource> &Replacement =
        Placement->Replacement;
    switch (Placement->Why) {
    case HardcodedPlacement::NoFix::None:
      if (Fixable && Replacement)
        diag(Replacement->Decl->getLocation(),
             "the hard-coded %0 device is replaced by the device of %1",
             DiagnosticIDs::Note)
            << Placement->Backend << Replacement->describe();
      break;
    case HardcodedPlacement::NoFix::NoDevice:
      diag(Placement->Witness.Decl->getLocation(),
           "%0 makes this code device-neutral; assigning the result would "
           "keep the hard-coded %1 device",
           DiagnosticIDs::Note)
          << Placement->Witness.describe() << Placement->Backend;
      break;
    case HardcodedPlacement::NoFix::Macro:
      break;
    case HardcodedPlacement::NoFix::MigratesState:
      device::noteMigratesState(*this, *Placement);
      break;
    }
    device::noteCallerPlacement(*this, *Placement);
  } else if (Migration && Assignable) {
    device::noteWouldMigrate(*this, *Migration, "assigning the result");
  }
}

} // namespace clang::tidy::torch
