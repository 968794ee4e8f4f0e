//===--- HardcodedDeviceCheck.cpp - torch-hardcoded-device ----------------===//
#include "HardcodedDeviceCheck.h"
#include "device/findings/DeviceConflicts.h"
#include "device/findings/FindingNotes.h"
#include "device/findings/ProjectCalls.h"
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

HardcodedDeviceCheck::HardcodedDeviceCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context),
      IgnoredFunctions(
          Options.get("IgnoredFunctions",
                      HardcodedPlacementFinder::DefaultIgnoredFunctions)),
      IgnoredFiles(Options.get("IgnoredFiles",
                               HardcodedPlacementFinder::DefaultIgnoredFiles)),
      ReportSingleDeviceCode(Options.get("ReportSingleDeviceCode", false)),
      NotesMixedDeviceOps(device::FindingOwners(*Context).seenByAnother(
          device::SharedDefect::HardcodedPlacementMeetsDevice)),
      Flow(device::DeviceFlowConfig::forContext(Context)),
      Migrations(device::FindingOwners::migrationFinder(Context)),
      Placements(IgnoredFunctions, IgnoredFiles, ReportSingleDeviceCode,
                 Migrations.get(), Flow) {
  validatePatterns("IgnoredFunctions", IgnoredFunctions);
  validatePatterns("IgnoredFiles", IgnoredFiles);
}

void HardcodedDeviceCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "IgnoredFunctions", IgnoredFunctions);
  Options.store(Opts, "IgnoredFiles", IgnoredFiles);
  Options.store(Opts, "ReportSingleDeviceCode", ReportSingleDeviceCode);
}

void HardcodedDeviceCheck::checkFunction(const FunctionDecl *Fn,
                                         ASTContext &Ctx) {
  FunctionConflicts Conflicts;
  for (const HardcodedPlacement &Placement : Placements.placementsIn(Fn, Ctx))
    report(Placement, Fn, Ctx, Conflicts);
}

void HardcodedDeviceCheck::report(const HardcodedPlacement &Placement,
                                  const FunctionDecl *Fn, ASTContext &Ctx,
                                  FunctionConflicts &Conflicts) {
  if (leftToOwner(device::SharedDefect::DiscardedMove) && Placement.Move &&
      device::isDiscardedStatement(Placement.Move, Ctx))
    return;
  // A latent placement is shown only by a driver that judges it by the
  // project's calls: it records it here, and keeps it where a call passes
  // data placed elsewhere.
  if (Placement.Latent && !device::recordLatentFinding(
                              getID(), Placement.Loc, Fn,
                              Placement.LatentParams, Placement.Backend, Ctx))
    return;

  {
    auto Diag =
        diag(Placement.Loc, "hard-coded %0 device '%1' in device-neutral code")
        << Placement.Backend << Placement.Spelling;
    if (fixOnWarning(FixSafety::Unsafe))
      for (const FixItHint &Fix : Placement.Fixes)
        Diag << Fix;
  }
  offerFixOnNote(Placement.Loc, Placement.Fixes, FixSafety::Unsafe);
  const std::optional<device::DeviceSource> &Replacement =
      Placement.Replacement;
  switch (Placement.Why) {
  case HardcodedPlacement::NoFix::None:
    if (Replacement)
      diag(Replacement->Decl->getLocation(), "the device is taken from %0",
           DiagnosticIDs::Note)
          << Replacement->describe();
    break;
  case HardcodedPlacement::NoFix::NoDevice:
    diag(Placement.Witness.Decl->getLocation(),
         "%0 makes this code device-neutral; follow the device of the data "
         "it works with",
         DiagnosticIDs::Note)
        << Placement.Witness.describe();
    break;
  case HardcodedPlacement::NoFix::Macro:
    if (Replacement)
      diag(Replacement->Decl->getLocation(),
           "%0 has the device to use; the placement is spelled in a macro and "
           "is not rewritten",
           DiagnosticIDs::Note)
          << Replacement->describe();
    break;
  case HardcodedPlacement::NoFix::MigratesState:
    device::noteMigratesState(*this, Placement);
    break;
  }
  device::noteCallerPlacement(*this, Placement);
  const device::OpUse *Met = nullptr;
  const std::optional<device::PlacementMeeting> &M = Placement.Meeting;
  if (M && M->ModuleRun) {
    diag(M->ModuleRun->getExprLoc(),
         "the tensor it places is run through a module on %0 here",
         DiagnosticIDs::Note)
        << M->Met.describe();
  } else if (M) {
    Met = M->Conflict.Use;
    diag(Met->site()->getExprLoc(),
         "the %select{tensor|module}0 it places %select{may meet|meets}1 a "
         "tensor on %2 here, in '%3'",
         DiagnosticIDs::Note)
        << Placement.MovesModule << M->Conflict.Provable << M->Met.describe()
        << device::opDisplayName(Met->Name);
    device::noteCallPath(*this, *Met);
  } else if (Placement.Escapes) {
    // A tensor, or options that hold the device (modules do not escape).
    const bool KeptOptions =
        Placement.KeptIn && !device::isTensorType(Placement.KeptIn->getType());
    diag(Placement.Loc,
         "%select{the tensor it places|the device}0 is "
         "%select{returned from|kept in}1 %2, for code whose data may be on "
         "another device",
         DiagnosticIDs::Note)
        << KeptOptions << (Placement.KeptIn != nullptr)
        << (Placement.KeptIn ? "'" + Placement.KeptIn->getNameAsString() + "'"
            : device::isLambdaCallOperator(Fn)
                ? std::string("the lambda")
                : "'" + Fn->getNameAsString() + "'");
  }

  // One defect, one warning: where the moved tensor then meets another
  // device, torch-mixed-device-op stays silent and the call is noted here.
  if (!NotesMixedDeviceOps || !Placement.Move)
    return;
  if (!Conflicts.Computed) {
    Conflicts.Computed = true;
    Conflicts.Facts = Flow.analyze(Fn, Ctx);
    Conflicts.All = device::findDeviceConflicts(*Conflicts.Facts);
  }
  for (const device::DeviceConflict &C : Conflicts.All) {
    if (C.fromDeviceLessFactory() || C.Use == Met)
      continue;
    const bool IsOdd = C.Odd.Origin == Placement.Move;
    if (!IsOdd && C.Other.Origin != Placement.Move)
      continue;
    diag(C.Use->site()->getExprLoc(),
         "the tensor it places %select{may meet|meets}0 a tensor on %1 here, "
         "in '%2'",
         DiagnosticIDs::Note)
        << C.Provable << (IsOdd ? C.Other : C.Odd).describe()
        << device::opDisplayName(C.Use->Name);
    device::noteCallPath(*this, *C.Use);
  }
}

} // namespace clang::tidy::torch
