// migrate_optimizer_state, for_each_state_tensor, find_param_state / set_param_state.
#include "test_common.h"

namespace torchlint::test {
namespace {

using OptimizerOnDevice = std::tuple<OptimizerCase, torch::Device>;

std::string case_label(const ::testing::TestParamInfo<OptimizerOnDevice>& info) {
  return std::get<0>(info.param).name + "_" + device_label(std::get<1>(info.param));
}

std::set<std::string> defined_fields(torch::optim::Optimizer& optimizer) {
  std::set<std::string> fields;
  for (const auto& item : state_devices(optimizer)) { // names only: works for data-less meta
    fields.insert(item.first);
  }
  return fields;
}

class StateMigration : public ::testing::TestWithParam<OptimizerOnDevice> {
 protected:
  const OptimizerCase& kase() const { return std::get<0>(GetParam()); }
  torch::Device device() const { return std::get<1>(GetParam()); }
};

TEST_P(StateMigration, StateIsFoundUnderItsParameterAndHasTheExpectedFields) {
  auto t = trained_on(kase(), device());
  const auto params = t.net->parameters();
  // LBFGS keeps one state, under the first parameter; the others one per parameter.
  const size_t with_state = kase().name == "LBFGS" ? 1 : params.size();
  for (size_t i = 0; i < params.size(); ++i) {
    EXPECT_EQ(find_param_state(*t.optimizer, params[i]) != nullptr, i < with_state) << i;
  }
  EXPECT_EQ(t.optimizer->state().size(), with_state);
  const auto fields = defined_fields(*t.optimizer);
  for (const auto& field : kase().fields_after_step) {
    EXPECT_TRUE(fields.count("0." + field)) << field;
  }
}

TEST_P(StateMigration, SameDeviceMigrationMovesNothingAndKeepsEveryTensor) {
  auto t = trained_on(kase(), device());
  const auto before = snapshot_state(*t.optimizer);
  const auto storage = state_devices(*t.optimizer);
  WarningCapture warnings;
  for (auto policy : {DevicePolicy::Warn, DevicePolicy::Strict}) {
    const auto per_param = migrate_optimizer_state(*t.optimizer, policy);
    const auto fixed = migrate_optimizer_state(*t.optimizer, device(), policy);
    EXPECT_TRUE(per_param.moved.empty());
    EXPECT_TRUE(fixed.moved.empty());
    EXPECT_EQ(per_param.states, t.optimizer->state().size());
    EXPECT_TRUE(per_param.unknown_types.empty());
    EXPECT_EQ(per_param.unmatched_states, 0u);
  }
  EXPECT_TRUE(warnings.messages.empty());
  const auto after = snapshot_state(*t.optimizer);
  ASSERT_EQ(after.size(), before.size());
  for (const auto& item : before) {
    EXPECT_TRUE(torch::equal(after.at(item.first), item.second)) << item.first;
  }
  EXPECT_EQ(state_devices(*t.optimizer), storage);
}

// The next step is compared with the same step taken on `to` by a copy that torch::load put
// there: a step on `from` would differ by rounding, which adaptive optimizers amplify.
TEST_P(StateMigration, CrossDeviceMigrationIsBitIdenticalAndTheNextStepMatchesATorchLoadedCopy) {
  const auto to = device();
  const auto from = other_device(to);
  if (!from) {
    GTEST_SKIP() << "needs a second device (no CUDA here)";
  }
  auto moved = trained_on(kase(), *from);
  const auto before = snapshot_state(*moved.optimizer);
  ASSERT_FALSE(before.empty());
  const auto why_no_reference = why_unsaveable(*moved.optimizer);
  std::optional<Trained> reference; // taken before the move, so it owes nothing to the migration
  if (!why_no_reference) {
    reference = carried_to(to, moved, kase());
    EXPECT_TRUE(BitIdenticalState(snapshot_state(*reference->optimizer), before));
  }

  moved.net->to(to); // parameters follow, the optimizer state does not
  const auto report = migrate_optimizer_state(*moved.optimizer, DevicePolicy::Silent);
  EXPECT_EQ(report.moved.size(), before.size());
  for (const auto& item : state_devices(*moved.optimizer)) {
    EXPECT_EQ(item.second, to) << item.first;
  }
  EXPECT_TRUE(BitIdenticalState(snapshot_state(*moved.optimizer), before));
  auto [x, y] = make_batch(to, 2);
  ASSERT_NO_THROW(train_step(moved.net, *moved.optimizer, x, y));
  if (why_no_reference) {
    GTEST_SKIP() << "the migration was checked, the next step not: " << *why_no_reference;
  }
  train_step(reference->net, *reference->optimizer, x, y);
  EXPECT_TRUE(BitIdentical(moved.net->parameters(), reference->net->parameters()));
}

TEST_P(StateMigration, FixedDeviceMigrationToMetaMovesEveryDefinedTensorOnly) {
  if (!device().is_cpu()) {
    GTEST_SKIP() << "runs once, from the CPU";
  }
  auto t = trained_on(kase(), device());
  const auto fields = defined_fields(*t.optimizer);
  const auto report = migrate_optimizer_state(*t.optimizer, meta(), DevicePolicy::Silent);
  EXPECT_EQ(report.moved.size(), fields.size());
  EXPECT_EQ(defined_fields(*t.optimizer), fields); // undefined slots stayed undefined
  for (const auto& item : state_devices(*t.optimizer)) {
    EXPECT_EQ(item.second, meta()) << item.first;
  }
}

TEST_P(StateMigration, StrictThrowsNamingEveryStrayStateTensorAndMovesNothing) {
  if (!device().is_cpu()) {
    GTEST_SKIP() << "runs once, from the CPU";
  }
  auto t = trained_on(kase(), device());
  const auto message = message_of<DeviceError>(
      [&] { migrate_optimizer_state(*t.optimizer, meta(), DevicePolicy::Strict); });
  EXPECT_TRUE(Contains(message, "migrate_optimizer_state"));
  for (const auto& field : kase().fields_after_step) {
    EXPECT_TRUE(Contains(message, "state[group 0, param 0]." + field + " on cpu (expected meta)"));
  }
  for (const auto& item : state_devices(*t.optimizer)) {
    EXPECT_EQ(item.second, torch::Device(torch::kCPU)) << item.first;
  }
}

TEST_P(StateMigration, WarnEmitsOneWarningListingTheMoves) {
  if (!device().is_cpu()) {
    GTEST_SKIP() << "runs once, from the CPU";
  }
  auto t = trained_on(kase(), device());
  WarningCapture warnings;
  const auto report = migrate_optimizer_state(*t.optimizer, meta());
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_TRUE(Contains(warnings.messages[0], "moved " + std::to_string(report.moved.size()) + " tensor(s)"));
  EXPECT_TRUE(Contains(warnings.messages[0], report.moved.front().to_string()));
}

INSTANTIATE_TEST_SUITE_P(
    Optimizers,
    StateMigration,
    ::testing::Combine(::testing::ValuesIn(optimizer_cases()), ::testing::ValuesIn(available_devices())),
    case_label);

// ---- per-parameter targets, unknown types, unmatched states (CPU + meta) -------------------

std::unique_ptr<torch::optim::AdamParamState> adam_state_on_cpu(int64_t size) {
  auto state = std::make_unique<torch::optim::AdamParamState>();
  state->exp_avg(torch::arange(size, torch::kFloat));
  state->exp_avg_sq(torch::ones({size}));
  return state;
}

TEST(StateMigrationPerParameter, EachStateFollowsItsOwnParameter) {
  auto on_cpu = torch::zeros({3}, torch::requires_grad());
  auto on_meta = torch::empty({2}, torch::TensorOptions().device(meta()).requires_grad(true));
  torch::optim::Adam adam({on_cpu, on_meta});
  set_param_state(adam, on_cpu, adam_state_on_cpu(3));
  set_param_state(adam, on_meta, adam_state_on_cpu(2));
  const auto report = migrate_optimizer_state(adam, DevicePolicy::Silent);
  ASSERT_EQ(report.moved.size(), 2u);
  EXPECT_EQ(report.moved[0].name, "state[group 0, param 1].exp_avg");
  EXPECT_EQ(report.moved[1].name, "state[group 0, param 1].exp_avg_sq");
  auto& cpu_state = dynamic_cast<torch::optim::AdamParamState&>(*find_param_state(adam, on_cpu));
  auto& meta_state = dynamic_cast<torch::optim::AdamParamState&>(*find_param_state(adam, on_meta));
  EXPECT_TRUE(cpu_state.exp_avg().is_cpu());
  EXPECT_EQ(meta_state.exp_avg().device(), meta());
  EXPECT_EQ(meta_state.exp_avg_sq().device(), meta());
  EXPECT_FALSE(meta_state.max_exp_avg_sq().defined());
}

TEST(StateMigrationPerParameter, FindsStateAcrossParameterGroups) {
  auto a = torch::zeros({2}, torch::requires_grad());
  auto b = torch::zeros({2}, torch::requires_grad());
  torch::optim::SGD sgd({torch::optim::OptimizerParamGroup({a}), torch::optim::OptimizerParamGroup({b})},
                        torch::optim::SGDOptions(0.1).momentum(0.5));
  auto state = std::make_unique<torch::optim::SGDParamState>();
  state->momentum_buffer(torch::ones({2}));
  set_param_state(sgd, b, std::move(state));
  const auto report = migrate_optimizer_state(sgd, meta(), DevicePolicy::Silent);
  ASSERT_EQ(report.moved.size(), 1u);
  EXPECT_EQ(report.moved[0].name, "state[group 1, param 0].momentum_buffer");
}

// A state type torchlint cannot know.
struct CustomState : torch::optim::OptimizerCloneableParamState<CustomState> {
  torch::Tensor buffer = torch::ones({2});
};

struct WithCustomState {
  torch::Tensor param = torch::zeros({2}, torch::requires_grad());
  torch::optim::SGD sgd{std::vector<torch::Tensor>{param}, torch::optim::SGDOptions(0.1)};
  WithCustomState() { set_param_state(sgd, param, std::make_unique<CustomState>()); }
  CustomState& state() { return dynamic_cast<CustomState&>(*find_param_state(sgd, param)); }
};

TEST(StateMigrationUnknownType, ForEachStateTensorReportsUnknown) {
  WithCustomState s;
  int visited = 0;
  EXPECT_FALSE(for_each_state_tensor(s.state(), [&](const std::string&, torch::Tensor&) { ++visited; }));
  EXPECT_EQ(visited, 0);
}

TEST(StateMigrationUnknownType, WarnNamesTheTypeAndLeavesItAlone) {
  WithCustomState s;
  WarningCapture warnings;
  const auto report = migrate_optimizer_state(s.sgd, meta());
  ASSERT_EQ(report.unknown_types.size(), 1u);
  EXPECT_TRUE(Contains(report.unknown_types[0], "CustomState"));
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_TRUE(Contains(warnings.messages[0], "CustomState"));
  EXPECT_TRUE(Contains(warnings.messages[0], "state[group 0, param 0]"));
  EXPECT_TRUE(s.state().buffer.is_cpu());
}

TEST(StateMigrationUnknownType, StrictThrowsNamingTheType) {
  WithCustomState s;
  const auto message = message_of<DeviceError>([&] { migrate_optimizer_state(s.sgd, DevicePolicy::Strict); });
  EXPECT_TRUE(Contains(message, "CustomState"));
}

TEST(StateMigrationUnknownType, SilentSkipsQuietly) {
  WithCustomState s;
  WarningCapture warnings;
  const auto report = migrate_optimizer_state(s.sgd, meta(), DevicePolicy::Silent);
  EXPECT_EQ(report.unknown_types.size(), 1u);
  EXPECT_TRUE(warnings.messages.empty());
  EXPECT_TRUE(s.state().buffer.is_cpu());
}

TEST(StateMigrationUnmatched, PerParameterModeReportsStateOfNoParameter) {
  auto param = torch::zeros({2}, torch::requires_grad());
  auto gone = torch::zeros({2}); // not in the optimizer
  torch::optim::Adam adam({param});
  set_param_state(adam, gone, adam_state_on_cpu(2));
  WarningCapture warnings;
  const auto report = migrate_optimizer_state(adam);
  EXPECT_EQ(report.unmatched_states, 1u);
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_TRUE(Contains(warnings.messages[0], "belongs to no current parameter"));
  EXPECT_THROW(migrate_optimizer_state(adam, DevicePolicy::Strict), DeviceError);
}

TEST(StateMigrationUnmatched, FixedDeviceModeMovesItToo) {
  auto param = torch::zeros({2}, torch::requires_grad());
  auto gone = torch::zeros({2});
  torch::optim::Adam adam({param});
  set_param_state(adam, gone, adam_state_on_cpu(2));
  const auto report = migrate_optimizer_state(adam, meta(), DevicePolicy::Silent);
  EXPECT_EQ(report.unmatched_states, 1u);
  EXPECT_EQ(report.moved.size(), 2u);
  auto& state = dynamic_cast<torch::optim::AdamParamState&>(*find_param_state(adam, gone));
  EXPECT_EQ(state.exp_avg().device(), meta());
}

TEST(ParamState, SetThenFindRoundTrips) {
  auto param = torch::zeros({2}, torch::requires_grad());
  torch::optim::Adam adam({param});
  EXPECT_EQ(find_param_state(adam, param), nullptr);
  set_param_state(adam, param, adam_state_on_cpu(2));
  EXPECT_NE(find_param_state(adam, param), nullptr);
  EXPECT_EQ(adam.state().size(), 1u);
}

TEST(ParamState, LbfgsHistoryDequesAndAlAreVisited) {
  auto t = trained_on(optimizer_cases().back(), torch::kCPU);
  std::vector<std::string> fields;
  for_each_state_tensor(*find_param_state(*t.optimizer, t.net->parameters()[0]),
                        [&](const std::string& field, torch::Tensor&) { fields.push_back(field); });
  for (const auto* expected : {"d", "H_diag", "prev_flat_grad", "old_dirs[0]", "old_stps[0]", "ro[0]", "al[0]", "al[2]"}) {
    EXPECT_TRUE(std::count(fields.begin(), fields.end(), expected)) << expected;
  }
}

} // namespace
} // namespace torchlint::test
