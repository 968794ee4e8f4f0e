//===--- ProjectCallsTest.cpp - judging findings by the project's calls ---===//
//
// unsupportedFindings on facts written by hand, as units of a project
// would record them (the recording itself is tested end to end by
// tests/e2e/run_driver.sh callers).
//
//===----------------------------------------------------------------------===//
#include "device/findings/ProjectCalls.h"

#include <gtest/gtest.h>

namespace {

using namespace clang::tidy::torch::device;
using Kind = PassedTensor::Kind;

PassedTensor passed(unsigned Param, Kind K, std::string Caller = "",
                    unsigned CallerParam = 0) {
  PassedTensor P;
  P.Param = Param;
  P.K = K;
  P.Caller = std::move(Caller);
  P.CallerParam = CallerParam;
  return P;
}

ConditionalFinding finding(unsigned Offset, std::string Function = "",
                           std::vector<unsigned> Params = {}) {
  ConditionalFinding F;
  F.Check = "torch-factory-without-device";
  F.File = "/p/helpers.cpp";
  F.Offset = Offset;
  F.Function = std::move(Function);
  F.Params = std::move(Params);
  return F;
}

std::vector<unsigned> offsetsOf(const std::vector<const ConditionalFinding *> &Found) {
  std::vector<unsigned> Offsets;
  for (const ConditionalFinding *F : Found)
    Offsets.push_back(F->Offset);
  return Offsets;
}

TEST(ProjectCalls, AProgramThatNamesNoDeviceSupportsNoConditionalFinding) {
  ProjectCallFacts Helpers, Main;
  Helpers.Analysed = Main.Analysed = true;
  Main.DefinesMain = true;
  Helpers.Findings = {finding(10, "f", {0}), finding(20)};
  EXPECT_EQ(offsetsOf(unsupportedFindings({&Helpers, &Main})),
            (std::vector<unsigned>{10, 20}));
  // A library that names no device (no unit defines main) is device-neutral
  // code: its users may pass anything, and f has no caller to ask.
  Main.DefinesMain = false;
  EXPECT_EQ(offsetsOf(unsupportedFindings({&Helpers, &Main})),
            std::vector<unsigned>{});
  Main.DefinesMain = true;
  // One unit that names CUDA anywhere: the bare finding holds, and f's
  // depends on its callers, of which there are none in the project.
  Main.NamesDevice = true;
  EXPECT_EQ(offsetsOf(unsupportedFindings({&Helpers, &Main})),
            std::vector<unsigned>{});
}

TEST(ProjectCalls, AParametersFindingNeedsACallThatMayPassDeviceData) {
  ProjectCallFacts Helpers, Callers;
  Helpers.NamesDevice = true;
  Helpers.Findings = {finding(10, "host_only", {0}), finding(20, "mixed", {1}),
                      finding(30, "unseen", {0}), finding(40, "other_param", {0})};
  Callers.Calls = {
      {"host_only", {passed(0, Kind::Host)}},
      {"host_only", {passed(0, Kind::Host)}},
      {"mixed", {passed(1, Kind::Host)}},
      {"mixed", {passed(1, Kind::MayBeOffCpu)}},
      {"unseen", {passed(0, Kind::Unseen)}},
      // Device data for another parameter does not support param 0's.
      {"other_param", {passed(0, Kind::Host), passed(1, Kind::MayBeOffCpu)}},
  };
  EXPECT_EQ(offsetsOf(unsupportedFindings({&Helpers, &Callers})),
            (std::vector<unsigned>{10, 30, 40}));
}

TEST(ProjectCalls, ForwardedParametersAreFollowedToTheirCallers) {
  ProjectCallFacts Helpers, Relay, Main;
  Main.NamesDevice = true;
  Helpers.Findings = {finding(10, "clip_a", {0}), finding(20, "clip_b", {0}),
                      finding(30, "clip_c", {0}), finding(40, "loop", {0})};
  Relay.Calls = {
      {"clip_a", {passed(0, Kind::Forwarded, "relay_a", 0)}},
      {"clip_b", {passed(0, Kind::Forwarded, "relay_b", 0)}},
      // relay_c is never called: its callers are outside the project.
      {"clip_c", {passed(0, Kind::Forwarded, "relay_c", 0)}},
      // Mutual recursion ends, and a host entry decides.
      {"loop", {passed(0, Kind::Forwarded, "ping", 0)}},
      {"ping", {passed(0, Kind::Forwarded, "loop", 0)}},
  };
  Main.Calls = {
      {"relay_a", {passed(0, Kind::Host)}},
      {"relay_b", {passed(0, Kind::MayBeOffCpu)}},
      {"loop", {passed(0, Kind::Host)}},
  };
  EXPECT_EQ(offsetsOf(unsupportedFindings({&Helpers, &Relay, &Main})),
            (std::vector<unsigned>{10, 40}));
}

TEST(ProjectCalls, UncalledOrEscapedFunctionsKeepTheirFindings) {
  ProjectCallFacts Helpers, Main;
  Main.NamesDevice = true;
  Helpers.Findings = {finding(10, "never_called", {0}), finding(20, "by_pointer", {0})};
  Main.Calls = {{"by_pointer", {passed(0, Kind::Host)}}};
  Main.Escaped = {"by_pointer"};
  EXPECT_EQ(offsetsOf(unsupportedFindings({&Helpers, &Main})),
            std::vector<unsigned>{});
}

} // namespace
