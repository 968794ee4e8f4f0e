//===--- SharedPreamble.cpp - one precompiled libtorch prefix per flag set ===//
#include "SharedPreamble.h"
#include "ResultCache.h"

#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <numeric>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
namespace json = llvm::json;

namespace torchlint::run {
namespace {

bool isLibtorchHeader(llvm::StringRef Name) {
  return Name.starts_with("torch/") || Name.starts_with("ATen/") ||
         Name.starts_with("c10/") || Name.starts_with("caffe2/");
}

// The dependency list of a make-style depfile ("out: a b \ c").
std::vector<std::string> readDepfile(llvm::StringRef Text) {
  std::vector<std::string> Files;
  size_t Colon = Text.find(": ");
  if (Colon == llvm::StringRef::npos)
    return Files;
  llvm::SmallVector<llvm::StringRef> Words;
  Text.drop_front(Colon + 2).split(Words, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Word : Words) {
    Word = Word.trim();
    if (!Word.empty() && Word != "\\")
      Files.push_back(Word.str());
  }
  return Files;
}

} // namespace

namespace {

struct IncludeScan {
  std::vector<std::string> SearchPath; // -I directories, absolute
  std::vector<std::string> Includes;
  llvm::StringSet<> Visited;
};

std::optional<std::string> findUserHeader(llvm::StringRef Name,
                                          llvm::StringRef FromDir,
                                          const IncludeScan &Scan) {
  llvm::SmallString<256> Candidate(FromDir);
  path::append(Candidate, Name);
  if (fs::is_regular_file(Candidate))
    return std::string(Candidate);
  for (const std::string &Dir : Scan.SearchPath) {
    Candidate = Dir;
    path::append(Candidate, Name);
    if (fs::is_regular_file(Candidate))
      return std::string(Candidate);
  }
  return std::nullopt;
}

// Collects the libtorch includes of \p File's leading include block, going
// into the user headers it includes first ("model.h" before <torch/...>).
// The block ends at the first line that is not an include, a comment,
// #pragma once or an include guard: a macro defined later cannot change
// what the headers collected before it mean.
void scanLeadingIncludes(llvm::StringRef File, IncludeScan &Scan,
                         unsigned Depth,
                         std::optional<llvm::StringRef> Given = std::nullopt) {
  if (Depth > 4 || !Scan.Visited.insert(File).second)
    return;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer = nullptr;
  if (!Given)
    Buffer = llvm::MemoryBuffer::getFile(File);
  if (!Buffer)
    return;
  llvm::StringRef Text = Given ? *Given : (*Buffer)->getBuffer();
  std::string Guard;
  bool InComment = false;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.trim();
    if (InComment) {
      size_t End = Line.find("*/");
      if (End == llvm::StringRef::npos)
        continue;
      InComment = false;
      Line = Line.drop_front(End + 2).trim();
    }
    if (Line.starts_with("/*")) {
      size_t End = Line.find("*/");
      if (End == llvm::StringRef::npos) {
        InComment = true;
        continue;
      }
      Line = Line.drop_front(End + 2).trim();
    }
    if (Line.empty() || Line.starts_with("//"))
      continue;
    if (!Line.consume_front("#"))
      return;
    Line = Line.ltrim();
    if (Line.starts_with("pragma once"))
      continue;
    if (Depth > 0 && Guard.empty() && Line.consume_front("ifndef")) {
      Guard = Line.trim().str();
      continue;
    }
    if (!Guard.empty() && Line.consume_front("define")) {
      if (Line.trim() != Guard)
        return;
      Guard = "-"; // seen; a second #ifndef ends the block
      continue;
    }
    if (!Line.consume_front("include"))
      return; // a #define, #if, ...: what follows may depend on it
    Line = Line.ltrim();
    if (Line.size() < 2 || (Line[0] != '<' && Line[0] != '"'))
      return;
    char Close = Line[0] == '<' ? '>' : '"';
    size_t End = Line.find(Close, 1);
    if (End == llvm::StringRef::npos)
      return;
    llvm::StringRef Name = Line.slice(1, End);
    if (isLibtorchHeader(Name)) {
      if (std::find(Scan.Includes.begin(), Scan.Includes.end(), Name) ==
          Scan.Includes.end())
        Scan.Includes.push_back(Name.str());
    } else if (Close == '"') {
      if (auto Header = findUserHeader(Name, path::parent_path(File), Scan))
        scanLeadingIncludes(*Header, Scan, Depth + 1);
    }
  }
}

} // namespace

