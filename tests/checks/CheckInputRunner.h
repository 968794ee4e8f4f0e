// Runs torchlint on one test input in one header mode and reports every way
// the result differs from the input's inline expectations.
#ifndef TORCHLINT_TESTS_CHECKINPUTRUNNER_H
#define TORCHLINT_TESTS_CHECKINPUTRUNNER_H

#include <string>
#include <vector>

namespace torchlint::testing {

struct RunnerConfig {
  std::string Torchlint;    // the torchlint binary
  std::string Clang;        // clang++-19, to prove fixed files compile
  std::string FastIncludes; // <build>/fake-libtorch/include (generated from
                            // test_inputs/include)
  std::string RealIncludes; // libtorch's torch/csrc/api/include
  // A PyTorch 2.x libtorch (its include/ is under it), for the "real2" mode;
  // empty when none is installed (scripts/install-libtorch2.sh).
  std::string Real2Root;
  // <torch/torch.h> precompiled for each mode; empty for none.
  std::string FastPch;
  std::string RealPch;
  std::string Real2Pch;
  // The torchlint runtime's headers (<torchlint/torchlint.h>), which the
  // fixes that call the runtime include.
  std::string RuntimeIncludes;
  // A CUDA toolkit, for inputs of CUDA host code in the real2 mode; empty
  // when none is installed. CudaShim holds the headers clang 19 still
  // includes and newer toolkits dropped.
  std::string CudaRoot;
  std::string CudaShim;
};

/// The compiler flags of one header mode: "fast" (the fake headers), "real"
/// (the system libtorch, C++17), "real2" (PyTorch 2.x, C++20); "-I" suffixed
/// modes pass the headers with -I as plain Makefiles do.
struct HeaderFlags {
  std::string Flags;     // -std and the include directories, shell-quoted
  std::string Pch;       // precompiled <torch/torch.h> for them, or empty
  bool Available = true; // false: the mode's headers are not installed
};
HeaderFlags headerFlagsFor(const std::string &HeaderMode,
                           const RunnerConfig &Config);

/// Why \p Path cannot run in \p HeaderMode on this machine (its headers,
/// or for CUDA host code in a real mode the CUDA toolkit, are not
/// installed); empty when it can.
std::string unavailableReason(const std::string &Path,
                              const std::string &HeaderMode,
                              const RunnerConfig &Config);

/// The configuration compiled into the test binary by CMake.
const RunnerConfig &defaultRunnerConfig();

/// Every problem found ("" entries never appear); empty means the input passed.
std::vector<std::string> runCheckInput(const std::string &Path,
                                       const std::string &HeaderMode,
                                       const RunnerConfig &Config);

/// Runs \p Command through the shell, capturing stdout and stderr together.
int runCommand(const std::string &Command, std::string &Output);

/// Quotes \p Arg for /bin/sh.
std::string shellQuote(const std::string &Arg);

} // namespace torchlint::testing

#endif
