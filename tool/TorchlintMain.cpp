//===--- TorchlintMain.cpp - clang-tidy with the torch module -------------===//
//
// Debian ships clang-tidy's driver as libclangTidyMain.a but not its headers,
// so the entry point is declared here.
//
//===----------------------------------------------------------------------===//
#include "NvccCommands.h"

#include "clang-tidy/ClangTidy.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy {
int clangTidyMain(int Argc, const char **Argv);
// Defined next to the module registration: referencing it keeps the module.
extern volatile int TorchModuleAnchorSource;
} // namespace clang::tidy

using clang::tidy::ClangTidyContext;
using clang::tidy::ClangTidyError;
using clang::tooling::CompilationDatabase;

// clang-tidy's driver hands the compile database it loaded to runClangTidy;
// nvcc commands in it are read as clang's there (NvccCommands.h). The link
// wraps the call (--wrap, see tool/CMakeLists.txt); if the symbol ever
// changes, the link fails on the unresolved __real_ symbol.
using RunClangTidy = std::vector<ClangTidyError>(
    ClangTidyContext &, const CompilationDatabase &,
    llvm::ArrayRef<std::string>,
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem>, bool, bool,
    llvm::StringRef);
RunClangTidy realRunClangTidy asm(TORCHLINT_REAL_RUN_CLANG_TIDY);
RunClangTidy runClangTidyReadingNvcc asm(TORCHLINT_WRAP_RUN_CLANG_TIDY);

std::vector<ClangTidyError> runClangTidyReadingNvcc(
    ClangTidyContext &Context, const CompilationDatabase &Compilations,
    llvm::ArrayRef<std::string> InputFiles,
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
    bool ApplyAnyFix, bool EnableCheckProfile,
    llvm::StringRef StoreCheckProfile) {
  auto Reading = torchlint::readingNvccCommands(
      Compilations, torchlint::installedCudaHeadersDir(
                        reinterpret_cast<void *>(&realRunClangTidy)));
  return realRunClangTidy(Context, *Reading, InputFiles, std::move(BaseFS),
                          ApplyAnyFix, EnableCheckProfile, StoreCheckProfile);
}

int main(int Argc, const char **Argv) {
  (void)clang::tidy::TorchModuleAnchorSource;
  // `torchlint --version` names the checks' version too, e.g. for CI caches.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "torchlint version " << TORCHLINT_VERSION << "\n";
  });
  return clang::tidy::clangTidyMain(Argc, Argv);
}
