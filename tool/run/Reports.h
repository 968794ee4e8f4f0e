//===--- Reports.h - findings of a run, in the formats CI systems read ----===//
#ifndef TORCHLINT_RUN_REPORTS_H
#define TORCHLINT_RUN_REPORTS_H

#include "UnitResult.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <string>
#include <vector>

namespace torchlint::run {

// A position in a file, as editors count: 1-based line, 1-based byte column.
struct Position {
  unsigned Line = 0;
  unsigned Column = 0;
};

// File contents for turning byte offsets into positions and source lines.
class SourceFiles {
public:
  Position positionOf(llvm::StringRef File, unsigned Offset);
  llvm::StringRef lineText(llvm::StringRef File, unsigned Line);

private:
  struct Text {
    std::string Contents;
    std::vector<unsigned> LineStarts;
  };
  const Text &load(llvm::StringRef File);
  llvm::StringMap<Text> Files;
};

struct RunSummary {
  unsigned Units = 0;
  unsigned Cached = 0;
  unsigned Failed = 0;
  double Seconds = 0;
  std::map<std::string, unsigned> FindingsPerCheck;
  std::vector<std::string> Problems; // one line each: failed units, cache
  // With --shard: "I/N" and the id of the whole split, so that merging can
  // tell shards that split the project differently.
  std::string Shard;
  std::string SplitId;
};

enum class ReportFormat { Text, Json, Sarif, Github, Codeclimate };

struct ReportSettings {
  ReportFormat Format = ReportFormat::Text;
  // Where a check's documentation lives: <DocsUrl>/<check>.md for torch-*.
  std::string DocsUrl;
  // Paths in GitHub annotations and Code Quality reports are relative to it.
  std::string Root;
  bool Color = false;
};

// One finding per defect: a header's finding reached through several units
// (or shards) is reported once, where it was first seen.
std::vector<clang::tidy::ClangTidyError>
uniqueFindings(const std::vector<clang::tidy::ClangTidyError> &All);

void writeReport(llvm::raw_ostream &OS, const ReportSettings &Settings,
                 const std::vector<clang::tidy::ClangTidyError> &Findings,
                 const std::vector<UnitResult> &Units,
                 const RunSummary &Summary, SourceFiles &Sources);

// Which shard a report holds: "I/N" of the split with that id (both empty
// for a whole run).
struct ShardOfSplit {
  std::string Part;
  std::string Split;
};

// Reads back a report written with --format json (a shard's), adding its
// units (with their recorded calls) and findings, for `torchlint-run merge`.
bool readJsonReport(llvm::StringRef Path, std::vector<UnitResult> &Units,
                    std::vector<clang::tidy::ClangTidyError> &Findings,
                    ShardOfSplit &Shard, std::string &Error);

} // namespace torchlint::run

#endif
