#include "test_common.h"

#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace torchlint::test {

std::vector<torch::Device> available_devices() {
  std::vector<torch::Device> devices{torch::Device(torch::kCPU)};
  if (torch::cuda::is_available()) {
    for (int64_t i = 0; i < static_cast<int64_t>(torch::cuda::device_count()); ++i) {
      devices.emplace_back(torch::kCUDA, static_cast<c10::DeviceIndex>(i));
    }
  }
  return devices;
}

std::vector<std::pair<torch::Device, torch::Device>> device_pairs() {
  std::vector<std::pair<torch::Device, torch::Device>> pairs;
  for (const auto& from : available_devices()) {
    for (const auto& to : available_devices()) {
      pairs.emplace_back(from, to);
    }
  }
  return pairs;
}

std::optional<torch::Device> other_device(const torch::Device& device) {
  for (const auto& candidate : available_devices()) {
    if (candidate != device) {
      return candidate;
    }
  }
  return std::nullopt;
}

std::string device_label(const torch::Device& device) {
  std::string label = device.str();
  label.erase(std::remove(label.begin(), label.end(), ':'), label.end());
  return label;
}

::testing::AssertionResult Contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << "\"" << part << "\" not found in \"" << text << "\"";
}

BlockImpl::BlockImpl() {
  fc = register_module("fc", torch::nn::Linear(4, 4));
  bn = register_module("bn", torch::nn::BatchNorm1d(4));
}

torch::Tensor BlockImpl::forward(const torch::Tensor& x) {
  return torch::relu(bn(fc(x)));
}

NetImpl::NetImpl() {
  block = register_module("block", Block());
  head = register_module("head", torch::nn::Linear(4, 2));
  scale = register_buffer("scale", torch::full({2}, 0.5));
}

torch::Tensor NetImpl::forward(const torch::Tensor& x) {
  return head(block(x)) * scale;
}

Net make_net(const torch::Device& device, uint64_t seed) {
  torch::manual_seed(seed);
  Net net;
  net->to(device);
  return net;
}

std::pair<torch::Tensor, torch::Tensor> make_batch(const torch::Device& device, uint64_t seed) {
  torch::manual_seed(seed);
  auto x = torch::randn({8, 4});
  auto y = torch::randn({8, 2});
  return {x.to(device), y.to(device)};
}

std::vector<OptimizerCase> optimizer_cases() {
  using namespace torch::optim;
  return {
      {"Adam",
       [](std::vector<torch::Tensor> p) { return std::make_unique<Adam>(std::move(p), AdamOptions(1e-2)); },
       {"exp_avg", "exp_avg_sq"}},
      {"AdamWAmsgrad",
       [](std::vector<torch::Tensor> p) {
         return std::make_unique<AdamW>(std::move(p), AdamWOptions(1e-2).amsgrad(true));
       },
       {"exp_avg", "exp_avg_sq", "max_exp_avg_sq"}},
      {"SGDMomentum",
       [](std::vector<torch::Tensor> p) { return std::make_unique<SGD>(std::move(p), SGDOptions(1e-2).momentum(0.9)); },
       {"momentum_buffer"}},
      {"RMSpropCenteredMomentum",
       [](std::vector<torch::Tensor> p) {
         return std::make_unique<RMSprop>(std::move(p), RMSpropOptions(1e-2).momentum(0.9).centered(true));
       },
       {"square_avg", "momentum_buffer", "grad_avg"}},
      {"Adagrad",
       [](std::vector<torch::Tensor> p) { return std::make_unique<Adagrad>(std::move(p), AdagradOptions(1e-2)); },
       {"sum"}},
      {"LBFGS",
       [](std::vector<torch::Tensor> p) {
         return std::make_unique<LBFGS>(std::move(p), LBFGSOptions(0.1).max_iter(6).history_size(3));
       },
       {"d", "H_diag", "prev_flat_grad", "old_dirs[0]", "old_stps[0]", "ro[0]", "al[0]"}},
  };
}

void train_step(Net& net, torch::optim::Optimizer& optimizer, const torch::Tensor& x, const torch::Tensor& y) {
  optimizer.step([&] {
    optimizer.zero_grad();
    auto loss = torch::mse_loss(net->forward(x), y);
    loss.backward();
    return loss;
  });
}

namespace {
template <typename Fn>
void for_each_named_state_tensor(torch::optim::Optimizer& optimizer, Fn&& fn) {
  size_t index = 0;
  for (auto& group : optimizer.param_groups()) {
    for (auto& param : group.params()) {
      if (auto* state = find_param_state(optimizer, param)) {
        for_each_state_tensor(*state, [&](const std::string& field, torch::Tensor& tensor) {
          if (tensor.defined()) {
            fn(std::to_string(index) + "." + field, tensor);
          }
        });
      }
      ++index;
    }
  }
}
} // namespace

