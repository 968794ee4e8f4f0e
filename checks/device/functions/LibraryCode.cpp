//===--- LibraryCode.cpp - libtorch's headers, however they are included --===//
#include "device/functions/LibraryCode.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::torch::device {

namespace {

/// Files that only libtorch's (or the runtime's) include tree has below a
/// folder of that name, so that a project's own `torch/` folder is not taken
/// for the library.
bool rootHoldsLibrary(llvm::StringRef Root, llvm::StringRef Folder) {
  auto Has = [&](llvm::StringRef Rel) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, Folder, Rel);
    return llvm::sys::fs::exists(P);
  };
  if (Folder == "torch")
    return Has("torch.h") || Has("script.h") || Has("csrc");
  if (Folder == "ATen")
    return Has("ATen.h") || Has("core");
  if (Folder == "c10")
    return Has("core") && Has("util");
  if (Folder == "caffe2")
    return Has("serialize") || Has("core");
  if (Folder == "torchlint")
    return Has("torchlint.h");
  return false;
}

} // namespace

bool LibraryCode::isLibraryPath(llvm::StringRef Path,
                                llvm::StringMap<bool> *RootCache) {
  auto Holds = [&](llvm::StringRef Root, llvm::StringRef Folder) {
    if (!RootCache)
      return rootHoldsLibrary(Root, Folder);
    auto [It, Inserted] = RootCache->try_emplace((Root + "/" + Folder).str());
    if (Inserted)
      It->second = rootHoldsLibrary(Root, Folder);
    return It->second;
  };
  // Each library-named folder on the way down whose parent is an include
  // root of that library makes the file library code.
  const llvm::SmallVector<llvm::StringRef, 16> Parts(
      llvm::sys::path::begin(Path), llvm::sys::path::end(Path));
  llvm::SmallString<256> Root;
  for (size_t I = 0; I + 1 < Parts.size(); ++I) {
    const llvm::StringRef Part = Parts[I];
    if (llvm::is_contained({"torch", "ATen", "c10", "caffe2", "torchlint"},
                           Part) &&
        Holds(Root.empty() ? "." : Root.str(), Part))
      return true;
    llvm::sys::path::append(Root, Part);
  }
  return false;
}

bool LibraryCode::contains(SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc);
  if (SM.isInSystemHeader(Loc))
    return true;
  const FileID File = SM.getFileID(Loc);
  if (File == SM.getMainFileID())
    return false;
  auto [It, Inserted] = ByFile.try_emplace(File, false);
  if (Inserted)
    if (OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File))
      It->second = isLibraryPath(Entry->getName(), &ByRoot);
  return It->second;
}

} // namespace clang::tidy::torch::device
