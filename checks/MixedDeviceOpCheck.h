//===--- MixedDeviceOpCheck.h - torch-mixed-device-op -----------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_MIXEDDEVICEOPCHECK_H
#define TORCHLINT_CHECKS_MIXEDDEVICEOPCHECK_H

#include "device/findings/HardcodedPlacement.h"
#include "device/flow/DeviceFlow.h"
#include "utils/FunctionBodyCheck.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <optional>

namespace clang::tidy::torch {
namespace device {
struct DeviceConflict;
} // namespace device

/// Flags an op whose tensor inputs are, or may be, on different devices by
/// the op's PyTorch rule (checks/device/rules/torch-ops.yaml): PyTorch throws
/// "Expected all tensors to be on the same device".
///
/// For the user-facing documentation see docs/checks/torch-mixed-device-op.md.
class MixedDeviceOpCheck : public FunctionBodyCheck {
public:
  MixedDeviceOpCheck(StringRef Name, ClangTidyContext *Context);

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  bool reportedInCallee(const device::DeviceConflict &C, ASTContext &Ctx) const;
  std::vector<FixItHint> harmonizedListFixes(const device::DeviceConflict &C,
                                             const SourceManager &SM);
  std::vector<FixItHint> moveFixes(const device::DeviceConflict &C,
                                   const SourceManager &SM) const;

  device::DeviceFlowConfig Flow;
  /// Null when torch-hardcoded-device is disabled: its concern is then ours.
  std::unique_ptr<device::MigrationFinder> Migrations;
  std::unique_ptr<device::HardcodedPlacementFinder> Placements;
  /// Whether the file is a program that names no device but the CPU
  /// (isHostOnlyProgram); asked once.
  std::optional<bool> HostOnlyProgram;
};

} // namespace clang::tidy::torch

#endif