std::vector<std::string>
leadingLibtorchIncludes(llvm::StringRef File,
                        const std::vector<std::string> &SearchPath,
                        std::optional<llvm::StringRef> Text) {
  IncludeScan Scan;
  Scan.SearchPath = SearchPath;
  scanLeadingIncludes(File, Scan, 0, Text);
  return Scan.Includes;
}

namespace {

// Whether \p Dir, a directory of the project's own include path, holds a
// header that an include of the preamble (or of libtorch within it) could
// find there instead of libtorch's: a torch/, ATen/, c10/ or caffe2/ folder.
// libtorch's own include folders, given with -I, are such directories too.
bool mayShadowLibtorch(llvm::StringRef Dir) {
  for (llvm::StringRef Top : {"torch", "ATen", "c10", "caffe2"}) {
    llvm::SmallString<256> Candidate(Dir);
    path::append(Candidate, Top);
    if (fs::exists(Candidate))
      return true;
  }
  return false;
}

// Options whose argument is a path, resolved against the unit's directory
// so that the preamble means the same wherever it is built.
bool takesPath(llvm::StringRef Option) {
  return Option == "-I" || Option == "-iquote" || Option == "-isystem" ||
         Option == "-idirafter" || Option == "-include" ||
         Option == "-imacros" || Option == "--sysroot" ||
         Option == "-isysroot" || Option == "-cxx-isystem";
}

} // namespace

std::string keyOf(const PreambleRequest &Request) {
  llvm::BLAKE3 Hasher;
  // Each builds its own kind of PCH (compilePreamble, compileForEditor).
  addHashField(Hasher, Request.ForEditor ? "editor" : "lint: template bodies");
  for (const std::string &Flag : Request.Flags)
    addHashField(Hasher, Flag);
  addHashField(Hasher, "--");
  for (const std::string &Include : Request.Includes)
    addHashField(Hasher, Include);
  return llvm::toHex(Hasher.final(), /*LowerCase=*/true);
}

std::vector<std::string>
preambleFlags(const clang::tooling::CommandLineArguments &Args,
              llvm::StringRef Directory, llvm::StringRef Main) {
  std::vector<std::string> Flags;
  for (size_t I = 1; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    // The unit itself, however the database spells it ("file" absolute,
    // the command relative to "directory", or the reverse).
    if (Arg == "-c" || absolutePath(Directory, Arg) == Main)
      continue;
    // What an editor's driver adds to the command, changing nothing the
    // headers mean: the end of options before the file, the C++ driver
    // (the preamble's compiler is clang++) and its own copy of clang 19's
    // builtin headers.
    if (Arg == "--" || Arg == "--driver-mode=g++" ||
        Arg.starts_with("-resource-dir="))
      continue;
    if (Arg == "-resource-dir") {
      ++I;
      continue;
    }
    // Warnings change no declaration (the preamble is built with -w).
    if (Arg.starts_with("-W") && !Arg.starts_with("-Wl,") &&
        !Arg.starts_with("-Wa,") && !Arg.starts_with("-Wp,"))
      continue;
    std::string Option, Value;
    if (takesPath(Arg) && I + 1 < Args.size()) {
      Option = Arg.str();
      Value = absolutePath(Directory, Args[++I]);
    } else if (Arg.size() > 2 &&
               (Arg.starts_with("-I") || Arg.starts_with("-isystem") ||
                Arg.starts_with("-iquote"))) {
      Option = Arg.starts_with("-I")        ? "-I"
               : Arg.starts_with("-iquote") ? "-iquote"
                                            : "-isystem";
      Value = absolutePath(Directory, Arg.drop_front(Option.size()));
    } else {
      Flags.push_back(Arg.str());
      continue;
    }
    // The project's own include directories (per target, the CMake norm)
    // change nothing the libtorch headers mean, unless one shadows them.
    if ((Option == "-I" || Option == "-iquote") && !mayShadowLibtorch(Value))
      continue;
    Flags.push_back(Option);
    Flags.push_back(Value);
  }
  return Flags;
}

