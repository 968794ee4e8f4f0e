//===--- RunFiles.cpp - file helpers torchlint-run's stages share ---------===//
#include "RunFiles.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace torchlint::run {

std::string absolutePath(llvm::StringRef Directory, llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  if (!path::is_absolute(Absolute))
    fs::make_absolute(Directory, Absolute);
  path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

void addHashField(llvm::BLAKE3 &Hasher, llvm::StringRef Field) {
  Hasher.update(std::to_string(Field.size()));
  Hasher.update(":");
  Hasher.update(Field);
}

std::optional<llvm::json::Value> readJSONFile(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  auto Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  return std::move(*Parsed);
}

bool writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents) {
  if (fs::create_directories(path::parent_path(Path)))
    return false;
  llvm::Error Written = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Contents;
    return llvm::Error::success();
  });
  if (Written) {
    llvm::consumeError(std::move(Written));
    return false;
  }
  return true;
}

} // namespace torchlint::run
