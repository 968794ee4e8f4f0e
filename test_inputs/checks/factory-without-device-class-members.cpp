// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A class that places its own tensor on a device in every constructor, and
// lets no one else assign it, keeps it there in its methods: a device-less
// tensor meeting it there meets data on that device. The same holds for a
// tensor every constructor makes without a device: it is on the CPU in the
// methods, where it may meet the class's placed data.
#include <torch/torch.h>

class Palette {
public:
  Palette() { colours_ = torch::rand({10, 3}).to(torch::kCUDA); }

  torch::Tensor shade() const {
    auto weights = torch::linspace(0, 1, 10);
    // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::linspace' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE+2]]:21: note: it meets a tensor on cuda in 'operator*'
    // CHECK-NOTES: :[[@LINE-6]]:26: note: placed on cuda here
    return colours_ * weights.unsqueeze(1);
  }

private:
  torch::Tensor colours_;
};

// The same with the device the class chose when it was built.
class Tinter {
public:
  Tinter()
      : device_(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU),
        tint_(torch::ones({3}, torch::device(device_))) {}

  torch::Tensor apply(int64_t n) const {
    auto base = torch::zeros({n, 3});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto base = torch::zeros({n, 3}, torch::device(tint_.device()));
    // CHECK-NOTES: :[[@LINE+2]]:17: note: it meets a tensor on the device of 'tint_' in 'operator+'
    // CHECK-NOTES: :[[@LINE+6]]:17: note: the device is taken from member 'tint_'
    return base + tint_;
  }

private:
  torch::Device device_;
  torch::Tensor tint_;
};

// Built on the CPU by the constructor's setup, beside data placed on the
// class's device: the two meet in a method.
class Sampler {
public:
  Sampler(int64_t size, int64_t batch, torch::Device device)
      : size_(size), batch_(batch), device_(device) {
    allocate();
  }
  torch::Tensor sample() {
    indices_.random_(0, size_);
    return states_.index_select(0, indices_);
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'states_' in 'Tensor::index_select'
  }

private:
  void allocate() {
    states_ = torch::zeros({size_, 4}, torch::device(device_));
    indices_ = torch::zeros({batch_}, torch::dtype(torch::kLong));
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: indices_ = torch::zeros({batch_}, torch::dtype(torch::kLong).device(states_.device()));
  }
  int64_t size_, batch_;
  torch::Device device_;
  torch::Tensor states_, indices_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'states_'
};

// Made on first use, and made again when the size changes, always on the
// device it already has (CUDA the first time): it is there in the methods.
class GradientStats {
public:
  explicit GradientStats(double threshold) : threshold_(threshold) {}

  void add(const torch::Tensor &grads) {
    const int64_t n = grads.size(0);
    if (!sums_.defined() || sums_.size(0) != n)
      resize(n);
    sums_ += grads.norm(2, 1);
    counts_ += 1;
  }

  torch::Tensor above(int64_t n) const {
    auto mean = sums_ / counts_.clamp_min(1);
    if (mean.size(0) < n) {
      auto pad = torch::zeros({n - mean.size(0)});
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
      // CHECK-NOTES: :[[@LINE+2]]:14: note: it meets a tensor on cuda in 'cat'
      // CHECK-NOTES: :[[@LINE+9]]:13: note: placed on cuda here
      mean = torch::cat({mean, pad});
    }
    return mean.ge(threshold_);
  }

private:
  void resize(int64_t n) {
    auto device = sums_.defined() ? sums_.device() : torch::kCUDA;
    sums_ = torch::zeros({n}, torch::device(device));
    counts_ = torch::zeros({n}, torch::device(device));
  }
  double threshold_;
  torch::Tensor sums_, counts_;
};

// Placed on the class's device by the constructor, and again by clear().
class Replay {
public:
  Replay(int64_t capacity, torch::Device device)
      : capacity_(capacity), device_(device),
        rewards_(torch::zeros({capacity}, device)) {}
  void clear() { rewards_ = torch::zeros({capacity_}, device_); }
  torch::Tensor sample(int64_t batch) const {
    auto picked = torch::randint(capacity_, {batch});
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::randint' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto picked = torch::randint(capacity_, {batch}, torch::device(rewards_.device()));
    return rewards_.index_select(0, picked);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it meets a tensor on the device of 'rewards_' in 'Tensor::index_select'
  }

private:
  int64_t capacity_;
  torch::Device device_;
  torch::Tensor rewards_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'rewards_'
};

// --- Not flagged ---

// A class that holds no device: its members made without one are the
// program's design, whatever its methods are handed, even beside a method
// that takes its options from its input.
class Walker {
public:
  Walker() : position_(torch::zeros({2})) {}
  torch::Tensor towards(const torch::Tensor &goal) const {
    return goal - position_;
  }
  torch::Tensor clipped(const torch::Tensor &x) const {
    return torch::clamp(x, torch::zeros({1}, x.options()));
  }

private:
  torch::Tensor position_;
};

// A table the class makes and reads on the host, beside a device it only
// hands to its data.
class Lookup {
public:
  explicit Lookup(torch::Device device)
      : device_(device), table_(torch::arange(16)) {}
  int64_t at(int64_t i) const { return table_[i].item<int64_t>(); }
  torch::Tensor placed(const torch::Tensor &x) const { return x.to(device_); }

private:
  torch::Device device_;
  torch::Tensor table_;
};

// Handed over by whoever builds it: wherever that caller put it.
class Handed {
public:
  explicit Handed(torch::Tensor colours) : colours_(std::move(colours)) {}
  torch::Tensor shade() const {
    return colours_ * torch::linspace(0, 1, 10).unsqueeze(1);
  }

private:
  torch::Tensor colours_;
};