std::optional<PreambleRequest>
preambleFor(const clang::tooling::CompileCommand &Command,
            std::optional<llvm::StringRef> Text) {
  std::string Main = absolutePath(Command.Directory, Command.Filename);
  const std::vector<std::string> &Args0 = Command.CommandLine;
  std::vector<std::string> SearchPath;
  for (size_t I = 0; I < Args0.size(); ++I) {
    llvm::StringRef Arg = Args0[I];
    llvm::StringRef Dir;
    if ((Arg == "-I" || Arg == "-iquote") && I + 1 < Args0.size())
      Dir = Args0[++I];
    else if (Arg.starts_with("-I"))
      Dir = Arg.drop_front(2);
    else if (Arg.starts_with("-iquote"))
      Dir = Arg.drop_front(7);
    if (Dir.empty())
      continue;
    SearchPath.push_back(absolutePath(Command.Directory, Dir));
  }
  PreambleRequest Request;
  Request.Includes = leadingLibtorchIncludes(Main, SearchPath, Text);
  if (Request.Includes.empty())
    return std::nullopt;
  Request.Directory = Command.Directory;
  clang::tooling::CommandLineArguments Args = Command.CommandLine;
  Args = clang::tooling::getClangStripOutputAdjuster()(Args, Command.Filename);
  Args = clang::tooling::getClangStripDependencyFileAdjuster()(
      Args, Command.Filename);
  Request.Flags = preambleFlags(Args, Command.Directory, Main);
  // Every path in the flags is absolute: units in other directories, with
  // other project include directories, share the preamble.
  Request.Key = keyOf(Request);
  return Request;
}

PreambleStore::PreambleStore(std::string Directory, FileHashes &Hashes)
    : Directory(std::move(Directory)), Hashes(Hashes) {
  // The PCH must come from the clang that lints: the same version 19.
  for (llvm::StringRef Name : {"clang++-19", "/usr/lib/llvm-19/bin/clang++"})
    if (auto Found = llvm::sys::findProgramByName(Name)) {
      Compiler = *Found;
      break;
    }
}

std::string PreambleStore::pathOf(const PreambleRequest &Request,
                                  llvm::StringRef Extension) const {
  llvm::SmallString<256> Path(Directory);
  path::append(Path, CacheGeneration, "preambles", Request.Key + Extension);
  return std::string(Path);
}

std::optional<std::string>
PreambleStore::existing(const PreambleRequest &Request) {
  std::string Pch = pathOf(Request, ".pch");
  std::optional<json::Value> Manifest =
      readJSONFile(pathOf(Request, ".deps.json"));
  if (!Manifest || !fs::exists(Pch))
    return std::nullopt;
  const json::Object *Object = Manifest->getAsObject();
  if (!Object)
    return std::nullopt;
  for (const auto &Entry : *Object) {
    auto Hash = Entry.second.getAsString();
    if (!Hash || Hashes.of(Entry.first) != *Hash)
      return std::nullopt;
  }
  return Pch;
}

int PreambleStore::runCompiler(const std::vector<std::string> &Args,
                               llvm::StringRef Directory,
                               llvm::StringRef Stderr) const {
  if (Compiler.empty())
    return -1;
  // clang runs in the unit's directory, for its relative include paths.
  // ExecuteAndWait has no working-directory parameter; `env -C` gives one.
  auto Env = llvm::sys::findProgramByName("env");
  if (!Env)
    return -1;
  std::vector<llvm::StringRef> WithDirectory{*Env, "-C", Directory, Compiler};
  WithDirectory.insert(WithDirectory.end(), Args.begin(), Args.end());
  std::string Error;
  return llvm::sys::ExecuteAndWait(
      *Env, WithDirectory, std::nullopt,
      {llvm::StringRef(""), llvm::StringRef(""), Stderr}, 0, 0, &Error);
}

