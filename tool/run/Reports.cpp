//===--- Reports.cpp - findings of a run, in the formats CI systems read --===//
#include "Reports.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/Sarif.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <set>
#include <tuple>

using clang::tidy::ClangTidyError;
using clang::tooling::DiagnosticMessage;
namespace json = llvm::json;

namespace torchlint::run {
namespace {

/// An error, or a warning that WarningsAsErrors turns into one (as
/// clang-tidy prints it).
bool isError(const ClangTidyError &Diag) {
  return Diag.DiagLevel == clang::tooling::Diagnostic::Error ||
         Diag.IsWarningAsError;
}

llvm::StringRef levelName(const ClangTidyError &Diag) {
  return isError(Diag) ? "error" : "warning";
}

std::string relativeTo(llvm::StringRef Root, llvm::StringRef File) {
  if (Root.empty())
    return File.str();
  llvm::StringRef Rest = File;
  if (Rest.consume_front(Root) && Rest.consume_front("/"))
    return Rest.str();
  return File.str();
}

std::string docsUrl(const ReportSettings &Settings, llvm::StringRef Check) {
  if (Check.starts_with("torch-"))
    return Settings.DocsUrl + "/" + Check.str() + ".md";
  if (Check.starts_with("clang-diagnostic-"))
    return "https://clang.llvm.org/docs/DiagnosticsReference.html";
  auto [Module, Name] = Check.split('-');
  if (Module == "clang")
    return "https://clang.llvm.org/docs/analyzer/checkers.html";
  return llvm::formatv(
      "https://clang.llvm.org/extra/clang-tidy/checks/{0}/{1}.html", Module,
      Name);
}

json::Value positionJSON(SourceFiles &Sources, const DiagnosticMessage &M) {
  Position P = Sources.positionOf(M.FilePath, M.FileOffset);
  return json::Object{{"file", M.FilePath},
                      {"line", P.Line},
                      {"column", P.Column},
                      {"message", M.Message}};
}

std::vector<const clang::tooling::Replacement *>
replacementsOf(const ClangTidyError &Diag) {
  std::vector<const clang::tooling::Replacement *> All;
  for (const auto &FileFix : Diag.Message.Fix)
    for (const auto &R : FileFix.second)
      All.push_back(&R);
  return All;
}

void writeJson(llvm::raw_ostream &OS,
               const std::vector<ClangTidyError> &Findings,
               const std::vector<UnitResult> &Units, const RunSummary &Summary,
               SourceFiles &Sources) {
  json::Array FindingList;
  for (const ClangTidyError &Diag : Findings) {
    json::Object Finding = *positionJSON(Sources, Diag.Message).getAsObject();
    Finding["check"] = Diag.DiagnosticName;
    Finding["level"] = levelName(Diag);
    json::Array Notes;
    for (const DiagnosticMessage &Note : Diag.Notes)
      Notes.push_back(positionJSON(Sources, Note));
    Finding["notes"] = std::move(Notes);
    json::Array Fixes;
    for (const auto *R : replacementsOf(Diag)) {
      Position P = Sources.positionOf(R->getFilePath(), R->getOffset());
      Fixes.push_back(json::Object{{"file", R->getFilePath()},
                                   {"line", P.Line},
                                   {"column", P.Column},
                                   {"offset", R->getOffset()},
                                   {"length", R->getLength()},
                                   {"text", R->getReplacementText()}});
    }
    Finding["fixes"] = std::move(Fixes);
    // Everything clang-tidy said, for `torchlint-run merge`.
    Finding["diagnostic"] = toJSON(Diag);
    FindingList.push_back(std::move(Finding));
  }
  json::Array UnitList;
  for (const UnitResult &Unit : Units) {
    json::Object Entry{{"file", Unit.File},
                       {"cached", Unit.FromCache},
                       {"failed", Unit.ToolFailed},
                       {"seconds", Unit.Seconds}};
    // A shard's findings are judged by the callers of every shard when they
    // are merged.
    if (!Summary.Shard.empty() && Unit.ProjectCalls)
      Entry["projectCalls"] = toJSON(*Unit.ProjectCalls);
    UnitList.push_back(std::move(Entry));
  }
  json::Object PerCheck;
  for (const auto &[Check, Count] : Summary.FindingsPerCheck)
    PerCheck[Check] = Count;
  json::Object Document{
      {"tool", "torchlint-run"},
      {"version", TORCHLINT_VERSION},
      {"findings", std::move(FindingList)},
      {"units", std::move(UnitList)},
      {"summary", json::Object{{"units", Summary.Units},
                               {"cached", Summary.Cached},
                               {"failed", Summary.Failed},
                               {"findings", Findings.size()},
                               {"findingsPerCheck", std::move(PerCheck)},
                               {"seconds", Summary.Seconds}}}};
  if (!Summary.Shard.empty())
    Document["shard"] =
        json::Object{{"part", Summary.Shard}, {"split", Summary.SplitId}};
  OS << llvm::formatv("{0:2}", json::Value(std::move(Document))) << "\n";
}

void writeText(llvm::raw_ostream &OS,
               const std::vector<ClangTidyError> &Findings,
               SourceFiles &Sources) {
  auto Show = [&](const DiagnosticMessage &M, llvm::StringRef Level,
                  llvm::StringRef Check) {
    Position P = Sources.positionOf(M.FilePath, M.FileOffset);
    OS << M.FilePath << ":" << P.Line << ":" << P.Column << ": " << Level
       << ": " << M.Message;
    if (!Check.empty())
      OS << " [" << Check << "]";
    OS << "\n";
    llvm::StringRef Line = Sources.lineText(M.FilePath, P.Line);
    if (P.Line == 0)
      return;
    OS << llvm::formatv("{0,5} | ", P.Line) << Line << "\n      | ";
    for (unsigned I = 1; I < P.Column && I <= Line.size(); ++I)
      OS << (Line[I - 1] == '\t' ? '\t' : ' ');
    OS << "^\n";
  };
  for (const ClangTidyError &Diag : Findings) {
    Show(Diag.Message, levelName(Diag), Diag.DiagnosticName);
    for (const DiagnosticMessage &Note : Diag.Notes)
      Show(Note, "note", "");
  }
}

// GitHub workflow commands: data and properties escape differently.
std::string githubEscape(llvm::StringRef Text, bool Property) {
  std::string Out;
  for (char C : Text) {
    if (C == '%')
      Out += "%25";
    else if (C == '\r')
      Out += "%0D";
    else if (C == '\n')
      Out += "%0A";
    else if (Property && C == ':')
      Out += "%3A";
    else if (Property && C == ',')
      Out += "%2C";
    else
      Out += C;
  }
  return Out;
}

void writeGithub(llvm::raw_ostream &OS, const ReportSettings &Settings,
                 const std::vector<ClangTidyError> &Findings,
                 SourceFiles &Sources) {
  for (const ClangTidyError &Diag : Findings) {
    Position P =
        Sources.positionOf(Diag.Message.FilePath, Diag.Message.FileOffset);
    std::string Message = Diag.Message.Message;
    for (const DiagnosticMessage &Note : Diag.Notes) {
      Position N = Sources.positionOf(Note.FilePath, Note.FileOffset);
      Message += "\nnote: " + Note.Message + " (" +
                 relativeTo(Settings.Root, Note.FilePath) + ":" +
                 std::to_string(N.Line) + ")";
    }
    OS << "::" << levelName(Diag) << " file="
       << githubEscape(relativeTo(Settings.Root, Diag.Message.FilePath), true)
       << ",line=" << P.Line << ",col=" << P.Column
       << ",title=" << githubEscape(Diag.DiagnosticName, true)
       << "::" << githubEscape(Message, false) << "\n";
  }
}

void writeCodeclimate(llvm::raw_ostream &OS, const ReportSettings &Settings,
                      const std::vector<ClangTidyError> &Findings,
                      SourceFiles &Sources) {
  json::Array Issues;
  for (const ClangTidyError &Diag : Findings) {
    Position P =
        Sources.positionOf(Diag.Message.FilePath, Diag.Message.FileOffset);
    std::string Path = relativeTo(Settings.Root, Diag.Message.FilePath);
    // Stable while unrelated lines move: the check, file, message and the
    // finding's own line of code.
    llvm::BLAKE3 Hasher;
    for (llvm::StringRef Part :
         {llvm::StringRef(Diag.DiagnosticName), llvm::StringRef(Path),
          llvm::StringRef(Diag.Message.Message),
          Sources.lineText(Diag.Message.FilePath, P.Line).trim()}) {
      Hasher.update(Part);
      Hasher.update(llvm::StringRef("\0", 1));
    }
    auto Fingerprint = Hasher.final<16>();
    Issues.push_back(json::Object{
        {"type", "issue"},
        {"check_name", Diag.DiagnosticName},
        {"description", Diag.Message.Message},
        {"categories", json::Array{"Bug Risk"}},
        {"severity", isError(Diag) ? "critical" : "major"},
        {"fingerprint", llvm::toHex(Fingerprint, /*LowerCase=*/true)},
        {"location", json::Object{{"path", Path},
                                  {"lines", json::Object{{"begin", P.Line},
                                                         {"end", P.Line}}}}}});
  }
  OS << llvm::formatv("{0:2}", json::Value(std::move(Issues))) << "\n";
}

json::Object sarifRegion(SourceFiles &Sources, llvm::StringRef File,
                         unsigned Offset, unsigned Length) {
  Position Begin = Sources.positionOf(File, Offset);
  Position End = Sources.positionOf(File, Offset + Length);
  return json::Object{{"startLine", Begin.Line},
                      {"startColumn", Begin.Column},
                      {"endLine", End.Line},
                      {"endColumn", End.Column}};
}

std::string fileUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-_.~").contains(C))
      Uri += C;
    else
      Uri += llvm::formatv("%{0:X2}", static_cast<unsigned char>(C)).str();
  }
  return Uri;
}

