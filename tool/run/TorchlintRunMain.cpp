//===--- TorchlintRunMain.cpp - lint a whole project: torchlint-run -------===//
//
// run-clang-tidy for libtorch projects, in-process: the units of a compile
// database linted in parallel, with a precompiled libtorch preamble per flag
// set, results cached on everything they depend on, and reports for CI.
//
//===----------------------------------------------------------------------===//
#include "ApplyFixes.h"
#include "CheckDocs.h"
#include "LintUnit.h"
#include "NvccCommands.h"
#include "Reports.h"
#include "ResultCache.h"
#include "SharedPreamble.h"
#include "UnitSelection.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

using namespace torchlint::run;
using clang::tidy::ClangTidyOptions;
using clang::tooling::CompileCommand;
namespace cl = llvm::cl;
namespace fs = llvm::sys::fs;

// The checks come from the torch module and clang-tidy's own modules, as in
// torchlint: referencing each module's anchor keeps it in the link.
namespace clang::tidy {
// clang-format off
#define TORCHLINT_MODULES(X)                                                   \
  X(Torch)                                                                     \
  X(Abseil) X(Altera) X(Android) X(Boost) X(Bugprone) X(CERT)                  \
  X(Concurrency) X(CppCoreGuidelines) X(Darwin) X(Fuchsia) X(Google) X(HICPP)  \
  X(LLVMLibc) X(LLVM) X(LinuxKernel) X(MPI) X(Misc) X(Modernize) X(ObjC)       \
  X(OpenMP) X(Performance) X(Portability) X(Readability) X(Zircon)
// clang-format on
#define TORCHLINT_DECLARE_ANCHOR(Name)                                         \
  extern volatile int Name##ModuleAnchorSource;
TORCHLINT_MODULES(TORCHLINT_DECLARE_ANCHOR)
} // namespace clang::tidy

namespace {

cl::OptionCategory Category("torchlint-run options");
cl::SubCommand Merge("merge",
                     "Join the --format json reports of the shards of one run");

// Options of both the run and `merge`.
cl::opt<ReportFormat> Format(
    "format", cl::desc("Report format"), cl::init(ReportFormat::Text),
    cl::values(clEnumValN(ReportFormat::Text, "text", "clang-tidy style text"),
               clEnumValN(ReportFormat::Json, "json",
                          "findings, units, summary"),
               clEnumValN(ReportFormat::Sarif, "sarif",
                          "SARIF 2.1.0 (GitHub code scanning)"),
               clEnumValN(ReportFormat::Github, "github",
                          "GitHub Actions annotations"),
               clEnumValN(ReportFormat::Codeclimate, "codeclimate",
                          "GitLab Code Quality (Code Climate JSON)")),
    cl::cat(Category), cl::sub(cl::SubCommand::getTopLevel()), cl::sub(Merge));
cl::opt<std::string>
    Output("output", cl::desc("Write the report to <file> (default: stdout)"),
           cl::value_desc("file"), cl::init("-"), cl::cat(Category),
           cl::sub(cl::SubCommand::getTopLevel()), cl::sub(Merge));
cl::opt<std::string> DocsUrl(
    "docs-url",
    cl::desc("Where the torch-* checks' pages are, for SARIF rule links "
             "(default: the pages installed beside this binary)"),
    cl::cat(Category), cl::sub(cl::SubCommand::getTopLevel()), cl::sub(Merge));
cl::opt<unsigned> FailThreshold(
    "fail-threshold",
    cl::desc(
        "Exit with 1 only when there are more findings than this (default 0)"),
    cl::init(0), cl::cat(Category), cl::sub(cl::SubCommand::getTopLevel()),
    cl::sub(Merge));
cl::list<std::string> MergeInputs(cl::Positional,
                                  cl::desc("<shard report.json>..."),
                                  cl::sub(Merge), cl::OneOrMore);

cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory with compile_commands.json "
                       "(default: searched from the current directory up)"),
              cl::value_desc("dir"), cl::cat(Category));
cl::list<std::string> FilePatterns(
    cl::Positional,
    cl::desc("[file regex]... (default: every file of the database)"),
    cl::cat(Category));
cl::opt<std::string> Jobs("j",
                          cl::desc("Units linted at once (default: all cores)"),
                          cl::value_desc("N"), cl::Prefix, cl::cat(Category));
cl::opt<std::string> Checks("checks", cl::desc("As clang-tidy's --checks"),
                            cl::cat(Category));
cl::opt<std::string> Config("config", cl::desc("As clang-tidy's --config"),
                            cl::cat(Category));
cl::opt<std::string> ConfigFile("config-file",
                                cl::desc("As clang-tidy's --config-file"),
                                cl::cat(Category));
cl::opt<std::string> HeaderFilter("header-filter",
                                  cl::desc("As clang-tidy's --header-filter"),
                                  cl::cat(Category));
cl::opt<std::string>
    WarningsAsErrors("warnings-as-errors",
                     cl::desc("As clang-tidy's --warnings-as-errors"),
                     cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Append to every compile command"),
                                cl::cat(Category));
cl::list<std::string>
    ExtraArgsBefore("extra-arg-before",
                    cl::desc("Prepend to every compile command"),
                    cl::cat(Category));
cl::opt<bool> Fix("fix", cl::desc("Apply the fixes of the findings, each once"),
                  cl::cat(Category));
cl::opt<bool>
    FixNotes("fix-notes",
             cl::desc("Also apply fixes offered on notes (they may move data)"),
             cl::cat(Category));
