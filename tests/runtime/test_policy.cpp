// Warning handler plumbing and the small value types every other function reports with.
#include "test_common.h"

namespace torchlint::test {
namespace {

TEST(WarningHandler, SetReturnsThePreviousHandlerAndWarnUsesTheCurrentOne) {
  std::vector<std::string> first;
  std::vector<std::string> second;
  auto original = set_warning_handler([&](const std::string& m) { first.push_back(m); });
  ASSERT_TRUE(static_cast<bool>(original)); // the default handler is a real function
  warn("one");
  auto previous = set_warning_handler([&](const std::string& m) { second.push_back(m); });
  warn("two");
  previous("three"); // the handler handed back is the one that was installed
  set_warning_handler(original);
  EXPECT_EQ(first, (std::vector<std::string>{"one", "three"}));
  EXPECT_EQ(second, (std::vector<std::string>{"two"}));
}

TEST(WarningHandler, EmptyHandlerRestoresTheDefault) {
  auto original = set_warning_handler(nullptr);
  auto installed = set_warning_handler(original);
  EXPECT_TRUE(static_cast<bool>(installed));
  EXPECT_NO_THROW(installed("torchlint test: default handler forwards to TORCH_WARN"));
}

TEST(WarningHandler, ScopedHandlerRestoresOnExit) {
  std::vector<std::string> outer;
  ScopedWarningHandler outer_guard([&](const std::string& m) { outer.push_back(m); });
  {
    WarningCapture inner;
    warn("inner");
    EXPECT_EQ(inner.messages, (std::vector<std::string>{"inner"}));
  }
  warn("outer");
  EXPECT_EQ(outer, (std::vector<std::string>{"outer"}));
}

TEST(WarningHandler, HandlerMayReplaceItself) {
  std::vector<std::string> seen;
  ScopedWarningHandler guard([&](const std::string& m) {
    seen.push_back(m);
    set_warning_handler([&](const std::string& n) { seen.push_back("replaced:" + n); });
  });
  warn("a"); // must not deadlock
  warn("b");
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "replaced:b"}));
}

TEST(Policy, Names) {
  EXPECT_STREQ(to_string(DevicePolicy::Warn), "Warn");
  EXPECT_STREQ(to_string(DevicePolicy::Strict), "Strict");
  EXPECT_STREQ(to_string(DevicePolicy::Silent), "Silent");
}

TEST(TensorMove, ToString) {
  TensorMove move{"fc.weight", torch::Device(torch::kCPU), meta()};
  EXPECT_EQ(move.to_string(), "fc.weight: cpu -> meta");
}

TEST(DeviceError, IsARuntimeError) {
  EXPECT_THROW(throw DeviceError("x"), std::runtime_error);
}

} // namespace
} // namespace torchlint::test
