//===--- FindingOwners.h - one defect, one warning --------------*- C++ -*-===//
//
// Some defects are seen by two checks: a discarded `t.cuda();` is a discarded
// move and a hard-coded placement; a device-less factory that meets CUDA data
// is a factory without a device and a mixed-device op. The check whose fix
// repairs the defect reports it, with notes; the others leave it to that
// check while it is enabled, and report it themselves when it is not. This
// table is the one place that decides, and the one place (with the module
// that registers them) that names the checks: a check that consults
// another's finder gets it from here, configured with that check's options.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_FINDINGOWNERS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_FINDINGOWNERS_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <memory>

namespace clang::tidy {
class ClangTidyContext;
} // namespace clang::tidy

namespace clang::tidy::torch::device {

/// A defect more than one check can see.
enum class SharedDefect {
  /// `t.cuda();`, `mean_.to(x.device());`: a move whose result is dropped.
  DiscardedMove,
  /// An op input made by a factory without a device, meeting device data.
  DeviceLessFactoryMeetsDevice,
  /// An op input placed by a hard-coded device in device-neutral code.
  HardcodedPlacementMeetsDevice,
  /// An op input whose move was discarded before it met data elsewhere
  /// (`t.to(d);` then `t * x`): keeping the move repairs the op.
  LostMoveMeetsDevice,
};

class MigrationFinder;
class HardcodedPlacementFinder;

class FindingOwners {
public:
  explicit FindingOwners(const ClangTidyContext &Context);

  /// The check whose fix repairs \p Defect.
  static llvm::StringRef ownerOf(SharedDefect Defect);

  /// Whether \p Check leaves \p Defect to its owner: true when the owner is
  /// another check and it is enabled.
  bool leftToOwner(SharedDefect Defect, llvm::StringRef Check) const;

  /// Whether a check other than \p Defect's owner, that would report it
  /// too, is enabled: the owner then shows that check's evidence in its
  /// notes (the op where a hard-coded placement meets another device).
  bool seenByAnother(SharedDefect Defect) const;

  /// The finder of torch-implicit-device-migration with that check's
  /// options, when it is enabled (null otherwise): other checks withhold
  /// fixes that would make state migrate.
  static std::unique_ptr<MigrationFinder>
  migrationFinder(const ClangTidyContext *Context);

  /// The finder of torch-hardcoded-device with that check's options, when
  /// it is enabled (null otherwise): other checks leave its placements to it.
  static std::unique_ptr<HardcodedPlacementFinder>
  placementFinder(const ClangTidyContext *Context, MigrationFinder *Migrations);

private:
  static constexpr unsigned NumDefects = 4;
  std::array<bool, NumDefects> OwnerEnabled{};
  std::array<bool, NumDefects> OtherEnabled{};
};

} // namespace clang::tidy::torch::device

#endif
