//===--- UnitSelection.h - which translation units a run lints ------------===//
#ifndef TORCHLINT_RUN_UNITSELECTION_H
#define TORCHLINT_RUN_UNITSELECTION_H

#include "ResultCache.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace torchlint::run {

// One command per source file of the database (the first, as run-clang-tidy
// does), with the file's absolute path, sorted by path. Files matching none
// of \p Patterns (regular expressions, as run-clang-tidy's) are left out.
std::vector<clang::tooling::CompileCommand>
unitsOf(const clang::tooling::CompilationDatabase &Database,
        const std::vector<std::string> &Patterns, std::string &Error);

// The lines a change touches: `git diff -U0 <Base>` in the repository that
// holds the current directory. Absolute file path -> changed line numbers
// of its new version (a deleted line marks the line after it).
struct ChangedLines {
  std::map<std::string, std::set<unsigned>> Files;
  bool touches(llvm::StringRef File, unsigned Line) const;
};
bool changedSince(llvm::StringRef Base, ChangedLines &Changes,
                  std::string &Error);

// The units whose main file or any file they read last time changed. A unit
// the cache has never seen is kept.
std::vector<clang::tooling::CompileCommand>
unitsTouchedBy(const std::vector<clang::tooling::CompileCommand> &Units,
               const ChangedLines &Changes, const ResultCache *Cache);

// Shard \p Index (1-based) of \p Count: units split into Count groups of
// about equal last known cost (longest first onto the least loaded shard),
// the same split on every machine that sees the same cache. \p SplitId
// names the whole split, so that merging can tell shards that disagree.
std::vector<clang::tooling::CompileCommand>
shardOf(const std::vector<clang::tooling::CompileCommand> &Units,
        unsigned Index, unsigned Count, const ResultCache *Cache,
        std::string &SplitId);

} // namespace torchlint::run

#endif