void writeSarif(llvm::raw_ostream &OS, const ReportSettings &Settings,
                const std::vector<ClangTidyError> &Findings,
                SourceFiles &Sources) {
  clang::FileSystemOptions FileOptions;
  clang::FileManager Files(FileOptions);
  clang::DiagnosticsEngine Diags(new clang::DiagnosticIDs(),
                                 new clang::DiagnosticOptions());
  clang::SourceManager SM(Diags, Files);
  clang::SarifDocumentWriter Writer(SM);
  Writer.createRun("torchlint-run",
                   "torchlint-run: clang-tidy with the torch-* checks",
                   TORCHLINT_VERSION);
  llvm::StringMap<size_t> Rules;
  auto RuleOf = [&](llvm::StringRef Check) {
    auto Found = Rules.find(Check);
    if (Found != Rules.end())
      return Found->second;
    size_t Index = Writer.createRule(
        clang::SarifRule::create()
            .setRuleId(Check)
            .setName(Check)
            .setDescription(Check.starts_with("torch-")
                                ? "torchlint device check " + Check.str()
                                : "clang-tidy " + Check.str())
            .setHelpURI(docsUrl(Settings, Check)));
    Rules[Check] = Index;
    return Index;
  };
  auto LocationOf =
      [&](const DiagnosticMessage &M) -> std::optional<clang::CharSourceRange> {
    auto File = Files.getOptionalFileRef(M.FilePath);
    if (!File)
      return std::nullopt;
    clang::FileID ID = SM.getOrCreateFileID(*File, clang::SrcMgr::C_User);
    clang::SourceLocation Loc = SM.getComposedLoc(ID, M.FileOffset);
    return clang::CharSourceRange::getCharRange(Loc, Loc);
  };
  for (const ClangTidyError &Diag : Findings) {
    auto Result = clang::SarifResult::create(RuleOf(Diag.DiagnosticName))
                      .setRuleId(Diag.DiagnosticName)
                      .setDiagnosticMessage(Diag.Message.Message)
                      .setDiagnosticLevel(
                          isError(Diag) ? clang::SarifResultLevel::Error
                                        : clang::SarifResultLevel::Warning);
    if (auto Location = LocationOf(Diag.Message))
      Result = Result.setLocations({*Location});
    Writer.appendResult(Result);
  }
  json::Object Document = Writer.createDocument();
  // The writer has no notes or fixes: add them as SARIF's relatedLocations
  // and fixes, result by result (the writer keeps the order).
  json::Array *Runs = Document.getArray("runs");
  json::Object *Run =
      Runs && !Runs->empty() ? (*Runs)[0].getAsObject() : nullptr;
  json::Array *Results = Run ? Run->getArray("results") : nullptr;
  for (size_t I = 0; Results && I < Results->size() && I < Findings.size();
       ++I) {
    json::Object *Result = (*Results)[I].getAsObject();
    const ClangTidyError &Diag = Findings[I];
    json::Array Related;
    for (size_t N = 0; N < Diag.Notes.size(); ++N) {
      const DiagnosticMessage &Note = Diag.Notes[N];
      Related.push_back(json::Object{
          {"id", N},
          {"message", json::Object{{"text", Note.Message}}},
          {"physicalLocation",
           json::Object{{"artifactLocation",
                         json::Object{{"uri", fileUri(Note.FilePath)}}},
                        {"region", sarifRegion(Sources, Note.FilePath,
                                               Note.FileOffset, 0)}}}});
    }
    if (!Related.empty())
      (*Result)["relatedLocations"] = std::move(Related);
    json::Array Changes;
    for (const auto &FileFix : Diag.Message.Fix) {
      json::Array Replacements;
      for (const auto &R : FileFix.second)
        Replacements.push_back(json::Object{
            {"deletedRegion", sarifRegion(Sources, R.getFilePath(),
                                          R.getOffset(), R.getLength())},
            {"insertedContent",
             json::Object{{"text", R.getReplacementText()}}}});
      Changes.push_back(json::Object{
          {"artifactLocation", json::Object{{"uri", fileUri(FileFix.first())}}},
          {"replacements", std::move(Replacements)}});
    }
    if (!Changes.empty())
      (*Result)["fixes"] = json::Array{json::Object{
          {"description", json::Object{{"text", "clang-tidy fix-it"}}},
          {"artifactChanges", std::move(Changes)}}};
  }
  OS << llvm::formatv("{0:2}", json::Value(std::move(Document))) << "\n";
}

} // namespace

