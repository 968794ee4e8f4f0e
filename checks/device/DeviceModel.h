//===--- DeviceModel.h - what the checks of one unit share ------*- C++ -*-===//
//
// The device model of one translation unit: its rules options, the
// summaries and flows of its functions, and the caches of the walk over it.
// clang-tidy makes a unit's checks together on one thread and destroys them
// when the unit ends: the first check made for a unit makes its model, the
// others share it, and the next unit gets a new one. While a check analyses
// the unit, code anywhere in the pipeline reaches the model with current().
//
// Every per-thread variable of the checks is in DeviceModel.cpp: which model
// is current, and the driver's sink for project facts (ProjectCalls.h), which
// a driver sets around a unit before its checks exist.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_DEVICEMODEL_H
#define TORCHLINT_CHECKS_DEVICE_DEVICEMODEL_H

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"

#include <cstdint>
#include <memory>

namespace clang::tidy {
class ClangTidyContext;
} // namespace clang::tidy

namespace clang::tidy::torch::device {

struct RulesOptions;
struct DeviceFlowConfig;
class FunctionParentScope;
struct DeviceLocalsCache;
class UnitCallers;
class KernelLaunchers;
struct ProjectCallFacts;

class DeviceModel {
public:
  /// The model of the unit whose checks \p Context is making.
  static std::shared_ptr<DeviceModel>
  forContext(const ClangTidyContext &Context);
  /// The model of the unit analysed on this thread. Outside a check (a unit
  /// test asking the analysis directly) a model of the thread's own, with no
  /// rules options.
  static DeviceModel &current();

  /// Makes \p Model current while a check analyses its unit.
  class Analysing {
  public:
    explicit Analysing(DeviceModel &Model);
    ~Analysing();
    Analysing(const Analysing &) = delete;
    Analysing &operator=(const Analysing &) = delete;

  private:
    DeviceModel *Outer;
  };

  DeviceModel();
  ~DeviceModel();
  DeviceModel(const DeviceModel &) = delete;
  DeviceModel &operator=(const DeviceModel &) = delete;

  /// The unit's rules options, read once (null for a model of no unit).
  const std::shared_ptr<const RulesOptions> &rulesOptions() const {
    return Options;
  }
  /// The unit's rules, indexed once, and the summaries and flows of its
  /// functions under them, which its checks share; made on first use.
  const DeviceFlowConfig &flowConfig();

  /// FunctionParents' state: the innermost open FunctionParentScope, and
  /// counters that name scopes and count whole-unit parent lookups.
  struct FunctionScopes {
    FunctionParentScope *Innermost = nullptr;
    uint64_t Opened = 0;
    uint64_t WholeUnitLookups = 0;
  };
  FunctionScopes Scopes;

  /// DeviceContext's device-carrying locals of the function being analysed.
  DeviceLocalsCache &deviceLocals();
  /// The unit's calls, indexed once for every check that asks.
  UnitCallers &unitCallers();
  /// The unit's functions that launch kernels on their callers' memory.
  KernelLaunchers &kernelLaunchers();

  /// The facts a driver (torchlint-run) asked this thread's unit to record;
  /// null for plain torchlint, clangd and the plugin.
  static ProjectCallFacts *&driverSink();

  /// Whether \p Fn's calls are not yet recorded for the driver: true once
  /// per function of the unit, whichever check asks first.
  bool firstToRecordCallsOf(const FunctionDecl *Fn) {
    return CallsRecorded.insert(Fn).second;
  }

private:
  llvm::DenseSet<const FunctionDecl *> CallsRecorded;
  std::shared_ptr<const RulesOptions> Options;
  std::unique_ptr<DeviceFlowConfig> Flow;
  std::unique_ptr<DeviceLocalsCache> Locals;
  std::unique_ptr<UnitCallers> Callers;
  std::unique_ptr<KernelLaunchers> Launchers;
};

} // namespace clang::tidy::torch::device

#endif
