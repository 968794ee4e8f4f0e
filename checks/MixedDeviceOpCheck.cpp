//===--- MixedDeviceOpCheck.cpp - torch-mixed-device-op -------------------===//
#include "MixedDeviceOpCheck.h"
#include "utils/DeviceConflicts.h"
#include "utils/DeviceFlow.h"
#include "utils/CheckHelpers.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {
namespace {

bool isStackOrCat(llvm::StringRef Qualified) {
  return Qualified.ends_with("::stack") || Qualified.ends_with("::cat");
}

} // namespace

MixedDeviceOpCheck::MixedDeviceOpCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      LibtorchVersion(Options.getLocalOrGlobal("LibtorchVersion", "2")),
      RulesFile(Options.getLocalOrGlobal("RulesFile", "")) {
  std::string Error;
  RuleIndex = utils::buildRuleIndex(
      utils::rulesWithProjectFile(RulesFile, Error));
  if (!Error.empty())
    configurationDiag("cannot use RulesFile: %0") << Error;
}

void MixedDeviceOpCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "LibtorchVersion", LibtorchVersion);
  Options.store(Opts, "RulesFile", RulesFile);
}

void MixedDeviceOpCheck::registerMatchers(MatchFinder *Finder) {
  utils::registerFunctionBodyMatchers(Finder, this);
}

void MixedDeviceOpCheck::check(const MatchFinder::MatchResult &Result) {
  const FunctionDecl *Fn = utils::matchedFunctionBody(Result);
  if (!Fn)
    return;
  utils::DeviceFlowOptions FlowOptions;
  FlowOptions.WhereMovesZeroDim = !utils::isLibtorchBefore2(LibtorchVersion);
  const std::unique_ptr<utils::DeviceFlow> Flow =
      utils::DeviceFlow::analyze(Fn, *Result.Context, RuleIndex, FlowOptions);
  if (!Flow)
    return;

  for (const utils::DeviceConflict &C : utils::findDeviceConflicts(*Flow)) {
    // A device-less factory is torch-factory-without-device's to report:
    // its fix at the factory repairs the defect.
    if (C.fromDeviceLessFactory())
      continue;
    const CallExpr *Call = C.Use->Call;
    const std::string Op = utils::opDisplayName(C.Use->Name);
    // Name the two devices in a stable order, whatever the operand order.
    std::string First = C.Odd.describe(), Second = C.Other.describe();
    if (Second < First)
      std::swap(First, Second);
    if (C.InList) {
      diag(Call->getExprLoc(), "'%0' gathers tensors that %select{may be|are}1 "
                               "on different devices (%2 and %3)")
          << Op << C.Provable << First << Second;
      if (isStackOrCat(C.Use->Name))
        diag(Call->getExprLoc(),
             "torchlint::%0 from <torchlint/torchlint.h> moves every input to "
             "one device first",
             DiagnosticIDs::Note)
            << (llvm::StringRef(C.Use->Name).ends_with("stack") ? "stack"
                                                                : "cat");
    } else {
      auto Diag = diag(Call->getExprLoc(), "operands of '%0' %select{may be|are}1 "
                                           "on different devices (%2 and %3)")
                  << Op << C.Provable << First << Second;
      // Moving the self of an in-place op would update a temporary copy.
      const bool OddIsMutatedSelf =
          (C.Use->Rule == utils::DeviceRule::CpuScalarInPlace ||
           C.Use->Rule == utils::DeviceRule::IndexPut ||
           C.Use->Rule == utils::DeviceRule::MaskedFill) &&
          !C.Use->Inputs.empty() && C.OddExpr == C.Use->Inputs.front().E;
      if (!OddIsMutatedSelf)
        if (std::optional<FixItHint> Fix = utils::moveToDeviceOfFix(
                C.OddExpr, C.OtherExpr, *Result.SourceManager, getLangOpts()))
          Diag << *Fix;
    }
    utils::noteDeviceOrigin(*this, C.Odd);
    utils::noteDeviceOrigin(*this, C.Other);
  }
}

} // namespace clang::tidy::torch