namespace {

// The macro that flag \p Flags[I] (with its argument \p Flags[I + 1] where
// it is "-D NAME") defines or undefines, or "". \p Width: how many entries.
llvm::StringRef macroOf(const std::vector<std::string> &Flags, size_t I,
                        size_t &Width) {
  Width = 1;
  llvm::StringRef Flag = Flags[I];
  if (!Flag.starts_with("-D") && !Flag.starts_with("-U"))
    return "";
  llvm::StringRef Definition = Flag.drop_front(2);
  if (Definition.empty()) {
    if (I + 1 >= Flags.size())
      return "";
    Width = 2;
    Definition = Flags[I + 1];
  }
  return Definition.take_until([](char C) { return C == '=' || C == '('; })
      .trim();
}

// \p Flags without the -D/-U flags of macros \p Keep does not hold (every
// one, without \p Keep); those left out are added to \p Dropped, each as
// one string.
std::vector<std::string> withoutMacros(const std::vector<std::string> &Flags,
                                       const llvm::StringSet<> *Keep,
                                       std::vector<std::string> *Dropped) {
  std::vector<std::string> Kept;
  for (size_t I = 0, Width = 1; I < Flags.size(); I += Width) {
    llvm::StringRef Name = macroOf(Flags, I, Width);
    if (!Name.empty() && !(Keep && Keep->count(Name))) {
      if (Dropped)
        Dropped->push_back(Width == 2 ? Flags[I] + Flags[I + 1] : Flags[I]);
      continue;
    }
    Kept.insert(Kept.end(), Flags.begin() + I, Flags.begin() + I + Width);
  }
  return Kept;
}

bool isIdentifierChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '$';
}

// Whether \p Text names \p Name as a whole identifier.
bool names(llvm::StringRef Text, llvm::StringRef Name) {
  for (size_t At = Text.find(Name); At != llvm::StringRef::npos;
       At = Text.find(Name, At + 1)) {
    bool Starts = At == 0 || !isIdentifierChar(Text[At - 1]);
    size_t End = At + Name.size();
    bool Ends = End == Text.size() || !isIdentifierChar(Text[End]);
    if (Starts && Ends)
      return true;
  }
  return false;
}

// What clang's -H report says: the files entered, in order, each with its
// depth (1: included by the preamble's header itself).
std::vector<std::pair<unsigned, std::string>>
readIncludeTree(llvm::StringRef Text, llvm::StringRef Directory) {
  std::vector<std::pair<unsigned, std::string>> Entered;
  llvm::SmallVector<llvm::StringRef> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Line : Lines) {
    size_t Depth = Line.find_first_not_of('.');
    if (Depth == 0 || Depth == llvm::StringRef::npos || Line[Depth] != ' ')
      continue; // "Multiple include guards may be useful for:" and its list
    Entered.emplace_back(Depth,
                         absolutePath(Directory, Line.drop_front(Depth + 1)));
  }
  return Entered;
}

// What the text each file read became, from preprocessed output: the lines
// each file's line markers attribute to it, blank ones left out. The same
// files made into the same text, in whatever order they were entered, are
// the same declarations.
llvm::StringMap<std::string> textPerFile(llvm::StringRef Preprocessed,
                                         llvm::StringRef Directory) {
  llvm::StringMap<std::string> Text;
  std::string *Current = nullptr;
  while (!Preprocessed.empty()) {
    auto [Line, Rest] = Preprocessed.split('\n');
    Preprocessed = Rest;
    llvm::StringRef Marker = Line;
    if (Marker.consume_front("# ") && !Marker.empty() &&
        llvm::isDigit(Marker.front())) {
      size_t Open = Marker.find('"'), Close = Marker.rfind('"');
      if (Open != llvm::StringRef::npos && Close > Open)
        Current = &Text[absolutePath(Directory, Marker.slice(Open + 1, Close))];
      continue;
    }
    if (Current && !Line.trim().empty())
      (*Current += Line) += '\n';
  }
  return Text;
}

