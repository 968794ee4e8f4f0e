//===--- ProjectCallsTest.cpp - judging findings by the project's calls ---===//
//
// judgeFindings on facts written by hand, as units of a project
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

std::vector<const ConditionalFinding *>
unsupported(std::vector<const ProjectCallFacts *> Units) {
  return judgeFindings(Units).Unsupported;
}

std::vector<unsigned>
offsetsOf(const std::vector<const ConditionalFinding *> &Found) {
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
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Main})),
            (std::vector<unsigned>{10, 20}));
  // A library that names no device (no unit defines main) is device-neutral
  // code: its users may pass anything, and f has no caller to ask.
  Main.DefinesMain = false;
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Main})), std::vector<unsigned>{});
  Main.DefinesMain = true;
  // One unit that names CUDA anywhere: the bare finding holds, and f's
  // depends on its callers, of which there are none in the project.
  Main.NamesDevice = true;
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Main})), std::vector<unsigned>{});
}

TEST(ProjectCalls, AParametersFindingNeedsACallThatMayPassDeviceData) {
  ProjectCallFacts Helpers, Callers;
  Helpers.NamesDevice = true;
  Helpers.Findings = {finding(10, "host_only", {0}), finding(20, "mixed", {1}),
                      finding(30, "unseen", {0}),
                      finding(40, "other_param", {0})};
  Callers.Calls = {
      {"host_only", {passed(0, Kind::Host)}},
      {"host_only", {passed(0, Kind::Host)}},
      {"mixed", {passed(1, Kind::Host)}},
      {"mixed", {passed(1, Kind::MayBeOffCpu)}},
      {"unseen", {passed(0, Kind::Unseen)}},
      // Device data for another parameter does not support param 0's.
      {"other_param", {passed(0, Kind::Host), passed(1, Kind::MayBeOffCpu)}},
  };
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Callers})),
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
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Relay, &Main})),
            (std::vector<unsigned>{10, 40}));
}

TEST(ProjectCalls, UncalledOrEscapedFunctionsKeepTheirFindings) {
  ProjectCallFacts Helpers, Main;
  Main.NamesDevice = true;
  Helpers.Findings = {finding(10, "never_called", {0}),
                      finding(20, "by_pointer", {0})};
  Main.Calls = {{"by_pointer", {passed(0, Kind::Host)}}};
  Main.Escaped = {"by_pointer"};
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Main})), std::vector<unsigned>{});
}

// A fixed CUDA device in a helper whose only device is its tensor parameter
// is latent: shown only where a call passes that parameter data the fixed
// device does not fit, and then with that call.
TEST(ProjectCalls, ALatentFindingIsMadeRealOnlyByACallPassingMisfitData) {
  ProjectCallFacts Helpers, Main, Relay;
  Helpers.Analysed = Main.Analysed = Relay.Analysed = true;
  Main.DefinesMain = Main.NamesDevice = true;
  ConditionalFinding Latent = finding(30, "pad", {0});
  Latent.Check = "torch-hardcoded-device";
  Latent.LatentBackend = CudaPlacement;
  Helpers.Findings = {Latent};
  // No call in the project: a library's API stays latent.
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Main})),
            std::vector<unsigned>{30});
  // CUDA data into a CUDA placement: a CUDA program's design.
  PassedTensor OnCuda = passed(0, Kind::MayBeOffCpu);
  OnCuda.MisfitBackends = CpuPlacement | OtherPlacement;
  Main.Calls = {{"pad", {OnCuda}, "/p/main.cpp", 5}};
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Main})),
            std::vector<unsigned>{30});
  EXPECT_TRUE(judgeFindings({&Helpers, &Main}).MadeReal.empty());
  // Data placed by a run-time choice, through a relay's parameter: real,
  // with the outermost call.
  PassedTensor Chosen = passed(0, Kind::MayBeOffCpu);
  Chosen.MisfitBackends = CpuPlacement | CudaPlacement | OtherPlacement;
  Relay.Calls = {
      {"pad", {passed(0, Kind::Forwarded, "relay", 1)}, "/p/relay.cpp", 7}};
  Main.Calls = {{"pad", {OnCuda}, "/p/main.cpp", 5},
                {"relay",
                 {passed(0, Kind::Host), passed(1, Kind::MayBeOffCpu)},
                 "/p/main.cpp",
                 9}};
  Main.Calls[1].Passed[1].MisfitBackends = Chosen.MisfitBackends;
  const ProjectJudgement Judged = judgeFindings({&Helpers, &Relay, &Main});
  EXPECT_TRUE(Judged.Unsupported.empty());
  ASSERT_EQ(Judged.MadeReal.size(), 1u);
  EXPECT_EQ(Judged.MadeReal[0].first->Offset, 30u);
  EXPECT_EQ(Judged.MadeReal[0].second->File, "/p/main.cpp");
  EXPECT_EQ(Judged.MadeReal[0].second->Offset, 9u);
  // An escaped helper's callers are not all known: it stays latent.
  Main.Escaped = {"pad"};
  EXPECT_EQ(offsetsOf(unsupported({&Helpers, &Relay, &Main})),
            std::vector<unsigned>{30});
}

TEST(ProjectCalls, MemoryHandedElsewhereIsRealOnlyWhereALauncherTakesIt) {
  ProjectCallFacts Wrapper, Kernels;
  Wrapper.Analysed = Kernels.Analysed = true;
  ConditionalFinding Latent = finding(40, "scale_launcher", {1});
  Latent.LatentBackend = CpuPlacement;
  Latent.OnLaunch = true;
  Wrapper.Findings = {Latent};
  // The function is host code, or not in the project: it stays latent.
  EXPECT_EQ(offsetsOf(unsupported({&Wrapper, &Kernels})),
            std::vector<unsigned>{40});
  // A launcher that hands another of its parameters to a kernel.
  ProjectLauncher Launcher;
  Launcher.Function = "scale_launcher";
  Launcher.Params = {{0, false, "stats_kernel", "/p/k.cu", 12}};
  Kernels.Launchers = {Launcher};
  EXPECT_EQ(offsetsOf(unsupported({&Wrapper, &Kernels})),
            std::vector<unsigned>{40});
  EXPECT_TRUE(judgeFindings({&Wrapper, &Kernels}).Launched.empty());
  // That parameter too, to another kernel: real, with that launch.
  Kernels.Launchers[0].Params.push_back(
      {1, false, "apply_kernel", "/p/k.cu", 30});
  const ProjectJudgement Judged = judgeFindings({&Wrapper, &Kernels});
  EXPECT_TRUE(Judged.Unsupported.empty());
  ASSERT_EQ(Judged.Launched.size(), 1u);
  EXPECT_EQ(Judged.Launched[0].first->Offset, 40u);
  EXPECT_EQ(Judged.Launched[0].second->Kernel, "apply_kernel");
  EXPECT_EQ(Judged.Launched[0].second->Offset, 30u);
  // A tensor parameter it launches with unchecked: real only for a tensor
  // handed over unchecked, not for a buffer's memory.
  Kernels.Launchers[0].Params = {{1, true, "apply_kernel", "/p/k.cu", 30}};
  EXPECT_TRUE(judgeFindings({&Wrapper, &Kernels}).Launched.empty());
  Wrapper.Findings[0].Unchecked = true;
  EXPECT_EQ(judgeFindings({&Wrapper, &Kernels}).Launched.size(), 1u);
}

} // namespace
