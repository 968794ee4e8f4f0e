//===--- CheckDocs.h - where the check pages are --------------*- C++ -*-===//
#ifndef TORCHLINT_TOOL_CHECKDOCS_H
#define TORCHLINT_TOOL_CHECKDOCS_H

#include "InstallPrefix.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <string>

namespace torchlint {

/// The base URL of the torch-* check pages (`<base>/<check>.md`): the pages
/// installed beside the running binary (<prefix>/share/doc/torchlint/checks
/// for <prefix>/bin), so that a relocated install or an unpacked package
/// links its own; for a build tree, those of the source tree it was built
/// from (TORCHLINT_SOURCE_DOCS_DIR).
inline std::string installedCheckDocsUrl(void *AddressInBinary) {
  llvm::SmallString<256> Pages = installPrefix(AddressInBinary);
  llvm::sys::path::append(Pages, "share", "doc", "torchlint", "checks");
  if (!llvm::sys::fs::is_directory(Pages))
    Pages = TORCHLINT_SOURCE_DOCS_DIR;
  return "file://" + std::string(Pages);
}

} // namespace torchlint

#endif
