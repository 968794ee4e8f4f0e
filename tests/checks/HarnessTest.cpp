// The harness itself must fail where it should: a harness that cannot fail
// would make every check test meaningless.
#include "CheckInputHarness.h"
#include "CheckInputRunner.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace torchlint::testing;

namespace {

const std::string Fixtures = TORCHLINT_HARNESS_FIXTURES;

bool mentions(const std::vector<std::string> &Failures, const std::string &S) {
  return std::any_of(Failures.begin(), Failures.end(), [&](const auto &F) {
    return F.find(S) != std::string::npos;
  });
}

TEST(Harness, ParsesClangTidyOutput) {
  const std::string Output =
      "/t/a.cpp:3:12: warning: tensor factory 'torch::ones' is called [torch-x]\n"
      "    3 |   auto w = torch::ones({3});\n"
      "/t/a.cpp:2:42: note: the device is taken from parameter 'x'\n"
      "/other.h:1:1: warning: elsewhere [torch-x]\n";
  const auto Diags = parseDiagnostics(Output, "/t/a.cpp");
  ASSERT_EQ(Diags.size(), 2u);
  EXPECT_EQ(Diags[0].Line, 3);
  EXPECT_EQ(Diags[0].Column, 12);
  EXPECT_EQ(Diags[0].Check, "torch-x");
  EXPECT_EQ(Diags[0].Message, "tensor factory 'torch::ones' is called");
  EXPECT_EQ(Diags[1].Level, "note");
  EXPECT_TRUE(Diags[1].Check.empty());
}

TEST(Harness, HeaderModesNameTheirLibtorchAndStandard) {
  RunnerConfig Config;
  Config.FastIncludes = "/fake";
  Config.RealIncludes = "/usr/include/torch/csrc/api/include";
  Config.Real2Root = "/libtorch2";
  Config.RealPch = "/real.pch";
  Config.Real2Pch = "/real2.pch";
  const HeaderFlags Real = headerFlagsFor("real", Config);
  EXPECT_NE(Real.Flags.find("-std=c++17"), std::string::npos);
  EXPECT_EQ(Real.Pch, "/real.pch");
  const HeaderFlags Real2 = headerFlagsFor("real2", Config);
  EXPECT_NE(Real2.Flags.find("-std=c++20"), std::string::npos);
  EXPECT_NE(Real2.Flags.find("-isystem '/libtorch2/include'"), std::string::npos);
  EXPECT_NE(Real2.Flags.find("-isystem '/libtorch2/include/torch/csrc/api/include'"),
            std::string::npos);
  EXPECT_EQ(Real2.Pch, "/real2.pch");
  EXPECT_TRUE(Real2.Available);
  const HeaderFlags Plain = headerFlagsFor("real2-I", Config);
  EXPECT_NE(Plain.Flags.find("-I '/libtorch2/include'"), std::string::npos);
  EXPECT_TRUE(Plain.Pch.empty());
  Config.Real2Root.clear();
  EXPECT_FALSE(headerFlagsFor("real2", Config).Available);
}

TEST(Harness, ParsesDirectivesRelativeToTheirLine) {
  TestInput Input;
  std::string Error;
  ASSERT_TRUE(parseTestInput(Fixtures + "/missing-warning.cpp", Input, Error))
      << Error;
  ASSERT_EQ(Input.Messages.size(), 2u);
  EXPECT_EQ(Input.Messages[0].Line, 5);
  EXPECT_EQ(Input.Fixes.size(), 1u);
  EXPECT_EQ(Input.Fixes[0].Line, 5);
}

TEST(Harness, ComparesFixedFilesStrictly) {
  TestInput Input;
  Input.Lines = {"a", "b", "c"};
  Input.Fixes = {{2, "B"}};
  EXPECT_EQ(compareFixed(Input, {"a", "B", "c"}), "");
  EXPECT_NE(compareFixed(Input, {"a", "b", "c"}), "");     // fix not applied
  EXPECT_NE(compareFixed(Input, {"a", "B", "C"}), "");     // unexpected edit
  EXPECT_NE(compareFixed(Input, {"a", "B", "c", "d"}), ""); // extra line
  Input.InsertedLines = {"#include <x.h>"};
  EXPECT_EQ(compareFixed(Input, {"#include <x.h>", "a", "B", "c"}), "");
  EXPECT_NE(compareFixed(Input, {"a", "B", "c"}), "");
}

TEST(Harness, RejectsMalformedDirectives) {
  TestInput Input;
  std::string Error;
  EXPECT_FALSE(parseTestInput(Fixtures + "/malformed.cpp", Input, Error));
  EXPECT_NE(Error.find("malformed.cpp:3"), std::string::npos) << Error;
}

TEST(Harness, FailsOnMissingAndUnexpectedWarningsAndWrongFixes) {
  const auto Failures = runCheckInput(Fixtures + "/missing-warning.cpp",
                                      "fast", defaultRunnerConfig());
  EXPECT_TRUE(mentions(Failures, "missing warnings")) << Failures.size();
  EXPECT_TRUE(mentions(Failures, "unexpected warnings"));
  EXPECT_TRUE(mentions(Failures, "fixed file differs"));
}

} // namespace
