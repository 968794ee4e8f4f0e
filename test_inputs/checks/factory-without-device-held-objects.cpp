// CHECKS: torch-factory-without-device,torch-mixed-device-op,torch-hardcoded-device
// HEADERS: fast real real2
// A tensor reached through an object the code holds (a member object, a
// struct parameter, a shared_ptr member) lives wherever that object's data
// was put. In code that chooses devices at run time, a device-less
// factory's tensor meeting it is a defect; in code that handles no device,
// it is the program's design and nothing is reported. An object the class
// builds itself holds what the class's own methods put there.
#include <torch/torch.h>

#include <memory>
#include <vector>

struct Lattice {
  torch::Tensor amplitudes;
  torch::Tensor offsets;
};

// The shape of a debug path in a simulator that holds its device: the
// probe indices are made on the host and meet the lattice's data.
class Simulator {
public:
  Simulator(Lattice lattice, torch::Device device)
      : lattice_(std::move(lattice)), device_(device) {}
  torch::Tensor intensity(const torch::Tensor &hkl) {
    return (hkl.to(device_) * lattice_.amplitudes).sum(1);
  }
  double probe(int64_t h, int64_t k) {
    auto index = torch::tensor({{h, k}});
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto index = torch::tensor({{h, k}}, torch::device(device_));
    auto scaled = index * lattice_.offsets;
    // CHECK-NOTES: :[[@LINE-1]]:25: note: it meets a tensor on the device of 'lattice_' in 'operator*'
    return scaled.sum().item<double>();
  }

private:
  Lattice lattice_;
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};

// A rollout step that moves its new data to the chosen device: the previous
// step's fields are wherever that device is.
struct StepOutput {
  torch::Tensor action;
  torch::Tensor value;
};
torch::Tensor next_action(const StepOutput &previous, torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:69: note: the device is taken from parameter 'device'
  auto exploration = torch::rand({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-FIXES: auto exploration = torch::rand({4}, torch::device(device));
  auto base = torch::zeros({4}).to(device);
  return base + previous.action * exploration;
  // CHECK-NOTES: :[[@LINE-1]]:33: note: it meets a tensor on the device of 'previous' in 'operator*'
}

// Through a shared_ptr member, in a class that holds its device.
class Renderer {
public:
  Renderer(std::shared_ptr<Lattice> lattice, torch::Device device)
      : lattice_(std::move(lattice)), device_(device) {}
  torch::Device device() const { return device_; }
  torch::Tensor weighted() {
    return torch::arange(4) * lattice_->amplitudes;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::arange' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:29: note: it meets a tensor on the device of 'lattice_' in 'operator*'
    // CHECK-FIXES: return torch::arange(4, torch::device(device_)) * lattice_->amplitudes;
  }

private:
  std::shared_ptr<Lattice> lattice_;
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};

// No device handled anywhere: a plain class's member object and a plain
// function's struct parameter hold whatever their owner gave them.
class Table {
public:
  torch::Tensor row(int64_t i) {
    return lattice_.amplitudes * torch::tensor({i});
  }

private:
  Lattice lattice_;
};

torch::Tensor shifted(const StepOutput &previous) {
  return previous.value + torch::ones({4});
}

// A program that only names CUDA meets its own member object's data there:
// its single-device design, not a defect.
class CudaOnly {
public:
  torch::Tensor scaled() {
    return torch::ones({4}, torch::kCUDA) * lattice_.amplitudes;
  }

private:
  Lattice lattice_;
};

// A buffer that builds its own storage (nothing a caller hands in): the
// storage holds what its methods put there, made on the host here, so the
// indices that select from it are host data too, whatever device it keeps.
struct Storage {
  torch::Tensor states;
  torch::Tensor rewards;
};

class ReplayStore {
public:
  explicit ReplayStore(torch::Device device) : device_(device) {}
  void add(const torch::Tensor &states, const torch::Tensor &rewards) {
    storage_.states = torch::cat({storage_.states, states.cpu()});
    storage_.rewards = torch::cat({storage_.rewards, rewards.cpu()});
  }
  void clear() { *this = ReplayStore(device_); }
  torch::Tensor sample(const std::vector<int64_t> &picks) const {
    auto index = torch::tensor(picks);
    return torch::index_select(storage_.states, 0, index);
  }

private:
  torch::Device device_;
  Storage storage_;
};

// The seed-002 shape: a class that only stores its device still runs where
// its caller chose, and the lattice it was handed lives there.
class DebugProbe {
public:
  DebugProbe(Lattice lattice, torch::Device device)
      : lattice_(std::move(lattice)), device_(device) {}
  torch::Tensor at(int64_t h) {
    return lattice_.offsets * torch::tensor({h});
    // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:29: note: it meets a tensor on the device of 'lattice_' in 'operator*'
    // CHECK-FIXES: return lattice_.offsets * torch::tensor({h}, torch::device(device_));
  }

private:
  Lattice lattice_;
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
};
