//===--- LintUnit.h - clang-tidy over one translation unit, in-process ----===//
//
// Runs the enabled checks over one translation unit the way clang-tidy does,
// with two differences that make a project run fast: the matchers and the
// torch checks' function walk visit only the main file's declarations (and
// those of user headers the header filter names), never the library's; and a
// precompiled preamble can stand in for the headers the unit starts with.
// Safe to call from several threads: every call builds its own context,
// options provider, diagnostics consumer and file system.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_RUN_LINTUNIT_H
#define TORCHLINT_RUN_LINTUNIT_H

#include "SharedPreamble.h"
#include "UnitResult.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <functional>
#include <memory>

namespace torchlint::run {

struct LintSettings {
  // A fresh provider per unit: clang-tidy's providers cache per directory
  // without a lock.
  std::function<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>()>
      MakeOptionsProvider;
  bool AllowAlphaCheckers = false;
  // Keep fixes that clang-tidy attaches to notes (--fix-notes).
  bool FixesFromNotes = false;
  // Record what the unit's calls pass to functions other units may define
  // (a run over every unit, or a shard).
  bool RecordProjectCalls = false;
};

// Lints \p Command's file. \p PrecompiledPreamble, when not empty, is a PCH
// built from the unit's leading libtorch includes with the same flags.
UnitResult lintUnit(const clang::tooling::CompileCommand &Command,
                    const LintSettings &Settings,
                    llvm::StringRef PrecompiledPreamble = {});

// Compiles \p Header, a preamble's includes, into the PCH \p Output as the
// lint of \p Request's units parses (their flags, \p Compiler naming the
// driver), writing the files it read as a make rule to \p Depfile; whether it
// did. The headers' plain functions keep no bodies; templates keep theirs,
// instantiated once. It runs in a child process, \p Self (this program)
// with BuildPreambleFlag: the memory of a parse of the libtorch headers then
// goes back to the system when it ends, not to the heap of the process
// that lints the units.
bool compilePreamble(llvm::StringRef Self, const PreambleRequest &Request,
                     llvm::StringRef Compiler, llvm::StringRef Header,
                     llvm::StringRef Output, llvm::StringRef Depfile);

// The child's side: `Self BuildPreambleFlag DIRECTORY HEADER OUTPUT DEPFILE
// COMPILER FLAGS...`, \p Args being what follows the flag; its exit status.
inline constexpr llvm::StringLiteral BuildPreambleFlag = "--build-preamble";
int buildPreambleMain(llvm::ArrayRef<const char *> Args);

// The clang-tidy options in effect for \p File (.clang-tidy files,
// --config, --checks): part of the result cache's key.
clang::tidy::ClangTidyOptions optionsFor(const LintSettings &Settings,
                                         llvm::StringRef File);

} // namespace torchlint::run

#endif