// Whether a file of \p Files that comes after the one \p Include names at
// depth 1 (and after what that one brought in) has an include directive
// that may name it again: one whose file name is \p Include's, or one
// that a macro names. Only then can a later include bring it in.
bool mayBeIncludedLater(
    const std::vector<std::pair<unsigned, std::string>> &Files,
    llvm::StringRef Include) {
  auto Own = llvm::find_if(Files, [&](const auto &Entry) {
    return Entry.first == 1 &&
           llvm::StringRef(Entry.second).ends_with(("/" + Include).str());
  });
  if (Own == Files.end())
    return true; // not understood: try it
  llvm::StringRef Name = path::filename(Include);
  auto Later = std::find_if(std::next(Own), Files.end(),
                            [](const auto &Entry) { return Entry.first == 1; });
  for (; Later != Files.end(); ++Later) {
    auto Buffer = llvm::MemoryBuffer::getFile(Later->second);
    if (!Buffer)
      return true;
    llvm::StringRef Text = (*Buffer)->getBuffer();
    for (size_t At = Text.find("include"); At != llvm::StringRef::npos;
         At = Text.find("include", At + 1)) {
      // "#  include", "#include_next", "#import" aside: a directive only.
      llvm::StringRef Before = Text.take_front(At).rtrim(" \t");
      if (!Before.ends_with("#"))
        continue;
      llvm::StringRef Rest = Text.drop_front(At + 7);
      Rest.consume_front("_next");
      Rest = Rest.ltrim(" \t");
      if (Rest.empty() || (Rest[0] != '<' && Rest[0] != '"'))
        return true; // a macro names the header
      size_t End = Rest.find(Rest[0] == '<' ? '>' : '"', 1);
      if (End != llvm::StringRef::npos &&
          path::filename(Rest.slice(1, End)) == Name)
        return true;
    }
  }
  return false;
}

// Writes \p Path: a header of \p Includes, in order, under a comment that
// says what it is for.
bool writeIncludes(llvm::StringRef Path, llvm::StringRef Purpose,
                   const std::vector<std::string> &Includes) {
  std::string Text = ("// torchlint-run: " + Purpose + "\n").str();
  for (const std::string &Include : Includes)
    Text += "#include <" + Include + ">\n";
  return writeFileAtomically(Path, Text);
}

// How many of a list's includes are tried for "a later one brings it in":
// each try preprocesses the libtorch headers once more.
constexpr size_t MaxBroughtInLaterTries = 3;

} // namespace

std::optional<PreambleStore::Preprocessed>
PreambleStore::preprocess(const PreambleRequest &Request,
                          const std::vector<std::string> &Includes,
                          bool KeepText) {
  std::string Header = pathOf(Request, ".scan.h");
  std::string Tree = pathOf(Request, ".scan.txt");
  std::string Output = pathOf(Request, ".scan.i");
  if (!writeIncludes(Header, "what its units' includes bring in", Includes))
    return std::nullopt;
  std::vector<std::string> Args = Request.Flags;
  for (llvm::StringRef Arg :
       {llvm::StringRef("-x"), llvm::StringRef("c++-header"),
        llvm::StringRef(Header), llvm::StringRef("-E"), llvm::StringRef("-o"),
        KeepText ? llvm::StringRef(Output) : llvm::StringRef("/dev/null"),
        llvm::StringRef("-H"), llvm::StringRef("-w")})
    Args.push_back(Arg.str());
  int Code = runCompiler(Args, Request.Directory, Tree);
  auto Report = llvm::MemoryBuffer::getFile(Tree);
  auto Made = KeepText ? llvm::MemoryBuffer::getFile(Output) : nullptr;
  fs::remove(Tree);
  fs::remove(Header);
  fs::remove(Output);
  if (Code != 0 || !Report || (KeepText && !Made))
    return std::nullopt;
  Preprocessed Result;
  Result.Files = readIncludeTree((*Report)->getBuffer(), Request.Directory);
  if (KeepText) {
    Result.Text = textPerFile((*Made)->getBuffer(), Request.Directory);
    Result.Text.erase(absolutePath(Request.Directory, Header));
  }
  return Result;
}

