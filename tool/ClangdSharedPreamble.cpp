//===--- ClangdSharedPreamble.cpp - one libtorch preamble for the editor --===//
//
// clangd builds a preamble per file, and for a file that starts with
// <torch/torch.h> that is seconds of parsing before its first diagnostic,
// again for every file. The link wraps clangd's buildPreamble (--wrap, as
// for isFastTidyCheck): the libtorch includes a file starts with, and the
// flags that give them their meaning, name a PCH in torchlint's cache
// (run/SharedPreamble.h), built once from clangd's own invocation; the
// file's preamble is built on top of it and holds only what follows.
// clangd drops a compile command's -include-pch (a build's PCH may come from
// another compiler), and torchlint-run's PCH keeps function bodies, whose
// vtables every reparse over it would instantiate again: hence one of the
// editor's own, built as clangd builds its preambles.
//
//===----------------------------------------------------------------------===//
#include "run/SharedPreamble.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

// clangd's headers are not installed; the wrapped functions' parameter types
// are only passed through.
namespace clang::clangd {
struct ParseInputs;
struct PreambleData;
struct PreambleBuildStats;
class CapturedASTCtx;
struct StdLibLocation;
class ThreadsafeFS;
} // namespace clang::clangd
namespace clang::include_cleaner {
class PragmaIncludes;
} // namespace clang::include_cleaner

namespace {

using PreambleCallback = std::function<void(
    clang::clangd::CapturedASTCtx,
    std::shared_ptr<const clang::include_cleaner::PragmaIncludes>)>;

} // namespace

namespace torchlint {
// Stands for clangd's SymbolSlab, which is returned in memory the caller
// provides (it has a destructor): the wrapper only hands the real function
// that memory, so neither the layout nor the destructor is needed.
struct SymbolSlabResult {
  ~SymbolSlabResult();
};
} // namespace torchlint
using torchlint::SymbolSlabResult;

#define BUILD_PREAMBLE                                                         \
  "_ZN5clang6clangd13buildPreambleEN4llvm9StringRefENS_18CompilerInvocationE"  \
  "RKNS0_11ParseInputsEbSt8functionIFvNS0_14CapturedASTCtxESt10shared_ptrIKNS" \
  "_15include_cleaner14PragmaIncludesEEEEPNS0_18PreambleBuildStatsE"
#define INDEX_STANDARD_LIBRARY                                                 \
  "_ZN5clang6clangd20indexStandardLibraryESt10unique_ptrINS_18CompilerInvocat" \
  "ionESt14default_deleteIS2_EERKNS0_14StdLibLocationERKNS0_12ThreadsafeFSE"

std::shared_ptr<const clang::clangd::PreambleData> realBuildPreamble(
    llvm::StringRef, clang::CompilerInvocation,
    const clang::clangd::ParseInputs &, bool, PreambleCallback,
    clang::clangd::PreambleBuildStats *) asm("__real_" BUILD_PREAMBLE);
std::shared_ptr<const clang::clangd::PreambleData> torchBuildPreamble(
    llvm::StringRef, clang::CompilerInvocation,
    const clang::clangd::ParseInputs &, bool, PreambleCallback,
    clang::clangd::PreambleBuildStats *) asm("__wrap_" BUILD_PREAMBLE);
SymbolSlabResult realIndexStandardLibrary(
    std::unique_ptr<clang::CompilerInvocation>,
    const clang::clangd::StdLibLocation &,
    const clang::clangd::ThreadsafeFS &) asm("__real_" INDEX_STANDARD_LIBRARY);
SymbolSlabResult torchIndexStandardLibrary(
    std::unique_ptr<clang::CompilerInvocation>,
    const clang::clangd::StdLibLocation &,
    const clang::clangd::ThreadsafeFS &) asm("__wrap_" INDEX_STANDARD_LIBRARY);

namespace {

// clangd's ParseInputs starts with the file's compile command, the file
// system and the file's text (Compiler.h, so since clangd 12).
struct ParseInputsPrefix {
  clang::tooling::CompileCommand CompileCommand;
  const void *FileSystem;
  std::string Contents;
};

// Where the editor's preambles are kept: TORCHLINT_CACHE_DIR ("none": not
// at all), else the nearest .torchlint-cache at or above \p Directory
// (torchlint-run's, beside the compile database; CMake compiles each target
// in a folder below it), else the user's cache folder.
std::optional<std::string> cacheFor(llvm::StringRef Directory) {
  if (const char *Env = std::getenv("TORCHLINT_CACHE_DIR"); Env && *Env) {
    if (llvm::StringRef(Env) == "none")
      return std::nullopt;
    return std::string(Env);
  }
  for (llvm::StringRef Dir = Directory; !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, ".torchlint-cache");
    if (llvm::sys::fs::is_directory(Candidate))
      return std::string(Candidate);
  }
  llvm::SmallString<256> User;
  if (!llvm::sys::path::cache_directory(User))
    return std::nullopt;
  llvm::sys::path::append(User, "torchlint");
  return std::string(User);
}

// Each preamble is built once at a time (files opened together wait for
// the first and share what it built), and one that failed is not tried
// again while the editor runs: the file's own preamble is built instead.
struct PreambleBuilds {
  std::mutex Building;
  bool Failed = false;
};

