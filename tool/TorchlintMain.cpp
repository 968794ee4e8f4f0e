//===--- TorchlintMain.cpp - clang-tidy with the torch module -------------===//
//
// Debian ships clang-tidy's driver as libclangTidyMain.a but not its headers,
// so the entry point is declared here.
//
//===----------------------------------------------------------------------===//
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy {
int clangTidyMain(int Argc, const char **Argv);
// Defined next to the module registration: referencing it keeps the module.
extern volatile int TorchModuleAnchorSource;
} // namespace clang::tidy

int main(int Argc, const char **Argv) {
  (void)clang::tidy::TorchModuleAnchorSource;
  // `torchlint --version` names the checks' version too, e.g. for CI caches.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "torchlint version " << TORCHLINT_VERSION << "\n";
  });
  return clang::tidy::clangTidyMain(Argc, Argv);
}