cl::opt<std::string>
    CacheDir("cache-dir",
             cl::desc("Result cache (default: <build dir>/.torchlint-cache)"),
             cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> NoCache("no-cache",
                      cl::desc("Neither read nor write the result cache"),
                      cl::cat(Category));
cl::opt<std::string>
    CacheUrl("cache-url",
             cl::desc("Also share results through an HTTP cache (GET/PUT)"),
             cl::value_desc("http://host/prefix"), cl::cat(Category));
cl::opt<bool> NoPreamble(
    "no-preamble",
    cl::desc("Do not precompile the libtorch headers units start with"),
    cl::cat(Category));
cl::opt<std::string>
    DiffBase("diff",
             cl::desc("Lint the units a change since <base> touches; "
                      "report findings on changed lines only"),
             cl::value_desc("base"), cl::cat(Category));
cl::opt<std::string> Shard("shard", cl::desc("Lint shard I of N (1-based)"),
                           cl::value_desc("I/N"), cl::cat(Category));
cl::opt<bool> Quiet("quiet", cl::desc("No progress output"), cl::cat(Category));
cl::opt<bool> ProjectCallers(
    "project-callers",
    cl::desc("Judge helpers by their callers in the whole database: drop "
             "warnings that hold only if a caller passes a tensor off the CPU "
             "when no call in the project does (default: on when every unit "
             "is linted; shards are judged when merged; "
             "--project-callers=false reports what torchlint reports)"),
    cl::init(true), cl::cat(Category));

int fail(const llvm::Twine &Message) {
  llvm::errs() << "torchlint-run: error: " << Message << "\n";
  return 2;
}

// As clang-tidy: --config-file or --config, else the .clang-tidy files found
// from each file up; command-line options override either. Without any
// configuration the torch checks run.
std::function<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>()>
optionsProviders(std::string &Error) {
  clang::tidy::ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults;
  Defaults.Checks = "-*,torch-*";
  Defaults.WarningsAsErrors = "";
  Defaults.HeaderFilterRegex = "";
  Defaults.SystemHeaders = false;
  Defaults.FormatStyle = "none";
  if (const char *User = std::getenv("USER"))
    Defaults.User = User;
  ClangTidyOptions Overrides;
  if (Checks.getNumOccurrences())
    Overrides.Checks = Checks;
  if (WarningsAsErrors.getNumOccurrences())
    Overrides.WarningsAsErrors = WarningsAsErrors;
  if (HeaderFilter.getNumOccurrences())
    Overrides.HeaderFilterRegex = HeaderFilter;
  if (!ExtraArgs.empty())
    Overrides.ExtraArgs =
        std::vector<std::string>(ExtraArgs.begin(), ExtraArgs.end());
  if (!ExtraArgsBefore.empty())
    Overrides.ExtraArgsBefore = std::vector<std::string>(
        ExtraArgsBefore.begin(), ExtraArgsBefore.end());

  std::optional<ClangTidyOptions> Parsed;
  if (!Config.empty() && !ConfigFile.empty()) {
    Error = "--config and --config-file are mutually exclusive";
    return nullptr;
  }
  std::string Text = Config;
  std::string Source = "<command-line-config>";
  if (!ConfigFile.empty()) {
    auto Buffer = llvm::MemoryBuffer::getFile(ConfigFile);
    if (!Buffer) {
      Error = "cannot read --config-file " + ConfigFile + ": " +
              Buffer.getError().message();
      return nullptr;
    }
    Text = (*Buffer)->getBuffer().str();
    Source = ConfigFile;
  }
  if (!Text.empty()) {
    auto Options =
        clang::tidy::parseConfiguration(llvm::MemoryBufferRef(Text, Source));
    if (!Options) {
      Error = "invalid configuration " + Source + ": " +
              Options.getError().message();
      return nullptr;
    }
    Parsed = *Options;
  }
  return [=]() -> std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> {
    if (Parsed)
      return std::make_unique<clang::tidy::ConfigOptionsProvider>(
          Global, ClangTidyOptions::getDefaults().merge(Defaults, 0), *Parsed,
          Overrides);
    return std::make_unique<clang::tidy::FileOptionsProvider>(Global, Defaults,
                                                              Overrides);
  };
}

// One line that redraws itself on a terminal; a line per unit in a CI log.
class Progress {
public:
  Progress(size_t Total, bool Enabled)
      : Total(Total), Enabled(Enabled),
        Terminal(llvm::sys::Process::StandardErrIsDisplayed()),
        Start(std::chrono::steady_clock::now()) {}

  void finished(const UnitResult &Unit) {
    std::lock_guard<std::mutex> Guard(Lock);
    ++Done;
    Cached += Unit.FromCache;
    Findings += Unit.Diagnostics.size();
    if (!Enabled)
      return;
    if (!Terminal) {
      llvm::errs() << llvm::formatv("[{0}/{1}] {2}: ", Done, Total, Unit.File)
                   << (Unit.ToolFailed
                           ? "failed: " + Unit.FailureMessage
                           : std::to_string(Unit.Diagnostics.size()) +
                                 " findings")
                   << (Unit.FromCache
                           ? " (cached)"
                           : llvm::formatv(" ({0:f1} s)", Unit.Seconds).str())
                   << "\n";
      return;
    }
    double Elapsed = seconds();
    double Eta = Done < Total ? Elapsed / Done * (Total - Done) : 0;
    llvm::errs() << llvm::formatv("\r\x1b[K[{0}/{1}] {2} cached, {3} findings, "
                                  "ETA {4}:{5:2}",
                                  Done, Total, Cached, Findings,
                                  unsigned(Eta) / 60, unsigned(Eta) % 60);
    if (Done == Total)
      llvm::errs() << "\n";
  }

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         Start)
        .count();
  }

