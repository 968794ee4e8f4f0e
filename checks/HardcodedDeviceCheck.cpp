//===--- HardcodedDeviceCheck.cpp - torch-hardcoded-device ----------------===//
#include "HardcodedDeviceCheck.h"
#include "utils/CallSite.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {

using utils::HardcodedPlacement;
using utils::HardcodedPlacementFinder;
using utils::MigrationFinder;

HardcodedDeviceCheck::HardcodedDeviceCheck(StringRef Name,
                                           ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      IgnoredFunctions(
          Options.get("IgnoredFunctions",
                      HardcodedPlacementFinder::DefaultIgnoredFunctions)),
      IgnoredFiles(Options.get("IgnoredFiles",
                               HardcodedPlacementFinder::DefaultIgnoredFiles)),
      DiscardedToEnabled(Context->isCheckEnabled("torch-discarded-to")),
      Migrations(MigrationFinder::create(Context)),
      Placements(IgnoredFunctions, IgnoredFiles, Migrations.get()) {}

void HardcodedDeviceCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "IgnoredFunctions", IgnoredFunctions);
  Options.store(Opts, "IgnoredFiles", IgnoredFiles);
}

void HardcodedDeviceCheck::registerMatchers(MatchFinder *Finder) {
  // Cheap tests first: clang-tidy 19 matches over the whole TU, libtorch's
  // headers included.
  auto InUserCode = forCallable(
      functionDecl(unless(ast_matchers::isTemplateInstantiation())).bind("fn"));
  // t.cuda() / t.cpu()
  Finder->addMatcher(
      cxxMemberCallExpr(unless(isExpansionInSystemHeader()), argumentCountIs(0),
                        callee(cxxMethodDecl(hasAnyName("cuda", "cpu"))),
                        InUserCode)
          .bind("leaf"),
      this);
  // torch::kCUDA, torch::kCPU, c10::DeviceType::CUDA, ... (the names are
  // checked in the callback).
  Finder->addMatcher(
      declRefExpr(
          unless(isExpansionInSystemHeader()),
          hasType(enumDecl(hasName("::c10::DeviceType"))),
          to(decl(anyOf(varDecl(hasGlobalStorage()), enumConstantDecl()))),
          InUserCode)
          .bind("leaf"),
      this);
  // torch::Device("cuda:0"), t.to("cuda")
  Finder->addMatcher(
      stringLiteral(unless(isExpansionInSystemHeader()), InUserCode)
          .bind("leaf"),
      this);
}

void HardcodedDeviceCheck::check(const MatchFinder::MatchResult &Result) {
  const auto *Leaf = Result.Nodes.getNodeAs<Expr>("leaf");
  const auto *Fn = Result.Nodes.getNodeAs<FunctionDecl>("fn");
  if (!Leaf || !Fn || utils::isInstantiated(Fn) ||
      !utils::isInBody(Leaf, Fn, *Result.SourceManager) ||
      !Seen.insert(Leaf).second)
    return;
  std::optional<HardcodedPlacement> Placement =
      Placements.analyseLeaf(Leaf, Fn, *Result.Context);
  if (!Placement)
    return;
  // One defect, one warning: a discarded `t.cuda();` belongs to
  // torch-discarded-to, whose fix also replaces the device.
  if (DiscardedToEnabled && Placement->Move &&
      utils::isDiscardedStatement(Placement->Move, *Result.Context))
    return;

  {
    auto Diag =
        diag(Placement->Loc, "hard-coded %0 device '%1' in device-neutral code")
        << Placement->Backend << Placement->Spelling;
    for (const FixItHint &Fix : Placement->Fixes)
      Diag << Fix;
  }
  const std::optional<utils::DeviceSource> &Replacement =
      Placement->Replacement;
  switch (Placement->Why) {
  case HardcodedPlacement::NoFix::None:
    if (Replacement)
      diag(Replacement->Decl->getLocation(), "the device is taken from %0",
           DiagnosticIDs::Note)
          << Replacement->describe();
    break;
  case HardcodedPlacement::NoFix::NoDevice:
    diag(Placement->Witness.Decl->getLocation(),
         "%0 makes this code device-neutral; follow the device of the data "
         "it works with",
         DiagnosticIDs::Note)
        << Placement->Witness.describe();
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
    utils::noteMigratesState(*this, *Placement);
    break;
  }
}

} // namespace clang::tidy::torch
