// save_checkpoint / load_checkpoint: the seed-000 scenario end to end.
#include "test_common.h"

namespace torchlint::test {
namespace {

using Scenario = std::tuple<OptimizerCase, std::pair<torch::Device, torch::Device>>;

std::string scenario_label(const ::testing::TestParamInfo<Scenario>& info) {
  const auto& devices = std::get<1>(info.param);
  return std::get<0>(info.param).name + "_" + device_label(devices.first) + "_to_" + device_label(devices.second);
}

class CheckpointRoundTrip : public ::testing::TestWithParam<Scenario> {
 protected:
  const OptimizerCase& kase() const { return std::get<0>(GetParam()); }
  torch::Device from() const { return std::get<1>(GetParam()).first; }
  torch::Device to() const { return std::get<1>(GetParam()).second; }
  TempDir dir_;
};

// Seed 000: train on A, save, load into a fresh model + optimizer on B with one call: model and
// state arrive bit-identical, and the next step matches the uninterrupted run's, taken on B.
// Across devices the uninterrupted run gets to B through torch::load (carried_to): a step on A is
// no reference, as devices round differently and adaptive optimizers amplify that.
TEST_P(CheckpointRoundTrip, NextStepAfterLoadMatchesUninterruptedTrainingOnTheTargetDevice) {
  auto trained = trained_on(kase(), from());
  if (const auto why = why_unsaveable(*trained.optimizer)) {
    GTEST_SKIP() << *why;
  }
  save_checkpoint(trained.net, *trained.optimizer, dir_.path());
  const auto trained_state = snapshot_state(*trained.optimizer);
  auto reference = carried_to(to(), trained, kase());

  auto fresh = make_net(torch::kCPU, /*seed=*/42); // different weights, built on the CPU
  auto fresh_optimizer = kase().make(fresh->parameters());
  WarningCapture warnings;
  const auto report = load_checkpoint(fresh, *fresh_optimizer, dir_.path(), to());
  EXPECT_TRUE(report.module.empty());
  EXPECT_TRUE(report.optimizer.moved.empty()); // torch::load already mapped it to `to`
  EXPECT_TRUE(warnings.messages.empty());
  EXPECT_TRUE(find_stray_tensors(fresh, to()).empty());
  for (const auto& item : state_devices(*fresh_optimizer)) {
    EXPECT_EQ(item.second, to()) << item.first;
  }
  EXPECT_TRUE(BitIdentical(fresh->parameters(), trained.net->parameters()));
  EXPECT_TRUE(BitIdentical(fresh->buffers(), trained.net->buffers()));
  EXPECT_TRUE(BitIdenticalState(snapshot_state(*fresh_optimizer), trained_state));

  auto [x2, y2] = make_batch(to(), 2);
  ASSERT_NO_THROW(train_step(fresh, *fresh_optimizer, x2, y2));
  train_step(reference.net, *reference.optimizer, x2, y2);
  EXPECT_TRUE(BitIdentical(fresh->parameters(), reference.net->parameters()));
  if (from() == to()) {
    // Here the uninterrupted run itself can take the step, which also checks the reference.
    train_step(trained.net, *trained.optimizer, x2, y2);
    EXPECT_TRUE(BitIdentical(fresh->parameters(), trained.net->parameters()));
  }
}

// The trap the one-call load avoids: plain torch::load without a device after to() leaves
// parameters and state where they were saved; ensure + migrate repair it.
TEST_P(CheckpointRoundTrip, PlainTorchLoadTrapIsRepairedByEnsureAndMigrate) {
  if (from() == to()) {
    GTEST_SKIP() << "needs two different devices (no CUDA here)";
  }
  auto trained = trained_on(kase(), from());
  if (const auto why = why_unsaveable(*trained.optimizer)) {
    GTEST_SKIP() << *why;
  }
  const auto paths = checkpoint_paths(dir_.path());
  save_checkpoint(trained.net, *trained.optimizer, paths);

  auto fresh = make_net(to(), 42);
  auto fresh_optimizer = kase().make(fresh->parameters());
  torch::load(fresh, paths.model);               // parameters back on `from`
  torch::load(*fresh_optimizer, paths.optimizer); // state on `from`, never moved
  EXPECT_FALSE(find_stray_tensors(fresh, to()).empty());

  ensure_module_device(fresh, to(), DevicePolicy::Silent);
  const auto report = migrate_optimizer_state(*fresh_optimizer, DevicePolicy::Silent);
  EXPECT_FALSE(report.moved.empty());
  for (const auto& item : state_devices(*fresh_optimizer)) {
    EXPECT_EQ(item.second, to()) << item.first;
  }
  auto [x2, y2] = make_batch(to(), 2);
  EXPECT_NO_THROW(train_step(fresh, *fresh_optimizer, x2, y2));
}

INSTANTIATE_TEST_SUITE_P(
    Devices,
    CheckpointRoundTrip,
    ::testing::Combine(::testing::ValuesIn(optimizer_cases()), ::testing::ValuesIn(device_pairs())),
    scenario_label);

TEST(Checkpoint, IsTwoPlainArchivesReadableByTorchLoad) {
  TempDir dir;
  const auto paths = checkpoint_paths(dir.path() + "/nested/run");
  EXPECT_EQ(paths.model, dir.path() + "/nested/run/model.pt");
  EXPECT_EQ(paths.optimizer, dir.path() + "/nested/run/optimizer.pt");
  auto net = make_net(torch::kCPU);
  torch::optim::Adam adam(net->parameters());
  auto [x, y] = make_batch(torch::kCPU, 1);
  train_step(net, adam, x, y);
  save_checkpoint(net, adam, dir.path() + "/nested/run"); // creates the directories
  EXPECT_TRUE(path_exists(paths.model));
  EXPECT_TRUE(path_exists(paths.optimizer));

  auto copy = make_net(torch::kCPU, 7);
  torch::optim::Adam copy_adam(copy->parameters());
  torch::load(copy, paths.model);
  torch::load(copy_adam, paths.optimizer);
  const auto a = net->parameters();
  const auto b = copy->parameters();
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_TRUE(torch::equal(a[i], b[i])) << i;
  }
  EXPECT_EQ(snapshot_state(copy_adam).size(), snapshot_state(adam).size());
}

TEST(Checkpoint, WorksWithReferencesAndSharedPointers) {
  TempDir dir;
  auto net = make_net(torch::kCPU);
  torch::optim::SGD sgd(net->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  std::shared_ptr<NetImpl> impl = net.ptr();
  save_checkpoint(*net, sgd, dir.path());
  save_checkpoint(impl, sgd, checkpoint_paths(dir.path()));
  EXPECT_NO_THROW(load_checkpoint(*net, sgd, dir.path(), torch::kCPU));
  EXPECT_NO_THROW(load_checkpoint(impl, sgd, checkpoint_paths(dir.path()), torch::kCPU, DevicePolicy::Strict));
}

TEST(Checkpoint, MissingFilesThrowTorchsError) {
  TempDir dir;
  auto net = make_net(torch::kCPU);
  torch::optim::Adam adam(net->parameters());
  EXPECT_THROW(load_checkpoint(net, adam, dir.path() + "/absent", torch::kCPU), c10::Error);
}

} // namespace
} // namespace torchlint::test