private:
  std::mutex Lock;
  size_t Total, Done = 0, Cached = 0, Findings = 0;
  bool Enabled, Terminal;
  std::chrono::steady_clock::time_point Start;
};

ReportSettings reportSettings() {
  ReportSettings Settings;
  Settings.Format = Format;
  Settings.DocsUrl = DocsUrl.getNumOccurrences()
                         ? DocsUrl
                         : torchlint::installedCheckDocsUrl(
                               reinterpret_cast<void *>(&reportSettings));
  llvm::SmallString<256> Cwd;
  if (!fs::current_path(Cwd))
    Settings.Root = std::string(Cwd);
  return Settings;
}

bool writeTo(llvm::StringRef Path,
             llvm::function_ref<void(llvm::raw_ostream &)> Write) {
  llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    Write(OS);
    return llvm::Error::success();
  });
  if (!E)
    return true;
  llvm::errs() << "torchlint-run: error: cannot write " << Path << ": "
               << llvm::toString(std::move(E)) << "\n";
  return false;
}

RunSummary summarize(const std::vector<UnitResult> &Units,
                     const std::vector<clang::tidy::ClangTidyError> &Findings) {
  RunSummary Summary;
  Summary.Units = Units.size();
  for (const UnitResult &Unit : Units) {
    Summary.Cached += Unit.FromCache;
    if (Unit.ToolFailed || Unit.hasCompilerErrors()) {
      ++Summary.Failed;
      Summary.Problems.push_back(
          Unit.File + ": " +
          (Unit.ToolFailed ? Unit.FailureMessage : "does not compile"));
    }
  }
  for (const auto &Finding : Findings)
    ++Summary.FindingsPerCheck[Finding.DiagnosticName];
  return Summary;
}

// What names a warning across units: its check and where it is.
using FindingKey = std::tuple<std::string, std::string, unsigned>;
FindingKey keyOf(const clang::tidy::ClangTidyError &Diag) {
  return {Diag.DiagnosticName, Diag.Message.FilePath, Diag.Message.FileOffset};
}
FindingKey keyOf(const clang::tidy::torch::device::ConditionalFinding &F) {
  return {F.Check, F.File, F.Offset};
}

// Removes from \p Findings those whose key is in \p Keys.
void eraseFindings(std::vector<clang::tidy::ClangTidyError> &Findings,
                   const std::set<FindingKey> &Keys) {
  if (!Keys.empty())
    llvm::erase_if(Findings, [&](const clang::tidy::ClangTidyError &Diag) {
      return Keys.count(keyOf(Diag)) != 0;
    });
}

// Removes the latent findings of \p Units from \p Findings: shown only where
// the project's calls were judged and one made them real.
void dropLatentFindings(const std::vector<UnitResult> &Units,
                        std::vector<clang::tidy::ClangTidyError> &Findings) {
  std::set<FindingKey> Latent;
  for (const UnitResult &Unit : Units)
    if (Unit.ProjectCalls)
      for (const auto &Finding : Unit.ProjectCalls->Findings)
        if (Finding.LatentBackend)
          Latent.insert(keyOf(Finding));
  eraseFindings(Findings, Latent);
}

// Judged by the callers: drops the findings that hold only if data off the CPU
// reaches them, where nothing in the project supports that (no unit names a
// device other than the CPU; no call passes a tensor off the CPU), and the
// latent findings no call makes real; a latent finding a call makes real
// gets a note at that call. Every unit's functions must have been analysed,
// or a caller may be missing: then only the latent findings are dropped, and
// the reason is returned. (A unit with errors that are not fatal is
// analysed, as clang-tidy does; a call that did not compile is not seen.)
std::string
dropUnsupportedFindings(const std::vector<UnitResult> &Units,
                        std::vector<clang::tidy::ClangTidyError> &Findings,
                        std::vector<clang::tidy::ClangTidyError> &Dropped) {
  using namespace clang::tidy::torch::device;
  std::vector<const ProjectCallFacts *> Facts;
  size_t Incomplete = 0;
  for (const UnitResult &Unit : Units) {
    if (!Unit.ProjectCalls || Unit.ToolFailed || !Unit.ProjectCalls->Analysed)
      ++Incomplete;
    else
      Facts.push_back(&*Unit.ProjectCalls);
  }
  Dropped.clear();
  if (Incomplete) {
    dropLatentFindings(Units, Findings);
    return llvm::formatv("findings not judged by their callers: {0} units "
                         "could not be analysed (a fatal error), and their "
                         "calls are not known",
                         Incomplete)
        .str();
  }
  const ProjectJudgement Judgement = judgeFindings(Facts);
  std::map<FindingKey,
           std::pair<const ConditionalFinding *, const ProjectCall *>>
      MadeReal;
  for (const auto &[Finding, Call] : Judgement.MadeReal)
    MadeReal.emplace(keyOf(*Finding), std::make_pair(Finding, Call));
  std::map<FindingKey,
           std::pair<const ConditionalFinding *, const LaunchedParam *>>
      Launched;
  for (const auto &[Finding, Param] : Judgement.Launched)
    Launched.emplace(keyOf(*Finding), std::make_pair(Finding, Param));
  // Latent findings were never shown: dropping them says nothing. One place
  // can be latent on several functions' callers (a factory met in two
  // functions): a call that makes one real shows it.
  std::set<FindingKey> Unsupported, NeverShown;
  for (const ConditionalFinding *Finding : Judgement.Unsupported)
    if (!Finding->LatentBackend)
      Unsupported.insert(keyOf(*Finding));
    else if (!MadeReal.count(keyOf(*Finding)) &&
             !Launched.count(keyOf(*Finding)))
      NeverShown.insert(keyOf(*Finding));
  eraseFindings(Findings, NeverShown);
  for (clang::tidy::ClangTidyError &Diag : Findings) {
    if (auto It = Launched.find(keyOf(Diag)); It != Launched.end()) {
      const auto &[Finding, Param] = It->second;
      // The function's name, without the type projectName adds.
      const std::string Callee =
          llvm::StringRef(Finding->Function).split(' ').first.str();
      clang::tooling::DiagnosticMessage Passed, Launch;
      Passed.Message = llvm::formatv("it is passed to '{0}' here, which "
                                     "another file of the project defines",
                                     Callee)
                           .str();
      Passed.FilePath = Finding->CallFile;
      Passed.FileOffset = Finding->CallOffset;
      Launch.Message = llvm::formatv("'{0}' hands it to the CUDA kernel '{1}' "
                                     "here, which runs on the GPU",
                                     Callee, Param->Kernel)
                           .str();
      Launch.FilePath = Param->File;
      Launch.FileOffset = Param->Offset;
      Diag.Notes.push_back(std::move(Passed));
      Diag.Notes.push_back(std::move(Launch));
    }
    if (auto It = MadeReal.find(keyOf(Diag)); It != MadeReal.end()) {
      const auto &[Finding, Call] = It->second;
      clang::tooling::DiagnosticMessage Note;
      if (Finding->OnResult) {
        Note.Message = "the tensor returned meets, elsewhere in the project, "
                       "data placed on another device or on one chosen at "
                       "run time";
        Note.FilePath = Call->MeetFile;
        Note.FileOffset = Call->MeetOffset;
      } else {
        Note.Message = "a call elsewhere in the project passes data placed "
                       "on another device, or on one chosen at run time";
        Note.FilePath = Call->File;
        Note.FileOffset = Call->Offset;
      }
      Diag.Notes.push_back(std::move(Note));
    }
  }
  auto Kept =
      std::stable_partition(Findings.begin(), Findings.end(),
                            [&](const clang::tidy::ClangTidyError &Diag) {
                              return Unsupported.count(keyOf(Diag)) == 0;
                            });
  Dropped.assign(std::make_move_iterator(Kept),
                 std::make_move_iterator(Findings.end()));
  Findings.erase(Kept, Findings.end());
  return "";
}

