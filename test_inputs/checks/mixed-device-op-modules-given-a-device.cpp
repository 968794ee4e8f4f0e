// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
// A module given a device is on the CPU when its constructor places nothing
// with it: everything it registers (itself, or in a set-up method it calls)
// is made without naming a device, and it never moves itself. Its outputs
// then meet the data placed on that device; the missing move is one defect,
// reported once however many ops meet those outputs.
#include <torch/torch.h>

#include <memory>

struct SegmenterImpl : torch::nn::Module {
  explicit SegmenterImpl(torch::DeviceType device)
      : device(device), head(torch::nn::Linear(8, 3)) {
    register_module("head", head);
    init();
  }
  void init() {
    table = register_parameter("table", torch::zeros({16, 8}));
  }
  torch::Tensor forward(const torch::Tensor &codes) {
    return torch::softmax(head->forward(codes + table.sum(0)), 1);
  }
  torch::DeviceType device; // kept for the inputs it makes
  torch::Tensor table;
  torch::nn::Linear head{nullptr};
};

void segment(torch::DeviceType device) {
  // CHECK-NOTES: :[[@LINE-1]]:32: note: 'device' may be any device (it is chosen at run time)
  auto model = std::make_shared<SegmenterImpl>(device);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: the module is built on the CPU here and not moved before it runs
  auto codes = torch::rand({32, 8}).to(device);
  auto seg = model->forward(codes);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'device') in this call of 'forward' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-14]]:33: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  auto weights = torch::rand({32, 3}).to(device);
  auto loss = (seg * weights).sum() + seg.mean();
  loss.backward();
}

// A constructor that moves the module, or registers what it made on the
// device, places it there.
struct MovedImpl : torch::nn::Module {
  explicit MovedImpl(torch::Device device) : head(torch::nn::Linear(8, 3)) {
    register_module("head", head);
    to(device);
  }
  torch::Tensor forward(const torch::Tensor &x) { return head->forward(x); }
  torch::nn::Linear head{nullptr};
};

struct PlacedTableImpl : torch::nn::Module {
  explicit PlacedTableImpl(torch::Device device) {
    table = register_parameter("table",
                               torch::zeros({16, 8}, torch::device(device)));
  }
  torch::Tensor forward(const torch::Tensor &x) { return x * table.sum(0); }
  torch::Tensor table;
};

// Set up by a method defined elsewhere: where that code put it.
struct SetUpElsewhereImpl : torch::nn::Module {
  explicit SetUpElsewhereImpl(torch::Device device) : head(torch::nn::Linear(8, 3)) {
    register_module("head", head);
    build(device);
  }
  void build(torch::Device device);
  torch::Tensor forward(const torch::Tensor &x) { return head->forward(x); }
  torch::nn::Linear head{nullptr};
};

void placed_by_constructors(torch::Device device) {
  auto moved = std::make_shared<MovedImpl>(device);
  auto placed = std::make_shared<PlacedTableImpl>(device);
  auto elsewhere = std::make_shared<SetUpElsewhereImpl>(device);
  auto x = torch::rand({4, 8}).to(device);
  auto y = moved->forward(x) + placed->forward(x).sum() + elsewhere->forward(x);
  y.sum().backward();
}

// Given a device and moved there after it is built.
void moved_after(torch::DeviceType device) {
  auto model = std::make_shared<SegmenterImpl>(device);
  model->to(device);
  auto seg = model->forward(torch::rand({32, 8}).to(device));
  auto loss = (seg * torch::rand({32, 3}).to(device)).sum();
  loss.backward();
}

// A library module built and never moved, run on data placed on a device
// chosen at run time: moving the module at each run is no repair, so no fix
// is offered there; its missing move is.
void train_linear(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:33: note: 'device' may be any device (it is chosen at run time)
  torch::nn::Linear model(4, 2);
  // CHECK-NOTES: :[[@LINE-1]]:21: note: the module is built on the CPU here and not moved before it runs
  auto x = torch::rand({8, 4}, torch::TensorOptions(torch::kFloat).device(device));
  for (int step = 0; step < 3; ++step) {
    auto output = model->forward(x);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'device') [torch-mixed-device-op]
    output.sum().backward();
  }
}
