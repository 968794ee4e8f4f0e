#include "CheckInputHarness.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace torchlint::testing {

std::string Diagnostic::str() const {
  std::string S = std::to_string(Line) + ":" + std::to_string(Column) + ": " +
                  Level + ": " + Message;
  if (!Check.empty())
    S += " [" + Check + "]";
  return S;
}

bool Diagnostic::operator<(const Diagnostic &Other) const {
  return std::tie(Line, Column, Level, Message, Check) <
         std::tie(Other.Line, Other.Column, Other.Level, Other.Message,
                  Other.Check);
}

bool Diagnostic::operator==(const Diagnostic &Other) const {
  return !(*this < Other) && !(Other < *this);
}

std::vector<std::string> splitLines(const std::string &Text) {
  std::vector<std::string> Lines;
  std::istringstream In(Text);
  std::string Line;
  while (std::getline(In, Line))
    Lines.push_back(Line);
  return Lines;
}

std::string trim(const std::string &S) {
  const auto Begin = S.find_first_not_of(" \t\r");
  if (Begin == std::string::npos)
    return "";
  const auto End = S.find_last_not_of(" \t\r");
  return S.substr(Begin, End - Begin + 1);
}

namespace {

std::vector<std::string> splitWords(const std::string &S) {
  std::istringstream In(S);
  std::vector<std::string> Words;
  std::string W;
  while (In >> W)
    Words.push_back(W);
  return Words;
}

/// "warning: text [check]" -> (level, text, check).
bool splitMessage(const std::string &Body, Diagnostic &D) {
  static const std::regex Re(
      R"(^(warning|note|error): (.*?)(?: \[([A-Za-z0-9_.,-]+)\])?$)");
  std::smatch M;
  if (!std::regex_match(Body, M, Re))
    return false;
  D.Level = M[1];
  D.Message = M[2];
  D.Check = M[3];
  return true;
}

/// True for a line holding nothing but a // comment (directive lines).
bool isCommentOnly(const std::string &Line) {
  return trim(Line).rfind("//", 0) == 0;
}

} // namespace

bool parseTestInput(const std::string &Path, TestInput &Out,
                    std::string &Error) {
  std::ifstream In(Path);
  if (!In) {
    Error = "cannot read " + Path;
    return false;
  }
  std::stringstream Buffer;
  Buffer << In.rdbuf();
  Out = TestInput();
  Out.Path = Path;
  Out.Lines = splitLines(Buffer.str());

  static const std::regex Directive(R"(//\s*([A-Z-]+):?\s?(.*)$)");
  static const std::regex DiagRe(R"(^:\[\[@LINE([+-]\d+)?\]\]:(\d+): (.*)$)");
  int LastCodeLine = 0;
  for (size_t I = 0; I < Out.Lines.size(); ++I) {
    const int LineNo = static_cast<int>(I) + 1;
    const std::string &Line = Out.Lines[I];
    const bool CommentOnly = isCommentOnly(Line);
    std::smatch M;
    const auto Pos = Line.find("// ");
    const std::string Tail = Pos == std::string::npos ? "" : Line.substr(Pos);
    if (!CommentOnly || !std::regex_search(Tail, M, Directive)) {
      if (!CommentOnly && !trim(Line).empty())
        LastCodeLine = LineNo;
      continue;
    }
    const std::string Key = M[1];
    const std::string Value = trim(M[2]);
    auto Fail = [&](const std::string &Why) {
      Error = Path + ":" + std::to_string(LineNo) + ": " + Why;
      return false;
    };
    if (Key == "CHECKS") {
      Out.Checks = Value;
    } else if (Key == "CHECK-OPTION") {
      if (Value.find('=') == std::string::npos)
        return Fail("CHECK-OPTION needs key=value");
      Out.CheckOptions.push_back(Value);
    } else if (Key == "HEADERS") {
      for (const std::string &Mode : splitWords(Value)) {
        if (Mode != "fast" && Mode != "real" && Mode != "real2" &&
            Mode != "fast-I" && Mode != "real-I" && Mode != "real2-I")
          return Fail("HEADERS takes 'fast', 'real', 'real2', 'fast-I', "
                      "'real-I', 'real2-I'");
        Out.HeaderModes.push_back(Mode);
      }
    } else if (Key == "FLAGS") {
      for (const std::string &Flag : splitWords(Value))
        Out.ExtraFlags.push_back(Flag);
    } else if (Key == "EXPECT-COMPILE-ERRORS") {
      Out.ExpectCompileErrors = true;
    } else if (Key == "CHECK-MESSAGES" || Key == "CHECK-NOTES") {
      std::smatch DM;
      Diagnostic D;
      if (!std::regex_match(Value, DM, DiagRe) || !splitMessage(DM[3], D))
        return Fail("expected ':[[@LINE+-N]]:COL: warning|note: message'");
      D.Line = LineNo + (DM[1].matched ? std::stoi(DM[1]) : 0);
      D.Column = std::stoi(DM[2]);
      if (Key == "CHECK-MESSAGES") {
        if (D.Level != "warning" || D.Check.empty())
          return Fail("CHECK-MESSAGES expects 'warning: message [check]'");
        Out.Messages.push_back(D);
      } else {
        if (D.Level != "note")
          return Fail("CHECK-NOTES expects 'note: message'");
        Out.Notes.push_back(D);
      }
    } else if (Key == "CHECK-FIXES") {
      if (LastCodeLine == 0)
        return Fail("CHECK-FIXES has no code line above it");
      Out.Fixes.push_back({LastCodeLine, Value});
    } else if (Key == "CHECK-FIXES-INSERTED") {
      Out.InsertedLines.push_back(Value);
    }
  }
  if (Out.Checks.empty()) {
    Error = Path + ": missing '// CHECKS: <glob>'";
    return false;
  }
  if (Out.HeaderModes.empty())
    Out.HeaderModes.push_back("fast");
  return true;
}

