//===--- UnitResult.cpp - what linting one translation unit gave ----------===//
#include "UnitResult.h"

using clang::tidy::ClangTidyError;
using clang::tooling::DiagnosticMessage;
using clang::tooling::Replacement;
using clang::tooling::Replacements;
namespace json = llvm::json;

namespace torchlint::run {
namespace {

json::Value messageToJSON(const DiagnosticMessage &Message) {
  json::Array Fixes;
  for (const auto &FileFix : Message.Fix)
    for (const Replacement &R : FileFix.second)
      Fixes.push_back(json::Object{{"file", R.getFilePath()},
                                   {"offset", R.getOffset()},
                                   {"length", R.getLength()},
                                   {"text", R.getReplacementText()}});
  json::Array Ranges;
  for (const auto &Range : Message.Ranges)
    Ranges.push_back(json::Object{{"file", Range.FilePath},
                                  {"offset", Range.FileOffset},
                                  {"length", Range.Length}});
  return json::Object{{"message", Message.Message},
                      {"file", Message.FilePath},
                      {"offset", Message.FileOffset},
                      {"fixes", std::move(Fixes)},
                      {"ranges", std::move(Ranges)}};
}

bool messageFromJSON(const json::Value *Value, DiagnosticMessage &Message) {
  const json::Object *Object = Value ? Value->getAsObject() : nullptr;
  if (!Object)
    return false;
  auto Text = Object->getString("message");
  auto File = Object->getString("file");
  auto Offset = Object->getInteger("offset");
  if (!Text || !File || !Offset)
    return false;
  Message.Message = Text->str();
  Message.FilePath = File->str();
  Message.FileOffset = static_cast<unsigned>(*Offset);
  if (const json::Array *Fixes = Object->getArray("fixes"))
    for (const json::Value &Fix : *Fixes) {
      const json::Object *F = Fix.getAsObject();
      if (!F)
        return false;
      auto FixFile = F->getString("file");
      auto FixOffset = F->getInteger("offset");
      auto Length = F->getInteger("length");
      auto Replacement = F->getString("text");
      if (!FixFile || !FixOffset || !Length || !Replacement)
        return false;
      if (llvm::Error E = Message.Fix[*FixFile].add(clang::tooling::Replacement(
              *FixFile, *FixOffset, *Length, *Replacement))) {
        llvm::consumeError(std::move(E));
        return false;
      }
    }
  if (const json::Array *Ranges = Object->getArray("ranges"))
    for (const json::Value &Range : *Ranges) {
      const json::Object *R = Range.getAsObject();
      if (!R)
        return false;
      auto RangeFile = R->getString("file");
      auto RangeOffset = R->getInteger("offset");
      auto Length = R->getInteger("length");
      if (!RangeFile || !RangeOffset || !Length)
        return false;
      clang::tooling::FileByteRange Byte;
      Byte.FilePath = RangeFile->str();
      Byte.FileOffset = static_cast<unsigned>(*RangeOffset);
      Byte.Length = static_cast<unsigned>(*Length);
      Message.Ranges.push_back(std::move(Byte));
    }
  return true;
}

llvm::StringRef levelName(clang::tooling::Diagnostic::Level Level) {
  switch (Level) {
  case clang::tooling::Diagnostic::Remark:
    return "remark";
  case clang::tooling::Diagnostic::Warning:
    return "warning";
  case clang::tooling::Diagnostic::Error:
    return "error";
  }
  return "warning";
}

} // namespace

bool UnitResult::hasCompilerErrors() const {
  for (const ClangTidyError &Diag : Diagnostics)
    if (Diag.DiagnosticName == "clang-diagnostic-error")
      return true;
  return false;
}

json::Value toJSON(const ClangTidyError &Diag) {
  json::Array Notes;
  for (const DiagnosticMessage &Note : Diag.Notes)
    Notes.push_back(messageToJSON(Note));
  return json::Object{{"check", Diag.DiagnosticName},
                      {"level", levelName(Diag.DiagLevel)},
                      {"buildDirectory", Diag.BuildDirectory},
                      {"warningAsError", Diag.IsWarningAsError},
                      {"message", messageToJSON(Diag.Message)},
                      {"notes", std::move(Notes)}};
}

bool fromJSON(const json::Value &Value, ClangTidyError &Diag) {
  const json::Object *Object = Value.getAsObject();
  if (!Object)
    return false;
  auto Check = Object->getString("check");
  auto Level = Object->getString("level");
  if (!Check || !Level)
    return false;
  auto DiagLevel = *Level == "error"    ? clang::tooling::Diagnostic::Error
                   : *Level == "remark" ? clang::tooling::Diagnostic::Remark
                                        : clang::tooling::Diagnostic::Warning;
  Diag = ClangTidyError(*Check, DiagLevel,
                        Object->getString("buildDirectory").value_or(""),
                        Object->getBoolean("warningAsError").value_or(false));
  if (!messageFromJSON(Object->get("message"), Diag.Message))
    return false;
  if (const json::Array *Notes = Object->getArray("notes"))
    for (const json::Value &Note : *Notes) {
      DiagnosticMessage Parsed;
      if (!messageFromJSON(&Note, Parsed))
        return false;
      Diag.Notes.push_back(std::move(Parsed));
    }
  return true;
}

namespace {

using clang::tidy::torch::device::ConditionalFinding;
using clang::tidy::torch::device::LaunchedParam;
using clang::tidy::torch::device::PassedTensor;
using clang::tidy::torch::device::ProjectCall;
using clang::tidy::torch::device::ProjectCallFacts;
using clang::tidy::torch::device::ProjectLauncher;

// An unsigned value at \p Key; with \p Optional, the key may be absent (Out
// kept then).
bool mapUnsigned(json::ObjectMapper &M, llvm::StringLiteral Key, unsigned &Out,
                 bool Optional = false) {
  int64_t Value = Out;
  if (!(Optional ? M.mapOptional(Key, Value) : M.map(Key, Value)) ||
      Value < 0 || Value > UINT32_MAX)
    return false;
  Out = static_cast<unsigned>(Value);
  return true;
}

} // namespace

json::Value toJSON(const ProjectCallFacts &Facts) {
  json::Array Calls;
  for (const ProjectCall &Call : Facts.Calls) {
    json::Array Passed;
    for (const PassedTensor &P : Call.Passed)
      Passed.push_back(json::Object{{"param", P.Param},
                                    {"kind", static_cast<int>(P.K)},
                                    {"caller", P.Caller},
                                    {"callerParam", P.CallerParam},
                                    {"misfit", P.MisfitBackends}});
    Calls.push_back(json::Object{{"callee", Call.Callee},
                                 {"passed", std::move(Passed)},
                                 {"file", Call.File},
                                 {"offset", Call.Offset},
                                 {"resultPartsMet", Call.ResultPartsMet},
                                 {"meetFile", Call.MeetFile},
                                 {"meetOffset", Call.MeetOffset}});
  }
  json::Array Findings;
  for (const ConditionalFinding &F : Facts.Findings)
    Findings.push_back(json::Object{{"check", F.Check},
                                    {"file", F.File},
                                    {"offset", F.Offset},
                                    {"function", F.Function},
                                    {"params", F.Params},
                                    {"latent", F.LatentBackend},
                                    {"onResult", F.OnResult},
                                    {"resultPart", F.ResultPart},
                                    {"onLaunch", F.OnLaunch},
                                    {"unchecked", F.Unchecked},
                                    {"callFile", F.CallFile},
                                    {"callOffset", F.CallOffset}});
  json::Array Launchers;
  for (const ProjectLauncher &L : Facts.Launchers) {
    json::Array Params;
    for (const LaunchedParam &P : L.Params)
      Params.push_back(json::Object{{"index", P.Index},
                                    {"unchecked", P.Unchecked},
                                    {"kernel", P.Kernel},
                                    {"file", P.File},
                                    {"offset", P.Offset}});
    Launchers.push_back(
        json::Object{{"function", L.Function}, {"params", std::move(Params)}});
  }
  return json::Object{
      {"analysed", Facts.Analysed},       {"namesDevice", Facts.NamesDevice},
      {"definesMain", Facts.DefinesMain}, {"calls", std::move(Calls)},
      {"escaped", Facts.Escaped},         {"findings", std::move(Findings)},
      {"launchers", std::move(Launchers)}};
}

bool fromJSON(const json::Value &Value, ProjectCallFacts &Facts) {
  json::Path::Root Root;
  json::ObjectMapper O(Value, Root);
  const json::Array *Calls =
      Value.getAsObject() ? Value.getAsObject()->getArray("calls") : nullptr;
  const json::Array *Findings =
      Value.getAsObject() ? Value.getAsObject()->getArray("findings") : nullptr;
  const json::Array *Launchers =
      Value.getAsObject() ? Value.getAsObject()->getArray("launchers")
                          : nullptr;
  if (!O || !O.map("analysed", Facts.Analysed) ||
      !O.map("namesDevice", Facts.NamesDevice) ||
      !O.map("definesMain", Facts.DefinesMain) ||
      !O.map("escaped", Facts.Escaped) || !Calls || !Findings)
    return false;
  for (const json::Value &CallValue : *Calls) {
    ProjectCall Call;
    const json::Object *Object = CallValue.getAsObject();
    const json::Array *Passed = Object ? Object->getArray("passed") : nullptr;
    json::ObjectMapper C(CallValue, Root);
    if (!Passed || !C || !C.map("callee", Call.Callee) ||
        !C.map("file", Call.File) || !mapUnsigned(C, "offset", Call.Offset) ||
        !C.map("resultPartsMet", Call.ResultPartsMet) ||
        !C.map("meetFile", Call.MeetFile) ||
        !mapUnsigned(C, "meetOffset", Call.MeetOffset))
      return false;
    for (const json::Value &PassedValue : *Passed) {
      PassedTensor P;
      int Kind = 0;
      unsigned Misfit = 0;
      json::ObjectMapper M(PassedValue, Root);
      if (!M || !mapUnsigned(M, "param", P.Param) || !M.map("kind", Kind) ||
          !M.map("caller", P.Caller) ||
          !mapUnsigned(M, "callerParam", P.CallerParam) ||
          !mapUnsigned(M, "misfit", Misfit) || Misfit > UINT8_MAX || Kind < 0 ||
          Kind > static_cast<int>(PassedTensor::Kind::Forwarded))
        return false;
      P.K = static_cast<PassedTensor::Kind>(Kind);
      P.MisfitBackends = static_cast<uint8_t>(Misfit);
      Call.Passed.push_back(std::move(P));
    }
    Facts.Calls.push_back(std::move(Call));
  }
  for (const json::Value &FindingValue : *Findings) {
    ConditionalFinding F;
    json::ObjectMapper M(FindingValue, Root);
    std::vector<int64_t> Params;
    unsigned Latent = 0;
    if (!M || !M.map("check", F.Check) || !M.map("file", F.File) ||
        !mapUnsigned(M, "offset", F.Offset) || !M.map("function", F.Function) ||
        !M.map("params", Params) || !mapUnsigned(M, "latent", Latent) ||
        Latent > UINT8_MAX || !M.map("onResult", F.OnResult) ||
        !M.map("resultPart", F.ResultPart) ||
        // Absent from the reports of builds before launch facts.
        !M.mapOptional("onLaunch", F.OnLaunch) ||
        !M.mapOptional("unchecked", F.Unchecked) ||
        !M.mapOptional("callFile", F.CallFile) ||
        !mapUnsigned(M, "callOffset", F.CallOffset, /*Optional=*/true))
      return false;
    F.LatentBackend = static_cast<uint8_t>(Latent);
    for (int64_t Param : Params) {
      if (Param < 0 || Param > UINT32_MAX)
        return false;
      F.Params.push_back(static_cast<unsigned>(Param));
    }
    Facts.Findings.push_back(std::move(F));
  }
  // Reports of builds before launch facts have none.
  static const json::Array NoLaunchers;
  for (const json::Value &LauncherValue :
       Launchers ? *Launchers : NoLaunchers) {
    ProjectLauncher L;
    const json::Object *Object = LauncherValue.getAsObject();
    const json::Array *Params = Object ? Object->getArray("params") : nullptr;
    json::ObjectMapper M(LauncherValue, Root);
    if (!M || !Params || !M.map("function", L.Function))
      return false;
    for (const json::Value &ParamValue : *Params) {
      LaunchedParam P;
      json::ObjectMapper PM(ParamValue, Root);
      if (!PM || !mapUnsigned(PM, "index", P.Index) ||
          !PM.map("unchecked", P.Unchecked) || !PM.map("kernel", P.Kernel) ||
          !PM.map("file", P.File) || !mapUnsigned(PM, "offset", P.Offset))
        return false;
      L.Params.push_back(std::move(P));
    }
    Facts.Launchers.push_back(std::move(L));
  }
  return true;
}

json::Value toJSON(const UnitResult &Result) {
  json::Array Diagnostics;
  for (const ClangTidyError &Diag : Result.Diagnostics)
    Diagnostics.push_back(toJSON(Diag));
  json::Array Dependencies;
  for (const std::string &Path : Result.Dependencies)
    Dependencies.push_back(Path);
  json::Object Entry{{"diagnostics", std::move(Diagnostics)},
                     {"dependencies", std::move(Dependencies)},
                     {"seconds", Result.Seconds}};
  if (Result.ProjectCalls)
    Entry["projectCalls"] = toJSON(*Result.ProjectCalls);
  return Entry;
}

bool fromJSON(const json::Value &Value, UnitResult &Result) {
  const json::Object *Object = Value.getAsObject();
  if (!Object)
    return false;
  const json::Array *Diagnostics = Object->getArray("diagnostics");
  const json::Array *Dependencies = Object->getArray("dependencies");
  if (!Diagnostics || !Dependencies)
    return false;
  Result.Diagnostics.clear();
  for (const json::Value &Diag : *Diagnostics) {
    ClangTidyError Parsed("", clang::tooling::Diagnostic::Warning, "", false);
    if (!fromJSON(Diag, Parsed))
      return false;
    Result.Diagnostics.push_back(std::move(Parsed));
  }
  Result.Dependencies.clear();
  for (const json::Value &Path : *Dependencies) {
    auto String = Path.getAsString();
    if (!String)
      return false;
    Result.Dependencies.push_back(String->str());
  }
  Result.Seconds = Object->getNumber("seconds").value_or(0);
  Result.ProjectCalls.reset();
  if (const json::Value *Facts = Object->get("projectCalls"))
    if (!fromJSON(*Facts, Result.ProjectCalls.emplace()))
      return false;
  return true;
}

} // namespace torchlint::run