// "torchlint-run: 2 shared preambles for 24 units; their flags differ in:
// -DUSE_X": how many preambles the units use, and why not one.
std::string describePreambles(
    const std::map<std::string, std::vector<size_t>> &UnitsOfPreamble,
    const std::vector<std::optional<PreambleRequest>> &Requests,
    const std::map<std::string, std::string> &PreamblePaths) {
  size_t Used = 0;
  std::map<std::string, size_t> FlagUse;
  for (const auto &[Key, Users] : UnitsOfPreamble) {
    if (!PreamblePaths.count(Key))
      continue;
    Used += Users.size();
    std::set<std::string> Flags(Requests[Users.front()]->Flags.begin(),
                                Requests[Users.front()]->Flags.end());
    for (const std::string &Flag : Flags)
      ++FlagUse[Flag];
  }
  std::string Text =
      llvm::formatv("torchlint-run: {0} shared preamble{1} for {2} units",
                    PreamblePaths.size(), PreamblePaths.size() == 1 ? "" : "s",
                    Used)
          .str();
  std::string Differ;
  for (const auto &[Flag, Count] : FlagUse)
    if (Count < PreamblePaths.size())
      Differ += " " + Flag;
  std::set<std::string> Lists;
  if (PreamblePaths.size() > 1)
    for (const auto &[Key, Users] : UnitsOfPreamble)
      if (PreamblePaths.count(Key)) {
        std::string List;
        for (const std::string &Include : Requests[Users.front()]->Includes)
          List += (List.empty() ? "<" : " <") + Include + ">";
        Lists.insert(List);
      }
  if (!Differ.empty())
    Text += "; their flags differ in:" + Differ;
  if (Lists.size() > 1) {
    Text += Differ.empty() ? "; their units start with different libtorch "
                             "includes: "
                           : "; and their includes: ";
    Text += llvm::join(Lists, ", ");
  }
  // What the units' own lists and flags had that means nothing to the
  // headers, and so did not split them.
  std::set<std::string> Redundant, Later, Unused;
  for (const auto &[Key, Users] : UnitsOfPreamble)
    if (PreamblePaths.count(Key))
      for (size_t I : Users) {
        for (const std::string &Include : Requests[I]->Redundant)
          Redundant.insert("<" + Include + ">");
        for (const std::string &Include : Requests[I]->BroughtInLater)
          Later.insert("<" + Include + ">");
        Unused.insert(Requests[I]->UnusedMacros.begin(),
                      Requests[I]->UnusedMacros.end());
      }
  auto Few = [](const std::set<std::string> &Items) {
    std::vector<std::string> Shown(Items.begin(), Items.end());
    if (Shown.size() > 4) {
      Shown.resize(4);
      Shown.push_back("...");
    }
    return llvm::join(Shown, ", ");
  };
  // "; shared across 2 includes that ... (<a>, <b>)"
  auto SharedAcross = [&](const std::set<std::string> &Items,
                          llvm::StringRef Kind, llvm::StringRef Why) {
    if (!Items.empty())
      Text +=
          llvm::formatv("; shared across {0} {1}{2} {3} ({4})", Items.size(),
                        Kind, Items.size() == 1 ? "" : "s", Why, Few(Items))
              .str();
  };
  SharedAcross(Redundant, "include", "that an earlier one already brings in");
  SharedAcross(Later, "include",
               "that a later one brings in, to the same text");
  SharedAcross(Unused, "macro flag", "that no header of theirs names");
  return Text;
}

