//===--- ClangdDocLinks.h - links in clangd output --------------*- C++ -*-===//
#ifndef TORCHLINT_TOOL_CLANGDDOCLINKS_H
#define TORCHLINT_TOOL_CLANGDDOCLINKS_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <thread>

namespace torchlint {

/// clangd links each clang-tidy diagnostic to a page on clang.llvm.org that
/// it derives from the check's name (getDiagnosticDocURI, not replaceable:
/// clangd calls it within one object file), and the torch-* checks have no
/// page there. While alive, this object stands between clangd and its
/// standard output: it reads clangd's LSP messages from a pipe and passes
/// them on, with those links pointing at the check pages under \p DocsUrl.
class ClangdDocLinks {
public:
  explicit ClangdDocLinks(std::string DocsUrl);
  /// Flushes clangd's output and waits until every message is passed on.
  ~ClangdDocLinks();
  ClangdDocLinks(const ClangdDocLinks &) = delete;
  ClangdDocLinks &operator=(const ClangdDocLinks &) = delete;

  /// \p Message's body with the links of the torch-* checks replaced.
  static std::string rewrite(llvm::StringRef Body, llvm::StringRef DocsUrl);

private:
  void forward();
  std::string DocsUrl;
  int RealOutput = -1;
  int PipeRead = -1;
  std::thread Forwarder;
};

} // namespace torchlint

#endif
