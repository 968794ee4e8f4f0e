//===--- NvccCommands.h - nvcc compile commands as clang's ----*- C++ -*-===//
//
// CUDA sources are built with nvcc: CMake's CUDA language and
// torch.utils.cpp_extension both write nvcc command lines into the compile
// database. clang parses CUDA itself but knows none of nvcc's options
// (-gencode, -Xcompiler, --expt-relaxed-constexpr, -x cu, ...), so every
// artefact reads such a command as the clang command that parses the same
// host code: CUDA host-only mode against the toolkit nvcc belongs to, with the
// user's includes, macros, language standard and host compiler options.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_TOOL_NVCCCOMMANDS_H
#define TORCHLINT_TOOL_NVCCCOMMANDS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// Where clang finds what nvcc would: the toolkit's root, and a directory
/// holding headers that clang's CUDA wrappers include but the toolkit no
/// longer ships (empty when none is needed).
struct CudaToolkit {
  std::string Root;
  std::string MissingHeadersDir;
};

/// The toolkit the command's nvcc belongs to (its own path, else PATH, else
/// CUDA_HOME, CUDA_PATH, /usr/local/cuda); nullopt when none is found.
/// \p MissingHeadersDir is the directory of stand-ins for headers that
/// clang's wrappers need and newer toolkits lack.
std::optional<CudaToolkit> findCudaToolkit(llvm::StringRef Nvcc,
                                           llvm::StringRef MissingHeadersDir);

/// Whether the command runs nvcc (directly or behind ccache/sccache).
bool isNvccCommand(llvm::ArrayRef<std::string> CommandLine);

/// The clang command that parses \p File as nvcc's \p CommandLine would
/// compile it. Options of nvcc's own (device code generation, dependency
/// files, outputs) are dropped; host compiler options that clang does not
/// know are dropped too.
std::vector<std::string>
clangCommandForNvcc(llvm::ArrayRef<std::string> CommandLine,
                    llvm::StringRef Directory, llvm::StringRef File,
                    const std::optional<CudaToolkit> &Toolkit);

/// \p Command read as clang's when it runs nvcc; any other as it is.
/// \p MissingHeadersDir as for findCudaToolkit.
clang::tooling::CompileCommand
asClangCommand(clang::tooling::CompileCommand Command,
               llvm::StringRef MissingHeadersDir);

/// \p Base with its nvcc commands read as clang's.
std::unique_ptr<clang::tooling::CompilationDatabase>
readingNvccCommands(std::unique_ptr<clang::tooling::CompilationDatabase> Base,
                    llvm::StringRef MissingHeadersDir);

/// The same, over a database owned elsewhere that outlives the result.
std::unique_ptr<clang::tooling::CompilationDatabase>
readingNvccCommands(const clang::tooling::CompilationDatabase &Base,
                    llvm::StringRef MissingHeadersDir);

/// The stand-ins for missing toolkit headers installed beside the running
/// binary (<prefix>/share/torchlint/cuda-headers for <prefix>/bin).
std::string installedCudaHeadersDir(void *AddressInBinary);

} // namespace torchlint

#endif