// Judges the findings by the callers of every unit, and names the findings
// it drops on stderr, so that a reviewer can check the judgement; why it
// could not judge goes to \p Problems.
void judgeByCallers(const std::vector<UnitResult> &Units,
                    std::vector<clang::tidy::ClangTidyError> &Findings,
                    SourceFiles &Sources, std::vector<std::string> &Problems) {
  std::vector<clang::tidy::ClangTidyError> Dropped;
  if (std::string Problem = dropUnsupportedFindings(Units, Findings, Dropped);
      !Problem.empty()) {
    Problems.push_back(Problem);
    return;
  }
  if (Dropped.empty())
    return;
  llvm::errs() << "torchlint-run: " << Dropped.size()
               << " findings dropped: no call in the project passes their "
                  "data off the CPU (--project-callers=false keeps them)\n";
  for (const clang::tidy::ClangTidyError &Diag : Dropped) {
    Position P =
        Sources.positionOf(Diag.Message.FilePath, Diag.Message.FileOffset);
    llvm::errs() << llvm::formatv("torchlint-run: dropped {0}:{1}:{2} [{3}]\n",
                                  Diag.Message.FilePath, P.Line, P.Column,
                                  Diag.DiagnosticName);
  }
}

void printSummary(const RunSummary &Summary, size_t FindingCount) {
  llvm::errs() << llvm::formatv(
      "torchlint-run: {0} files ({1} cached, {2} failed), "
      "{3} findings",
      Summary.Units, Summary.Cached, Summary.Failed, FindingCount);
  if (!Summary.FindingsPerCheck.empty()) {
    llvm::errs() << " (";
    bool First = true;
    for (const auto &[Check, Count] : Summary.FindingsPerCheck) {
      llvm::errs() << (First ? "" : ", ") << Check << ": " << Count;
      First = false;
    }
    llvm::errs() << ")";
  }
  llvm::errs() << llvm::formatv(", {0:f1} s\n", Summary.Seconds);
  for (const std::string &Problem : Summary.Problems)
    llvm::errs() << "torchlint-run: warning: " << Problem << "\n";
}

int exitCode(const RunSummary &Summary, size_t FindingCount) {
  if (Summary.Failed)
    return 2;
  return FindingCount > FailThreshold ? 1 : 0;
}

// A shard's "I/N", when it is one (1 <= I <= N).
std::optional<std::pair<unsigned, unsigned>> parseShard(llvm::StringRef Part) {
  auto [IndexText, CountText] = Part.split('/');
  unsigned Index = 0, Count = 0;
  if (IndexText.getAsInteger(10, Index) || CountText.getAsInteger(10, Count) ||
      Count == 0 || Index == 0 || Index > Count)
    return std::nullopt;
  return std::make_pair(Index, Count);
}

// Which parts of an "I/N" split are missing from \p Parts, in words; empty
// when every part is there.
std::string missingShards(const std::set<std::string> &Parts) {
  unsigned Count = 0;
  std::set<unsigned> Seen;
  for (llvm::StringRef Part : Parts) {
    std::optional<std::pair<unsigned, unsigned>> Shard = parseShard(Part);
    if (!Shard || (Count && Shard->second != Count))
      return "the reports are not the shards of one split";
    Count = Shard->second;
    Seen.insert(Shard->first);
  }
  std::string Missing;
  for (unsigned Index = 1; Index <= Count; ++Index)
    if (!Seen.count(Index))
      Missing += (Missing.empty() ? "shard " : ", ") + std::to_string(Index) +
                 "/" + std::to_string(Count);
  return Missing.empty() ? "" : Missing + " not merged";
}

int runMerge() {
  std::vector<UnitResult> Units;
  std::vector<clang::tidy::ClangTidyError> All;
  std::set<std::string> Splits, Parts;
  for (const std::string &Input : MergeInputs) {
    std::string Error;
    ShardOfSplit Shard;
    if (!readJsonReport(Input, Units, All, Shard, Error))
      return fail(Error);
    Splits.insert(Shard.Split);
    Parts.insert(Shard.Part);
  }
  // Shards that split differently may have linted a file twice, or none.
  if (Splits.size() > 1)
    return fail(
        "the reports come from shards that split the project differently; "
        "give every shard the same cache (or none)");
  std::set<std::string> Seen;
  for (const UnitResult &Unit : Units)
    if (!Seen.insert(Unit.File).second)
      return fail(Unit.File + " was linted by two of the merged reports");
  std::vector<clang::tidy::ClangTidyError> Findings = uniqueFindings(All);
  SourceFiles Sources;
  // Shards that recorded their calls are judged together, once all of them
  // are here.
  std::vector<std::string> JudgementProblems;
  if (llvm::any_of(Units, [](const UnitResult &U) { return U.ProjectCalls; })) {
    if (std::string Missing = missingShards(Parts); !Missing.empty()) {
      JudgementProblems.push_back("findings not judged by their callers: " +
                                  Missing);
      dropLatentFindings(Units, Findings);
    } else
      judgeByCallers(Units, Findings, Sources, JudgementProblems);
  }
  RunSummary Summary = summarize(Units, Findings);
  for (const UnitResult &Unit : Units)
    Summary.Seconds = std::max(Summary.Seconds, Unit.Seconds);
  llvm::append_range(Summary.Problems, JudgementProblems);
  if (!writeTo(Output, [&](llvm::raw_ostream &OS) {
        writeReport(OS, reportSettings(), Findings, Units, Summary, Sources);
      }))
    return 2;
  printSummary(Summary, Findings.size());
  return exitCode(Summary, Findings.size());
}

