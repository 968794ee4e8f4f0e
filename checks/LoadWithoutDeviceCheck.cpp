//===--- LoadWithoutDeviceCheck.cpp - torch-load-without-device -----------===//
#include "LoadWithoutDeviceCheck.h"
#include "device/fixes/DeviceFixes.h"
#include "utils/CallSite.h"

#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch {
namespace {

using device::CheckpointLoad;
using device::LoadFinding;
using Evidence = LoadFinding::Evidence;

} // namespace

LoadWithoutDeviceCheck::LoadWithoutDeviceCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context, /*FixesAddIncludes=*/true),
      Kinds{Options.get("CheckModules", true),
            Options.get("CheckOptimizers", true),
            Options.get("CheckJitLoad", true),
            Options.get("CheckAdagrad", true)},
      Flow(device::DeviceFlowConfig::forContext(Context)), Finder(Flow, Kinds) {
}

void LoadWithoutDeviceCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "CheckModules", Kinds.Modules);
  Options.store(Opts, "CheckOptimizers", Kinds.Optimizers);
  Options.store(Opts, "CheckJitLoad", Kinds.JitModules);
  Options.store(Opts, "CheckAdagrad", Kinds.Adagrad);
}

void LoadWithoutDeviceCheck::checkFunction(const FunctionDecl *Fn,
                                           ASTContext &Ctx) {
  // The finder's flow, made here for DebugAnalysis to say where it gave up.
  analyzeFlow(Flow, Fn, Ctx);
  for (const LoadFinding &Found : Finder.findingsIn(Fn, Ctx))
    switch (Found.Load.What) {
    case CheckpointLoad::Into::Module:
      diagModuleLoad(Found, Ctx);
      break;
    case CheckpointLoad::Into::Optimizer:
      diagOptimizerLoad(Found, Ctx);
      break;
    case CheckpointLoad::Into::JitModule:
      diagJitLoad(Found);
      break;
    }
  for (const device::AdagradBeforeMove &Found : Finder.adagradIn(Fn, Ctx))
    diagAdagrad(Found);
}

void LoadWithoutDeviceCheck::warnWithRepair(const CheckpointLoad &Load,
                                            llvm::StringRef Message,
                                            llvm::ArrayRef<std::string> Args,
                                            llvm::ArrayRef<FixItHint> Repair) {
  const SourceLocation At = Load.Apply->getBeginLoc();
  {
    auto Diag = diag(At, Message);
    for (const std::string &Arg : Args)
      Diag << Arg;
    if (!Repair.empty() && fixOnWarning(FixSafety::Unsafe))
      Diag << Repair;
  }
  if (!Repair.empty())
    offerFixOnNote(At, Repair, FixSafety::Unsafe);
  if (Load.Read != Load.Apply)
    diag(Load.Read->getBeginLoc(),
         "the checkpoint is read here, without a device", DiagnosticIDs::Note);
}

