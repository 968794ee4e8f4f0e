//===--- TorchTidyModule.cpp - the torch-* checks -------------------------===//
#include "TorchTidyModule.h"
#include "DefaultStreamLaunchCheck.h"
#include "DiscardedToCheck.h"
#include "FactoryWithoutDeviceCheck.h"
#include "HardcodedDeviceCheck.h"
#include "ImplicitDeviceMigrationCheck.h"
#include "LoadWithoutDeviceCheck.h"
#include "MissingDeviceGuardCheck.h"
#include "MixedDeviceOpCheck.h"
#include "UncheckedKernelInputCheck.h"
#include "UncheckedKernelLaunchCheck.h"

#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace clang::tidy {
namespace torch {

class TorchModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &CheckFactories) override {
    CheckFactories.registerCheck<FactoryWithoutDeviceCheck>(
        "torch-factory-without-device");
    CheckFactories.registerCheck<ImplicitDeviceMigrationCheck>(
        "torch-implicit-device-migration");
    CheckFactories.registerCheck<HardcodedDeviceCheck>(
        "torch-hardcoded-device");
    CheckFactories.registerCheck<DiscardedToCheck>("torch-discarded-to");
    CheckFactories.registerCheck<MixedDeviceOpCheck>("torch-mixed-device-op");
    CheckFactories.registerCheck<LoadWithoutDeviceCheck>(
        "torch-load-without-device");
    CheckFactories.registerCheck<UncheckedKernelLaunchCheck>(
        "torch-unchecked-kernel-launch");
    CheckFactories.registerCheck<DefaultStreamLaunchCheck>(
        "torch-default-stream-launch");
    CheckFactories.registerCheck<MissingDeviceGuardCheck>(
        "torch-missing-device-guard");
    CheckFactories.registerCheck<UncheckedKernelInputCheck>(
        "torch-unchecked-kernel-input");
  }
};

const llvm::StringSet<> &torchCheckNames() {
  static const llvm::StringSet<> Names = [] {
    ClangTidyCheckFactories Factories;
    TorchModule().addCheckFactories(Factories);
    llvm::StringSet<> Result;
    for (const auto &Factory : Factories)
      Result.insert(Factory.getKey());
    return Result;
  }();
  return Names;
}

} // namespace torch

// Registers the module with whichever clang-tidy loads this code: the stock
// clang-tidy-19 through --load, or the torchlint and torchlint-clangd mains.
static ClangTidyModuleRegistry::Add<torch::TorchModule>
    X("torch-module", "Device-misuse checks for libtorch (PyTorch C++) code.");

// Statically linked binaries reference this so the linker keeps the module.
// NOLINTNEXTLINE(cppcoreguidelines-avoid-non-const-global-variables)
volatile int TorchModuleAnchorSource = 0;

} // namespace clang::tidy
