// One test per (file in test_inputs/checks, header mode it names).
#include "CheckInputHarness.h"
#include "CheckInputRunner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;
using namespace torchlint::testing;

namespace {

struct Case {
  std::string Path;
  std::string Mode;
};

void PrintTo(const Case &C, std::ostream *Out) {
  *Out << C.Path << " (" << C.Mode << " headers)";
}

std::vector<Case> discoverCases() {
  std::vector<Case> Cases;
  std::vector<fs::path> Files;
  for (const auto &Entry :
       fs::directory_iterator(fs::path(TORCHLINT_TEST_INPUTS) / "checks"))
    if (Entry.path().extension() == ".cpp")
      Files.push_back(Entry.path());
  std::sort(Files.begin(), Files.end());
  for (const fs::path &File : Files) {
    TestInput Input;
    std::string Error;
    // A malformed file still gets a case, which then reports the error.
    if (!parseTestInput(File.string(), Input, Error))
      Input.HeaderModes = {"fast"};
    for (const std::string &Mode : Input.HeaderModes)
      Cases.push_back({File.string(), Mode});
  }
  return Cases;
}

std::string caseName(const ::testing::TestParamInfo<Case> &Info) {
  std::string Name =
      fs::path(Info.param.Path).stem().string() + "_" + Info.param.Mode;
  std::replace_if(
      Name.begin(), Name.end(), [](char C) { return !std::isalnum(C); }, '_');
  return Name;
}

class CheckInput : public ::testing::TestWithParam<Case> {};

TEST_P(CheckInput, MatchesInlineExpectations) {
  if (const std::string Why = unavailableReason(
          GetParam().Path, GetParam().Mode, defaultRunnerConfig());
      !Why.empty())
    GTEST_SKIP() << Why;
  for (const std::string &Failure :
       runCheckInput(GetParam().Path, GetParam().Mode, defaultRunnerConfig()))
    ADD_FAILURE() << Failure;
}

INSTANTIATE_TEST_SUITE_P(Inputs, CheckInput,
                         ::testing::ValuesIn(discoverCases()), caseName);

} // namespace
