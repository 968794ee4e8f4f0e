//===--- PluginLlvmGuard.cpp - the plugin refuses another LLVM ------------===//
//
// The plugin links no clang or LLVM library: it uses the loading
// clang-tidy's. One built for another LLVM loads, lists its checks and then
// aborts mid-run on an ABI it does not know. So at load time the plugin
// looks at the LLVM libraries of the process and, if they are not the major
// version it was built for, says so in one line and stops the process.
//
//===----------------------------------------------------------------------===//
#include "llvm/Config/llvm-config.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <link.h>
#include <string>

namespace {

/// The major version in a loaded library's file name: "libLLVM-14.so.1",
/// "libLLVM.so.19.1", "libclang-cpp.so.19.1"; 0 for other names.
int majorVersionOf(const char *Path) {
  const char *Name = std::strrchr(Path, '/');
  Name = Name ? Name + 1 : Path;
  for (const char *Prefix : {"libLLVM-", "libLLVM.so.", "libclang-cpp.so."}) {
    const std::size_t Length = std::strlen(Prefix);
    if (std::strncmp(Name, Prefix, Length) == 0)
      return std::atoi(Name + Length);
  }
  return 0;
}

int loadedMajorVersion() {
  int Found = 0;
  dl_iterate_phdr(
      [](dl_phdr_info *Info, std::size_t, void *Data) {
        const int Major = Info->dlpi_name ? majorVersionOf(Info->dlpi_name) : 0;
        if (Major != 0 && Major != LLVM_VERSION_MAJOR) {
          *static_cast<int *>(Data) = Major;
          return 1; // stop: a foreign LLVM is enough to refuse
        }
        return 0;
      },
      &Found);
  return Found;
}

struct RefuseForeignLlvm {
  RefuseForeignLlvm() {
    const int Loaded = loadedMajorVersion();
    if (Loaded == 0)
      return;
    std::fprintf(stderr,
                 "error: libTorchlintPlugin.so was built for LLVM %d "
                 "(clang-tidy-%d) and cannot run in this clang-tidy, which "
                 "uses LLVM %d; use clang-tidy-%d --load, or the torchlint "
                 "binary\n",
                 LLVM_VERSION_MAJOR, LLVM_VERSION_MAJOR, Loaded,
                 LLVM_VERSION_MAJOR);
    std::fflush(stderr);
    std::_Exit(1);
  }
} const Guard;

} // namespace
