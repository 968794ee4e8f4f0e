//===--- RulesOptions.cpp - the options that choose the op rules ----------===//
#include "device/rules/RulesOptions.h"
#include "TorchTidyModule.h"
#include "device/rules/OpRules.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <algorithm>

namespace clang::tidy::torch::device {

namespace {

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

/// \p Value of option \p Key, resolved against the directory of the nearest
/// `.clang-tidy` above \p MainFile that sets \p Key to \p Value (clang-tidy
/// reads the nearest one, and its parents under InheritParentConfig).
std::string resolveRulesFile(llvm::StringRef Value, llvm::StringRef Key,
                             llvm::StringRef MainFile) {
  if (llvm::sys::path::is_absolute(Value))
    return Value.str();
  const std::string File = absolutePath(MainFile);
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(File); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Config(Dir);
    llvm::sys::path::append(Config, ".clang-tidy");
    auto Text = llvm::MemoryBuffer::getFile(Config);
    if (!Text)
      continue;
    llvm::ErrorOr<ClangTidyOptions> Parsed =
        parseConfiguration((*Text)->getMemBufferRef());
    if (!Parsed)
      continue;
    auto It = Parsed->CheckOptions.find(Key);
    if (It != Parsed->CheckOptions.end() && It->getValue().Value == Value) {
      llvm::SmallString<256> Resolved(Dir);
      llvm::sys::path::append(Resolved, Value);
      return absolutePath(Resolved);
    }
  }
  return absolutePath(Value);
}

bool isKnownLibtorchVersion(llvm::StringRef Version) {
  static const llvm::Regex Pattern("^[12](\\.[0-9]+)*$");
  return Pattern.match(Version);
}

} // namespace

bool RulesOptions::isModuleWide(llvm::StringRef Option) {
  return llvm::is_contained(
      {"RulesFile", "LibtorchVersion", "UnsafeFixes", "DebugAnalysis"}, Option);
}

RulesOptions RulesOptions::read(const ClangTidyContext &Context) {
  RulesOptions Result;
  const ClangTidyOptions::OptionMap &Options =
      Context.getOptions().CheckOptions;
  // StringMap's order is not stable: sort, so that problems and rule files
  // come in the same order every run.
  std::vector<llvm::StringRef> Keys;
  for (const auto &Entry : Options)
    Keys.push_back(Entry.getKey());
  llvm::sort(Keys);

  std::string VersionKey;
  for (llvm::StringRef Key : Keys) {
    const auto [Check, Option] =
        Key.contains('.')
            ? Key.rsplit('.')
            : std::pair<llvm::StringRef, llvm::StringRef>("", Key);
    if (!Check.empty() && !Check.starts_with("torch-"))
      continue;
    if (!Check.empty() && !torchCheckNames().contains(Check)) {
      Result.Problems.push_back("option '" + Key.str() +
                                "' names no torch check ('" + Check.str() +
                                "' does not exist)");
      continue;
    }
    const std::string &Value = Options.find(Key)->getValue().Value;
    if (Option == "RulesFile" && !Value.empty()) {
      const std::string Path =
          resolveRulesFile(Value, Key, Context.getCurrentFile());
      if (llvm::is_contained(Result.RulesFiles, Path))
        continue;
      OpRuleSet Scratch;
      std::string Error;
      if (loadOpRulesFile(Path, Scratch, Error))
        Result.RulesFiles.push_back(Path);
      else
        Result.Problems.push_back("cannot use RulesFile '" + Value +
                                  "' (option '" + Key.str() + "'): " + Error);
    } else if (Option == "LibtorchVersion") {
      if (!isKnownLibtorchVersion(Value)) {
        Result.Problems.push_back(
            "unknown LibtorchVersion '" + Value + "' (option '" + Key.str() +
            "'); expected a libtorch version such as 1.13 or 2.1");
      } else if (!VersionKey.empty() && Value != Result.LibtorchVersion) {
        Result.Problems.push_back(
            "options '" + VersionKey + "' and '" + Key.str() +
            "' give different LibtorchVersion "
            "values ('" +
            Result.LibtorchVersion + "' and '" + Value + "'); '" +
            Result.LibtorchVersion + "' is used");
      } else if (VersionKey.empty()) {
        VersionKey = Key.str();
        Result.LibtorchVersion = Value;
      }
    }
  }
  return Result;
}

} // namespace clang::tidy::torch::device
