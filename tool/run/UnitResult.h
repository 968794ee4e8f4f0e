//===--- UnitResult.h - what linting one translation unit gave ------------===//
//
// The result of one translation unit, as the result cache stores it and the
// reports read it: clang-tidy's own diagnostics (with fixes and notes), the
// files the unit read, and what it cost.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_RUN_UNITRESULT_H
#define TORCHLINT_RUN_UNITRESULT_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "device/findings/ProjectCalls.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace torchlint::run {

struct UnitResult {
  std::string File;
  std::vector<clang::tidy::ClangTidyError> Diagnostics;
  // Absolute paths of every file the unit read (main file, user and system
  // headers), for the cache key and for --diff.
  std::vector<std::string> Dependencies;
  double Seconds = 0;
  // The unit could not be linted (a crash, a missing file); compiler errors
  // are diagnostics, and count as failures too (hasCompilerErrors).
  bool ToolFailed = false;
  std::string FailureMessage;
  bool FromCache = false;
  // When judged by the callers: what the unit's calls pass to functions other
  // units may define, and which findings depend on it.
  std::optional<clang::tidy::torch::device::ProjectCallFacts> ProjectCalls;

  bool hasCompilerErrors() const;
};

llvm::json::Value toJSON(const clang::tidy::ClangTidyError &Diag);
bool fromJSON(const llvm::json::Value &Value,
              clang::tidy::ClangTidyError &Diag);

// A unit's recorded calls, in the cache and in a shard's JSON report.
llvm::json::Value
toJSON(const clang::tidy::torch::device::ProjectCallFacts &Facts);
bool fromJSON(const llvm::json::Value &Value,
              clang::tidy::torch::device::ProjectCallFacts &Facts);

// The cache's form: diagnostics, dependencies and cost (not File/FromCache).
llvm::json::Value toJSON(const UnitResult &Result);
bool fromJSON(const llvm::json::Value &Value, UnitResult &Result);

} // namespace torchlint::run

#endif
