// CHECKS: torch-load-without-device
// HEADERS: fast real real2
#include <torch/torch.h>
#include <torch/script.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

// The runtime helpers the notes name (<torchlint/torchlint.h>), declared here
// so this file needs only libtorch.
namespace torchlint {
template <typename Module>
void ensure_module_device(const Module &module, torch::Device device);
void migrate_optimizer_state(torch::optim::Optimizer &optimizer);
} // namespace torchlint

struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 2)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// Every load passes the device.
void with_device(torch::Device device, const std::string &path) {
  Net net;
  net->to(device);
  torch::optim::Adam adam(net->parameters());
  torch::load(net, path, device);
  torch::load(adam, path, device);
  torch::load(net, path, torch::kCUDA);
  c10::optional<torch::Device> maybe = device;
  torch::load(adam, path, maybe);
  auto module = torch::jit::load(path, device);
  auto other = torch::jit::load(path, torch::Device(torch::kCUDA, 0));
  torch::jit::ExtraFilesMap extra;
  auto third = torch::jit::load(path, device, extra);
}

// Load, then move: the move puts every parameter on the device.
void load_then_move(torch::Device device) {
  Net net;
  torch::load(net, "net.pt");
  net->to(device);
  auto out = net->forward(torch::ones({1, 4}).to(device));
}

// Moved before and again after the load.
void move_load_move(torch::Device device) {
  Net net;
  net->to(device);
  torch::load(net, "net.pt");
  net->to(device);
}

// The runtime helpers the notes suggest repair the load.
void repaired(torch::Device device, torch::optim::SGD &sgd) {
  Net net;
  net->to(device);
  torch::load(net, "net.pt");
  torchlint::ensure_module_device(net, device);
  torch::load(sgd, "sgd.pt");
  torchlint::migrate_optimizer_state(sgd);
}

// A TorchScript module loaded without a device, then moved: everything moves.
void jit_then_move(torch::Device device, const std::string &path) {
  auto module = torch::jit::load(path);
  module.to(device);
  std::vector<torch::jit::IValue> inputs{torch::ones({1, 4}).to(device)};
  auto out = module.forward(inputs);
}

struct Runner {
  torch::Device device_{torch::kCUDA};
  torch::jit::script::Module module_;
  void open(const std::string &path) {
    module_ = torch::jit::load(path);
    module_.to(device_);
  }
};

// Adagrad built after the move creates its state on the device.
void adagrad_after_move(torch::Device device) {
  Net net;
  net->to(device);
  torch::optim::Adagrad adagrad(net->parameters());
  auto shared = std::make_shared<torch::optim::Adagrad>(net->parameters());
  net->to(device); // already there: the state is on the device
}

// Adagrad over tensors of no module this function moves.
void adagrad_free_tensors(torch::Device device) {
  std::vector<torch::Tensor> weights{torch::zeros({3}, torch::requires_grad())};
  torch::optim::Adagrad adagrad(weights);
  Net net;
  net->to(device);
}

// CPU-only programs: no device anywhere, nothing to follow.
void cpu_only(const std::string &path) {
  Net net;
  torch::optim::Adam adam(net->parameters());
  torch::optim::Adagrad adagrad(net->parameters());
  torch::load(net, path);
  torch::load(adam, path);
  auto module = torch::jit::load(path);
  std::vector<torch::jit::IValue> inputs{torch::ones({1, 4})};
  auto out = module.forward(inputs);
  auto y = net->forward(torch::ones({1, 4}));
}

// Explicitly on the CPU, or a dtype change only: no device move.
void explicit_cpu(Net &net, torch::optim::SGD &sgd) {
  net->to(torch::kCPU);
  net->to(torch::kDouble);
  torch::load(net, "net.pt");
  torch::load(sgd, "sgd.pt");
  torch::optim::Adagrad adagrad(net->parameters());
  net->to(torch::Device(torch::kCPU));
}

// A module whose placement this function does not know: neither moved nor
// used on a device here.
void restore_only(Net &net, torch::Device device) {
  torch::load(net, "net.pt");
  auto y = net->forward(torch::ones({1, 4}));
}

// Another module is moved; this one is neither moved nor used on a device.
void other_module(torch::Device device) {
  Net encoder, decoder;
  encoder->to(device);
  torch::load(decoder, "decoder.pt");
}

// Tensor parameters alone do not show that the code runs on a device.
void tensor_params(Net &net, torch::optim::Adam &adam, const torch::Tensor &x) {
  torch::load(adam, "adam.pt");
  torch::load(net, "net.pt");
  auto y = net->forward(x);
}

