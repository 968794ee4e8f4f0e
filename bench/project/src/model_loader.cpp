// Loading trained models for inference.
#include <torch/script.h>
#include <torch/torch.h>

#include "benchproj/model_loader.h"
#include "benchproj/logging.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace benchproj {

torch::jit::Module load_scripted(const std::string &path, const torch::Device &device) {
  torch::jit::Module module;
  try {
    module = torch::jit::load(path, device);
  } catch (const c10::Error &e) {
    throw std::runtime_error("cannot load TorchScript model '" + path + "': " + e.what_without_backtrace());
  }
  module.eval();
  size_t params = 0;
  for (const auto &p : module.parameters())
    params += static_cast<size_t>(p.numel());
  default_logger().info("loaded " + path + " (" + std::to_string(params) + " parameters) on " +
                        c10::DeviceTypeName(device.type()));
  return module;
}

Mlp load_mlp(const std::string &path, const MlpOptions &options, const torch::Device &device) {
  Mlp model(options);
  torch::load(model, path, device);
  model->to(device);
  model->eval();
  return model;
}

bool looks_like_torchscript(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  char magic[2] = {0, 0};
  in.read(magic, 2);
  if (magic[0] != 'P' || magic[1] != 'K')
    return false;
  // Both archives are zip files; scripted modules carry their code.
  in.seekg(0);
  std::string head;
  head.resize(1 << 16);
  in.read(&head[0], static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return head.find("/code/") != std::string::npos;
}

void warmup(torch::jit::Module &module, const torch::Tensor &example, int iterations) {
  torch::NoGradGuard no_grad;
  std::vector<torch::jit::IValue> inputs{example};
  for (int i = 0; i < iterations; ++i) {
    auto out = module.forward(inputs);
    if (!out.isTensor())
      throw std::runtime_error("warmup: model did not return a tensor");
  }
}

// Copies the parameters of an eager model into a scripted one with the same names.
size_t copy_parameters(const torch::nn::Module &from, torch::jit::Module &to) {
  torch::NoGradGuard no_grad;
  size_t copied = 0;
  auto source = from.named_parameters();
  for (const auto &item : to.named_parameters()) {
    auto *match = source.find(item.name);
    if (match == nullptr)
      continue;
    if (match->sizes() != item.value.sizes())
      throw std::runtime_error("copy_parameters: shape mismatch for " + item.name);
    item.value.copy_(*match);
    ++copied;
  }
  return copied;
}

// Describes the inputs of a scripted module's forward method.
std::vector<std::string> forward_signature(const torch::jit::Module &module) {
  std::vector<std::string> names;
  auto method = module.get_method("forward");
  for (const auto &arg : method.function().getSchema().arguments())
    names.push_back(arg.name() + ": " + arg.type()->str());
  return names;
}

} // namespace benchproj
