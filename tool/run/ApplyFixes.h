//===--- ApplyFixes.h - each fix of a run applied once --------------------===//
//
// What clang-apply-replacements does after a run-clang-tidy --export-fixes:
// a header's fix found through many units is applied once, a fix that
// overlaps one already taken is left out whole, and every file is written
// once.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_RUN_APPLYFIXES_H
#define TORCHLINT_RUN_APPLYFIXES_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include <string>
#include <vector>

namespace torchlint::run {

struct FixOutcome {
  unsigned Applied = 0;   // findings whose fix was applied
  unsigned Conflicts = 0; // left out: they overlap another fix
  std::vector<std::string> ChangedFiles;
  std::vector<std::string> Errors; // files that could not be read or written
};

// \p FromNotes: also apply fixes clang-tidy offers on notes (--fix-notes).
FixOutcome applyFixes(const std::vector<clang::tidy::ClangTidyError> &Findings,
                      bool FromNotes);

} // namespace torchlint::run

#endif
