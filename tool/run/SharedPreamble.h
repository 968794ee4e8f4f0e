//===--- SharedPreamble.h - one precompiled libtorch prefix per flag set --===//
//
// Parsing <torch/torch.h> is nearly all of a unit's lint time. Units that
// start with the same libtorch includes and are compiled with flags that give
// those headers the same meaning share one precompiled header of them, built
// once by clang's library in a child process (compilePreamble, LintUnit.h)
// and kept in the cache directory, keyed on those flags (preambleFlags: not
// the project's own include directories, which differ per target) and the
// headers' contents. Only
// the includes at the top of the main file, before any macro definition or
// conditional, are taken, so the preamble means what the unit's own text means;
// a preamble that cannot be built is simply not used.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_RUN_SHAREDPREAMBLE_H
#define TORCHLINT_RUN_SHAREDPREAMBLE_H

#include "ResultCache.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
} // namespace clang

namespace torchlint::run {

// The libtorch headers (torch/, ATen/, c10/, caffe2/) that \p File includes
// before anything else that could change their meaning, directly or through
// the user headers it starts with (found beside it or in \p SearchPath).
// \p Text: the file's text where it is not the one on disk (an editor's).
std::vector<std::string>
leadingLibtorchIncludes(llvm::StringRef File,
                        const std::vector<std::string> &SearchPath,
                        std::optional<llvm::StringRef> Text = std::nullopt);

struct PreambleRequest {
  std::string Key;                   // names the preamble in the cache
  std::vector<std::string> Includes; // what it precompiles, in order
  std::vector<std::string> Flags;    // the unit's flags without its file
  std::string Directory;             // where the unit is compiled
  // What canonicalize() found to mean nothing to the headers, and left out
  // of Includes and Flags: leading includes that an earlier one of the list
  // already brought in, and -D/-U flags whose macro no file the headers read
  // names.
  std::vector<std::string> Redundant;
  std::vector<std::string> UnusedMacros;
  // Leading includes that a later one of the list brings in anyway, each
  // made into the same text there (`<torch/cuda.h>` before
  // `<torch/torch.h>`): also left out of Includes.
  std::vector<std::string> BroughtInLater;
  // Whether canonicalize() understood it (the fields above are its facts).
  bool Scanned = false;
  // The files its scan read: a macro none of them names cannot change what
  // the preprocessor reads (canonicalizeLike).
  std::shared_ptr<const std::vector<std::string>> ScannedFiles;
  // For an editor (torchlint-clangd), which builds it as clangd builds its
  // own preambles: a different PCH for the same headers and flags.
  bool ForEditor = false;
};

// The flags of a unit compiled in \p Directory (its file \p Main and -c
// left out) that can change what the libtorch headers mean, every path made
// absolute: the language standard and mode, macros, target and ABI flags,
// libtorch's and the system's include paths in order, and a project include
// directory only where it may shadow a libtorch header. Warning flags and
// the project's other include directories are left out.
std::vector<std::string>
preambleFlags(const clang::tooling::CommandLineArguments &Args,
              llvm::StringRef Directory, llvm::StringRef Main);

// The name of the preamble that \p Request's flags and includes make.
std::string keyOf(const PreambleRequest &Request);

// The key of \p Request without its -D and -U flags: requests alike but
// for macros may share one preprocessing (canonicalizeLike).
std::string keyWithoutMacros(const PreambleRequest &Request);

// Gives \p Request the canonical form \p Canonical has, when \p Request
// differs from \p Original (which canonicalize() made into \p Canonical)
// only in -D/-U flags of macros that no file \p Original's headers read
// names (a macro \p Original did not have is looked for in those files):
// a macro never named cannot change what the preprocessor reads, so
// \p Request reads the same files and they mean the same. False, and
// \p Request unchanged, otherwise.
bool canonicalizeLike(PreambleRequest &Request, const PreambleRequest &Original,
                      const PreambleRequest &Canonical);

// What to precompile for \p Command, or nothing (no libtorch prefix).
// \p Text: the main file's text where it is not the one on disk.
std::optional<PreambleRequest>
preambleFor(const clang::tooling::CompileCommand &Command,
            std::optional<llvm::StringRef> Text = std::nullopt);

// Makes \p Invocation, a unit's, compile \p Header (a preamble's includes)
// into the PCH \p Output, writing the files it reads as a make rule to
// \p Depfile: the unit's language options, which a PCH must match, no
// warnings, and function bodies skipped where the parser's consumer allows
// it (clangd's preambles skip all of them).
void makePreambleCompile(clang::CompilerInvocation &Invocation,
                         llvm::StringRef Header, llvm::StringRef Output,
                         llvm::StringRef Depfile);

class PreambleStore {
public:
  PreambleStore(std::string Directory, FileHashes &Hashes);

