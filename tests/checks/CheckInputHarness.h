// A check_clang_tidy.py-style harness: each file in test_inputs/checks/ says
// how to run torchlint on it and carries its expectations inline.
//
//   // CHECKS: torch-factory-without-device        (glob for --checks=-*,...)
//   // CHECK-OPTION: torch-factory-without-device.FixStyle=options
//                    ({test_inputs} in a value stands for test_inputs/)
//   // HEADERS: fast real real2                     (default: fast)
//   // FLAGS: -DSOME_MACRO                           (extra compiler flags)
//   // EXPECT-COMPILE-ERRORS                         (input is broken on purpose)
//   // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: <message> [<check>]
//   // CHECK-NOTES: :[[@LINE-3]]:42: note: <message>
//   // CHECK-FIXES: <expected text of the nearest code line above>
//   // CHECK-FIXES-INSERTED: <a line the fixes add, e.g. an #include>
//
// A test fails on any unexpected or missing warning or note (every note in
// the input file is expected, the compiler's included), on any fixed line that differs
// from the expectation (lines without CHECK-FIXES must stay unchanged), when a
// second run still finds something to fix, and when the fixed file does not
// compile against the same headers.
#ifndef TORCHLINT_TESTS_CHECKINPUTHARNESS_H
#define TORCHLINT_TESTS_CHECKINPUTHARNESS_H

#include <string>
#include <vector>

namespace torchlint::testing {

struct Diagnostic {
  int Line = 0;
  int Column = 0;
  std::string Level;   // "warning", "note" or "error"
  std::string Message; // without the trailing [check-name]
  std::string Check;   // empty for notes and errors
  std::string str() const;
  bool operator<(const Diagnostic &Other) const;
  bool operator==(const Diagnostic &Other) const;
};

struct ExpectedFix {
  int Line = 0;      // 1-based line of the original file that changes
  std::string Text;  // its expected content, trimmed
};

struct TestInput {
  std::string Path;
  std::string Checks;
  std::vector<std::string> CheckOptions; // "key=value"
  /// "fast" (fake headers), "real" (system libtorch), "real2" (PyTorch 2.x);
  /// "fast-I", "real-I", "real2-I" give libtorch with -I, not -isystem.
  std::vector<std::string> HeaderModes;
  std::vector<std::string> ExtraFlags;
  bool ExpectCompileErrors = false;
  std::vector<Diagnostic> Messages;       // expected warnings
  std::vector<Diagnostic> Notes;          // expected notes
  std::vector<ExpectedFix> Fixes;
  std::vector<std::string> InsertedLines; // trimmed
  std::vector<std::string> Lines;         // the original file
};

/// Parses the inline directives of \p Path; on malformed directives returns
/// false and sets \p Error.
bool parseTestInput(const std::string &Path, TestInput &Out,
                    std::string &Error);

/// Parses clang-tidy's output: diagnostics located in \p File only.
std::vector<Diagnostic> parseDiagnostics(const std::string &Output,
                                         const std::string &File);

/// Builds the expected fixed file, compares it with \p Fixed and describes
/// every difference (empty when they agree).
std::string compareFixed(const TestInput &Input,
                         const std::vector<std::string> &Fixed);

std::vector<std::string> splitLines(const std::string &Text);
std::string trim(const std::string &S);

} // namespace torchlint::testing

#endif
