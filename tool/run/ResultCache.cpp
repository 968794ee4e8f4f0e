//===--- ResultCache.cpp - lint results keyed on everything they depend on ===//
#include "ResultCache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace json = llvm::json;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace torchlint::run {
namespace {

// Bumped when the entry format changes: old entries are then never read.
constexpr unsigned RemoteSeconds = 20;

std::string hexHash(llvm::BLAKE3 &Hasher) {
  return llvm::toHex(Hasher.final(), /*LowerCase=*/true);
}

} // namespace

std::string FileHashes::of(llvm::StringRef Path) {
  {
    std::lock_guard<std::mutex> Guard(Lock);
    auto Found = Known.find(Path);
    if (Found != Known.end())
      return Found->second;
  }
  std::string Hash = "missing";
  if (auto Buffer =
          llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false))
    Hash = llvm::toHex(
        llvm::BLAKE3::hash(llvm::arrayRefFromStringRef((*Buffer)->getBuffer())),
        /*LowerCase=*/true);
  std::lock_guard<std::mutex> Guard(Lock);
  return Known.try_emplace(Path, Hash).first->second;
}

ResultCache::ResultCache(std::string Directory, std::string RemoteUrl,
                         std::string ToolIdentity, FileHashes &Hashes)
    : Directory(std::move(Directory)), RemoteUrl(std::move(RemoteUrl)),
      ToolIdentity(std::move(ToolIdentity)), Hashes(Hashes) {
  while (llvm::StringRef(this->RemoteUrl).ends_with("/"))
    this->RemoteUrl.pop_back();
  if (!this->RemoteUrl.empty()) {
    if (auto Found = llvm::sys::findProgramByName("curl"))
      Curl = *Found;
    else
      remoteFailed("curl is not installed");
  }
}

std::string ResultCache::keyFor(const clang::tooling::CompileCommand &Command,
                                const clang::tidy::ClangTidyOptions &Options) {
  llvm::BLAKE3 Hasher;
  addHashField(Hasher, CacheGeneration);
  addHashField(Hasher, ToolIdentity);
  addHashField(Hasher, clang::tidy::configurationAsText(Options));
  for (const auto &Option : Options.CheckOptions)
    if (Option.getKey().ends_with("RulesFile") &&
        !Option.getValue().Value.empty())
      addHashField(Hasher, Hashes.of(Option.getValue().Value));
  addHashField(Hasher, Command.Directory);
  addHashField(Hasher, Command.Filename);
  for (const std::string &Arg : Command.CommandLine)
    addHashField(Hasher, Arg);
  addHashField(Hasher,
               Hashes.of(absolutePath(Command.Directory, Command.Filename)));
  return hexHash(Hasher);
}

std::string ResultCache::entryPath(llvm::StringRef Key) const {
  llvm::SmallString<256> Path(Directory);
  path::append(Path, CacheGeneration, Key.take_front(2), Key + ".json");
  return std::string(Path);
}

std::string ResultCache::lastRunPath(llvm::StringRef File) const {
  llvm::SmallString<256> Path(Directory);
  std::string Name =
      llvm::toHex(llvm::BLAKE3::hash(llvm::arrayRefFromStringRef(File)), true);
  path::append(Path, CacheGeneration, "files", Name + ".json");
  return std::string(Path);
}

std::optional<UnitResult> ResultCache::lookup(llvm::StringRef Key) {
  std::string Path = entryPath(Key);
  if (!fs::exists(Path) && !fetchRemote(Key, Path))
    return std::nullopt;
  std::optional<json::Value> Entry = readJSONFile(Path);
  if (!Entry)
    return std::nullopt;
  const json::Object *Object = Entry->getAsObject();
  const json::Array *DependencyHashes =
      Object ? Object->getArray("dependencyHashes") : nullptr;
  const json::Value *Stored = Object ? Object->get("result") : nullptr;
  UnitResult Result;
  if (!DependencyHashes || !Stored || !fromJSON(*Stored, Result) ||
      DependencyHashes->size() != Result.Dependencies.size())
    return std::nullopt;
  for (size_t I = 0; I < Result.Dependencies.size(); ++I) {
    auto Expected = (*DependencyHashes)[I].getAsString();
    if (!Expected || Hashes.of(Result.Dependencies[I]) != *Expected)
      return std::nullopt;
  }
  Result.FromCache = true;
  return Result;
}

