// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// A class that places its own tensor on a device in every constructor, and
// lets no one else assign it, keeps it there in its methods: a device-less
// tensor meeting it there meets data on that device.
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

// --- Not flagged ---

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