std::vector<std::string>
PreambleStore::broughtInLater(const PreambleRequest &Request,
                              std::vector<std::string> &Entered,
                              Preprocessed Whole) {
  std::vector<std::string> Later;
  llvm::StringSet<> WholeFiles;
  for (const auto &Entry : Whole.Files)
    WholeFiles.insert(Entry.second);
  for (size_t I = 0, Tries = 0;
       I + 1 < Entered.size() && Tries < MaxBroughtInLaterTries;) {
    if (!mayBeIncludedLater(Whole.Files, Entered[I])) {
      ++I; // no later file can bring it in: not worth a preprocessing
      continue;
    }
    ++Tries;
    std::vector<std::string> Without = Entered;
    Without.erase(Without.begin() + I);
    std::optional<Preprocessed> Shorter =
        preprocess(Request, Without, /*KeepText=*/true);
    llvm::StringSet<> ShorterFiles;
    bool EnteredDeeper = false;
    if (Shorter)
      for (const auto &[Depth, File] : Shorter->Files) {
        ShorterFiles.insert(File);
        EnteredDeeper |=
            Depth > 1 && llvm::StringRef(File).ends_with("/" + Entered[I]);
      }
    if (Shorter && EnteredDeeper && ShorterFiles == WholeFiles &&
        Shorter->Text == Whole.Text) {
      Later.push_back(Entered[I]);
      Entered = std::move(Without);
      Whole = std::move(*Shorter);
    } else {
      ++I;
    }
  }
  return Later;
}

void PreambleStore::canonicalize(PreambleRequest &Request) {
  // Which of the -D/-U flags' macros the headers' files name, and which
  // includes were entered: from the cache while every file it read is as it
  // was, else from one preprocessing (more where an include may be brought
  // in by a later one).
  std::vector<std::string> Entered, Later;
  llvm::StringSet<> Named;
  std::string Scan = pathOf(Request, ".scan.json");
  bool Known = false;
  auto Strings = [](const json::Array *Array, auto Add) {
    for (const json::Value &Item : *Array)
      if (auto Name = Item.getAsString())
        Add(Name->str());
  };
  if (std::optional<json::Value> Cached = readJSONFile(Scan))
    if (const json::Object *Object = Cached->getAsObject()) {
      const json::Array *Includes = Object->getArray("entered");
      const json::Array *BroughtInLater = Object->getArray("later");
      const json::Array *Macros = Object->getArray("named");
      const json::Object *Depends = Object->getObject("deps");
      Known = Includes && BroughtInLater && Macros && Depends;
      if (Known)
        for (const auto &Entry : *Depends) {
          auto Hash = Entry.second.getAsString();
          if (!Hash || Hashes.of(Entry.first) != *Hash) {
            Known = false;
            break;
          }
        }
      if (Known) {
        auto Files = std::make_shared<std::vector<std::string>>();
        for (const auto &Entry : *Depends)
          Files->push_back(Entry.first.str());
        Request.ScannedFiles = std::move(Files);
        Strings(Includes, [&](std::string S) { Entered.push_back(S); });
        Strings(BroughtInLater, [&](std::string S) { Later.push_back(S); });
        Strings(Macros, [&](std::string S) { Named.insert(S); });
      }
    }
  if (!Known) {
    std::optional<Preprocessed> Whole = preprocess(
        Request, Request.Includes, /*KeepText=*/Request.Includes.size() > 1);
    if (!Whole)
      return;
    const auto &Files = Whole->Files;
    // Each include the preprocessor entered is one file at depth 1, named
    // by its path in an include directory; one it did not enter (already
    // brought in, #pragma once or a guard) has none. Anything else there
    // (an -include flag's file): the list is not understood, keep it all.
    size_t Next = 0;
    for (const std::string &Include : Request.Includes) {
      while (Next < Files.size() && Files[Next].first != 1)
        ++Next;
      if (Next < Files.size() &&
          llvm::StringRef(Files[Next].second).ends_with("/" + Include)) {
        Entered.push_back(Include);
        ++Next;
      }
    }
    bool Understood = Entered.size() == llvm::count_if(Files, [](auto &F) {
                        return F.first == 1;
                      });
    if (!Understood)
      Entered = Request.Includes;
    // The macros: named by any file read, the preamble's own header aside.
    std::vector<std::string> Candidates;
    for (size_t I = 0, Width = 1; I < Request.Flags.size(); I += Width)
      if (llvm::StringRef Name = macroOf(Request.Flags, I, Width);
          !Name.empty())
        Candidates.push_back(Name.str());
    json::Object Depends;
    llvm::StringSet<> Seen;
    auto ReadFiles = std::make_shared<std::vector<std::string>>();
    for (const auto &[Depth, File] : Files) {
      if (!Seen.insert(File).second)
        continue;
      ReadFiles->push_back(File);
      Depends[File] = Hashes.of(File);
      if (Named.size() == Candidates.size())
        continue;
      auto Buffer = llvm::MemoryBuffer::getFile(File);
      if (!Buffer) {
        // Unreadable now: every macro may matter.
        for (const std::string &Name : Candidates)
          Named.insert(Name);
        continue;
      }
      for (const std::string &Name : Candidates)
        if (!Named.count(Name) && names((*Buffer)->getBuffer(), Name))
          Named.insert(Name);
    }
    Request.ScannedFiles = std::move(ReadFiles);
    if (Understood && Entered.size() > 1)
      Later = broughtInLater(Request, Entered, std::move(*Whole));
    json::Array Includes, BroughtInLater, Macros;
    for (const std::string &Include : Entered)
      Includes.push_back(Include);
    for (const std::string &Include : Later)
      BroughtInLater.push_back(Include);
    for (const std::string &Name : Candidates)
      if (Named.count(Name))
        Macros.push_back(Name);
    writeFileAtomically(
        Scan, llvm::formatv("{0}", json::Value(json::Object{
                                       {"entered", std::move(Includes)},
                                       {"later", std::move(BroughtInLater)},
                                       {"named", std::move(Macros)},
                                       {"deps", std::move(Depends)}}))
                  .str());
  }

  if (Entered.empty())
    return; // nothing entered: not understood
  for (const std::string &Include : Request.Includes)
    if (!llvm::is_contained(Entered, Include) &&
        !llvm::is_contained(Later, Include))
      Request.Redundant.push_back(Include);
  Request.BroughtInLater = std::move(Later);
  Request.Includes = std::move(Entered);
  Request.Flags = withoutMacros(Request.Flags, &Named, &Request.UnusedMacros);
  Request.Key = keyOf(Request);
  Request.Scanned = true;
}

