//===--- FindingOwners.cpp - one defect, one warning ----------------------===//
#include "device/findings/FindingOwners.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

namespace clang::tidy::torch::device {

llvm::StringRef FindingOwners::ownerOf(SharedDefect Defect) {
  switch (Defect) {
  case SharedDefect::DiscardedMove:
    // `t = t.to(...)` repairs both the dropped result and the device.
    return "torch-discarded-to";
  case SharedDefect::DeviceLessFactoryMeetsDevice:
    // A device at the factory repairs the op.
    return "torch-factory-without-device";
  case SharedDefect::HardcodedPlacementMeetsDevice:
    // Following the data's device at the placement repairs the op.
    return "torch-hardcoded-device";
  }
  llvm_unreachable("every shared defect has an owner");
}

FindingOwners::FindingOwners(const ClangTidyContext &Context) {
  for (unsigned I = 0; I < NumDefects; ++I)
    OwnerEnabled[I] =
        Context.isCheckEnabled(ownerOf(static_cast<SharedDefect>(I)));
}

bool FindingOwners::leftToOwner(SharedDefect Defect,
                                llvm::StringRef Check) const {
  return ownerOf(Defect) != Check &&
         OwnerEnabled[static_cast<unsigned>(Defect)];
}

} // namespace clang::tidy::torch::device
