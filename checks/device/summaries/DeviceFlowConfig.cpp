//===--- DeviceFlowConfig.cpp - the analysis a unit's checks share -------===//
#include "device/summaries/DeviceFlowConfig.h"
#include "device/DeviceModel.h"
#include "device/rules/RulesOptions.h"

namespace clang::tidy::torch::device {

DeviceFlowConfig
DeviceFlowConfig::withRules(const std::string &LibtorchVersion,
                            const std::vector<std::string> &RulesFiles) {
  DeviceFlowConfig Config;
  Config.RuleIndex =
      buildRuleIndex(rulesWithProjectFiles(RulesFiles), LibtorchVersion);
  Config.Summaries =
      std::make_shared<FunctionSummaries>(Config.RuleIndex, Config.Options);
  return Config;
}

DeviceFlowConfig DeviceFlowConfig::forContext(const ClangTidyContext *Context) {
  if (!Context)
    return builtIn();
  return DeviceModel::forContext(*Context)->flowConfig();
}

DeviceFlowConfig DeviceFlowConfig::builtIn() { return withRules("2", {}); }

std::shared_ptr<const DeviceFlow>
DeviceFlowConfig::analyze(const FunctionDecl *Fn, ASTContext &Ctx) const {
  if (!Summaries)
    return DeviceFlow::analyze(Fn, Ctx, RuleIndex, Options);
  return Summaries->flowOf(Fn, Ctx);
}

} // namespace clang::tidy::torch::device
