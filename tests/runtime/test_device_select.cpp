// probe_device / select_device.
#include "test_common.h"

namespace torchlint::test {
namespace {

// Every test runs with TORCHLINT_DEVICE unset unless it sets it.
class SelectDevice : public ::testing::Test {
 protected:
  ScopedEnv clean_{kDeviceEnvVar, std::nullopt};
};

TEST_F(SelectDevice, DefaultChainPicksCudaWhenItWorksElseCpu) {
  const auto device = select_device();
  if (torch::cuda::is_available()) {
    EXPECT_TRUE(device.is_cuda());
    EXPECT_TRUE(device.has_index());
  } else {
    EXPECT_EQ(device, torch::Device(torch::kCPU)); // Linux has no MPS: it falls through
  }
}

TEST_F(SelectDevice, SkipsUnknownUnbuiltAndDatalessDevices) {
  EXPECT_EQ(select_device({"bogus", "cpu"}), torch::Device(torch::kCPU));
  EXPECT_EQ(select_device({"meta", "cpu"}), torch::Device(torch::kCPU));
  EXPECT_EQ(select_device({"cuda:99", "cpu"}), torch::Device(torch::kCPU));
  if (!probe_device("mps").usable()) {
    EXPECT_EQ(select_device({"mps", "cpu"}), torch::Device(torch::kCPU));
  }
}

TEST_F(SelectDevice, ThrowsListingEveryFailureWhenNothingWorks) {
  const auto message = message_of<DeviceError>([] { select_device({"bogus", "meta"}); });
  EXPECT_TRUE(Contains(message, "bogus: "));
  EXPECT_TRUE(Contains(message, "meta: "));
  EXPECT_TRUE(Contains(message_of<DeviceError>([] { select_device({}); }), "empty list"));
}

TEST_F(SelectDevice, ProbeReportsTheResolvedDeviceOrTheReason) {
  const auto cpu = probe_device("cpu");
  ASSERT_TRUE(cpu.usable());
  EXPECT_EQ(*cpu.device, torch::Device(torch::kCPU));
  const auto cuda = probe_device("cuda");
  EXPECT_EQ(cuda.usable(), torch::cuda::is_available());
  if (cuda.usable()) {
    EXPECT_TRUE(cuda.device->has_index());
  } else {
    EXPECT_FALSE(cuda.error.empty());
    EXPECT_EQ(cuda.error.find('\n'), std::string::npos); // no backtrace
  }
  EXPECT_FALSE(probe_device("bogus").usable());
}

TEST_F(SelectDevice, EnvironmentOverrideComesFirst) {
  ScopedEnv env(kDeviceEnvVar, "cpu");
  EXPECT_EQ(select_device({"meta"}), torch::Device(torch::kCPU));
}

TEST_F(SelectDevice, UnusableEnvironmentOverrideFollowsThePolicy) {
  ScopedEnv env(kDeviceEnvVar, "bogus");
  {
    WarningCapture warnings;
    EXPECT_EQ(select_device({"cpu"}), torch::Device(torch::kCPU));
    ASSERT_EQ(warnings.messages.size(), 1u);
    EXPECT_TRUE(Contains(warnings.messages[0], "TORCHLINT_DEVICE=bogus is not usable"));
  }
  {
    WarningCapture warnings;
    EXPECT_EQ(select_device({"cpu"}, DevicePolicy::Silent), torch::Device(torch::kCPU));
    EXPECT_TRUE(warnings.messages.empty());
  }
  EXPECT_TRUE(Contains(message_of<DeviceError>([] { select_device({"cpu"}, DevicePolicy::Strict); }),
                       "TORCHLINT_DEVICE=bogus"));
}

} // namespace
} // namespace torchlint::test
