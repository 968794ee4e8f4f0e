//===--- DeviceFlowConfig.h - what a unit's checks share --------*- C++ -*-===//
//
// What a check analyses with: the unit's op rules and options, and the
// summaries that carry devices across the unit's functions (and cache each
// function's flow, so every check of the unit reads the same one).
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_SUMMARIES_DEVICEFLOWCONFIG_H
#define TORCHLINT_CHECKS_DEVICE_SUMMARIES_DEVICEFLOWCONFIG_H

#include "device/flow/DeviceFlow.h"
#include "device/summaries/FunctionSummaries.h"

#include <memory>
#include <string>
#include <vector>

namespace clang::tidy {
class ClangTidyContext;
} // namespace clang::tidy

namespace clang::tidy::torch::device {

/// The rules and options the analysis runs with (RulesOptions): one
/// configuration per translation unit, so that every check sees the same
/// rules.
struct DeviceFlowConfig {
  OpRuleIndex RuleIndex;
  DeviceFlowOptions Options;
  /// Summaries and flows of the translation unit's functions, made on first
  /// call; one object for all checks of the unit (its DeviceModel's).
  std::shared_ptr<FunctionSummaries> Summaries;

  /// The configuration of \p Context's translation unit, its DeviceModel's:
  /// the built-in rules, the project's RulesFile and its LibtorchVersion,
  /// whichever check's name they are set under. What is wrong with them is
  /// reported by the checks' base (FunctionBodyCheck), once.
  static DeviceFlowConfig forContext(const ClangTidyContext *Context);
  /// The built-in rules for libtorch 2, for questions that no project rule
  /// changes (what a function reads on the host).
  static DeviceFlowConfig builtIn();
  /// The built-in rules and \p RulesFiles (which load), for \p
  /// LibtorchVersion.
  static DeviceFlowConfig withRules(const std::string &LibtorchVersion,
                                    const std::vector<std::string> &RulesFiles);

  /// The flow of \p Fn, shared with every check of the same configuration
  /// in this translation unit.
  std::shared_ptr<const DeviceFlow> analyze(const FunctionDecl *Fn,
                                            ASTContext &Ctx) const;
};

} // namespace clang::tidy::torch::device

#endif
