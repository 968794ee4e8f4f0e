#include "CheckInputRunner.h"
#include "CheckInputHarness.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

namespace fs = std::filesystem;

namespace torchlint::testing {

const RunnerConfig &defaultRunnerConfig() {
  static const RunnerConfig Config{
      TORCHLINT_BINARY,        TORCHLINT_CLANGXX,    TORCHLINT_FAST_INCLUDES,
      TORCHLINT_REAL_INCLUDES, TORCHLINT_REAL2_ROOT, TORCHLINT_FAST_PCH,
      TORCHLINT_REAL_PCH,      TORCHLINT_REAL2_PCH,  TORCHLINT_RUNTIME_INCLUDES,
      TORCHLINT_CUDA_ROOT,     TORCHLINT_CUDA_SHIM};
  return Config;
}

HeaderFlags headerFlagsFor(const std::string &HeaderMode,
                           const RunnerConfig &Config) {
  const bool PlainInclude =
      HeaderMode.size() > 2 &&
      HeaderMode.compare(HeaderMode.size() - 2, 2, "-I") == 0;
  const std::string Base =
      PlainInclude ? HeaderMode.substr(0, HeaderMode.size() - 2) : HeaderMode;
  const std::string Include = PlainInclude ? " -I " : " -isystem ";
  HeaderFlags Out;
  if (Base == "real2") {
    // PyTorch 2.x needs C++20 (<torch/all.h> stops at an #error before it).
    Out.Available = !Config.Real2Root.empty();
    const std::string Dir = Config.Real2Root + "/include";
    Out.Flags = " -std=c++20" + Include + shellQuote(Dir) + Include +
                shellQuote(Dir + "/torch/csrc/api/include");
    Out.Pch = Config.Real2Pch;
  } else {
    const bool Real = Base == "real";
    Out.Flags = " -std=c++17" + Include +
                shellQuote(Real ? Config.RealIncludes : Config.FastIncludes);
    Out.Pch = Real ? Config.RealPch : Config.FastPch;
  }
  if (PlainInclude)
    Out.Pch.clear();
  return Out;
}

/// Whether \p Flags parse the input as CUDA (`-x cuda`).
static bool isCudaInput(const std::vector<std::string> &Flags) {
  for (size_t I = 0; I + 1 < Flags.size(); ++I)
    if (Flags[I] == "-x" && Flags[I + 1] == "cuda")
      return true;
  return false;
}

static bool isFastMode(const std::string &HeaderMode) {
  return HeaderMode.rfind("fast", 0) == 0;
}

std::string unavailableReason(const std::string &Path,
                              const std::string &HeaderMode,
                              const RunnerConfig &Config) {
  if (!headerFlagsFor(HeaderMode, Config).Available)
    return "no PyTorch 2.x headers for the " + HeaderMode +
           " mode: run scripts/install-libtorch2.sh and reconfigure";
  TestInput Input;
  std::string Error;
  if (!isFastMode(HeaderMode) && Config.CudaRoot.empty() &&
      parseTestInput(Path, Input, Error) && isCudaInput(Input.ExtraFlags))
    return "no CUDA toolkit for CUDA host code in the " + HeaderMode +
           " mode: install one (or set CUDA_HOME) and reconfigure";
  return "";
}

/// The input's own flags for \p HeaderMode. CUDA host code is parsed in the
/// fast mode with the fake headers' stand-ins for the toolkit's
/// (-nocudainc); in a real mode with the toolkit's own headers.
static std::string inputFlags(const TestInput &Input,
                              const std::string &HeaderMode,
                              const RunnerConfig &Config) {
  const bool RealCuda =
      !isFastMode(HeaderMode) && isCudaInput(Input.ExtraFlags);
  std::string Flags;
  for (const std::string &Flag : Input.ExtraFlags)
    if (!RealCuda || Flag != "-nocudainc")
      Flags += " " + shellQuote(Flag);
  if (RealCuda)
    Flags += " --cuda-path=" + shellQuote(Config.CudaRoot) +
             " --cuda-gpu-arch=sm_80 -isystem " + shellQuote(Config.CudaShim) +
             " -isystem " + shellQuote(Config.CudaRoot + "/include/cccl");
  return Flags;
}

std::string shellQuote(const std::string &Arg) {
  std::string Quoted = "'";
  for (char C : Arg)
    Quoted += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Quoted + "'";
}

int runCommand(const std::string &Command, std::string &Output) {
  Output.clear();
  FILE *Pipe = popen((Command + " 2>&1").c_str(), "r");
  if (!Pipe)
    return -1;
  std::array<char, 4096> Buffer{};
  size_t Read = 0;
  while ((Read = fread(Buffer.data(), 1, Buffer.size(), Pipe)) > 0)
    Output.append(Buffer.data(), Read);
  const int Status = pclose(Pipe);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128 + WTERMSIG(Status);
}

namespace {

std::string readFile(const fs::path &Path) {
  std::ifstream In(Path);
  std::stringstream Text;
  Text << In.rdbuf();
  return Text.str();
}

std::string join(const std::vector<Diagnostic> &Diags) {
  std::string S;
  for (const Diagnostic &D : Diags)
    S += "  " + D.str() + "\n";
  return S.empty() ? "  (none)\n" : S;
}

/// Compares two multisets of diagnostics, describing what is missing/extra.
void compareDiagnostics(const char *What, std::vector<Diagnostic> Expected,
                        std::vector<Diagnostic> Actual,
                        std::vector<std::string> &Failures) {
  std::sort(Expected.begin(), Expected.end());
  std::sort(Actual.begin(), Actual.end());
  std::vector<Diagnostic> Missing, Extra;
  std::set_difference(Expected.begin(), Expected.end(), Actual.begin(),
                      Actual.end(), std::back_inserter(Missing));
  std::set_difference(Actual.begin(), Actual.end(), Expected.begin(),
                      Expected.end(), std::back_inserter(Extra));
  if (!Missing.empty())
    Failures.push_back(std::string("missing ") + What + ":\n" + join(Missing));
  if (!Extra.empty())
    Failures.push_back(std::string("unexpected ") + What + ":\n" + join(Extra));
}

std::vector<Diagnostic> withLevel(const std::vector<Diagnostic> &Diags,
                                  const std::string &Level) {
  std::vector<Diagnostic> Out;
  std::copy_if(Diags.begin(), Diags.end(), std::back_inserter(Out),
               [&](const Diagnostic &D) { return D.Level == Level; });
  return Out;
}

/// Diagnostics of an --export-fixes file that still carry replacements.
std::vector<std::string> pendingFixes(const fs::path &ExportFile) {
  std::vector<std::string> Pending;
  if (!fs::exists(ExportFile))
    return Pending;
  const YAML::Node Root = YAML::LoadFile(ExportFile.string());
  for (const YAML::Node &Diag : Root["Diagnostics"]) {
    const YAML::Node Replacements = Diag["DiagnosticMessage"]["Replacements"];
    if (Replacements && Replacements.size() > 0)
      Pending.push_back(Diag["DiagnosticName"].as<std::string>() + ": " +
                        Diag["DiagnosticMessage"]["Message"].as<std::string>());
  }
  return Pending;
}

bool crashed(int Status, const std::string &Output) {
  return Status > 1 || Output.find("Stack dump") != std::string::npos ||
         Output.find("PLEASE submit a bug report") != std::string::npos;
}

} // namespace

std::vector<std::string> runCheckInput(const std::string &Path,
                                       const std::string &HeaderMode,
                                       const RunnerConfig &Config) {
  std::vector<std::string> Failures;
  TestInput Input;
  std::string Error;
  if (!parseTestInput(Path, Input, Error))
    return {Error};

  char Template[] = "/tmp/torchlint-test-XXXXXX";
  if (!mkdtemp(Template))
    return {"cannot create a temporary directory"};
  const fs::path Dir(Template);
  const fs::path Copy = Dir / fs::path(Path).filename();
  fs::copy_file(Path, Copy);

  const HeaderFlags Headers = headerFlagsFor(HeaderMode, Config);
  std::string Flags = Headers.Flags;
  if (!Config.RuntimeIncludes.empty())
    Flags += " -isystem " + shellQuote(Config.RuntimeIncludes);
  Flags += inputFlags(Input, HeaderMode, Config);
  // The precompiled <torch/torch.h> stands in for the input's own #include
  // (#pragma once), when nothing else could make the two parse differently.
  const std::string &Pch = Headers.Pch;
  if (!Pch.empty() && Input.ExtraFlags.empty() &&
      readFile(Path).find("#include <torch/torch.h>") != std::string::npos)
    Flags += " -include-pch " + shellQuote(Pch);

  std::string TidyConfig =
      "{Checks: '-*," + Input.Checks + "', CheckOptions: {";
  for (size_t I = 0; I < Input.CheckOptions.size(); ++I) {
    // {test_inputs} lets an option name a file beside the inputs.
    std::string Option = Input.CheckOptions[I];
    for (auto At = Option.find("{test_inputs}"); At != std::string::npos;
         At = Option.find("{test_inputs}"))
      Option.replace(At, 13, TORCHLINT_TEST_INPUTS);
    const auto Eq = Option.find('=');
    TidyConfig += (I ? ", " : "") + Option.substr(0, Eq) + ": '" +
                  Option.substr(Eq + 1) + "'";
  }
  TidyConfig += "}}";
  const std::string Tidy = shellQuote(Config.Torchlint) +
                           " --quiet --config=" + shellQuote(TidyConfig);
  const std::string FixFlag =
      Input.ExpectCompileErrors ? " --fix-errors" : " --fix";

  // First run: diagnostics as the user sees them, fixes applied to the copy.
  const fs::path FirstExport = Dir / "first-run.yaml";
  std::string Output;
  int Status = runCommand(
      Tidy + FixFlag + " --export-fixes=" + shellQuote(FirstExport.string()) +
          " " + shellQuote(Copy.string()) + " --" + Flags,
      Output);
  if (crashed(Status, Output))
    Failures.push_back("torchlint crashed (status " + std::to_string(Status) +
                       "):\n" + Output);
  std::vector<Diagnostic> Diags = parseDiagnostics(Output, Copy.string());
  // --fix reports each applied fix as a note of its own.
  Diags.erase(std::remove_if(Diags.begin(), Diags.end(),
                             [](const Diagnostic &D) {
                               return D.Message ==
                                      "FIX-IT applied suggested code changes";
                             }),
              Diags.end());
  // A stale precompiled header is a fatal error, not an error.
  if (!Input.ExpectCompileErrors &&
      (Output.find(": error: ") != std::string::npos ||
       Output.find(": fatal error: ") != std::string::npos))
    Failures.push_back("the input does not compile (add EXPECT-COMPILE-ERRORS "
                       "if that is the point):\n" +
                       Output);
  compareDiagnostics("warnings", Input.Messages, withLevel(Diags, "warning"),
                     Failures);
  compareDiagnostics("notes", Input.Notes, withLevel(Diags, "note"), Failures);

  const std::string FixedText = readFile(Copy);
  const std::string FixDiff = compareFixed(Input, splitLines(FixedText));
  if (!FixDiff.empty())
    Failures.push_back("fixed file differs:\n" + FixDiff);

  // Second run: a fix-it must leave nothing to fix. On an unchanged file it
  // would repeat the first run, whose fixes then all went unapplied.
  const bool Changed = FixedText != readFile(Path);
  fs::path Export = FirstExport;
  if (Changed) {
    Export = Dir / "second-run.yaml";
    Status =
        runCommand(Tidy + " --export-fixes=" + shellQuote(Export.string()) +
                       " " + shellQuote(Copy.string()) + " --" + Flags,
                   Output);
    if (crashed(Status, Output))
      Failures.push_back("second run crashed:\n" + Output);
  }
  try {
    for (const std::string &Pending : pendingFixes(Export))
      Failures.push_back("second run still fixes: " + Pending);
  } catch (const YAML::Exception &E) {
    Failures.push_back(std::string("cannot read --export-fixes output: ") +
                       E.what());
  }

  // The fixed file must compile against the same headers. Unchanged, it is
  // the input, whose compile errors the first run already reported.
  if (!Input.ExpectCompileErrors && Changed) {
    Status = runCommand(shellQuote(Config.Clang) + " -fsyntax-only" + Flags +
                            " " + shellQuote(Copy.string()),
                        Output);
    if (Status != 0)
      Failures.push_back("fixed file does not compile (" + HeaderMode +
                         " headers):\n" + Output);
  }

  if (Failures.empty())
    fs::remove_all(Dir);
  else
    Failures.push_back("(work files kept in " + Dir.string() + ")");
  return Failures;
}

} // namespace torchlint::testing
