//===--- ImplicitDeviceMigrationCheck.cpp -------------------------------===//
#include "ImplicitDeviceMigrationCheck.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/FunctionBodyCheck.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {

using device::MigrationFinder;

ImplicitDeviceMigrationCheck::ImplicitDeviceMigrationCheck(
    StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      ForwardMethods(Options.get("ForwardMethods",
                                 MigrationFinder::DefaultForwardMethods)),
      AllowedNames(Options.get("AllowedNames", "")),
      ReportInputMoves(Options.get("ReportInputMoves", false)),
      Migrations(ForwardMethods, AllowedNames,
                 device::DeviceFlowConfig::forContext(Context)) {
  validatePatterns("AllowedNames", AllowedNames, ';');
}

void ImplicitDeviceMigrationCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "ForwardMethods", ForwardMethods);
  Options.store(Opts, "AllowedNames", AllowedNames);
  Options.store(Opts, "ReportInputMoves", ReportInputMoves);
}

void ImplicitDeviceMigrationCheck::checkFunction(const FunctionDecl *Fn,
                                                 ASTContext &Ctx) {
  // Forward paths are methods, and the lambdas (call operators) in them.
  if (!llvm::isa_and_nonnull<CXXMethodDecl>(Fn))
    return;
  for (const CXXMemberCallExpr *Call :
       device::ownMemberCalls(Fn, {"to", "type_as"}))
    report(Call, Fn, Ctx);
}

void ImplicitDeviceMigrationCheck::report(const CXXMemberCallExpr *Call,
                                          const FunctionDecl *Fn,
                                          ASTContext &Ctx) {
  std::optional<device::Migration> Found = Migrations.analyse(Call, Fn, Ctx);
  if (!Found || !Found->Input || !Found->Path.Method)
    return;
  const bool StateMoves =
      Found->Dir == device::Migration::Direction::StateFollowsInput;
  // Moving the caller's data to the module's device is an API many models
  // offer on purpose, and a no-op once the caller places its data.
  if (!StateMoves && !ReportInputMoves)
    return;
  // A discarded tensor move (`mean_.to(x.device());`, which changes nothing)
  // is a discarded move first. A module's to() is in place and stays here.
  if (leftToOwner(device::SharedDefect::DiscardedMove) &&
      !(StateMoves && Found->State.IsModule) &&
      device::isDiscardedStatement(Call, Ctx))
    return;

  const device::ForwardPath &Path = Found->Path;
  std::string Reached;
  if (Path.Entry &&
      Path.Entry->getCanonicalDecl() != Path.Method->getCanonicalDecl())
    Reached = " (reached from '" + Path.Entry->getNameAsString() + "')";
  SourceLocation Loc = Call->getBeginLoc();
  if (Loc.isMacroID())
    Loc = Ctx.getSourceManager().getExpansionLoc(Loc);

  if (StateMoves) {
    const bool Plural = Found->State.isRegisteredTensors();
    diag(Loc, "%0 %select{is|are}1 moved to the device of input '%2' on every "
              "call of '%3'%4; place %select{it|them}1 on %select{its|their}1 "
              "device once, at set-up")
        << Found->State.describe() << Plural << Found->InputName
        << Path.Method->getNameAsString() << Reached;
    diag(Found->Input->getLocation(), "input '%0' whose device is followed",
         DiagnosticIDs::Note)
        << Found->InputName;
    if (Found->LeavesRegistration)
      diag(Found->State.Member->getLocation(),
           "%0 was registered with the module; the copy replaces it in the "
           "member only, so the module saves, loads and moves the old tensor",
           DiagnosticIDs::Note)
          << Found->State.describe();
    return;
  }
  diag(Loc, "input '%0' is moved to the device of %1 on every call of "
            "'%2'%3; a misplaced input is silently copied instead of "
            "failing: leave placing the data to the caller")
      << Found->InputName << Found->State.describe()
      << Path.Method->getNameAsString() << Reached;
  const NamedDecl *Followed = Found->State.Member;
  if (!Followed)
    Followed = Path.Method->getParent();
  diag(Followed->getLocation(), "%0 whose device is followed",
       DiagnosticIDs::Note)
      << Found->State.describe();
}

} // namespace clang::tidy::torch
