//===--- UnitSelection.cpp - which translation units a run lints ----------===//
#include "UnitSelection.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include <algorithm>

using clang::tooling::CompileCommand;
namespace fs = llvm::sys::fs;

namespace torchlint::run {
namespace {

// Runs git with \p Args; its standard output, or nothing with \p Error set.
std::optional<std::string> git(llvm::ArrayRef<llvm::StringRef> Args,
                               std::string &Error) {
  auto Git = llvm::sys::findProgramByName("git");
  if (!Git) {
    Error = "git is not installed";
    return std::nullopt;
  }
  llvm::SmallString<128> Out, Err;
  fs::createTemporaryFile("torchlint-run-git", "out", Out);
  fs::createTemporaryFile("torchlint-run-git", "err", Err);
  std::vector<llvm::StringRef> Argv{*Git};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  int Code = llvm::sys::ExecuteAndWait(
      *Git, Argv, std::nullopt,
      {llvm::StringRef(""), llvm::StringRef(Out), llvm::StringRef(Err)});
  auto Output = llvm::MemoryBuffer::getFile(Out);
  auto Message = llvm::MemoryBuffer::getFile(Err);
  fs::remove(Out);
  fs::remove(Err);
  if (Code != 0 || !Output) {
    Error = "git " + llvm::join(Args, " ") + " failed" +
            (Message ? ": " + (*Message)->getBuffer().trim().str() : "");
    return std::nullopt;
  }
  return (*Output)->getBuffer().str();
}

} // namespace

std::vector<CompileCommand>
unitsOf(const clang::tooling::CompilationDatabase &Database,
        const std::vector<std::string> &Patterns, std::string &Error) {
  std::vector<llvm::Regex> Filters;
  for (const std::string &Pattern : Patterns) {
    Filters.emplace_back(Pattern);
    std::string Why;
    if (!Filters.back().isValid(Why)) {
      Error = "invalid file pattern '" + Pattern + "': " + Why;
      return {};
    }
  }
  std::map<std::string, CompileCommand> ByFile;
  for (CompileCommand &Command : Database.getAllCompileCommands()) {
    std::string Absolute = absolutePath(Command.Directory, Command.Filename);
    if (!Filters.empty() &&
        std::none_of(Filters.begin(), Filters.end(),
                     [&](const llvm::Regex &R) { return R.match(Absolute); }))
      continue;
    Command.Filename = std::move(Absolute);
    ByFile.try_emplace(Command.Filename, std::move(Command));
  }
  std::vector<CompileCommand> Units;
  for (auto &Entry : ByFile)
    Units.push_back(std::move(Entry.second));
  return Units;
}

bool ChangedLines::touches(llvm::StringRef File, unsigned Line) const {
  auto Found = Files.find(File.str());
  return Found != Files.end() && Found->second.count(Line);
}

bool changedSince(llvm::StringRef Base, ChangedLines &Changes,
                  std::string &Error) {
  auto Top = git({"rev-parse", "--show-toplevel"}, Error);
  if (!Top)
    return false;
  std::string Root = llvm::StringRef(*Top).trim().str();
  auto Diff = git({"-C", Root, "diff", "-U0", "--no-color", "--no-ext-diff",
                   "--no-renames", Base, "--"},
                  Error);
  if (!Diff)
    return false;
  std::string Current;
  llvm::SmallVector<llvm::StringRef> Lines;
  llvm::StringRef(*Diff).split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Line.consume_front("+++ ")) {
      Current.clear();
      if (Line.consume_front("b/")) {
        llvm::SmallString<256> Path(Root);
        llvm::sys::path::append(Path, Line);
        Current = std::string(Path);
        Changes.Files[Current];
      }
      continue;
    }
    if (Current.empty() || !Line.consume_front("@@ "))
      continue;
    // "@@ -a,b +c,d @@": lines c .. c+d-1 of the new file; d == 0 is a
    // deletion just after line c.
    size_t Plus = Line.find('+');
    if (Plus == llvm::StringRef::npos)
      continue;
    llvm::StringRef Range = Line.drop_front(Plus + 1).split(' ').first;
    auto [StartText, CountText] = Range.split(',');
    unsigned Start = 0, Count = 1;
    if (StartText.getAsInteger(10, Start) ||
        (!CountText.empty() && CountText.getAsInteger(10, Count)))
      continue;
    if (Count == 0)
      Changes.Files[Current].insert(Start + 1);
    for (unsigned L = Start; L < Start + Count; ++L)
      Changes.Files[Current].insert(L);
  }
  return true;
}

std::vector<CompileCommand>
unitsTouchedBy(const std::vector<CompileCommand> &Units,
               const ChangedLines &Changes, const ResultCache *Cache) {
  std::vector<CompileCommand> Touched;
  for (const CompileCommand &Unit : Units) {
    bool Keep = Changes.Files.count(Unit.Filename) > 0;
    if (!Keep) {
      std::optional<LastRun> Last =
          Cache ? Cache->lastRun(Unit.Filename) : std::nullopt;
      Keep = !Last ||
             std::any_of(Last->Dependencies.begin(), Last->Dependencies.end(),
                         [&](const std::string &Dependency) {
                           return Changes.Files.count(Dependency) > 0;
                         });
    }
    if (Keep)
      Touched.push_back(Unit);
  }
  return Touched;
}

std::vector<CompileCommand> shardOf(const std::vector<CompileCommand> &Units,
                                    unsigned Index, unsigned Count,
                                    const ResultCache *Cache,
                                    std::string &SplitId) {
  // A unit never linted costs what the known ones cost on average.
  std::vector<double> Cost(Units.size(), 0);
  double Known = 0;
  unsigned KnownCount = 0;
  for (size_t I = 0; I < Units.size(); ++I)
    if (auto Last = Cache ? Cache->lastRun(Units[I].Filename) : std::nullopt) {
      Cost[I] = std::max(Last->Seconds, 0.001);
      Known += Cost[I];
      ++KnownCount;
    }
  double Default = KnownCount ? Known / KnownCount : 1.0;
  std::vector<size_t> Order(Units.size());
  for (size_t I = 0; I < Units.size(); ++I) {
    Order[I] = I;
    if (Cost[I] == 0)
      Cost[I] = Default;
  }
  std::stable_sort(Order.begin(), Order.end(),
                   [&](size_t A, size_t B) { return Cost[A] > Cost[B]; });
  std::vector<double> Load(Count, 0);
  std::vector<unsigned> ShardOfUnit(Units.size(), 0);
  for (size_t I : Order) {
    unsigned Lightest = static_cast<unsigned>(
        std::min_element(Load.begin(), Load.end()) - Load.begin());
    ShardOfUnit[I] = Lightest;
    Load[Lightest] += Cost[I];
  }
  llvm::BLAKE3 Hasher;
  std::vector<CompileCommand> Mine;
  for (size_t I = 0; I < Units.size(); ++I) {
    Hasher.update(Units[I].Filename);
    Hasher.update(":" + std::to_string(ShardOfUnit[I]) + "\n");
    if (ShardOfUnit[I] == Index - 1)
      Mine.push_back(Units[I]);
  }
  SplitId = llvm::toHex(Hasher.final<16>(), /*LowerCase=*/true);
  return Mine;
}

} // namespace torchlint::run
