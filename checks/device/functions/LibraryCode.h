//===--- LibraryCode.h - libtorch's headers, however they are included ----===//
//
// libtorch's inline functions are not the user's code, whether its include
// root is given with -isystem or with -I (plain Makefiles, old CMake, many
// tutorials). A file is library code when it lies in a system header, or
// under an include root that holds libtorch's tree (torch/, ATen/, c10/,
// caffe2/) or torchlint's runtime headers.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FUNCTIONS_LIBRARYCODE_H
#define TORCHLINT_CHECKS_DEVICE_FUNCTIONS_LIBRARYCODE_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace clang::tidy::torch::device {

class LibraryCode {
public:
  explicit LibraryCode(const SourceManager &SM) : SM(SM) {}

  /// Whether \p Loc (its expansion, for macros) is in library code.
  bool contains(SourceLocation Loc);

  /// Whether the file at \p Path lies under an include root of libtorch or
  /// of the torchlint runtime: a folder named torch, ATen, c10, caffe2 or
  /// torchlint whose parent holds that library's marker files.
  static bool isLibraryPath(llvm::StringRef Path,
                            llvm::StringMap<bool> *RootCache = nullptr);

private:
  const SourceManager &SM;
  llvm::DenseMap<FileID, bool> ByFile;
  llvm::StringMap<bool> ByRoot;
};

} // namespace clang::tidy::torch::device

#endif