// compile_commands.json read directly: clang's plugin registry of database
// formats is not visible to a program linked as this one is.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadDatabaseIn(llvm::StringRef Dir, std::string &Error) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  if (!fs::exists(Path)) {
    Error = "no compile_commands.json in " + Dir.str();
    return nullptr;
  }
  return torchlint::readingNvccCommands(
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Path, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect),
      torchlint::installedCudaHeadersDir(reinterpret_cast<void *>(&fail)));
}

std::unique_ptr<clang::tooling::CompilationDatabase>
loadDatabase(std::string &BuildDir, std::string &Error) {
  if (!BuildPath.empty()) {
    BuildDir = BuildPath;
    return loadDatabaseIn(BuildPath, Error);
  }
  llvm::SmallString<256> Dir;
  fs::current_path(Dir);
  for (llvm::StringRef At = Dir; !At.empty();
       At = llvm::sys::path::parent_path(At)) {
    llvm::SmallString<256> Candidate(At);
    llvm::sys::path::append(Candidate, "compile_commands.json");
    if (fs::exists(Candidate)) {
      BuildDir = At.str();
      return loadDatabaseIn(At, Error);
    }
  }
  Error =
      "no compile_commands.json in the current directory or above it; use -p";
  return nullptr;
}

int runProject(llvm::StringRef Self) {
  std::string Error;
  std::string BuildDir;
  auto Database = loadDatabase(BuildDir, Error);
  if (!Database)
    return fail(Error);
  auto Providers = optionsProviders(Error);
  if (!Providers)
    return fail(Error);
  LintSettings Settings;
  Settings.MakeOptionsProvider = Providers;
  Settings.FixesFromNotes = FixNotes;
  // The callers are all known only when every unit is linted (shards are
  // judged together when merged); a partial run judges each file alone.
  const bool EveryUnit = DiffBase.empty() && FilePatterns.empty();
  if (ProjectCallers.getNumOccurrences() && ProjectCallers && !EveryUnit)
    return fail("--project-callers needs every unit of the database: it cannot "
                "be combined with --diff or file filters");
  Settings.RecordProjectCalls = ProjectCallers && EveryUnit;
  const bool JudgeHere = Settings.RecordProjectCalls && Shard.empty();

  std::vector<CompileCommand> Units = unitsOf(*Database, FilePatterns, Error);
  if (!Error.empty())
    return fail(Error);

  FileHashes Hashes;
  std::string Identity = toolIdentity(nullptr, reinterpret_cast<void *>(&fail));
  // Results that also hold the unit's calls.
  if (Settings.RecordProjectCalls)
    Identity += " project-callers";
  llvm::SmallString<256> CachePath(CacheDir);
  std::optional<llvm::SmallString<256>> ScratchDir;
  if (NoCache) {
    // The preambles still need a place for this run.
    ScratchDir.emplace();
    if (fs::createUniqueDirectory("torchlint-run", *ScratchDir))
      return fail("cannot create a temporary directory");
    CachePath = *ScratchDir;
  } else if (CachePath.empty()) {
    CachePath = BuildDir;
    llvm::sys::path::append(CachePath, ".torchlint-cache");
  }
  fs::make_absolute(CachePath);
  ResultCache Cache(std::string(CachePath), NoCache ? "" : CacheUrl.getValue(),
                    Identity, Hashes);
  const ResultCache *History = NoCache ? nullptr : &Cache;

  ChangedLines Changes;
  if (!DiffBase.empty()) {
    if (!changedSince(DiffBase, Changes, Error))
      return fail(Error);
    Units = unitsTouchedBy(Units, Changes, History);
  }
  std::string SplitId;
  if (!Shard.empty()) {
    std::optional<std::pair<unsigned, unsigned>> Part = parseShard(Shard);
    if (!Part)
      return fail("--shard wants I/N with 1 <= I <= N, got '" + Shard + "'");
    Units = shardOf(Units, Part->first, Part->second, History, SplitId);
  }

  std::optional<llvm::ThreadPoolStrategy> Strategy =
      llvm::get_threadpool_strategy(Jobs, llvm::hardware_concurrency());
  if (!Strategy)
    return fail("-j wants a number, got '" + Jobs + "'");
  llvm::DefaultThreadPool Pool(*Strategy);
  llvm::CrashRecoveryContext::Enable();

  Progress Tracker(Units.size(), !Quiet);
  std::vector<UnitResult> Results(Units.size());
  std::vector<std::string> Keys(Units.size());
  std::vector<ClangTidyOptions> UnitOptions(Units.size());
  std::vector<char> Missed(Units.size(), 0);

  // 1. Answer what the cache can.
  for (size_t I = 0; I < Units.size(); ++I)
    Pool.async([&, I] {
      UnitOptions[I] = optionsFor(Settings, Units[I].Filename);
      Keys[I] = Cache.keyFor(Units[I], UnitOptions[I]);
      if (std::optional<UnitResult> Hit =
              NoCache ? std::nullopt : Cache.lookup(Keys[I])) {
        Results[I] = std::move(*Hit);
        Results[I].File = Units[I].Filename;
        Tracker.finished(Results[I]);
      } else {
        Missed[I] = 1;
      }
    });
  Pool.wait();

  // Linting a unit, and building a preamble: a build's units are linted
  // as soon as it is done, whether they were known to need it before or
  // come to wait for it after.
  auto Lint = [&](size_t I, std::string Preamble) {
    Pool.async([&, I, Preamble = std::move(Preamble)] {
      Results[I] = lintUnit(Units[I], Settings, Preamble);
      if (!NoCache && !Results[I].ToolFailed)
        Cache.store(Keys[I], Results[I]);
      Tracker.finished(Results[I]);
    });
  };
  PreambleStore Preambles(std::string(CachePath), Hashes);
  struct PreambleBuild {
    bool Done = false;
    std::string Path; // empty: it could not be built
    std::vector<size_t> Waiting;
  };
  std::mutex BuildsLock;
  std::map<std::string, PreambleBuild> Builds;
  auto StartBuild = [&](const std::string &Key, PreambleRequest Request) {
    {
      std::lock_guard<std::mutex> Guard(BuildsLock);
      if (!Builds.try_emplace(Key).second)
        return;
    }
    Pool.async([&, Key, Request = std::move(Request)] {
      std::optional<std::string> Built = Preambles.build(
          Request, [&](llvm::StringRef Header, llvm::StringRef Output,
                       llvm::StringRef Depfile) {
            return compilePreamble(Self, Request, Preambles.compiler(), Header,
                                   Output, Depfile);
          });
      std::vector<size_t> Waiting;
      {
        std::lock_guard<std::mutex> Guard(BuildsLock);
        PreambleBuild &Build = Builds[Key];
        Build.Done = true;
        Build.Path = Built.value_or("");
        Waiting.swap(Build.Waiting);
      }
      for (size_t I : Waiting)
        Lint(I, Built.value_or(""));
    });
  };
  auto LintWhenBuilt = [&](size_t I, const std::string &Key) {
    std::unique_lock<std::mutex> Guard(BuildsLock);
    PreambleBuild &Build = Builds[Key];
    if (!Build.Done) {
      Build.Waiting.push_back(I);
      return;
    }
    std::string Path = Build.Path;
    Guard.unlock();
    Lint(I, std::move(Path));
  };

  // 2. A preamble per flag set, where two units or more share it (or it is
  // there from an earlier run).
  std::vector<std::optional<PreambleRequest>> Requests(Units.size());
  std::map<std::string, std::vector<size_t>> UnitsOfPreamble;
  if (!NoPreamble) {
    // Units whose includes or flags differ only in what cannot change what
    // the headers mean share one: one scan per distinct request decides,
    // requests alike but for macros in turn (canonicalizeAlike). A preamble
    // that two units of one scan need is built at once, beside the other
    // scans.
    std::map<std::string, std::vector<size_t>> UnitsOfRequest;
    std::map<std::string, std::vector<const std::vector<size_t> *>>
        RequestsAlike;
    for (size_t I = 0; I < Units.size(); ++I)
      if (Missed[I] && (Requests[I] = preambleFor(Units[I])))
        UnitsOfRequest[Requests[I]->Key].push_back(I);
    for (const auto &Entry : UnitsOfRequest)
      RequestsAlike[keyWithoutMacros(*Requests[Entry.second.front()])]
          .push_back(&Entry.second);
    // The scans have threads of their own: a build they start runs at
    // once on the idle pool, not after the scans still queued.
    llvm::DefaultThreadPool Scans(*Strategy);
    for (const auto &Alike : RequestsAlike)
      Scans.async([&, &Group = Alike.second] {
        std::vector<PreambleRequest> Originals;
        for (const std::vector<size_t> *Users : Group)
          Originals.push_back(*Requests[Users->front()]);
        std::vector<PreambleRequest> Canonical =
            Preambles.canonicalizeAlike(Originals);
        std::map<std::string, size_t> Needed;
        for (size_t K = 0; K < Group.size(); ++K)
          for (size_t I : *Group[K]) {
            std::string Directory = std::move(Requests[I]->Directory);
            Requests[I] = Canonical[K];
            Requests[I]->Directory = std::move(Directory);
            if (++Needed[Canonical[K].Key] == 2 &&
                !Preambles.existing(*Requests[I]))
              StartBuild(Canonical[K].Key, *Requests[I]);
          }
      });
    Scans.wait();
    for (size_t I = 0; I < Units.size(); ++I)
      if (Requests[I])
        UnitsOfPreamble[Requests[I]->Key].push_back(I);
  }
  // The preambles there will be: those in the cache, and those two units
  // or more share, built below (or already being built).
  std::map<std::string, std::string> PreamblePaths;
  std::set<std::string> ToBuild;
  for (const auto &[Key, Users] : UnitsOfPreamble) {
    bool Started;
    {
      std::lock_guard<std::mutex> Guard(BuildsLock);
      Started = Builds.count(Key); // beside the scans: not there yet
    }
    if (Started)
      ToBuild.insert(Key);
    else if (auto Existing = Preambles.existing(*Requests[Users.front()]))
      PreamblePaths[Key] = *Existing;
    else if (Users.size() >= 2)
      ToBuild.insert(Key);
  }

  // A unit whose own list has no preamble (no other unit starts so) takes
  // the one of the longest shorter list its own starts with, if there is
  // one: a PCH of a prefix of its includes, the rest parsed as text.
  size_t OnPrefix = 0;
  for (size_t I = 0; I < Units.size(); ++I) {
    if (!Requests[I] || PreamblePaths.count(Requests[I]->Key) ||
        ToBuild.count(Requests[I]->Key))
      continue;
    for (size_t N = Requests[I]->Includes.size(); N-- > 1;) {
      PreambleRequest Prefix = *Requests[I];
      Prefix.Includes.resize(N);
      Prefix.Key = keyOf(Prefix);
      if (!PreamblePaths.count(Prefix.Key) && !ToBuild.count(Prefix.Key)) {
        std::optional<std::string> Path = Preambles.existing(Prefix);
        if (!Path)
          continue;
        PreamblePaths[Prefix.Key] = *Path;
      }
      std::vector<size_t> &Own = UnitsOfPreamble[Requests[I]->Key];
      llvm::erase(Own, I);
      if (Own.empty())
        UnitsOfPreamble.erase(Requests[I]->Key);
      Requests[I] = std::move(Prefix);
      UnitsOfPreamble[Requests[I]->Key].push_back(I);
      ++OnPrefix;
      break;
    }
  }

  // 3. Lint the rest: each preamble's units as soon as it is built, the
  // others at once, beside the builds.
  for (const std::string &Key : ToBuild)
    StartBuild(Key, *Requests[UnitsOfPreamble.at(Key).front()]);
  for (size_t I = 0; I < Units.size(); ++I) {
    if (!Missed[I])
      continue;
    if (Requests[I] && ToBuild.count(Requests[I]->Key)) {
      LintWhenBuilt(I, Requests[I]->Key);
      continue;
    }
    std::string Preamble;
    if (Requests[I])
      if (auto Found = PreamblePaths.find(Requests[I]->Key);
          Found != PreamblePaths.end())
        Preamble = Found->second;
    Lint(I, std::move(Preamble));
  }
  Pool.wait();
  for (const auto &[Key, Build] : Builds)
    if (!Build.Path.empty())
      PreamblePaths[Key] = Build.Path;
  if (!Quiet && !PreamblePaths.empty())
    llvm::errs() << describePreambles(UnitsOfPreamble, Requests, PreamblePaths)
                 << "\n";
  if (!Quiet && OnPrefix)
    llvm::errs() << llvm::formatv(
        "torchlint-run: {0} unit{1} with an include list of {2} own over the "
        "preamble of a shorter list {3} with\n",
        OnPrefix, OnPrefix == 1 ? "" : "s", OnPrefix == 1 ? "its" : "their",
        OnPrefix == 1 ? "it starts" : "they start");

  std::vector<clang::tidy::ClangTidyError> All;
  for (const UnitResult &Unit : Results)
    All.insert(All.end(), Unit.Diagnostics.begin(), Unit.Diagnostics.end());
  std::vector<clang::tidy::ClangTidyError> Findings = uniqueFindings(All);
  SourceFiles Sources;
  std::vector<std::string> JudgementProblems;
  if (JudgeHere)
    judgeByCallers(Results, Findings, Sources, JudgementProblems);
  else if (Format != ReportFormat::Json)
    // A shard's JSON report carries its latent findings to `merge`, which
    // judges them; nothing else shows them unjudged.
    dropLatentFindings(Results, Findings);
  if (!DiffBase.empty())
    llvm::erase_if(Findings, [&](const clang::tidy::ClangTidyError &Diag) {
      Position P =
          Sources.positionOf(Diag.Message.FilePath, Diag.Message.FileOffset);
      return !Changes.touches(Diag.Message.FilePath, P.Line);
    });

  RunSummary Summary = summarize(Results, Findings);
  Summary.Seconds = Tracker.seconds();
  if (std::string Problem = Cache.remoteProblem(); !Problem.empty())
    Summary.Problems.push_back("remote cache not used: " + Problem);
  llvm::append_range(Summary.Problems, JudgementProblems);
  if (!SplitId.empty()) {
    Summary.Shard = Shard;
    Summary.SplitId = SplitId;
    llvm::errs() << "torchlint-run: shard " << Shard << " of split " << SplitId
                 << "\n";
  }
  if (!writeTo(Output, [&](llvm::raw_ostream &OS) {
        writeReport(OS, reportSettings(), Findings, Results, Summary, Sources);
      }))
    return 2;
  int Code = exitCode(Summary, Findings.size());
  if (Fix || FixNotes) {
    FixOutcome Fixed = applyFixes(Findings, FixNotes);
    llvm::errs() << llvm::formatv(
        "torchlint-run: applied {0} fixes in {1} files", Fixed.Applied,
        Fixed.ChangedFiles.size());
    if (Fixed.Conflicts)
      llvm::errs() << llvm::formatv(", left out {0} that overlap another",
                                    Fixed.Conflicts);
    llvm::errs() << "\n";
    for (const std::string &Problem : Fixed.Errors)
      llvm::errs() << "torchlint-run: error: " << Problem << "\n";
    if (!Fixed.Errors.empty())
      Code = 2;
  }
  printSummary(Summary, Findings.size());
  if (ScratchDir)
    fs::remove_directories(*ScratchDir);
  return Code;
}

} // namespace

int main(int Argc, const char **Argv) {
  llvm::InitLLVM Init(Argc, Argv);
  if (Argc > 1 && llvm::StringRef(Argv[1]) == BuildPreambleFlag)
    return buildPreambleMain(llvm::ArrayRef(Argv + 2, Argv + Argc));
#define TORCHLINT_USE_ANCHOR(Name) (void)clang::tidy::Name##ModuleAnchorSource;
  TORCHLINT_MODULES(TORCHLINT_USE_ANCHOR)
  cl::HideUnrelatedOptions(Category);
  cl::AddExtraVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "torchlint-run version " << TORCHLINT_VERSION << "\n";
  });
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "torchlint-run: lint every translation unit of a compile database "
          "with "
          "torchlint's checks, in parallel, cached, with reports for CI.\n\n"
          "Exit status: 0 no findings, 1 findings (above --fail-threshold), "
          "2 the tool or a unit failed.\n",
          &llvm::errs()))
    return 2;
  if (Merge)
    return runMerge();
  // This program, which builds the preambles in child processes.
  static int Anchor;
  return runProject(fs::getMainExecutable(Argv[0], &Anchor));
}
