//===--- HardcodedDeviceCheck.h - torch-hardcoded-device --------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_HARDCODEDDEVICECHECK_H
#define TORCHLINT_CHECKS_HARDCODEDDEVICECHECK_H

#include "device/findings/DeviceConflicts.h"
#include "device/findings/DeviceMigration.h"
#include "device/findings/HardcodedPlacement.h"
#include "device/flow/DeviceFlow.h"
#include "utils/FunctionBodyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::torch {

/// Flags `.cuda()`, `.cpu()`, `torch::kCUDA`/`torch::kCPU` and
/// `torch::Device("cuda...")` used as a placement (a `.to()` argument, a
/// factory's options, `TensorOptions().device(...)`, `module->to(...)`) in
/// device-neutral code: code that receives a tensor, a device or a module
/// should follow it. Fixes to the device in scope.
///
/// For the user-facing documentation see docs/checks/torch-hardcoded-device.md.
class HardcodedDeviceCheck : public FunctionBodyCheck {
public:
  HardcodedDeviceCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  /// The conflicts torch-mixed-device-op leaves to this check, computed for
  /// a function once a placement that moves a tensor is reported there.
  struct FunctionConflicts {
    bool Computed = false;
    std::shared_ptr<const device::DeviceFlow> Facts; ///< What All points into.
    std::vector<device::DeviceConflict> All;
  };
  void report(const device::HardcodedPlacement &Placement,
              const FunctionDecl *Fn, ASTContext &Ctx,
              FunctionConflicts &Conflicts);

  const std::string IgnoredFunctions;
  const std::string IgnoredFiles;
  const bool ReportSingleDeviceCode;
  /// torch-mixed-device-op leaves a conflict on a device placed here to this
  /// check, which notes the call (when that check is enabled).
  const bool NotesMixedDeviceOps;
  /// The translation unit's model, shared with every other check.
  const device::DeviceFlowConfig Flow;
  std::unique_ptr<device::MigrationFinder> Migrations;
  device::HardcodedPlacementFinder Placements;
};

} // namespace clang::tidy::torch

#endif
