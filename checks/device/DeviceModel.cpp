//===--- DeviceModel.cpp - what the checks of one unit share --------------===//
#include "device/DeviceModel.h"
#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceContext.h"
#include "device/flow/KernelLaunchers.h"
#include "device/functions/UnitCallers.h"
#include "device/rules/RulesOptions.h"
#include "device/summaries/DeviceFlowConfig.h"

namespace clang::tidy::torch::device {

namespace {

// The per-thread variables of the checks, all of them.
/// The model of the unit a check on this thread is analysing.
thread_local DeviceModel *CurrentModel = nullptr;
/// The last model made for a unit on this thread, and the context it was
/// made for: the checks of one unit are made one after the other, and while
/// one of them holds the model the others get it.
thread_local const ClangTidyContext *LastContext = nullptr;
thread_local std::weak_ptr<DeviceModel> LastModel;
/// The driver's sink for project facts, set around a unit.
thread_local ProjectCallFacts *DriverSink = nullptr;

} // namespace

DeviceModel::DeviceModel() = default;
DeviceModel::~DeviceModel() = default;

std::shared_ptr<DeviceModel>
DeviceModel::forContext(const ClangTidyContext &Context) {
  std::shared_ptr<DeviceModel> Model = LastModel.lock();
  if (!Model || LastContext != &Context) {
    Model = std::make_shared<DeviceModel>();
    Model->Options =
        std::make_shared<const RulesOptions>(RulesOptions::read(Context));
    LastContext = &Context;
    LastModel = Model;
  }
  return Model;
}

DeviceModel &DeviceModel::current() {
  if (CurrentModel)
    return *CurrentModel;
  thread_local DeviceModel OutsideChecks;
  return OutsideChecks;
}

DeviceModel::Analysing::Analysing(DeviceModel &Model) : Outer(CurrentModel) {
  CurrentModel = &Model;
}

DeviceModel::Analysing::~Analysing() { CurrentModel = Outer; }

const DeviceFlowConfig &DeviceModel::flowConfig() {
  if (!Flow)
    Flow = std::make_unique<DeviceFlowConfig>(
        Options ? DeviceFlowConfig::withRules(Options->LibtorchVersion,
                                              Options->RulesFiles)
                : DeviceFlowConfig::builtIn());
  return *Flow;
}

UnitCallers &DeviceModel::unitCallers() {
  if (!Callers)
    Callers = std::make_unique<UnitCallers>();
  return *Callers;
}

KernelLaunchers &DeviceModel::kernelLaunchers() {
  if (!Launchers)
    Launchers = std::make_unique<KernelLaunchers>();
  return *Launchers;
}

DeviceLocalsCache &DeviceModel::deviceLocals() {
  if (!Locals)
    Locals = std::make_unique<DeviceLocalsCache>();
  return *Locals;
}

ProjectCallFacts *&DeviceModel::driverSink() { return DriverSink; }

} // namespace clang::tidy::torch::device
