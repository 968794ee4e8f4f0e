//===--- RunFiles.h - file helpers torchlint-run's stages share -----------===//
#ifndef TORCHLINT_RUN_RUNFILES_H
#define TORCHLINT_RUN_RUNFILES_H

#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>

namespace torchlint::run {

// \p Path made absolute against \p Directory, without "." and ".." parts:
// the one spelling of a file in keys, dependency lists and reports.
std::string absolutePath(llvm::StringRef Directory, llvm::StringRef Path);

// Adds \p Field to a hash, length-prefixed so that fields cannot run into
// each other.
void addHashField(llvm::BLAKE3 &Hasher, llvm::StringRef Field);

// The JSON in \p Path, or nothing when it cannot be read or parsed.
std::optional<llvm::json::Value> readJSONFile(llvm::StringRef Path);

// Writes \p Contents to \p Path through a temporary file and a rename, so
// that a concurrent reader sees the old or the new file, never half of one.
bool writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace torchlint::run

#endif