PreambleBuilds &buildsOf(llvm::StringRef Key) {
  static std::mutex Guard;
  static llvm::StringMap<std::unique_ptr<PreambleBuilds>> Builds;
  std::lock_guard<std::mutex> Hold(Guard);
  std::unique_ptr<PreambleBuilds> &Entry = Builds[Key];
  if (!Entry)
    Entry = std::make_unique<PreambleBuilds>();
  return *Entry;
}

// Compiles the preamble's \p Header to \p Output as clangd compiles its
// preambles (\p Invocation is the one clangd made for the file): the same
// language options, which a PCH must match, and no function bodies, whose
// vtables every AST over the preamble would otherwise instantiate again.
bool compileForEditor(const clang::CompilerInvocation &Invocation,
                      llvm::StringRef Directory, llvm::StringRef Header,
                      llvm::StringRef Output, llvm::StringRef Depfile) {
  auto Preamble = std::make_shared<clang::CompilerInvocation>(Invocation);
  if (Preamble->getFrontendOpts().Inputs.size() != 1)
    return false;
  torchlint::run::makePreambleCompile(*Preamble, Header, Output, Depfile);

  clang::CompilerInstance Clang;
  Clang.setInvocation(std::move(Preamble));
  clang::IgnoringDiagConsumer Quiet;
  Clang.createDiagnostics(&Quiet, /*ShouldOwnClient=*/false);
  // The compile command's relative paths are relative to its directory.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files =
      llvm::vfs::createPhysicalFileSystem();
  Files->setCurrentWorkingDirectory(Directory);
  Clang.createFileManager(std::move(Files));
  clang::GeneratePCHAction Generate;
  return Clang.ExecuteAction(Generate) &&
         !Clang.getDiagnostics().hasErrorOccurred();
}

// The libtorch preamble for a file compiled by \p Command with \p Text
// (clangd's \p Invocation): the one in the cache while its headers are
// unchanged, else built now.
std::optional<std::string>
sharedPreambleFor(const clang::tooling::CompileCommand &Command,
                  llvm::StringRef Text,
                  const clang::CompilerInvocation &Invocation) {
  std::optional<torchlint::run::PreambleRequest> Request =
      torchlint::run::preambleFor(Command, Text);
  std::optional<std::string> Cache;
  if (Request)
    Cache = cacheFor(Command.Directory);
  if (!Cache)
    return std::nullopt;
  Request->ForEditor = true;
  // Built from clangd's invocation, not from these flags: they only key it,
  // with what else the PCH must match (the clang that reads it, the file's
  // language and target), since the cache outlives an upgrade.
  const clang::FrontendOptions &Frontend = Invocation.getFrontendOpts();
  Request->Flags.push_back("clang " + clang::getClangFullVersion());
  Request->Flags.push_back(
      "language " +
      std::to_string(static_cast<int>(
          Frontend.Inputs.empty()
              ? clang::Language::Unknown
              : Frontend.Inputs.front().getKind().getLanguage())));
  Request->Flags.push_back("target " + Invocation.getTargetOpts().Triple);
  Request->Key = torchlint::run::keyOf(*Request);
  torchlint::run::FileHashes Hashes;
  torchlint::run::PreambleStore Store(*Cache, Hashes);
  PreambleBuilds &Builds = buildsOf(Request->Key);
  std::lock_guard<std::mutex> Building(Builds.Building);
  if (std::optional<std::string> Pch = Store.existing(*Request))
    return Pch;
  if (Builds.Failed)
    return std::nullopt;
  std::optional<std::string> Built =
      Store.build(*Request, [&](llvm::StringRef Header, llvm::StringRef Output,
                                llvm::StringRef Depfile) {
        return compileForEditor(Invocation, Command.Directory, Header, Output,
                                Depfile);
      });
  Builds.Failed = !Built;
  return Built;
}

} // namespace

std::shared_ptr<const clang::clangd::PreambleData> torchBuildPreamble(
    llvm::StringRef FileName, clang::CompilerInvocation Invocation,
    const clang::clangd::ParseInputs &Inputs, bool StoreInMemory,
    PreambleCallback Callback, clang::clangd::PreambleBuildStats *Stats) {
  const auto &Prefix = reinterpret_cast<const ParseInputsPrefix &>(Inputs);
  if (std::optional<std::string> Pch =
          sharedPreambleFor(Prefix.CompileCommand, Prefix.Contents, Invocation))
    Invocation.getPreprocessorOpts().ImplicitPCHInclude = *Pch;
  return realBuildPreamble(FileName, std::move(Invocation), Inputs,
                           StoreInMemory, std::move(Callback), Stats);
}

// clangd indexes the standard library in the invocation that built the
// first preamble, and refuses one that includes a PCH: the standard
// headers are read from source either way.
SymbolSlabResult
torchIndexStandardLibrary(std::unique_ptr<clang::CompilerInvocation> Invocation,
                          const clang::clangd::StdLibLocation &Location,
                          const clang::clangd::ThreadsafeFS &FS) {
  Invocation->getPreprocessorOpts().ImplicitPCHInclude.clear();
  return realIndexStandardLibrary(std::move(Invocation), Location, FS);
}
