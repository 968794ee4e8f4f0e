//===--- InstallPrefix.h - where the running binary is installed -*- C++
//-*-===//
#ifndef TORCHLINT_TOOL_INSTALLPREFIX_H
#define TORCHLINT_TOOL_INSTALLPREFIX_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace torchlint {

/// <prefix> for a binary running as <prefix>/bin/<name> (an install, an
/// unpacked package, or the build tree's bin/): its files in share/ are
/// found from there wherever it was moved.
inline llvm::SmallString<256> installPrefix(void *AddressInBinary) {
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(
      llvm::sys::fs::getMainExecutable(nullptr, AddressInBinary)));
}

} // namespace torchlint

#endif