std::map<std::string, torch::Tensor> snapshot_state(torch::optim::Optimizer& optimizer) {
  std::map<std::string, torch::Tensor> snapshot;
  for_each_named_state_tensor(optimizer, [&](const std::string& name, const torch::Tensor& tensor) {
    snapshot.emplace(name, tensor.to(torch::kCPU, /*non_blocking=*/false, /*copy=*/true));
  });
  return snapshot;
}

std::map<std::string, torch::Device> state_devices(torch::optim::Optimizer& optimizer) {
  std::map<std::string, torch::Device> devices;
  for_each_named_state_tensor(optimizer, [&](const std::string& name, const torch::Tensor& tensor) {
    devices.emplace(name, tensor.device());
  });
  return devices;
}

namespace {
using NamedPairs = std::vector<std::pair<std::string, std::pair<torch::Tensor, torch::Tensor>>>;

::testing::AssertionResult compare_bitwise(const NamedPairs& pairs) {
  if (pairs.empty()) {
    return ::testing::AssertionFailure() << "nothing to compare";
  }
  std::ostringstream differences;
  for (const auto& [name, tensors] : pairs) {
    const auto got = tensors.first.cpu();
    const auto expected = tensors.second.cpu();
    if (torch::equal(got, expected)) {
      continue;
    }
    differences << "\n  " << name << " differs";
    if (got.sizes() == expected.sizes()) {
      differences << ", by up to "
                  << (got.to(torch::kDouble) - expected.to(torch::kDouble)).abs().max().item<double>();
    } else {
      differences << ": sizes " << got.sizes() << " vs " << expected.sizes();
    }
  }
  if (differences.str().empty()) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << differences.str();
}
} // namespace

::testing::AssertionResult BitIdentical(const std::vector<torch::Tensor>& got, const std::vector<torch::Tensor>& expected) {
  if (got.size() != expected.size()) {
    return ::testing::AssertionFailure() << got.size() << " tensors, expected " << expected.size();
  }
  NamedPairs pairs;
  for (size_t i = 0; i < got.size(); ++i) {
    pairs.push_back({"[" + std::to_string(i) + "]", {got[i], expected[i]}});
  }
  return compare_bitwise(pairs);
}

::testing::AssertionResult BitIdenticalState(
    const std::map<std::string, torch::Tensor>& got,
    const std::map<std::string, torch::Tensor>& expected) {
  NamedPairs pairs;
  for (const auto& [name, tensor] : expected) {
    const auto found = got.find(name);
    if (found == got.end()) {
      return ::testing::AssertionFailure() << name << " is missing";
    }
    pairs.push_back({name, {found->second, tensor}});
  }
  return compare_bitwise(pairs);
}

Trained trained_on(const OptimizerCase& kase, const torch::Device& device) {
  Trained t{make_net(device), nullptr};
  t.optimizer = kase.make(t.net->parameters());
  auto [x, y] = make_batch(device, 1);
  train_step(t.net, *t.optimizer, x, y);
  return t;
}

std::optional<std::string> why_unsaveable(const torch::optim::Optimizer& optimizer) {
  try {
    std::ostringstream sink;
    torch::save(optimizer, sink);
    return std::nullopt;
  } catch (const c10::Error& error) {
    if (dynamic_cast<const torch::optim::LBFGS*>(&optimizer) == nullptr) {
      throw;
    }
    return std::string("this libtorch cannot torch::save this LBFGS state: ") + error.what_without_backtrace();
  }
}

Trained carried_to(const torch::Device& device, const Trained& source, const OptimizerCase& kase) {
  // In memory: the same archives torch::save writes to a file, without touching the disk.
  std::stringstream model;
  std::stringstream optimizer;
  torch::save(source.net, model);
  torch::save(*source.optimizer, optimizer);
  Trained copy{make_net(device, /*seed=*/42), nullptr};
  torch::load(copy.net, model, device);
  // Over the loaded parameters, in the order they were saved in, as torch::load requires.
  copy.optimizer = kase.make(copy.net->parameters());
  torch::load(*copy.optimizer, optimizer, device);
  return copy;
}

bool path_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/torchlint-test-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    throw std::runtime_error("mkdtemp failed for " + pattern);
  }
  path_ = pattern;
}

namespace {
int remove_entry(const char* path, const struct stat*, int type, struct FTW*) {
  return type == FTW_DP ? ::rmdir(path) : ::unlink(path);
}
} // namespace

TempDir::~TempDir() {
  // Children before their directory (FTW_DEPTH); a symbolic link is removed, not followed.
  ::nftw(path_.c_str(), remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

ScopedEnv::ScopedEnv(std::string name, const std::optional<std::string>& value) : name_(std::move(name)) {
  if (const char* old = std::getenv(name_.c_str())) {
    previous_ = old;
  }
  if (value) {
    setenv(name_.c_str(), value->c_str(), 1);
  } else {
    unsetenv(name_.c_str());
  }
}

ScopedEnv::~ScopedEnv() {
  if (previous_) {
    setenv(name_.c_str(), previous_->c_str(), 1);
  } else {
    unsetenv(name_.c_str());
  }
}

} // namespace torchlint::test
