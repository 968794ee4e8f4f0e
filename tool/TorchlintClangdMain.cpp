//===--- TorchlintClangdMain.cpp - clangd with the torch module -----------===//
//
// clangd cannot load clang-tidy plugins; editors get the torch-* checks from a
// clangd that links them. Debian ships libclangdMain.a without headers.
//
//===----------------------------------------------------------------------===//
#include "CheckDocs.h"
#include "ClangdDocLinks.h"
#include "NvccCommands.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <optional>
#include <string>

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
std::optional<bool> realIsFastTidyCheck(llvm::StringRef Check) asm(
    "__real__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> torchIsFastTidyCheck(llvm::StringRef Check) asm(
    "__wrap__ZN5clang6clangd15isFastTidyCheckEN4llvm9StringRefE");
std::optional<bool> torchIsFastTidyCheck(llvm::StringRef Check) {
  if (Check.starts_with("torch-"))
    return true;
  return realIsFastTidyCheck(Check);
}

// clangd reads each compile_commands.json into a database and hands it to
// inferMissingCompileCommands (for headers and new files); the link wraps that
// call (--wrap, see tool/CMakeLists.txt) so that nvcc commands are read as
// clang's (NvccCommands.h) before clangd fills in the missing ones from them.
using clang::tooling::CompilationDatabase;
using InferMissingCompileCommands =
    std::unique_ptr<CompilationDatabase>(std::unique_ptr<CompilationDatabase>);
InferMissingCompileCommands
    realInferMissingCompileCommands asm(TORCHLINT_REAL_INFER_MISSING_COMMANDS);
InferMissingCompileCommands
    inferMissingReadingNvcc asm(TORCHLINT_WRAP_INFER_MISSING_COMMANDS);
std::unique_ptr<CompilationDatabase>
inferMissingReadingNvcc(std::unique_ptr<CompilationDatabase> Base) {
  return realInferMissingCompileCommands(torchlint::readingNvccCommands(
      std::move(Base),
      torchlint::installedCudaHeadersDir(
          reinterpret_cast<void *>(&inferMissingReadingNvcc))));
}

/// Where the editor's "more information" link of a torch-* diagnostic
/// points: TORCHLINT_DOCS_URL when set (a team's own copy of docs/checks),
/// else the pages installed beside this binary.
static std::string checkDocsUrl() {
  if (const char *Url = std::getenv("TORCHLINT_DOCS_URL"); Url && *Url)
    return llvm::StringRef(Url).rtrim('/').str();
  return torchlint::installedCheckDocsUrl(
      reinterpret_cast<void *>(&checkDocsUrl));
}

int main(int Argc, char *Argv[]) {
  (void)clang::tidy::TorchModuleAnchorSource;
  // clangd installs its own version printer (no room for extra lines), so
  // name the checks' version before it prints and exits.
  bool PrintsAndExits = false;
  for (int I = 1; I < Argc; ++I) {
    const llvm::StringRef Arg(Argv[I]);
    PrintsAndExits |= Arg.starts_with("--help") || Arg.starts_with("-help");
    if (Arg == "--version" || Arg == "-version") {
      PrintsAndExits = true;
      llvm::outs() << "torchlint-clangd version " << TORCHLINT_VERSION << "\n";
      llvm::outs().flush();
    }
  }
  std::optional<torchlint::ClangdDocLinks> Links;
  if (!PrintsAndExits)
    Links.emplace(checkDocsUrl());
  const int Status = clang::clangd::clangdMain(Argc, Argv);
  Links.reset();
  return Status;
}
