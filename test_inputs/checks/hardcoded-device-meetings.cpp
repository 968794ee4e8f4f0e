// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

#include <map>
#include <string>

// A fixed device is reported where the data it places disagrees with data the
// code does not fix: it meets it in an op, leaves for code whose data may be
// elsewhere, or moves a module the caller handed over.

torch::Tensor render(const torch::Tensor &scene); // defined elsewhere

// A renderer that keeps its device in a member: the copy only meets the
// output of a function defined elsewhere, whose place is not known here.
struct Trainer {
  torch::DeviceType device_type_ = torch::kCPU;
  torch::Tensor image_;
  torch::Tensor scene_;
  float step() {
    auto target = image_.cuda();
    auto loss = torch::l1_loss(render(scene_), target);
    return loss.item<float>();
  }
};

// A module visits the host to be saved and is then run there on host data:
// nothing it meets is elsewhere.
struct Encoder : torch::nn::Module {
  Encoder() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};
struct Session {
  std::shared_ptr<Encoder> encoder = std::make_shared<Encoder>();
  torch::Device device = torch::kCPU;
  void finish(const std::string &path) {
    encoder->to(torch::kCPU);
    torch::save(encoder, path);
    auto rows = torch::rand({8, 4});
    encoder->forward(rows);
  }
};

// Meets the module's parameters: wherever the module is moved, the CUDA
// input is not there on some run.
struct Head : torch::nn::Module {
  Head() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc->forward(x.cuda());
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-2]]:16: note: the tensor it places may meet a tensor on the device of 'fc' here, in 'torch::nn::LinearImpl::forward'
  }
  torch::nn::Linear fc{nullptr};
  // CHECK-NOTES: :[[@LINE-1]]:21: note: member 'fc' makes this code device-neutral; follow the device of the data it works with
};

// Returned to the next layer, which computes where the model is.
struct Tail : torch::nn::Module {
  Tail() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x).cpu(); }
  // CHECK-MESSAGES: :[[@LINE-1]]:73: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:46: note: the device is taken from parameter 'x'
  // CHECK-NOTES: :[[@LINE-3]]:73: note: the tensor it places is returned from 'forward', for code whose data may be on another device
  // CHECK-FIXES: torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x).to(x.device()); }
  torch::nn::Linear fc{nullptr};
};

// Kept in a member of a class that chooses its device at run time.
struct Cache {
  torch::Device device_;
  torch::Tensor table_;
  explicit Cache(torch::Device device) : device_(device) {}
  void reset(int64_t n) {
    table_ = torch::zeros({n}).to(torch::kCUDA);
    // CHECK-MESSAGES: :[[@LINE-1]]:35: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-2]]:35: note: the tensor it places is kept in 'table_', for code whose data may be on another device
    // CHECK-NOTES: :[[@LINE-7]]:17: note: the device is taken from member 'device_'
    // CHECK-FIXES: table_ = torch::zeros({n}).to(device_);
  }
};

// The caller's module, moved in place: it stays there whatever device the
// caller runs it on (this caller chose one at run time).
void warm_up(torch::nn::Linear &net) { net->to(torch::kCUDA); }
// CHECK-MESSAGES: :[[@LINE-1]]:48: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
// CHECK-NOTES: :[[@LINE-2]]:33: note: parameter 'net' makes this code device-neutral; follow the device of the data it works with
void set_up(torch::Device device) {
  torch::nn::Linear net(3, 4);
  net->to(device);
  warm_up(net);
  // CHECK-NOTES: :[[@LINE-1]]:11: note: a module on the device of 'device' reaches parameter 'net' through this call of 'warm_up'
}

// Options kept in a member of a class that chooses its device at run time:
// what they place later is not where the class put its model.
struct Detector {
  torch::Device device_;
  torch::TensorOptions opts_;
  explicit Detector(bool gpu) : device_(gpu ? torch::kCUDA : torch::kCPU) {
    opts_ = opts_.device(torch::kCUDA).dtype(torch::kFloat);
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-2]]:26: note: the device is kept in 'opts_', for code whose data may be on another device
    // CHECK-NOTES: :[[@LINE-6]]:17: note: the device is taken from member 'device_'
    // CHECK-FIXES: opts_ = opts_.device(device_).dtype(torch::kFloat);
  }
};

// Passed to a function of the same file where it meets data on the device
// the class chose.
struct Renderer {
  torch::Device device_;
  int64_t width_ = 4;
  explicit Renderer(torch::Device device) : device_(device) {}
  torch::Tensor rays(const torch::Tensor &pose) const {
    auto steps = torch::arange(width_, torch::dtype(torch::kFloat)).to(device_);
    return pose.matmul(steps);
  }
  torch::Tensor render(const torch::Tensor &pose) const {
    return rays(pose.to(torch::kCUDA));
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-2]]:12: note: the tensor it places may meet a tensor on the device of 'device_' here, in 'Tensor::matmul'
    // CHECK-NOTES: :[[@LINE-6]]:17: note: 'rays' calls 'Tensor::matmul' here
    // CHECK-NOTES: :[[@LINE-12]]:17: note: the device is taken from member 'device_'
    // CHECK-FIXES: return rays(pose.to(device_));
  }
};

// A module of the project (its forward defined in another file) run on the
// placed data: its parameters are wherever the module was moved.
struct ScorerImpl : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x);
};
TORCH_MODULE(Scorer);
void probe(Scorer &model, const torch::Tensor &x) {
  model->forward(x.cuda());
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: the tensor it places is run through a module on the device of 'model' here
  // CHECK-NOTES: :[[@LINE-4]]:20: note: parameter 'model' makes this code device-neutral; follow the device of the data it works with
}
// A module built here stays on the CPU.
void probe_fresh(const torch::Tensor &x) {
  Scorer model;
  probe(model, x);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: a module on cpu reaches parameter 'model' through this call of 'probe'
}

// Asked for a device, the helper builds the kernel on the CPU instead; one of
// its returns hands that out (the other returns what a cache holds).
torch::Tensor blur_kernel(int64_t size, torch::Device device) {
  static std::map<int64_t, torch::Tensor> cache;
  auto hit = cache.find(size);
  if (hit != cache.end())
    return hit->second;
  auto kernel = torch::ones({1, 1, size, size}).div(size * size).to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:69: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-7]]:55: note: the device is taken from parameter 'device'
  // CHECK-NOTES: :[[@LINE-3]]:69: note: the tensor it places is returned from 'blur_kernel', for code whose data may be on another device
  // CHECK-FIXES: auto kernel = torch::ones({1, 1, size, size}).div(size * size).to(device);
  cache[size] = kernel;
  return kernel;
}

// A trainer's device lives in its base class template: a batch moved to the
// CPU instead meets the model the base keeps there.
template <typename Model> struct TrainerBase {
  TrainerBase(Model net, torch::Device where)
      : model(std::move(net)), device(where) {
    model->to(device);
  }
  Model model;
  torch::Device device;
};

struct LinearTrainer : TrainerBase<torch::nn::Linear> {
  using TrainerBase::TrainerBase;
  torch::Tensor step(const torch::Tensor &batch) {
    // CHECK-NOTES: :[[@LINE-1]]:43: note: parameter 'batch' makes this code device-neutral; follow the device of the data it works with
    auto input = batch.to(torch::kCPU);
    // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
    return this->model->forward(input);
    // CHECK-NOTES: :[[@LINE-1]]:25: note: the tensor it places may meet a tensor on the device of 'model' here, in 'torch::nn::LinearImpl::forward'
  }
};