  // clang++-19, which scans requests and names the driver of their builds.
  llvm::StringRef compiler() const { return Compiler; }
  // The path of an up-to-date PCH for \p Request, if one is there.
  std::optional<std::string> existing(const PreambleRequest &Request);
  // Compiles \p Header (the request's includes) into the PCH \p Output,
  // writing the files it read as a make rule to \p Depfile; whether it did.
  using PreambleCompiler = llvm::function_ref<bool(
      llvm::StringRef Header, llvm::StringRef Output, llvm::StringRef Depfile)>;
  // Builds it with \p Compile; the path, or nothing if it could not be
  // built.
  std::optional<std::string> build(const PreambleRequest &Request,
                                   PreambleCompiler Compile);
  // Leaves out of \p Request what cannot change what its headers mean, and
  // keys it anew, from the facts of one preprocessing of its includes with
  // its flags (clang++-19 -E -H, kept in the cache beside the preambles and
  // trusted while the files it read are unchanged): an include the
  // preprocessor did not enter (#pragma once, or a guard, after an earlier
  // include brought it in), and a macro of a -D or -U flag that no file it
  // read names. Units whose lists or flags differ only so share a preamble.
  // A request it cannot scan is left as it is.
  void canonicalize(PreambleRequest &Request);
  // The canonical forms of requests alike but for -D/-U flags (one
  // keyWithoutMacros), in their order: the one with the most flags (the
  // most macros) is scanned first, and a later one takes an earlier one's
  // scan where the macros they differ in mean nothing there
  // (canonicalizeLike).
  std::vector<PreambleRequest>
  canonicalizeAlike(const std::vector<PreambleRequest> &Alike);

private:
  // What one preprocessing of \p Includes with \p Request's flags read: the
  // files entered, in order, with their depth, and (with \p KeepText) what
  // the text of each became.
  struct Preprocessed {
    std::vector<std::pair<unsigned, std::string>> Files;
    llvm::StringMap<std::string> Text;
  };
  std::optional<Preprocessed>
  preprocess(const PreambleRequest &Request,
             const std::vector<std::string> &Includes, bool KeepText);
  // Leaves out of \p Entered, and returns, the includes that a later one of
  // it brings in anyway: the list without one reads the same files, the
  // left-out one among them, and each becomes the same text. Only the
  // place of a self-contained header among the declarations differs, as it
  // does for the system headers a unit includes before libtorch's.
  std::vector<std::string> broughtInLater(const PreambleRequest &Request,
                                          std::vector<std::string> &Entered,
                                          Preprocessed Whole);
  std::string pathOf(const PreambleRequest &Request,
                     llvm::StringRef Extension) const;
  // Runs the compiler with \p Args in \p Directory, its stderr to
  // \p Stderr (or nowhere); its exit status, -1 if it could not run.
  int runCompiler(const std::vector<std::string> &Args,
                  llvm::StringRef Directory, llvm::StringRef Stderr) const;

  std::string Directory;
  FileHashes &Hashes;
  std::string Compiler;
};

} // namespace torchlint::run

#endif