void LoadWithoutDeviceCheck::diagModuleLoad(const LoadFinding &Found,
                                            ASTContext &Ctx) {
  const CheckpointLoad &Load = Found.Load;
  const SourceLocation At = Load.Apply->getBeginLoc();
  const std::string &Name = Load.Name;
  const std::optional<FixItHint> Fix =
      device::readDeviceFix(Load, Found.Device);
  // The move the load undoes, for MovedBefore.
  const device::ModuleMove *Moved =
      Found.Why == Evidence::MovedBefore && Found.Move ? &*Found.Move : nullptr;
  // With no device to name, a module moved before torch::load is loaded in
  // place: each parameter stays where the move put it (on every path).
  const bool InPlace = !Fix && Moved && Load.Read == Load.Apply;
  const std::vector<FixItHint> Repair =
      Fix       ? std::vector<FixItHint>{*Fix}
      : InPlace ? callRuntimeInstead(Load.Read, "torchlint::load_in_place",
                                     Ctx.getSourceManager())
                : std::vector<FixItHint>{};
  // Where the parameters come from, and where they belong.
  static constexpr llvm::StringLiteral Belongs[] = {
      "back on the device they were saved from, not on the device it was "
      "moved to",
      "on the device they were saved from, not on the device it is used on",
      "on the device they were saved from, not on the device of the member it "
      "replaces"};
  const llvm::StringRef Where = Belongs[Moved                              ? 0
                                        : Found.Why == Evidence::UsedAfter ? 1
                                                                           : 2];
  if (Load.Through)
    warnWithRepair(Load,
                   "'%0' loads module '%1' without a device, putting its "
                   "parameters %2",
                   {Load.Through->getNameAsString(), Name, Where.str()},
                   Repair);
  else
    warnWithRepair(
        Load, "'%0' without a device puts the parameters of module '%1' %2",
        {Load.Reader, Name, Where.str()}, Repair);
  const FunctionDecl *MovedIn = Found.MovedIn;
  if (Moved && MovedIn && !llvm::isa<CXXConstructorDecl>(MovedIn))
    diag(Moved->Call->getBeginLoc(),
         "'%0' is moved to a device here, in '%1', which the constructor "
         "calls, before the load",
         DiagnosticIDs::Note)
        << Name << MovedIn->getNameAsString();
  else if (Moved && Moved->By)
    diag(Moved->Call->getBeginLoc(),
         "'%0' %select{is|may be}1 moved to a device here, by '%2', before "
         "the load",
         DiagnosticIDs::Note)
        << Name << Found.MaybeMoved << Moved->By->getNameAsString();
  else if (Moved)
    diag(Moved->Call->getBeginLoc(),
         MovedIn
             ? "'%0' is moved to a device here, in the constructor, before the "
               "load"
         : Found.MaybeMoved
             ? "'%0' may be moved to a device here, before the load"
             : "'%0' is moved to a device here, before the load",
         DiagnosticIDs::Note)
        << Name;
  else if (Found.Why == Evidence::UsedAfter)
    diag(Found.Use->getBeginLoc(),
         "'%0' is used on a device here, after the load", DiagnosticIDs::Note)
        << Name;
  else {
    diag(Found.Replacing->getBeginLoc(), "'%0' replaces a member here",
         DiagnosticIDs::Note)
        << Name;
    diag(Found.MemberPlaced->getBeginLoc(),
         "the member is moved to a device here", DiagnosticIDs::Note);
  }
  if (Fix && Found.Source)
    diag(Found.Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Found.Source->describe();
  if (!Fix && InPlace)
    diag(At,
         "pass the device to 'torch::load', or load with "
         "'torchlint::load_in_place' (%0), which leaves each parameter "
         "where it was",
         DiagnosticIDs::Note)
        << RuntimeHeader;
  else if (!Fix)
    diag(At,
         "pass the device to '%0', or call "
         "'torchlint::ensure_module_device(%1, device)' (%2) after it",
         DiagnosticIDs::Note)
        << Load.Reader << Name << RuntimeHeader;
}

llvm::SmallVector<FixItHint, 2>
LoadWithoutDeviceCheck::migrateStateAfter(const CheckpointLoad &Load,
                                          ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CallExpr *Apply = Load.Apply;
  // A statement of its own in a block: a line after it runs right after it
  // (after `if (ok) torch::load(...);` it would run on both paths).
  if (!device::wrappedParent(Apply, Ctx).get<CompoundStmt>() ||
      Apply->getBeginLoc().isMacroID() || Apply->getEndLoc().isMacroID())
    return {};
  const std::string Optimizer = device::sourceText(Load.Value, Ctx);
  const SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      Apply->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (Optimizer.empty() || AfterSemi.isInvalid())
    return {};
  const std::string Indent =
      Lexer::getIndentationForLine(Apply->getBeginLoc(), SM).str();
  llvm::SmallVector<FixItHint, 2> Fixes = {FixItHint::CreateInsertion(
      AfterSemi, "\n" + Indent + "torchlint::migrate_optimizer_state(" +
                     Optimizer + ");")};
  if (std::optional<FixItHint> Include =
          includeRuntime(Apply->getBeginLoc(), SM))
    Fixes.push_back(*Include);
  return Fixes;
}

void LoadWithoutDeviceCheck::diagOptimizerLoad(const LoadFinding &Found,
                                               ASTContext &Ctx) {
  const CheckpointLoad &Load = Found.Load;
  const SourceLocation At = Load.Apply->getBeginLoc();
  const std::optional<FixItHint> Fix =
      device::readDeviceFix(Load, Found.Device);
  // With no device to name, the runtime moves each state tensor to its
  // parameter's device, as Python's load_state_dict does.
  const llvm::SmallVector<FixItHint, 2> Repair =
      Fix ? llvm::SmallVector<FixItHint, 2>{*Fix}
          : migrateStateAfter(Load, Ctx);
  warnWithRepair(Load,
                 "'%0' without a device puts the state of optimizer '%1' on "
                 "the device it was saved from, not on the device of its "
                 "parameters",
                 {Load.Reader, Load.Name}, Repair);
  if (Fix && Found.DeviceFrom)
    diag(Found.DeviceFrom->Call->getBeginLoc(),
         "the device is taken from this move of '%0'", DiagnosticIDs::Note)
        << Found.DeviceFrom->Module->getNameAsString();
  else if (Fix && Found.Source)
    diag(Found.Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Found.Source->describe();
  if (Fix)
    return;
  // Why the parameters can be on a device.
  if (Found.Why == Evidence::BesideModuleLoad)
    diag(Found.ModuleLoad->getBeginLoc(),
         "the parameters of module '%0' are loaded here, beside it, without "
         "the device they belong on",
         DiagnosticIDs::Note)
        << Found.ModuleName;
  else if (Found.Move)
    diag(Found.Move->Call->getBeginLoc(),
         Found.MaybeMoved ? "'%0' may be moved to a device here"
                          : "'%0' is moved to a device here",
         DiagnosticIDs::Note)
        << Found.Move->Module->getNameAsString();
  else if (Found.Source)
    diag(Found.Source->Decl->getLocation(), "%0 makes this code device-aware",
         DiagnosticIDs::Note)
        << Found.Source->describe();
  else if (Found.ConstructorMove)
    diag(Found.ConstructorMove->getBeginLoc(),
         "'%0' is moved to a device here, in the constructor",
         DiagnosticIDs::Note)
        << Found.MovedMember->getName();
  diag(At,
       "pass the device to '%0', or call "
       "'torchlint::migrate_optimizer_state(%1)' (%2) after it to move the "
       "state to its parameters' devices",
       DiagnosticIDs::Note)
      << Load.Reader << Load.Name << RuntimeHeader;
}

void LoadWithoutDeviceCheck::diagJitLoad(const LoadFinding &Found) {
  const CheckpointLoad &Load = Found.Load;
  const SourceLocation At = Load.Read->getBeginLoc();
  const std::optional<FixItHint> Fix =
      device::readDeviceFix(Load, Found.Device);
  warnWithRepair(
      Load,
      "'torch::jit::load' without a device puts the module on the "
      "device it was saved from, not on the device this code uses",
      {}, Fix ? llvm::ArrayRef<FixItHint>(*Fix) : llvm::ArrayRef<FixItHint>());
  if (Fix && Found.Source) {
    diag(Found.Source->Decl->getLocation(), "the device is taken from %0",
         DiagnosticIDs::Note)
        << Found.Source->describe();
    return;
  }
  if (Found.Use)
    diag(Found.Use->getBeginLoc(),
         "'%0' is used on a device here, after the load", DiagnosticIDs::Note)
        << Load.Name;
  else if (Found.Source)
    diag(Found.Source->Decl->getLocation(), "%0 makes this code device-aware",
         DiagnosticIDs::Note)
        << Found.Source->describe();
  diag(
      At,
      "pass the device to 'torch::jit::load', or call '%0.to(device)' after it",
      DiagnosticIDs::Note)
      << Load.Name;
}

void LoadWithoutDeviceCheck::diagAdagrad(
    const device::AdagradBeforeMove &Found) {
  const std::string Module = Found.LaterMove.Module->getNameAsString();
  diag(Found.Construction->getBeginLoc(),
       "'torch::optim::Adagrad' creates its state on the device of its "
       "parameters when it is constructed; moving '%0' to a device afterwards "
       "leaves that state behind")
      << Module;
  diag(Found.LaterMove.Call->getBeginLoc(),
       "'%0' is moved to a device here, after the optimizer was constructed; "
       "construct the optimizer after this move, or call "
       "'torchlint::migrate_optimizer_state(%1)' (%2) after it",
       DiagnosticIDs::Note)
      << Module << Found.Optimizer << RuntimeHeader;
}

} // namespace clang::tidy::torch
