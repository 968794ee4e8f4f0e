// ensure_module_device / find_stray_tensors.
#include "test_common.h"

#include <algorithm>

namespace torchlint::test {
namespace {

std::vector<std::string> names_of(const std::vector<TensorMove>& moves) {
  std::vector<std::string> names;
  for (const auto& move : moves) {
    names.push_back(move.name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

// Every parameter and buffer of Net, as named_parameters()/named_buffers() spell them.
const std::vector<std::string> kAllTensors = sorted({
    "block.fc.weight", "block.fc.bias", "block.bn.weight", "block.bn.bias", "head.weight",
    "head.bias", "block.bn.running_mean", "block.bn.running_var",
    "block.bn.num_batches_tracked", "scale"});

// ---- CPU-only: the "meta" device stands in for a second device --------------------------

TEST(ModuleDevice, FindsEveryNestedParameterAndBufferByName) {
  auto net = make_net(torch::kCPU);
  const auto strays = find_stray_tensors(net, meta());
  EXPECT_EQ(names_of(strays), kAllTensors);
  for (const auto& stray : strays) {
    EXPECT_EQ(stray.from, torch::Device(torch::kCPU)) << stray.name;
    EXPECT_EQ(stray.to, meta()) << stray.name;
  }
}

TEST(ModuleDevice, ListsGradientsLeftOnAnotherDevice) {
  auto net = make_net(torch::kCPU);
  auto [x, y] = make_batch(torch::kCPU, 1);
  torch::mse_loss(net->forward(x), y).backward();
  const auto names = names_of(find_stray_tensors(net, meta()));
  EXPECT_TRUE(std::count(names.begin(), names.end(), "head.weight.grad"));
  EXPECT_TRUE(std::count(names.begin(), names.end(), "block.fc.bias.grad"));
  EXPECT_EQ(names.size(), kAllTensors.size() + 6); // six parameters, six gradients
}

TEST(ModuleDevice, TiedWeightIsListedOnce) {
  auto net = make_net(torch::kCPU);
  net->register_parameter("tied", net->head->weight); // same TensorImpl under two names
  const auto strays = find_stray_tensors(net, meta());
  EXPECT_EQ(strays.size(), kAllTensors.size());
}

// A CPU module with a parameter and a buffer registered on "meta": stray for a CPU target.
Net net_with_meta_strays() {
  auto net = make_net(torch::kCPU);
  net->block->register_parameter("odd_weight", torch::empty({3}, meta()));
  net->block->register_buffer("odd_buffer", torch::empty({2}, meta()));
  return net;
}

TEST(ModuleDevice, StrictThrowsNamingEveryStrayTensorAndMovesNothing) {
  auto net = net_with_meta_strays();
  WarningCapture warnings;
  const auto message = message_of<DeviceError>([&] { ensure_module_device(net, torch::kCPU, DevicePolicy::Strict); });
  EXPECT_TRUE(Contains(message, "ensure_module_device"));
  EXPECT_TRUE(Contains(message, "block.odd_weight on meta (expected cpu)"));
  EXPECT_TRUE(Contains(message, "block.odd_buffer on meta (expected cpu)"));
  EXPECT_FALSE(Contains(message, "head.weight"));
  EXPECT_EQ(names_of(find_stray_tensors(net, torch::kCPU)),
            (std::vector<std::string>{"block.odd_buffer", "block.odd_weight"}));
  EXPECT_TRUE(warnings.messages.empty());
}

TEST(ModuleDevice, AMoveTorchRefusesPropagatesWithoutAFalseWarning) {
  // Data cannot leave "meta" (it has none): torch's own error surfaces, and no warning claims
  // a move that did not happen.
  auto net = net_with_meta_strays();
  WarningCapture warnings;
  EXPECT_THROW(ensure_module_device(net, torch::kCPU), c10::Error);
  EXPECT_TRUE(warnings.messages.empty());
}

TEST(ModuleDevice, IndexedCpuTargetMatchesCpuTensors) {
  auto net = make_net(torch::kCPU);
  EXPECT_TRUE(find_stray_tensors(net, torch::Device(torch::kCPU, 0)).empty());
}

TEST(ModuleDevice, AcceptsModuleHoldersSharedPointersAndReferences) {
  auto net = make_net(torch::kCPU);
  std::shared_ptr<NetImpl> impl = net.ptr();
  std::shared_ptr<torch::nn::Module> base = net.ptr();
  EXPECT_TRUE(ensure_module_device(net, torch::kCPU).empty());
  EXPECT_TRUE(ensure_module_device(impl, torch::kCPU).empty());
  EXPECT_TRUE(ensure_module_device(base, torch::kCPU).empty());
  EXPECT_TRUE(ensure_module_device(*net, torch::kCPU).empty());
  EXPECT_EQ(find_stray_tensors(net, meta()).size(), kAllTensors.size());
  EXPECT_EQ(find_stray_tensors(impl, meta()).size(), kAllTensors.size());
}

// ---- every device ----------------------------------------------------------------------

class ModuleDeviceOn : public ::testing::TestWithParam<torch::Device> {};

TEST_P(ModuleDeviceOn, NothingIsStrayAfterToAndBackward) {
  const auto device = GetParam();
  auto net = make_net(device);
  auto [x, y] = make_batch(device, 1);
  torch::mse_loss(net->forward(x), y).backward();
  WarningCapture warnings;
  EXPECT_TRUE(ensure_module_device(net, device).empty());
  EXPECT_TRUE(ensure_module_device(net, device, DevicePolicy::Strict).empty());
  EXPECT_TRUE(warnings.messages.empty());
}

TEST_P(ModuleDeviceOn, DeviceWithoutIndexMeansTheCurrentOne) {
  const auto device = GetParam();
  auto net = make_net(device);
  const torch::Device indexless(device.type());
  // An index-less "cuda" means the current device; only test where that is this one.
  if (torch::empty({0}, indexless).device() != device) {
    GTEST_SKIP() << device << " is not the current " << indexless << " device";
  }
  EXPECT_TRUE(find_stray_tensors(net, indexless).empty());
}

// Moves a module whose parameters, buffers and gradients live on `from` to `to`, the way a
// stray module looks after "to() then load()" or a partial to().
struct CrossDevice {
  torch::Device from;
  torch::Device to;
  Net net;
  std::map<std::string, torch::Tensor> before; // CPU copies, by name
};

// A CPU copy that is never the tensor itself: Tensor::cpu() returns a CPU tensor unchanged, and
// set_data would then move the "snapshot" along with the parameter.
torch::Tensor cpu_copy(const torch::Tensor& tensor) {
  return tensor.to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true);
}

std::optional<CrossDevice> cross_device_setup(const torch::Device& to) {
  auto from = other_device(to);
  if (!from) {
    return std::nullopt;
  }
  CrossDevice setup{*from, to, make_net(*from), {}};
  auto [x, y] = make_batch(*from, 1);
  torch::mse_loss(setup.net->forward(x), y).backward();
  for (const auto& item : setup.net->named_parameters()) {
    setup.before.emplace(item.key(), cpu_copy(item.value()));
    setup.before.emplace(item.key() + ".grad", cpu_copy(item.value().grad()));
  }
  for (const auto& item : setup.net->named_buffers()) {
    setup.before.emplace(item.key(), cpu_copy(item.value()));
  }
  return setup;
}

TEST_P(ModuleDeviceOn, MovesStrayParametersBuffersAndGradientsInPlace) {
  auto setup = cross_device_setup(GetParam());
  if (!setup) {
    GTEST_SKIP() << "needs a second device (no CUDA here)";
  }
  auto& net = setup->net;
  torch::optim::SGD sgd(net->parameters(), torch::optim::SGDOptions(0.1));
  net->head->to(setup->to); // Module::to moves data only: head's gradients stay behind
  WarningCapture warnings;
  const auto moved = ensure_module_device(net, setup->to);

  std::vector<std::string> expected = kAllTensors;
  expected.erase(std::remove(expected.begin(), expected.end(), "head.weight"), expected.end());
  expected.erase(std::remove(expected.begin(), expected.end(), "head.bias"), expected.end());
  for (const auto* grad : {"block.fc.weight.grad", "block.fc.bias.grad", "block.bn.weight.grad",
                           "block.bn.bias.grad", "head.weight.grad", "head.bias.grad"}) {
    expected.push_back(grad);
  }
  EXPECT_EQ(names_of(moved), sorted(expected));
  for (const auto& move : moved) {
    EXPECT_EQ(move.from, setup->from) << move.name;
  }
  ASSERT_EQ(warnings.messages.size(), 1u);
  EXPECT_TRUE(Contains(warnings.messages[0], "block.fc.weight: " + setup->from.str() + " -> " + setup->to.str()));
  EXPECT_TRUE(find_stray_tensors(net, setup->to).empty());
  for (const auto& item : net->named_parameters()) {
    EXPECT_TRUE(torch::equal(item.value().cpu(), setup->before.at(item.key()))) << item.key();
    EXPECT_TRUE(torch::equal(item.value().grad().cpu(), setup->before.at(item.key() + ".grad"))) << item.key();
  }
  for (const auto& item : net->named_buffers()) {
    EXPECT_TRUE(torch::equal(item.value().cpu(), setup->before.at(item.key()))) << item.key();
  }
  // The optimizer holds the same parameters, so it sees them moved and can step.
  for (const auto& param : sgd.param_groups()[0].params()) {
    EXPECT_EQ(param.device(), setup->to);
  }
  auto [x, y] = make_batch(setup->to, 2);
  EXPECT_NO_THROW(train_step(net, sgd, x, y));
}

TEST_P(ModuleDeviceOn, StrictMovesNothingAcrossRealDevices) {
  auto setup = cross_device_setup(GetParam());
  if (!setup) {
    GTEST_SKIP() << "needs a second device (no CUDA here)";
  }
  const auto message = message_of<DeviceError>(
      [&] { ensure_module_device(setup->net, setup->to, DevicePolicy::Strict); });
  EXPECT_TRUE(Contains(message, "head.weight on " + setup->from.str()));
  EXPECT_TRUE(Contains(message, "block.bn.running_var on " + setup->from.str()));
  EXPECT_EQ(find_stray_tensors(setup->net, setup->to).size(), kAllTensors.size() + 6);
}

TEST_P(ModuleDeviceOn, SilentMovesWithoutWarning) {
  auto setup = cross_device_setup(GetParam());
  if (!setup) {
    GTEST_SKIP() << "needs a second device (no CUDA here)";
  }
  WarningCapture warnings;
  EXPECT_EQ(ensure_module_device(setup->net, setup->to, DevicePolicy::Silent).size(), kAllTensors.size() + 6);
  EXPECT_TRUE(warnings.messages.empty());
  EXPECT_TRUE(find_stray_tensors(setup->net, setup->to).empty());
}

// load_in_place: a checkpoint saved from one device, loaded into a module on another (seed 000).
TEST_P(ModuleDeviceOn, LoadInPlaceKeepsEveryTensorWhereItWas) {
  const auto saved_from = other_device(GetParam()).value_or(GetParam());
  TempDir dir;
  const std::string path = dir.path() + "/net.pt";
  auto saved = make_net(saved_from, /*seed=*/1);
  torch::save(saved, path);

  auto net = make_net(GetParam(), /*seed=*/2);
  WarningCapture warnings;
  const auto moved = load_in_place(net, path);
  EXPECT_TRUE(find_stray_tensors(net, GetParam()).empty());
  for (const auto& item : net->named_parameters()) {
    EXPECT_TRUE(torch::equal(item.value().cpu(), saved->named_parameters()[item.key()].cpu()))
        << item.key();
  }
  if (saved_from == GetParam()) {
    EXPECT_TRUE(moved.empty()); // nothing to move back: same behaviour as torch::load
    EXPECT_TRUE(warnings.messages.empty());
  } else {
    EXPECT_EQ(names_of(moved), kAllTensors);
    ASSERT_EQ(warnings.messages.size(), 1u);
    EXPECT_TRUE(Contains(warnings.messages[0], "restore_placement"));
  }
  // Plain torch::load would have put them on the saved device.
  auto plain = make_net(GetParam(), /*seed=*/2);
  torch::load(plain, path);
  EXPECT_EQ(plain->named_parameters()[0].value().device(), saved_from);
}

TEST_P(ModuleDeviceOn, LoadInPlaceTakesEveryModuleSpelling) {
  TempDir dir;
  const std::string path = dir.path() + "/net.pt";
  torch::save(make_net(GetParam(), /*seed=*/1), path);
  auto holder = make_net(GetParam(), /*seed=*/2);
  std::shared_ptr<NetImpl> pointer = make_net(GetParam(), /*seed=*/3).ptr();
  auto plain_holder = make_net(GetParam(), /*seed=*/4);
  NetImpl& plain = *plain_holder;
  load_in_place(holder, path);
  load_in_place(pointer, path);
  load_in_place(plain, path);
  for (const auto* loaded : {holder.get(), pointer.get(), &plain}) {
    EXPECT_TRUE(torch::equal(loaded->named_parameters()[0].value(),
                             holder->named_parameters()[0].value()));
  }
}

TEST(ModuleDevice, RestorePlacementSkipsNamesTheModuleLacks) {
  auto net = make_net(torch::kCPU);
  EXPECT_TRUE(restore_placement(net, {{"no.such.tensor", meta()}}).empty());
  const auto placement = placement_of(net);
  EXPECT_EQ(placement.size(), kAllTensors.size());
  for (const auto& entry : placement) {
    EXPECT_EQ(entry.device, torch::Device(torch::kCPU)) << entry.name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Devices,
    ModuleDeviceOn,
    ::testing::ValuesIn(available_devices()),
    [](const auto& info) { return device_label(info.param); });

} // namespace
} // namespace torchlint::test
