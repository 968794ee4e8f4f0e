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

// Through helpers: a module handed over by value (the holder shares the
// module), a helper that places the data on a device it is given, and a
// module's own method that does.
void fit_copy(torch::nn::Linear head, const torch::Tensor &x) {
  auto out = head(x);
  out.sum().backward();
}

void fit_on(torch::nn::Linear &head, torch::Device device) {
  auto out = head->forward(torch::rand({8, 4}).to(device));
  out.sum().backward();
}

struct RegressorImpl : torch::nn::Module {
  RegressorImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  void fit(torch::Device device) {
    auto batch = torch::rand({8, 4}).to(device);
    forward(batch).sum().backward();
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Regressor);

void fit_helpers(torch::Device device) {
  // CHECK-NOTES: :[[@LINE-1]]:32: note: 'device' may be any device (it is chosen at run time)
  // CHECK-NOTES: :[[@LINE-2]]:32: note: 'device' may be any device (it is chosen at run time)
  // CHECK-NOTES: :[[@LINE-3]]:32: note: 'device' may be any device (it is chosen at run time)
  torch::nn::Linear copied(4, 2);
  // CHECK-NOTES: :[[@LINE-1]]:21: note: the module is built on the CPU here and not moved before it runs
  fit_copy(copied, torch::rand({8, 4}, device));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'device') in this call of 'fit_copy' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-28]]:14: note: 'fit_copy' calls 'torch::nn::LinearImpl::forward' here
  torch::nn::Linear given(4, 2);
  // CHECK-NOTES: :[[@LINE-1]]:21: note: the module is built on the CPU here and not moved before it runs
  fit_on(given, device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'device') in this call of 'fit_on' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-28]]:20: note: 'fit_on' calls 'torch::nn::LinearImpl::forward' here
  Regressor regressor;
  // CHECK-NOTES: :[[@LINE-1]]:13: note: the module is built on the CPU here and not moved before it runs
  regressor->fit(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'device') in this call of 'fit' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-24]]:5: note: 'fit' passes it on to 'forward' here
  // CHECK-NOTES: :[[@LINE-28]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
}