// A public member anyone may reassign.
struct Open {
  Open() { colours = torch::rand({10, 3}).to(torch::kCUDA); }
  torch::Tensor shade() const {
    return colours * torch::linspace(0, 1, 10).unsqueeze(1);
  }
  torch::Tensor colours;
};

// A method places it again: where it is depends on which ran last.
class Movable {
public:
  Movable() { colours_ = torch::rand({10, 3}).to(torch::kCUDA); }
  void to_host() { colours_ = colours_.cpu(); }
  torch::Tensor shade() const {
    return colours_ * torch::linspace(0, 1, 10).unsqueeze(1);
  }

private:
  torch::Tensor colours_;
};

// Made on first use from what the caller hands over: wherever that is.
class RunningMean {
public:
  void add(const torch::Tensor &x) {
    if (!mean_.defined())
      mean_ = torch::zeros_like(x);
    mean_ = 0.9 * mean_ + 0.1 * x;
  }
  torch::Tensor centred(const torch::Tensor &x) const {
    return x - mean_ * torch::ones({1});
  }

private:
  torch::Tensor mean_;
};

// Made on CUDA by one method and brought back to the host by another.
class Staging {
public:
  void upload(int64_t n) { buffer_ = torch::zeros({n}, torch::kCUDA); }
  void download() { buffer_ = buffer_.cpu(); }
  torch::Tensor scaled() const { return buffer_ * torch::arange(3); }

private:
  torch::Tensor buffer_;
};

// A rollout worker that takes a copy of the trained policy and moves it to
// the CPU itself: in its methods the policy is on the CPU, and host-built
// observations meet it there by design.
struct PolicyNetImpl : torch::nn::Module {
  PolicyNetImpl() { fc = register_module("fc", torch::nn::Linear(10, 4)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  // CHECK-NOTES: :[[@LINE-1]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  torch::nn::Linear fc{nullptr};
};

class RolloutWorker {
public:
  explicit RolloutWorker(std::shared_ptr<PolicyNetImpl> master)
      : master_(std::move(master)) {}
  void sync() {
    policy_ = std::dynamic_pointer_cast<PolicyNetImpl>(master_->clone());
    policy_->to(torch::kCPU);
  }
  torch::Tensor act(float x, float y) {
    torch::Tensor observation = torch::zeros({10});
    observation[0] = x;
    observation[1] = y;
    return policy_->forward(observation);
  }

private:
  std::shared_ptr<PolicyNetImpl> master_;
  std::shared_ptr<PolicyNetImpl> policy_;
};

// --- Flagged ---

// The same worker moving its copy to CUDA: the host-built observation meets
// the policy there.
class GpuRolloutWorker {
public:
  explicit GpuRolloutWorker(std::shared_ptr<PolicyNetImpl> master)
      : master_(std::move(master)) {}
  void sync() {
    policy_ = std::dynamic_pointer_cast<PolicyNetImpl>(master_->clone());
    policy_->to(torch::kCUDA);
  }
  torch::Tensor act(float x) {
    torch::Tensor observation = torch::zeros({10});
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-5]]:5: note: placed on cuda here
    observation[0] = x;
    return policy_->forward(observation);
    // CHECK-NOTES: :[[@LINE-1]]:21: note: it is passed to 'forward' here, where it meets a tensor on cuda
  }

private:
  std::shared_ptr<PolicyNetImpl> master_;
  std::shared_ptr<PolicyNetImpl> policy_;
};

// A device member that only ever holds its constant initializer names that
// device: the fix does not follow it (it would keep the ids on the CPU).
class TextPipeline {
public:
  explicit TextPipeline(torch::Device device)
      : options_(torch::device(device)), encoder_(torch::nn::Embedding(16, 4)) {
    encoder_->to(device);
  }
  torch::Tensor encode(const std::vector<int64_t> &ids) {
    auto input_ids = torch::tensor(ids, torch::dtype(torch::kLong)).view({1, -1});
    // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto input_ids = torch::tensor(ids, torch::dtype(torch::kLong)).view({1, -1});
    return encoder_->forward(input_ids);
    // CHECK-NOTES: :[[@LINE-1]]:22: note: it meets a tensor on the device of 'encoder_' in 'torch::nn::EmbeddingImpl::forward'
  }

private:
  torch::TensorOptions options_;
  torch::nn::Embedding encoder_{nullptr};
  // CHECK-NOTES: :[[@LINE-1]]:24: note: 'encoder_' may live on any device (wherever set-up put it)
  torch::Device device_ = torch::kCPU;
};

// A class given a device to construct handles devices though it keeps none:
// a member its constructor makes without one is on the CPU in its methods,
// and meets there the data it places with the device it was given. The fix
// follows that device, not the member being assigned.
class MelFilters {
public:
  explicit MelFilters(const torch::Device &device) {
    // CHECK-NOTES: :[[@LINE-1]]:44: note: the device is taken from parameter 'device'
    filters_ = torch::rand({80, 201});
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: tensor factory 'torch::rand' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: filters_ = torch::rand({80, 201}, torch::device(device));
    window_ = torch::hann_window(400).to(device);
  }
  torch::Tensor apply(int64_t frames) const {
    auto spectrum = torch::rand({201, frames}, window_.options());
    return torch::matmul(filters_, spectrum);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'window_' in 'matmul'
  }

private:
  torch::Tensor filters_;
  torch::Tensor window_;
};