const SourceFiles::Text &SourceFiles::load(llvm::StringRef File) {
  auto Found = Files.find(File);
  if (Found != Files.end())
    return Found->second;
  Text Loaded;
  if (auto Buffer = llvm::MemoryBuffer::getFile(File))
    Loaded.Contents = (*Buffer)->getBuffer().str();
  Loaded.LineStarts.push_back(0);
  for (unsigned I = 0; I < Loaded.Contents.size(); ++I)
    if (Loaded.Contents[I] == '\n')
      Loaded.LineStarts.push_back(I + 1);
  return Files.try_emplace(File, std::move(Loaded)).first->second;
}

Position SourceFiles::positionOf(llvm::StringRef File, unsigned Offset) {
  const Text &T = load(File);
  if (T.Contents.empty() && Offset > 0)
    return {};
  auto After =
      std::upper_bound(T.LineStarts.begin(), T.LineStarts.end(), Offset);
  unsigned Line = static_cast<unsigned>(After - T.LineStarts.begin());
  return {Line, Offset - T.LineStarts[Line - 1] + 1};
}

llvm::StringRef SourceFiles::lineText(llvm::StringRef File, unsigned Line) {
  const Text &T = load(File);
  if (Line == 0 || Line > T.LineStarts.size())
    return {};
  llvm::StringRef Contents(T.Contents);
  return Contents.substr(T.LineStarts[Line - 1]).split('\n').first.rtrim("\r");
}

