//===--- TorchlintClangdMain.cpp - clangd with the torch module -----------===//
//
// clangd cannot load clang-tidy plugins; editors get the torch-* checks from a
// clangd that links them. Debian ships libclangdMain.a without headers.
//
//===----------------------------------------------------------------------===//
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace clang::clangd {
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd
namespace clang::tidy {
extern volatile int TorchModuleAnchorSource;
} // namespace clang::tidy

// clangd's default `FastCheckFilter: Strict` silently drops every check missing
// from its compiled-in table of measured checks, so ours would never reach the
// editor without user configuration. The link wraps clangd's lookup
// (--wrap=clang::clangd::isFastTidyCheck, see tool/CMakeLists.txt) and answers
// for torch-* checks, measured with `--check-tidy-time` at noise level (a few
// percent of AST build time). Other checks keep clangd's own answer. If the
// symbol ever changes, the link fails on the unresolved __real_ symbol.
std::optional<bool> realIsFastTidyCheck(llvm::StringRef Check)
    asm("__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> torchIsFastTidyCheck(llvm::StringRef Check)
    asm("__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> torchIsFastTidyCheck(llvm::StringRef Check) {
  if (Check.starts_with("torch-"))
    return true;
  return realIsFastTidyCheck(Check);
}

int main(int Argc, char *Argv[]) {
  (void)clang::tidy::TorchModuleAnchorSource;
  // clangd installs its own version printer (no room for extra lines), so
  // name the checks' version before it prints and exits.
  for (int I = 1; I < Argc; ++I) {
    const llvm::StringRef Arg(Argv[I]);
    if (Arg == "--version" || Arg == "-version") {
      llvm::outs() << "torchlint-clangd version " << TORCHLINT_VERSION << "\n";
      llvm::outs().flush();
    }
  }
  return clang::clangd::clangdMain(Argc, Argv);
}
