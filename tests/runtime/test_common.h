#pragma once
// Helpers shared by the runtime tests: the devices to run on, small models, optimizer cases.

#include <gtest/gtest.h>
#include <torch/torch.h>
#include <torchlint/torchlint.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace torchlint::test {

/// The CPU, then every CUDA device: each device-parameterised suite runs once per entry.
std::vector<torch::Device> available_devices();

/// Every ordered (from, to) pair of available devices, same-device pairs included.
std::vector<std::pair<torch::Device, torch::Device>> device_pairs();

/// A device other than `device` (CPU <-> cuda:0), or nullopt on a CPU-only machine.
std::optional<torch::Device> other_device(const torch::Device& device);

/// "cpu", "cuda0": usable in a test name.
std::string device_label(const torch::Device& device);

/// The device "meta": a real device distinct from the CPU that needs no hardware (and holds no
/// data), which lets the CPU-only run exercise cross-device logic.
inline torch::Device meta() {
  return torch::Device(torch::kMeta);
}

/// Collects every torchlint warning while alive.
struct WarningCapture {
  std::vector<std::string> messages;
  ScopedWarningHandler guard{[this](const std::string& message) { messages.push_back(message); }};
};

/// Whether `text` contains `part` (for readable EXPECT_TRUE failures).
::testing::AssertionResult Contains(const std::string& text, const std::string& part);

/// The message of the exception `f` throws as E; fails the test if it throws nothing.
template <typename E, typename F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& error) {
    return error.what();
  }
  ADD_FAILURE() << "expected an exception";
  return {};
}

// A two-level model: parameters and buffers (BatchNorm's running stats) at several depths.
struct BlockImpl : torch::nn::Module {
  BlockImpl();
  torch::Tensor forward(const torch::Tensor& x);
  torch::nn::Linear fc{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
};
TORCH_MODULE(Block);

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(const torch::Tensor& x);
  Block block{nullptr};
  torch::nn::Linear head{nullptr};
  torch::Tensor scale;
};
TORCH_MODULE(Net);

/// A Net with weights fixed by `seed`, on `device`.
Net make_net(const torch::Device& device, uint64_t seed = 0);

/// An input batch and target fixed by `seed`, created on the CPU then moved, so every device
/// sees the same values.
std::pair<torch::Tensor, torch::Tensor> make_batch(const torch::Device& device, uint64_t seed);

/// One optimizer kind under test.
struct OptimizerCase {
  std::string name;
  std::function<std::unique_ptr<torch::optim::Optimizer>(std::vector<torch::Tensor>)> make;
  std::vector<std::string> fields_after_step; ///< state fields defined after one step (a subset for LBFGS)
};

/// gtest prints parameters; name the case instead of dumping its bytes.
inline void PrintTo(const OptimizerCase& kase, std::ostream* out) {
  *out << kase.name;
}

/// Adam, AdamW (amsgrad), SGD (momentum), RMSprop (momentum, centered), Adagrad, LBFGS.
std::vector<OptimizerCase> optimizer_cases();

/// zero_grad, MSE loss, backward, step (through a closure, which LBFGS needs).
void train_step(Net& net, torch::optim::Optimizer& optimizer, const torch::Tensor& x, const torch::Tensor& y);

/// Every defined state tensor, by "<param index>.<field>", cloned to the CPU.
std::map<std::string, torch::Tensor> snapshot_state(torch::optim::Optimizer& optimizer);

/// Devices of every defined state tensor, by the same names.
std::map<std::string, torch::Device> state_devices(torch::optim::Optimizer& optimizer);

/// Whether `got` and `expected` are the same tensors bit for bit (torch::equal on CPU copies, so
/// each may live on any device). Fails on different lengths or nothing to compare, so it never
/// passes vacuously; a failure names each tensor that differs and by how much.
::testing::AssertionResult BitIdentical(const std::vector<torch::Tensor>& got, const std::vector<torch::Tensor>& expected);

/// Whether every tensor of `expected` (a snapshot_state) is in `got`, bit for bit. Names only in
/// `got` are not compared; `expected` must not be empty.
::testing::AssertionResult BitIdenticalState(
    const std::map<std::string, torch::Tensor>& got,
    const std::map<std::string, torch::Tensor>& expected);

/// A Net and an optimizer of one OptimizerCase over its parameters.
struct Trained {
  Net net;
  std::unique_ptr<torch::optim::Optimizer> optimizer;
};

/// make_net(device) with the optimizer of `kase`, trained one step on make_batch(device, 1).
Trained trained_on(const OptimizerCase& kase, const torch::Device& device);

/// Why this libtorch cannot torch::save `optimizer`, or nullopt if it can: 1.13's own LBFGS
/// serialization throws while the state's `al` still has undefined entries, which no loader
/// can repair. Any other failure propagates.
std::optional<std::string> why_unsaveable(const torch::optim::Optimizer& optimizer);

/// `source` put on `device` the way the tests trust: torch::save of its model and optimizer,
/// then torch::load with `device` (every stored tensor mapped there) into a fresh Net built on
/// `device` (other weights) and a fresh optimizer of `kase`. The reference for a step taken on
/// `device`: a step taken on another device is none, as devices round differently and adaptive
/// optimizers amplify that. Check why_unsaveable first.
Trained carried_to(const torch::Device& device, const Trained& source, const OptimizerCase& kase);

/// Whether `path` exists (stat(2), for the reason given at TempDir).
bool path_exists(const std::string& path);

/// A fresh directory under $TMPDIR (or /tmp), removed on destruction. Plain POSIX (mkdtemp,
/// nftw, unlink, rmdir), not std::filesystem: the torch wheel's libtorch.so exports a broken
/// std::filesystem::remove_all that the dynamic linker binds first (docs/runtime.md).
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// Sets (or, with nullopt, unsets) an environment variable for the guard's lifetime.
class ScopedEnv {
 public:
  ScopedEnv(std::string name, const std::optional<std::string>& value);
  ~ScopedEnv();
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> previous_;
};

} // namespace torchlint::test