// Tensors and tensor lists are outside this check.
void tensors(torch::Device device) {
  torch::Tensor t;
  torch::load(t, "t.pt");
  std::vector<torch::Tensor> list;
  torch::load(list, "list.pt");
  torch::save(t.to(device), "t2.pt");
}

// A CPU program: the model is used on inputs it moves to the CPU itself, so
// the checkpoint was saved by a CPU program too; the load cannot land on
// another device.
int evaluate_on_cpu(const std::string &path, const torch::Tensor &batch) {
  Net net;
  torch::load(net, path);
  auto images = batch.to(torch::kCPU);
  auto outputs = net->forward(images);
  return static_cast<int>(net->forward(batch.cpu()).size(0) + outputs.size(0));
}

// A save/load round trip in one function: the checkpoint comes from this
// program's own module on this program's device, and the load restores it.
torch::Tensor round_trip(const torch::Tensor &x, torch::Device device,
                         const std::string &path) {
  Net net;
  net->to(device);
  torch::save(net, path);
  Net copy;
  torch::load(copy, path);
  net = Net();
  net->to(device);
  torch::load(net, path);
  return copy->forward(x.to(device)) + net->forward(x.to(device));
}

// A loader: the caller decides where the module runs, and moves it there.
struct Translator {
  explicit Translator(const std::string &path, torch::Device device)
      : device_(device), model_(load_model(path)) {
    model_.to(device_);
  }
  torch::jit::script::Module load_model(const std::string &path) {
    return torch::jit::load(path);
  }
  torch::Device device_;
  torch::jit::script::Module model_;
};

// The move is on a path that leaves before the load: the load restores a
// module that was never moved. (A move that only comes earlier in the text
// says nothing; what reaches the load does.)
void evaluate_or_restore(Net net, torch::Device device, bool evaluate) {
  if (evaluate) {
    net->to(device);
    return;
  }
  torch::load(net, "net.pt");
}

// Moved after the load on every path, or never used on a device after it
// (the branch returns).
void resume_then_place(Net &net, torch::Device device, const std::string &path,
                       bool resume, torch::Tensor x) {
  if (resume)
    torch::load(net, path);
  net->to(device);
  net->forward(x.to(device));
}
void resume_and_return(Net &net, torch::Device device, const std::string &path,
                       bool resume, torch::Tensor x) {
  if (resume) {
    torch::load(net, path);
    return;
  }
  net->forward(x.to(device));
}

// A TorchScript module that is asked where it lives: the program follows the
// device the file puts it on, and moves its inputs there.
void follow_the_saved_device(const std::string &path, torch::Tensor image) {
  auto module = torch::jit::load(path);
  auto device = (*module.buffers().begin()).device();
  std::vector<torch::jit::IValue> inputs{image.to(device)};
  auto out = module.forward(inputs);
  auto other = torch::jit::load(path);
  const bool on_gpu = (*other.parameters().begin()).is_cuda();
  other.forward({on_gpu ? image.cuda() : image});
}

// A TorchScript module is a handle: moving a copy of it moves the module
// that was loaded.
void move_a_copy(torch::Device device, const std::string &path,
                 torch::Tensor image) {
  torch::jit::script::Module loaded = torch::jit::load(path);
  auto model = std::make_shared<torch::jit::script::Module>(loaded);
  model->to(device);
  model->forward({image.to(device)});
  torch::jit::script::Module second = torch::jit::load(path);
  torch::jit::script::Module alias = second;
  alias.to(device);
  second.forward({image.to(device)});
}

// A TorchScript file read only for its tensors, each copied where this
// program wants it: the script module itself never runs, so where the file
// puts it does not matter.
struct Decoder : torch::nn::Module {
  Decoder(torch::Device device) : device(device) {
    fc = register_module("fc", torch::nn::Linear(4, 2));
    to(device);
  }
  void load_weights(const std::string &path) {
    torch::jit::script::Module scripted = torch::jit::load(path);
    std::map<std::string, torch::Tensor> params;
    for (const auto &param : scripted.named_parameters())
      params.insert({param.name, param.value});
    torch::NoGradGuard no_grad;
    fc->weight.copy_(params["fc.weight"]);
    fc->bias = params["fc.bias"].clone().to(device);
    auto buffers = torch::jit::load(path, torch::kCPU).named_buffers();
    (void)buffers;
  }
  torch::Device device;
  torch::nn::Linear fc{nullptr};
};