std::string keyWithoutMacros(const PreambleRequest &Request) {
  PreambleRequest Stripped;
  Stripped.Flags = withoutMacros(Request.Flags, nullptr, nullptr);
  Stripped.Includes = Request.Includes;
  return keyOf(Stripped);
}

bool canonicalizeLike(PreambleRequest &Request, const PreambleRequest &Original,
                      const PreambleRequest &Canonical) {
  if (!Canonical.Scanned || Request.Includes != Original.Includes)
    return false;
  auto MacrosOf = [](const std::vector<std::string> &Flags) {
    llvm::StringSet<> Names;
    for (size_t I = 0, Width = 1; I < Flags.size(); I += Width)
      if (llvm::StringRef Name = macroOf(Flags, I, Width); !Name.empty())
        Names.insert(Name);
    return Names;
  };
  // The scan judged only \p Original's macros: another one is looked for in
  // the files it read.
  const llvm::StringSet<> Judged = MacrosOf(Original.Flags);
  const llvm::StringSet<> Named = MacrosOf(Canonical.Flags);
  const llvm::StringSet<> Mine = MacrosOf(Request.Flags);
  std::vector<llvm::StringRef> Unjudged;
  for (llvm::StringRef Name : Mine.keys())
    if (!Judged.count(Name))
      Unjudged.push_back(Name);
  if (!Unjudged.empty()) {
    if (!Canonical.ScannedFiles)
      return false;
    for (const std::string &File : *Canonical.ScannedFiles) {
      auto Buffer = llvm::MemoryBuffer::getFile(File);
      if (!Buffer || llvm::any_of(Unjudged, [&](llvm::StringRef Name) {
            return names((*Buffer)->getBuffer(), Name);
          }))
        return false;
    }
  }
  std::vector<std::string> Unused;
  if (withoutMacros(Request.Flags, &Named, &Unused) !=
      withoutMacros(Original.Flags, &Named, nullptr))
    return false;
  std::string Directory = std::move(Request.Directory);
  Request = Canonical;
  Request.Directory = std::move(Directory);
  Request.UnusedMacros = std::move(Unused);
  return true;
}

