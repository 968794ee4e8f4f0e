//===--- FindingOwners.cpp - one defect, one warning ----------------------===//
#include "device/findings/FindingOwners.h"
#include "device/findings/DeviceMigration.h"
#include "device/findings/HardcodedPlacement.h"
#include "utils/CallSite.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

namespace clang::tidy::torch::device {
namespace {

constexpr llvm::StringLiteral DiscardedTo = "torch-discarded-to";
constexpr llvm::StringLiteral FactoryWithoutDevice =
    "torch-factory-without-device";
constexpr llvm::StringLiteral HardcodedDevice = "torch-hardcoded-device";
constexpr llvm::StringLiteral ImplicitDeviceMigration =
    "torch-implicit-device-migration";
constexpr llvm::StringLiteral MixedDeviceOp = "torch-mixed-device-op";

/// The check other than the owner that reports \p Defect when the owner is
/// disabled.
llvm::StringRef otherSeerOf(SharedDefect Defect) {
  switch (Defect) {
  case SharedDefect::DiscardedMove:
    return HardcodedDevice;
  case SharedDefect::DeviceLessFactoryMeetsDevice:
  case SharedDefect::HardcodedPlacementMeetsDevice:
  case SharedDefect::LostMoveMeetsDevice:
    return MixedDeviceOp;
  }
  llvm_unreachable("every shared defect has another seer");
}

} // namespace

llvm::StringRef FindingOwners::ownerOf(SharedDefect Defect) {
  switch (Defect) {
  case SharedDefect::DiscardedMove:
    // `t = t.to(...)` repairs both the dropped result and the device.
    return DiscardedTo;
  case SharedDefect::DeviceLessFactoryMeetsDevice:
    // A device at the factory repairs the op.
    return FactoryWithoutDevice;
  case SharedDefect::HardcodedPlacementMeetsDevice:
    // Following the data's device at the placement repairs the op.
    return HardcodedDevice;
  case SharedDefect::LostMoveMeetsDevice:
    // Keeping the move's result repairs the op.
    return DiscardedTo;
  }
  llvm_unreachable("every shared defect has an owner");
}

FindingOwners::FindingOwners(const ClangTidyContext &Context) {
  for (unsigned I = 0; I < NumDefects; ++I) {
    const auto Defect = static_cast<SharedDefect>(I);
    OwnerEnabled[I] = Context.isCheckEnabled(ownerOf(Defect));
    OtherEnabled[I] = Context.isCheckEnabled(otherSeerOf(Defect));
  }
}

bool FindingOwners::leftToOwner(SharedDefect Defect,
                                llvm::StringRef Check) const {
  return ownerOf(Defect) != Check &&
         OwnerEnabled[static_cast<unsigned>(Defect)];
}

bool FindingOwners::seenByAnother(SharedDefect Defect) const {
  return OtherEnabled[static_cast<unsigned>(Defect)];
}

std::unique_ptr<MigrationFinder>
FindingOwners::migrationFinder(const ClangTidyContext *Context) {
  if (!Context || !Context->isCheckEnabled(ImplicitDeviceMigration))
    return nullptr;
  return std::make_unique<MigrationFinder>(
      checkOption(Context, ImplicitDeviceMigration, "ForwardMethods",
                  MigrationFinder::DefaultForwardMethods),
      checkOption(Context, ImplicitDeviceMigration, "AllowedNames", ""),
      DeviceFlowConfig::forContext(Context));
}

std::unique_ptr<HardcodedPlacementFinder>
FindingOwners::placementFinder(const ClangTidyContext *Context,
                               MigrationFinder *Migrations) {
  if (!Context || !Context->isCheckEnabled(HardcodedDevice))
    return nullptr;
  using Finder = HardcodedPlacementFinder;
  return std::make_unique<Finder>(
      checkOption(Context, HardcodedDevice, "IgnoredFunctions",
                  Finder::DefaultIgnoredFunctions),
      checkOption(Context, HardcodedDevice, "IgnoredFiles",
                  Finder::DefaultIgnoredFiles),
      llvm::StringRef(checkOption(Context, HardcodedDevice,
                                  "ReportSingleDeviceCode", "false"))
          .equals_insensitive("true"),
      Migrations, DeviceFlowConfig::forContext(Context));
}

} // namespace clang::tidy::torch::device
