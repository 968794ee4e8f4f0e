//===--- ApplyFixes.cpp - each fix of a run applied once ------------------===//
#include "ApplyFixes.h"
#include "ResultCache.h"

#include "clang/Format/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>

using clang::tooling::Replacements;

namespace torchlint::run {

FixOutcome applyFixes(const std::vector<clang::tidy::ClangTidyError> &Findings,
                      bool FromNotes) {
  FixOutcome Outcome;
  std::map<std::string, Replacements> PerFile;
  for (const auto &Diag : Findings) {
    const llvm::StringMap<Replacements> *Fix =
        clang::tidy::getFixIt(Diag, FromNotes);
    if (!Fix || Fix->empty())
      continue;
    // All of a finding's replacements, or none of them.
    std::map<std::string, Replacements> Tentative = PerFile;
    bool Fits = true;
    for (const auto &FileFix : *Fix)
      for (const auto &R : FileFix.second)
        if (llvm::Error E = Tentative[FileFix.first().str()].add(R)) {
          llvm::consumeError(std::move(E));
          Fits = false;
        }
    if (!Fits) {
      ++Outcome.Conflicts;
      continue;
    }
    PerFile = std::move(Tentative);
    ++Outcome.Applied;
  }
  for (const auto &[File, Replaces] : PerFile) {
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer) {
      Outcome.Errors.push_back(File + ": " + Buffer.getError().message());
      continue;
    }
    llvm::StringRef Code = (*Buffer)->getBuffer();
    // As clang-tidy --fix: clean up around the replacements (a comma left
    // dangling), formatting nothing else.
    auto Style = clang::format::getStyle("none", File, "none");
    Replacements Cleaned = Replaces;
    if (Style) {
      if (auto Clean =
              clang::format::cleanupAroundReplacements(Code, Replaces, *Style))
        Cleaned = *Clean;
      else
        llvm::consumeError(Clean.takeError());
    } else {
      llvm::consumeError(Style.takeError());
    }
    auto Fixed = clang::tooling::applyAllReplacements(Code, Cleaned);
    if (!Fixed) {
      Outcome.Errors.push_back(File + ": " + llvm::toString(Fixed.takeError()));
      continue;
    }
    if (!writeFileAtomically(File, *Fixed)) {
      Outcome.Errors.push_back(File + ": could not be written");
      continue;
    }
    Outcome.ChangedFiles.push_back(File);
  }
  return Outcome;
}

} // namespace torchlint::run
