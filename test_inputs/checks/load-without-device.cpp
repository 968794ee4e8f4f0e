// CHECKS: torch-load-without-device
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>
#include <torch/script.h>

#include <istream>
#include <memory>
#include <string>
#include <vector>

struct GeneratorImpl : torch::nn::Module {
  GeneratorImpl() { fc = register_module("fc", torch::nn::Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Generator);

// Seed 000 / pytorch/examples cpp/dcgan: moved to the device, then restored.
// The load puts the parameters back where they were saved (the CPU), and the
// optimizer state never follows its parameters.
void dcgan(bool restore) {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available())
    device = torch::Device(torch::kCUDA);
  Generator generator;
  generator->to(device);
  torch::optim::Adam generator_optimizer(generator->parameters(),
                                         torch::optim::AdamOptions(2e-4));
  if (restore) {
    torch::load(generator, "generator-checkpoint.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'generator' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-FIXES: torch::load(generator, "generator-checkpoint.pt", device);
    // CHECK-NOTES: :[[@LINE-7]]:3: note: 'generator' is moved to a device here, before the load
    torch::load(generator_optimizer, "generator-optimizer-checkpoint.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the state of optimizer 'generator_optimizer' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
    // CHECK-FIXES: torch::load(generator_optimizer, "generator-optimizer-checkpoint.pt", device);
    // CHECK-NOTES: :[[@LINE-11]]:3: note: the device is taken from this move of 'generator'
  }
}

// The move happens on some paths only: still the order trap (maybe moved).
// No one device is right on every path, so the fix loads in place: each
// parameter stays where the branch left it.
void maybe_moved(Generator &net, const std::string &path) {
  if (torch::cuda::is_available()) {
    net->to(torch::kCUDA);
  }
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-FIXES: torchlint::load_in_place(net, path);
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 'net' may be moved to a device here, before the load
  // CHECK-NOTES: :[[@LINE-4]]:3: note: pass the device to 'torch::load', or load with 'torchlint::load_in_place' (<torchlint/torchlint.h>), which leaves each parameter where it was
}

// A load inside a loop after a move before the loop.
void periodic_restore(torch::Device device, int epochs) {
  Generator net;
  net->to(device);
  for (int epoch = 0; epoch < epochs; ++epoch) {
    if (epoch % 10 == 0)
      torch::load(net, "net.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-FIXES: torch::load(net, "net.pt", device);
    // CHECK-NOTES: :[[@LINE-6]]:3: note: 'net' is moved to a device here, before the load
  }
}

// A checkpoint this function wrote on one path only: on the other the load
// reads a file from elsewhere (a user's), saved from any device. Only a save
// on every path to the load makes it a round trip.
void resume_or_start(Generator &net, torch::Device device,
                     const std::string &path, bool exists) {
  net->to(device);
  if (!exists)
    torch::save(net, path);
  torch::load(net, path);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-FIXES: torch::load(net, path, device);
  // CHECK-NOTES: :[[@LINE-6]]:3: note: 'net' is moved to a device here, before the load
}

// A constant device is usable anywhere; a stream source; an explicit nullopt
// is no device either.
void constant_device(std::shared_ptr<GeneratorImpl> net, std::istream &in) {
  net->to(torch::kCUDA);
  torch::load(net, in);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-FIXES: torch::load(net, in, torch::kCUDA);
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'net' is moved to a device here, before the load
  torch::load(net, "net.pt", c10::nullopt);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-FIXES: torch::load(net, "net.pt", torch::kCUDA);
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'net' is moved to a device here, before the load
}

// The device of the move is out of scope at the load: the fix follows the
// device in scope instead.
void out_of_scope(Generator &net, torch::Device device) {
  {
    torch::Device local(torch::kCUDA, 1);
    net->to(local);
  }
  torch::load(net, "net.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-FIXES: torch::load(net, "net.pt", device);
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 'net' is moved to a device here, before the load
  // CHECK-NOTES: :[[@LINE-9]]:49: note: the device is taken from parameter 'device'
}

// Not moved here, but run on device tensors after the load.
void evaluate(Generator &net, torch::Device device) {
  torch::load(net, "best.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' on the device they were saved from, not on the device it is used on [torch-load-without-device]
  // CHECK-FIXES: torch::load(net, "best.pt", device);
  auto out = net->forward(torch::ones({2, 8}).to(device));
  // CHECK-NOTES: :[[@LINE-1]]:14: note: 'net' is used on a device here, after the load
  // CHECK-NOTES: :[[@LINE-6]]:45: note: the device is taken from parameter 'device'
}

// The input is moved to the chosen device by reassignment, after its
// declaration: the module still runs on the device.
void classify(Generator &net, torch::Tensor image) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  torch::load(net, "classifier.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' on the device they were saved from, not on the device it is used on [torch-load-without-device]
  // CHECK-FIXES: torch::load(net, "classifier.pt", device);
  image = image.unsqueeze(0).to(device);
  auto out = net->forward(image);
  // CHECK-NOTES: :[[@LINE-1]]:14: note: 'net' is used on a device here, after the load
  // CHECK-NOTES: :[[@LINE-7]]:17: note: the device is taken from local variable 'device'
}

// Run on CUDA inputs with no device variable anywhere: warn, no fix.
torch::Tensor evaluate_cuda(Generator &net, const torch::Tensor &batch) {
  torch::load(net, "best.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' on the device they were saved from, not on the device it is used on [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: pass the device to 'torch::load', or call 'torchlint::ensure_module_device(net, device)' (<torchlint/torchlint.h>) after it
  return net(batch.cuda());
  // CHECK-NOTES: :[[@LINE-1]]:10: note: 'net' is used on a device here, after the load
}

// Optimizers: the state stays where it was saved, whatever the parameters do.
void resume_optimizer(torch::optim::SGD &sgd, torch::Device device) {
  torch::load(sgd, "sgd.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the state of optimizer 'sgd' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
  // CHECK-FIXES: torch::load(sgd, "sgd.pt", device);
  // CHECK-NOTES: :[[@LINE-4]]:61: note: the device is taken from parameter 'device'
}

void resume_shared(torch::Device device) {
  Generator net;
  net->to(device);
  auto adam = std::make_shared<torch::optim::Adam>(net->parameters());
  torch::load(*adam, "adam.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the state of optimizer 'adam' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
  // CHECK-FIXES: torch::load(*adam, "adam.pt", device);
  // CHECK-NOTES: :[[@LINE-5]]:3: note: the device is taken from this move of 'net'
}

// The module moves after the optimizer load: the state stays behind all the
// same, and the move's device is usable at the load.
void move_after(torch::Device device) {
  Generator net;
  torch::optim::RMSprop rms(net->parameters());
  torch::load(rms, "rms.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the state of optimizer 'rms' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
  // CHECK-FIXES: torch::load(rms, "rms.pt", device);
  net->to(device);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: the device is taken from this move of 'net'
}

// No device can be spelled at the load: warn and name the runtime helper.
void no_device_in_scope(Generator &net, torch::optim::Adam &adam) {
  {
    torch::Device cuda(torch::kCUDA);
    net->to(cuda);
  }
  torch::load(adam, "adam.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the state of optimizer 'adam' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-4]]:5: note: 'net' is moved to a device here
  // CHECK-NOTES: :[[@LINE-3]]:3: note: pass the device to 'torch::load', or call 'torchlint::migrate_optimizer_state(adam)' (<torchlint/torchlint.h>) after it to move the state to its parameters' devices
  // The runtime moves each state tensor to its parameter's device, and its
  // header is included once for the file.
  // CHECK-FIXES-INSERTED: torchlint::migrate_optimizer_state(adam);
  // CHECK-FIXES-INSERTED: #include <torchlint/torchlint.h>
}

// Members: the device and the modules belong to the class.
struct Trainer {
  torch::Device device_{torch::kCPU};
  Generator net_;
  torch::jit::Module scripted_;

  void restore(const std::string &path) {
    net_->to(device_);
    torch::load(net_, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net_' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-FIXES: torch::load(net_, path, device_);
    // CHECK-NOTES: :[[@LINE-4]]:5: note: 'net_' is moved to a device here, before the load
  }
  void load_scripted(const std::string &path) {
    scripted_ = torch::jit::load(path);
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::jit::load' without a device puts the module on the device it was saved from, not on the device this code uses [torch-load-without-device]
    // CHECK-FIXES: scripted_ = torch::jit::load(path, device_);
    // CHECK-NOTES: :[[@LINE-15]]:17: note: the device is taken from member 'device_'
  }
};

// TorchScript modules with a device in scope.
void run_scripted(const std::string &path) {
  torch::Device device(torch::kCUDA);
  torch::jit::script::Module module = torch::jit::load(path);
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: 'torch::jit::load' without a device puts the module on the device it was saved from, not on the device this code uses [torch-load-without-device]
  // CHECK-FIXES: torch::jit::script::Module module = torch::jit::load(path, device);
  // CHECK-NOTES: :[[@LINE-4]]:17: note: the device is taken from local variable 'device'
  torch::jit::ExtraFilesMap extra;
  auto with_extra = torch::jit::load(path, c10::nullopt, extra);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'torch::jit::load' without a device puts the module on the device it was saved from, not on the device this code uses [torch-load-without-device]
  // CHECK-FIXES: auto with_extra = torch::jit::load(path, device, extra);
  // CHECK-NOTES: :[[@LINE-9]]:17: note: the device is taken from local variable 'device'
}

// A TorchScript module run on CUDA inputs, no device variable: warn, no fix.
void run_scripted_cuda(const std::string &path, const torch::Tensor &x) {
  auto module = torch::jit::load(path);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::jit::load' without a device puts the module on the device it was saved from, not on the device this code uses [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: pass the device to 'torch::jit::load', or call 'module.to(device)' after it
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(x.cuda());
  auto out = module.forward(inputs);
  // CHECK-NOTES: :[[@LINE-1]]:14: note: 'module' is used on a device here, after the load
}

// Adagrad creates its state in the constructor: a later move leaves it behind.
void adagrad(torch::Device device) {
  Generator net;
  torch::optim::Adagrad adagrad(net->parameters(),
                                torch::optim::AdagradOptions(0.1));
  // CHECK-MESSAGES: :[[@LINE-2]]:25: warning: 'torch::optim::Adagrad' creates its state on the device of its parameters when it is constructed; moving 'net' to a device afterwards leaves that state behind [torch-load-without-device]
  auto params = net->parameters();
  auto shared = std::make_shared<torch::optim::Adagrad>(params);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'torch::optim::Adagrad' creates its state on the device of its parameters when it is constructed; moving 'net' to a device afterwards leaves that state behind [torch-load-without-device]
  net->to(device);
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'net' is moved to a device here, after the optimizer was constructed; construct the optimizer after this move, or call 'torchlint::migrate_optimizer_state(adagrad)' (<torchlint/torchlint.h>) after it
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 'net' is moved to a device here, after the optimizer was constructed; construct the optimizer after this move, or call 'torchlint::migrate_optimizer_state(*shared)' (<torchlint/torchlint.h>) after it
}

// The move's device is hidden at the load by a local of the same name (an
// int: `torch::load(net, path, device)` would pick load_from(data, size)),
// so the fix loads in place.
void shadowed(torch::Device device) {
  Generator net;
  net->to(device);
  for (int device = 0; device < 2; ++device) {
    torch::load(net, "net.pt");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-FIXES: torchlint::load_in_place(net, "net.pt");
    // CHECK-NOTES: :[[@LINE-5]]:3: note: 'net' is moved to a device here, before the load
    // CHECK-NOTES: :[[@LINE-4]]:5: note: pass the device to 'torch::load', or load with 'torchlint::load_in_place' (<torchlint/torchlint.h>), which leaves each parameter where it was
  }
}

// Adagrad built in a member initializer, its module moved in the body.
struct AdagradTrainer {
  Generator net;
  torch::optim::Adagrad opt;
  explicit AdagradTrainer(torch::Device device)
      : net(), opt(net->parameters()) {
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::optim::Adagrad' creates its state on the device of its parameters when it is constructed; moving 'net' to a device afterwards leaves that state behind [torch-load-without-device]
    net->to(device);
    // CHECK-NOTES: :[[@LINE-1]]:5: note: 'net' is moved to a device here, after the optimizer was constructed; construct the optimizer after this move, or call 'torchlint::migrate_optimizer_state(opt)' (<torchlint/torchlint.h>) after it
  }
};

// A move in the branch the load is not on repairs nothing: the module is
// used on a device after both.
void resume_or_place(Generator &net, torch::Device device,
                     const std::string &path, bool resume, torch::Tensor x) {
  if (resume) {
    torch::load(net, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'net' on the device they were saved from, not on the device it is used on [torch-load-without-device]
    // CHECK-FIXES: torch::load(net, path, device);
  } else {
    net->to(device);
  }
  net->forward(x.to(device));
  // CHECK-NOTES: :[[@LINE-1]]:3: note: 'net' is used on a device here, after the load
  // CHECK-NOTES: :[[@LINE-11]]:52: note: the device is taken from parameter 'device'
}

// A TorchScript module kept in a member or a global, loaded in one function
// and run on device inputs in another, is where its file was saved.
class Segmenter {
public:
  explicit Segmenter(const std::string &path) { module_ = torch::jit::load(path); }
  // CHECK-MESSAGES: :[[@LINE-1]]:59: warning: 'torch::jit::load' without a device puts the module on the device it was saved from, not on the device this code uses [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:59: note: pass the device to 'torch::jit::load', or call 'module_.to(device)' after it
  // CHECK-NOTES: :[[@LINE+4]]:12: note: 'module_' is used on a device here, after the load
  torch::Tensor segment(const torch::Tensor &image) {
    std::vector<torch::jit::IValue> inputs;
    inputs.push_back(image.to(torch::kCUDA));
    return module_.forward(inputs).toTensor();
  }

private:
  torch::jit::script::Module module_;
};

torch::jit::script::Module face_model;
void init_face_model(const std::string &path) {
  face_model = torch::jit::load(path);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 'torch::jit::load' without a device puts the module on the device it was saved from, not on the device this code uses [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: pass the device to 'torch::jit::load', or call 'face_model.to(device)' after it
  // CHECK-NOTES: :[[@LINE+5]]:10: note: 'face_model' is used on a device here, after the load
}
torch::Tensor face_features(const torch::Tensor &image) {
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(image.to(torch::kCUDA));
  return face_model.forward(inputs).toTensor();
}

// Moved to the device by another method: placed there.
class PlacedSegmenter {
public:
  explicit PlacedSegmenter(const std::string &path) {
    module_ = torch::jit::load(path);
  }
  void to_gpu() { module_.to(torch::kCUDA); }
  torch::Tensor segment(const torch::Tensor &image) {
    std::vector<torch::jit::IValue> inputs{image.to(torch::kCUDA)};
    return module_.forward(inputs).toTensor();
  }

private:
  torch::jit::script::Module module_;
};

// Every constructor moves the member to the device it chose; another method
// visits the CPU to save and moves it back. A load in a third method
// without a device puts the parameters where the file was saved.
struct PolicyValueNet {
  PolicyValueNet() {
    if (torch::cuda::is_available())
      device = torch::Device(torch::kCUDA);
    model->to(device);
  }
  explicit PolicyValueNet(int index) {
    if (torch::cuda::is_available())
      device = torch::Device(torch::kCUDA, index);
    model->to(device);
  }
  void save_model(const std::string &path) {
    model->to(torch::kCPU);
    torch::save(model, path);
    model->to(device);
  }
  void load_model(const std::string &path) {
    torch::load(model, path);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'torch::load' without a device puts the parameters of module 'model' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
    // CHECK-FIXES: torch::load(model, path, device);
    // CHECK-NOTES: :[[@LINE-16]]:5: note: 'model' is moved to a device here, in the constructor, before the load
  }
  Generator model;
  torch::Device device{torch::kCPU};
};

// One constructor leaves the member where it was made: the load's module
// may never have moved (not flagged).
struct MaybeMovedNet {
  MaybeMovedNet() = default;
  explicit MaybeMovedNet(torch::Device d) : device(d) { model->to(device); }
  void save_model(const std::string &path) {
    model->to(torch::kCPU);
    torch::save(model, path);
    model->to(device);
  }
  void load_model(const std::string &path) { torch::load(model, path); }
  Generator model;
  torch::Device device{torch::kCPU};
};
