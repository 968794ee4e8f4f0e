// stack / cat / to_device / common_device / check_same_device.
#include "test_common.h"

namespace torchlint::test {
namespace {

// ---- CPU-only: "meta" is the non-CPU device ------------------------------------------------

TEST(Harmonize, CommonDeviceIsTheFirstNonCpuInput) {
  const auto cpu = torch::ones({2});
  const auto on_meta = torch::empty({2}, meta());
  EXPECT_EQ(common_device({cpu, cpu}), torch::Device(torch::kCPU));
  EXPECT_EQ(common_device({cpu, on_meta, cpu}), meta());
  EXPECT_EQ(common_device({torch::Tensor(), cpu}), torch::Device(torch::kCPU));
  EXPECT_EQ(common_device({}), torch::Device(torch::kCPU));
}

TEST(Harmonize, CatAndStackMoveCpuInputsToTheCommonDeviceAndWarnOnce) {
  const auto a = torch::ones({2});
  const auto b = torch::empty({2}, meta());
  const auto c = torch::zeros({2});
  WarningCapture warnings;
  const auto catted = torchlint::cat({a, b, c});
  EXPECT_EQ(catted.device(), meta());
  EXPECT_EQ(catted.sizes(), torch::IntArrayRef({6}));
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_TRUE(Contains(warnings.messages[0], "tensors[0]: cpu -> meta"));
  EXPECT_TRUE(Contains(warnings.messages[0], "tensors[2]: cpu -> meta"));
  EXPECT_FALSE(Contains(warnings.messages[0], "tensors[1]"));
  const auto stacked = torchlint::stack({a, b, c}, 1);
  EXPECT_EQ(stacked.device(), meta());
  EXPECT_EQ(stacked.sizes(), torch::IntArrayRef({2, 3}));
}

TEST(Harmonize, StrictThrowsNamingEveryMisplacedInput) {
  const auto a = torch::ones({2});
  const auto b = torch::empty({2}, meta());
  const auto message = message_of<DeviceError>([&] { torchlint::stack({a, b, a}, 0, DevicePolicy::Strict); });
  EXPECT_TRUE(Contains(message, "tensors[0] on cpu (expected meta)"));
  EXPECT_TRUE(Contains(message, "tensors[2] on cpu (expected meta)"));
  EXPECT_FALSE(Contains(message, "tensors[1]"));
}

TEST(Harmonize, ExplicitDeviceOverloadsAndSilentPolicy) {
  const auto a = torch::ones({2});
  WarningCapture warnings;
  EXPECT_EQ(torchlint::stack({a, a}, meta(), 0, DevicePolicy::Silent).device(), meta());
  EXPECT_EQ(torchlint::cat({a, a}, meta(), 0, DevicePolicy::Silent).device(), meta());
  EXPECT_TRUE(warnings.messages.empty());
}

TEST(Harmonize, ToDeviceKeepsUndefinedInputsAndSharesThoseAlreadyThere) {
  const auto a = torch::ones({2});
  const auto moved = to_device({a, torch::Tensor()}, torch::kCPU, DevicePolicy::Strict);
  ASSERT_EQ(moved.size(), 2u);
  EXPECT_TRUE(moved[0].is_same(a));
  EXPECT_FALSE(moved[1].defined());
}

TEST(CheckSameDevice, PassesForOneDeviceEmptyListsAndUndefinedTensors) {
  const auto a = torch::ones({2});
  EXPECT_NO_THROW(check_same_device({a, a, torch::Tensor()}));
  EXPECT_NO_THROW(check_same_device({}));
}

TEST(CheckSameDevice, NamesEveryTensorAndItsDevice) {
  const auto host = torch::ones({2});
  const auto seed = torch::empty({2}, meta());
  auto message = message_of<DeviceError>([&] { check_same_device({host, seed}, {"host", "seed"}); });
  EXPECT_TRUE(Contains(message, "host on cpu"));
  EXPECT_TRUE(Contains(message, "seed on meta"));
  message = message_of<DeviceError>([&] { check_same_device({host, host, seed}, {"host"}); });
  EXPECT_TRUE(Contains(message, "host on cpu"));
  EXPECT_TRUE(Contains(message, "tensors[1] on cpu"));
  EXPECT_TRUE(Contains(message, "tensors[2] on meta"));
}

// ---- every device ----------------------------------------------------------------------

class HarmonizeOn : public ::testing::TestWithParam<torch::Device> {};

TEST_P(HarmonizeOn, SameDeviceInputsGiveTorchsResultWithoutWarnings) {
  const auto device = GetParam();
  torch::manual_seed(0);
  const auto a = torch::randn({2, 3}).to(device);
  const auto b = torch::randn({2, 3}).to(device);
  WarningCapture warnings;
  EXPECT_TRUE(torch::equal(torchlint::stack({a, b}), torch::stack({a, b})));
  EXPECT_TRUE(torch::equal(torchlint::stack({a, b}, 2), torch::stack({a, b}, 2)));
  EXPECT_TRUE(torch::equal(torchlint::cat({a, b}, 1, DevicePolicy::Strict), torch::cat({a, b}, 1)));
  EXPECT_TRUE(warnings.messages.empty());
  EXPECT_NO_THROW(check_same_device({a, b}));
}

// Seed 003: norms of gradients on two devices cannot be stacked by torch::stack.
TEST_P(HarmonizeOn, StacksForeachNormResultsFromTwoDevices) {
  const auto device = GetParam();
  const auto other = other_device(device);
  if (!other) {
    GTEST_SKIP() << "needs a second device (no CUDA here)";
  }
  const auto host = torch::full({3}, 2.0).to(*other);
  const auto seed = torch::full({4}, 1.0).to(device);
  const auto norms = torch::_foreach_norm({host, seed});
  EXPECT_THROW(torch::stack(norms), c10::Error);
  EXPECT_THROW(check_same_device(norms, {"host", "seed"}), DeviceError);
  WarningCapture warnings;
  const auto stacked = torchlint::stack(norms);
  const auto expected_device = other->is_cpu() ? device : *other;
  EXPECT_EQ(stacked.device(), expected_device);
  EXPECT_TRUE(torch::allclose(stacked.cpu(), torch::tensor({std::sqrt(12.0F), 2.0F})));
  EXPECT_EQ(warnings.messages.size(), 1u);
  EXPECT_EQ(torchlint::stack(norms, torch::kCPU, 0, DevicePolicy::Silent).device(), torch::Device(torch::kCPU));
}

INSTANTIATE_TEST_SUITE_P(
    Devices,
    HarmonizeOn,
    ::testing::ValuesIn(available_devices()),
    [](const auto& info) { return device_label(info.param); });

} // namespace
} // namespace torchlint::test
