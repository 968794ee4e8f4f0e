//===--- FactoryWithoutDeviceCheck.h - a factory check ----------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_FACTORYWITHOUTDEVICECHECK_H
#define TORCHLINT_CHECKS_FACTORYWITHOUTDEVICECHECK_H

#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceFlow.h"
#include "utils/FunctionBodyCheck.h"

#include <optional>

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include <string>

namespace clang::tidy::torch {
namespace device {
struct DeviceConflict;
struct OffCpuEvidence;
} // namespace device

/// Flags a torch:: factory (torch::tensor, zeros, ones, arange, ...) called
/// without a device whose tensor meets, in an op that rejects it, a tensor
/// that may live off the CPU: the factory creates on the CPU and the op throws
/// "Expected all tensors to be on the same device". With StrictMode, flags
/// every device-less factory in device-aware code instead.
///
/// For the user-facing documentation see
/// docs/checks/torch-factory-without-device.md.
class FactoryWithoutDeviceCheck : public FunctionBodyCheck {
public:
  FactoryWithoutDeviceCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void onEndOfTranslationUnit() override;

  /// How the fix spells the device: torch::device(x.device()) keeps the
  /// factory's dtype; x.options() also adopts x's dtype and layout.
  enum class FixStyle { Device, Options };

private:
  void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) override;
  void checkFlow(const FunctionDecl *Fn, ASTContext &Ctx);
  void checkStrict(const FunctionDecl *Fn, ASTContext &Ctx);
  /// Reports the device-less factory call \p Call. \p Meeting, when given,
  /// is the op where its tensor meets one off the CPU; the fix then follows
  /// that tensor's device where it can be spelled at \p Call.
  /// \p Evidence, when given, is what shows that tensor may be off the
  /// CPU: a latent one (its callers decide) is only recorded for a driver
  /// that judges it by the project's calls.
  void report(const CallExpr *Call, const FunctionDecl *Fn,
              const device::DeviceConflict *Meeting,
              const device::OffCpuEvidence *Evidence, ASTContext &Ctx);
  /// Reports \p Call, which makes \p Member of a module in a constructor
  /// without registering it, where \p Meeting (in another method) combines
  /// it with data that moves with the module.
  void reportUnregistered(const CallExpr *Call, const FieldDecl *Member,
                          const device::DeviceConflict &Meeting,
                          ASTContext &Ctx);
  /// Records what the finding at \p Call rests on for a driver that judges
  /// the project's calls; false for a latent finding no driver took (it is
  /// not shown).
  bool recordCondition(const CallExpr *Call, const FunctionDecl *Fn,
                       const device::DeviceConflict *Meeting,
                       const device::OffCpuEvidence *Evidence, ASTContext &Ctx);
  /// For a driver that asked for project facts: what the warning at \p
  /// Call, found in \p Fn at \p Meeting (none for a finding that holds
  /// whatever the rest of the project does), needs from the rest of the
  /// project. A factory reported from several places holds if any holds.
  void trackConditions(const CallExpr *Call, const FunctionDecl *Fn,
                       const device::DeviceConflict *Meeting, ASTContext &Ctx);

  const FixStyle Style;
  const bool StrictMode;
  device::DeviceFlowConfig Flow;
  /// Whether this translation unit is a program that names no device
  /// (isHostOnlyProgram); asked once.
  std::optional<bool> HostOnlyProgram;
  /// Factory calls already reported in this translation unit.
  llvm::DenseSet<const CallExpr *> Reported;
  /// Under a driver's project facts (ProjectCalls.h): each factory call seen
  /// in a finding, with what that finding needs from the rest of the project.
  llvm::MapVector<const CallExpr *, std::optional<device::ConditionalFinding>>
      Conditions;
};

} // namespace clang::tidy::torch

#endif