void ResultCache::store(llvm::StringRef Key, const UnitResult &Result) {
  json::Array DependencyHashes;
  for (const std::string &Dependency : Result.Dependencies)
    DependencyHashes.push_back(Hashes.of(Dependency));
  json::Object Entry{{"key", Key},
                     {"file", Result.File},
                     {"dependencyHashes", std::move(DependencyHashes)},
                     {"result", toJSON(Result)}};
  std::string Path = entryPath(Key);
  if (!writeFileAtomically(
          Path, llvm::formatv("{0}", json::Value(std::move(Entry))).str()))
    return;
  json::Array Dependencies;
  for (const std::string &Dependency : Result.Dependencies)
    Dependencies.push_back(Dependency);
  writeFileAtomically(
      lastRunPath(Result.File),
      llvm::formatv("{0}", json::Value(json::Object{
                               {"file", Result.File},
                               {"seconds", Result.Seconds},
                               {"dependencies", std::move(Dependencies)}}))
          .str());
  storeRemote(Key, Path);
}

std::optional<LastRun> ResultCache::lastRun(llvm::StringRef File) const {
  std::optional<json::Value> Record = readJSONFile(lastRunPath(File));
  const json::Object *Object = Record ? Record->getAsObject() : nullptr;
  if (!Object)
    return std::nullopt;
  LastRun Last;
  Last.Seconds = Object->getNumber("seconds").value_or(0);
  if (const json::Array *Dependencies = Object->getArray("dependencies"))
    for (const json::Value &Dependency : *Dependencies)
      if (auto Path = Dependency.getAsString())
        Last.Dependencies.push_back(Path->str());
  return Last;
}

bool ResultCache::fetchRemote(llvm::StringRef Key, llvm::StringRef Into) {
  if (RemoteUrl.empty() || RemoteDown)
    return false;
  std::string Url =
      RemoteUrl + "/" + CacheGeneration.str() + "/" + Key.str() + ".json";
  llvm::SmallString<256> Temporary(Into);
  Temporary += ".download";
  fs::create_directories(path::parent_path(Into));
  std::string Error;
  // -f: an HTTP error (404 for an entry nobody stored yet) is exit code 22.
  int Code = llvm::sys::ExecuteAndWait(
      Curl,
      {Curl, "-sS", "-f", "--connect-timeout", "5", "--max-time",
       std::to_string(RemoteSeconds), "-o", Temporary, Url},
      std::nullopt, {std::nullopt, std::nullopt, llvm::StringRef("")},
      /*SecondsToWait=*/RemoteSeconds + 5, 0, &Error);
  if (Code == 0)
    return !fs::rename(Temporary, Into);
  fs::remove(Temporary);
  if (Code != 22)
    remoteFailed("GET " + Url + " failed (curl exit " + std::to_string(Code) +
                 (Error.empty() ? "" : ": " + Error) + ")");
  return false;
}

void ResultCache::storeRemote(llvm::StringRef Key, llvm::StringRef From) {
  if (RemoteUrl.empty() || RemoteDown)
    return;
  std::string Url =
      RemoteUrl + "/" + CacheGeneration.str() + "/" + Key.str() + ".json";
  std::string Error;
  int Code = llvm::sys::ExecuteAndWait(
      Curl,
      {Curl, "-sS", "-f", "--connect-timeout", "5", "--max-time",
       std::to_string(RemoteSeconds), "-T", From, Url},
      std::nullopt, {std::nullopt, llvm::StringRef(""), llvm::StringRef("")},
      RemoteSeconds + 5, 0, &Error);
  if (Code != 0)
    remoteFailed("PUT " + Url + " failed (curl exit " + std::to_string(Code) +
                 (Error.empty() ? "" : ": " + Error) + ")");
}

void ResultCache::remoteFailed(llvm::StringRef What) {
  // After the first failure the run goes on with the local cache only.
  RemoteDown = true;
  std::lock_guard<std::mutex> Guard(ProblemLock);
  if (Problem.empty())
    Problem = What.str();
}

std::string ResultCache::remoteProblem() const {
  std::lock_guard<std::mutex> Guard(ProblemLock);
  return Problem;
}

std::string toolIdentity(const char *Argv0, void *MainAddress) {
  llvm::BLAKE3 Hasher;
  addHashField(Hasher, TORCHLINT_VERSION);
  std::string Binary = fs::getMainExecutable(Argv0, MainAddress);
  if (auto Buffer = llvm::MemoryBuffer::getFile(Binary, false, false))
    Hasher.update((*Buffer)->getBuffer());
  return hexHash(Hasher);
}

} // namespace torchlint::run