std::vector<Diagnostic> parseDiagnostics(const std::string &Output,
                                         const std::string &File) {
  static const std::regex Re(
      R"(^(.+?):(\d+):(\d+): (warning|note|error): .*$)");
  std::vector<Diagnostic> Result;
  for (const std::string &Line : splitLines(Output)) {
    std::smatch M;
    if (!std::regex_match(Line, M, Re) || M[1] != File)
      continue;
    Diagnostic D;
    const std::string Prefix = std::string(M[1]) + ":" + std::string(M[2]) +
                               ":" + std::string(M[3]) + ": ";
    if (!splitMessage(Line.substr(Prefix.size()), D))
      continue;
    D.Line = std::stoi(M[2]);
    D.Column = std::stoi(M[3]);
    Result.push_back(D);
  }
  return Result;
}

std::string compareFixed(const TestInput &Input,
                         const std::vector<std::string> &Fixed) {
  std::vector<std::string> Expected = Input.Lines;
  std::vector<bool> Changes(Expected.size(), false);
  for (const ExpectedFix &Fix : Input.Fixes) {
    Expected[Fix.Line - 1] = Fix.Text;
    Changes[Fix.Line - 1] = true;
  }
  // Inserted lines may land anywhere the fix chose; each must appear once.
  // A fixed line that does not continue the expected file in order is taken
  // for an inserted one first, so that an insertion whose text the file
  // already holds elsewhere (a second `CHECK();`) is told from that line.
  std::vector<std::string> Actual;
  std::vector<std::string> Pending = Input.InsertedLines;
  size_t Next = 0;
  for (const std::string &Line : Fixed) {
    const bool Continues = Next < Expected.size() &&
                           (Changes[Next] ? trim(Expected[Next]) == trim(Line)
                                          : Expected[Next] == Line);
    auto Insertion = std::find(Pending.begin(), Pending.end(), trim(Line));
    if (!Continues && Insertion != Pending.end()) {
      Pending.erase(Insertion);
      continue;
    }
    // A line that differs from the expected one stands in its place.
    Actual.push_back(Line);
    ++Next;
  }
  std::ostringstream Problems;
  for (const std::string &Inserted : Pending) {
    auto It = std::find_if(Actual.begin(), Actual.end(),
                           [&](const auto &L) { return trim(L) == Inserted; });
    if (It == Actual.end())
      Problems << "expected an inserted line '" << Inserted << "'\n";
    else
      Actual.erase(It);
  }
  const size_t N = std::max(Expected.size(), Actual.size());
  for (size_t I = 0; I < N; ++I) {
    const std::string Want = I < Expected.size() ? Expected[I] : "<none>";
    const std::string Got = I < Actual.size() ? Actual[I] : "<none>";
    const bool Same = I < Changes.size() && Changes[I] ? trim(Want) == trim(Got)
                                                       : Want == Got;
    if (!Same) {
      Problems << "line " << I + 1 << ": expected '" << Want << "'\n"
               << "        got      '" << Got << "'\n";
      if (Expected.size() != Actual.size()) {
        Problems << "(line counts differ: " << Expected.size() << " vs "
                 << Actual.size() << ")\n";
        break;
      }
    }
  }
  return Problems.str();
}

} // namespace torchlint::testing