std::vector<ClangTidyError>
uniqueFindings(const std::vector<ClangTidyError> &All) {
  std::vector<ClangTidyError> Findings;
  std::set<std::tuple<std::string, std::string, unsigned, std::string>> Seen;
  for (const ClangTidyError &Diag : All)
    if (Seen.emplace(Diag.DiagnosticName, Diag.Message.FilePath,
                     Diag.Message.FileOffset, Diag.Message.Message)
            .second)
      Findings.push_back(Diag);
  return Findings;
}

bool readJsonReport(llvm::StringRef Path, std::vector<UnitResult> &Units,
                    std::vector<ClangTidyError> &Findings, ShardOfSplit &Shard,
                    std::string &Error) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    Error = Path.str() + ": " + Buffer.getError().message();
    return false;
  }
  auto Parsed = json::parse((*Buffer)->getBuffer());
  if (!Parsed) {
    Error = Path.str() + ": " + llvm::toString(Parsed.takeError());
    return false;
  }
  const json::Object *Document = Parsed->getAsObject();
  const json::Array *FindingList =
      Document ? Document->getArray("findings") : nullptr;
  const json::Array *UnitList =
      Document ? Document->getArray("units") : nullptr;
  if (!FindingList || !UnitList ||
      Document->getString("tool") != "torchlint-run") {
    Error = Path.str() + ": not a torchlint-run --format json report";
    return false;
  }
  Shard = ShardOfSplit();
  if (const json::Object *Part = Document->getObject("shard")) {
    Shard.Part = Part->getString("part").value_or("").str();
    Shard.Split = Part->getString("split").value_or("").str();
  }
  for (const json::Value &Finding : *FindingList) {
    const json::Object *Object = Finding.getAsObject();
    const json::Value *Raw = Object ? Object->get("diagnostic") : nullptr;
    ClangTidyError Diag("", clang::tooling::Diagnostic::Warning, "", false);
    if (!Raw || !fromJSON(*Raw, Diag)) {
      Error = Path.str() + ": a finding without its diagnostic";
      return false;
    }
    Findings.push_back(std::move(Diag));
  }
  for (const json::Value &Unit : *UnitList) {
    const json::Object *Object = Unit.getAsObject();
    if (!Object || !Object->getString("file")) {
      Error = Path.str() + ": a unit without its file";
      return false;
    }
    UnitResult Read;
    Read.File = Object->getString("file")->str();
    Read.FromCache = Object->getBoolean("cached").value_or(false);
    Read.ToolFailed = Object->getBoolean("failed").value_or(false);
    Read.Seconds = Object->getNumber("seconds").value_or(0);
    if (const json::Value *Facts = Object->get("projectCalls"))
      if (!fromJSON(*Facts, Read.ProjectCalls.emplace())) {
        Error = Path.str() + ": unreadable calls of " + Read.File;
        return false;
      }
    Units.push_back(std::move(Read));
  }
  return true;
}

void writeReport(llvm::raw_ostream &OS, const ReportSettings &Settings,
                 const std::vector<ClangTidyError> &Findings,
                 const std::vector<UnitResult> &Units,
                 const RunSummary &Summary, SourceFiles &Sources) {
  switch (Settings.Format) {
  case ReportFormat::Text:
    return writeText(OS, Findings, Sources);
  case ReportFormat::Json:
    return writeJson(OS, Findings, Units, Summary, Sources);
  case ReportFormat::Sarif:
    return writeSarif(OS, Settings, Findings, Sources);
  case ReportFormat::Github:
    return writeGithub(OS, Settings, Findings, Sources);
  case ReportFormat::Codeclimate:
    return writeCodeclimate(OS, Settings, Findings, Sources);
  }
}

} // namespace torchlint::run
