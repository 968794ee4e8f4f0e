//===--- ResultCache.h - lint results keyed on everything they depend on --===//
//
// A unit's result is stored under a key made of torchlint's identity (its
// version and the binary itself), the effective configuration, the compile
// command and the main file's contents. The entry lists every file the unit
// read with its content hash; a lookup answers only while all of them are
// unchanged (ccache's "direct mode"). Entries are plain files, written
// atomically, so a directory can be shared between runs and machines through
// a CI cache; with a URL they are also fetched and stored by HTTP GET/PUT
// (the protocol of ccache's and Bazel's HTTP caches), through curl. A server
// that is down or slow costs one warning, never the run.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_RUN_RESULTCACHE_H
#define TORCHLINT_RUN_RESULTCACHE_H

#include "RunFiles.h"
#include "UnitResult.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include <atomic>
#include <mutex>
#include <optional>
#include <string>

namespace torchlint::run {

/// The layout and key format of the cache directory (results and shared
/// preambles); a change to either bumps it, so old entries are never read.
inline constexpr llvm::StringLiteral CacheGeneration = "v1";

// Content hashes of files, each file read once per run.
class FileHashes {
public:
  // Hex BLAKE3 of the file's contents; "missing" when it cannot be read.
  std::string of(llvm::StringRef Path);

private:
  std::mutex Lock;
  llvm::StringMap<std::string> Known;
};

// What the cache remembers of a file's last run, for --shard and --diff.
struct LastRun {
  double Seconds = 0;
  std::vector<std::string> Dependencies;
};

class ResultCache {
public:
  ResultCache(std::string Directory, std::string RemoteUrl,
              std::string ToolIdentity, FileHashes &Hashes);

  // \p Options: the clang-tidy options in effect for the file; a rules
  // file an option names counts with its contents.
  std::string keyFor(const clang::tooling::CompileCommand &Command,
                     const clang::tidy::ClangTidyOptions &Options);
  std::optional<UnitResult> lookup(llvm::StringRef Key);
  void store(llvm::StringRef Key, const UnitResult &Result);

  std::optional<LastRun> lastRun(llvm::StringRef File) const;

  // One line for the summary when the remote cache failed, else empty.
  std::string remoteProblem() const;

private:
  std::string entryPath(llvm::StringRef Key) const;
  std::string lastRunPath(llvm::StringRef File) const;
  bool fetchRemote(llvm::StringRef Key, llvm::StringRef Into);
  void storeRemote(llvm::StringRef Key, llvm::StringRef From);
  void remoteFailed(llvm::StringRef What);

  std::string Directory;
  std::string RemoteUrl;
  std::string ToolIdentity;
  FileHashes &Hashes;
  std::string Curl;
  std::atomic<bool> RemoteDown{false};
  mutable std::mutex ProblemLock;
  std::string Problem;
};

// torchlint-run's own identity for cache keys: the version and a hash of
// the running binary, so that any rebuild starts a new cache generation.
std::string toolIdentity(const char *Argv0, void *MainAddress);

} // namespace torchlint::run

#endif