std::vector<PreambleRequest>
PreambleStore::canonicalizeAlike(const std::vector<PreambleRequest> &Alike) {
  std::vector<size_t> Order(Alike.size());
  std::iota(Order.begin(), Order.end(), 0);
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    return Alike[A].Flags.size() > Alike[B].Flags.size();
  });
  std::vector<PreambleRequest> Canonical(Alike.size());
  std::vector<std::pair<const PreambleRequest *, const PreambleRequest *>>
      Scanned;
  for (size_t I : Order) {
    Canonical[I] = Alike[I];
    if (llvm::none_of(Scanned, [&](const auto &Earlier) {
          return canonicalizeLike(Canonical[I], *Earlier.first,
                                  *Earlier.second);
        })) {
      canonicalize(Canonical[I]);
      Scanned.emplace_back(&Alike[I], &Canonical[I]);
    }
  }
  return Canonical;
}

void makePreambleCompile(clang::CompilerInvocation &Invocation,
                         llvm::StringRef Header, llvm::StringRef Output,
                         llvm::StringRef Depfile) {
  clang::FrontendOptions &Frontend = Invocation.getFrontendOpts();
  // A header of the unit's language (C++, or CUDA's host side).
  clang::InputKind Kind = Frontend.Inputs.empty()
                              ? clang::InputKind(clang::Language::CXX)
                              : Frontend.Inputs.front().getKind();
  Frontend.Inputs = {clang::FrontendInputFile(Header, Kind.getHeader())};
  Frontend.ProgramAction = clang::frontend::GeneratePCH;
  Frontend.OutputFile = Output.str();
  Frontend.SkipFunctionBodies = true;
  Frontend.IncludeTimestamps = false;
  clang::PreprocessorOptions &Preprocessor = Invocation.getPreprocessorOpts();
  Preprocessor.ImplicitPCHInclude.clear();
  Preprocessor.clearRemappedFiles();
  Preprocessor.PrecompiledPreambleBytes = {0, false};
  clang::DependencyOutputOptions &Dependencies =
      Invocation.getDependencyOutputOpts();
  Dependencies = clang::DependencyOutputOptions();
  Dependencies.OutputFile = Depfile.str();
  Dependencies.Targets = {Output.str()};
  Dependencies.IncludeSystemHeaders = true;
  Invocation.getDiagnosticOpts().IgnoreWarnings = true;
}

std::optional<std::string> PreambleStore::build(const PreambleRequest &Request,
                                                PreambleCompiler Compile) {
  std::string Header = pathOf(Request, ".h");
  std::string Pch = pathOf(Request, ".pch");
  // Unique per process: runs sharing a cache may build the same preamble.
  std::string Building =
      Pch + ".building." + std::to_string(llvm::sys::Process::getProcessId());
  std::string Depfile = pathOf(Request, ".d");
  if (!writeIncludes(Header, "the libtorch prefix of its units",
                     Request.Includes))
    return std::nullopt;
  if (!Compile(Header, Building, Depfile)) {
    fs::remove(Building);
    return std::nullopt;
  }
  auto Depends = llvm::MemoryBuffer::getFile(Depfile);
  if (!Depends)
    return std::nullopt;
  json::Object Manifest;
  for (const std::string &File : readDepfile((*Depends)->getBuffer())) {
    std::string Absolute = absolutePath(Request.Directory, File);
    if (Absolute == Header)
      continue;
    Manifest[Absolute] = Hashes.of(Absolute);
  }
  if (!writeFileAtomically(
          pathOf(Request, ".deps.json"),
          llvm::formatv("{0}", json::Value(std::move(Manifest))).str()) ||
      fs::rename(Building, Pch))
    return std::nullopt;
  fs::remove(Depfile);
  return Pch;
}

} // namespace torchlint::run
