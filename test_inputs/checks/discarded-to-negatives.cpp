// CHECKS: torch-discarded-to
// HEADERS: fast real real2
#include <torch/torch.h>

#include <map>
#include <string>
#include <tuple>

torch::Tensor consume(const torch::Tensor &t);

// The result is used: nothing is discarded.
torch::Tensor used(torch::Tensor t, torch::Device device) {
  auto a = t.to(device);
  t = t.cuda();
  consume(t.cpu());
  torch::Tensor b;
  b = a.type_as(t);
  // An explicit (void) says the value is thrown away on purpose.
  (void)t.to(device);
  std::ignore = t.to(torch::kHalf);
  // In-place operations are statements by design.
  t.copy_(a);
  t.set_data(t.to(device));
  return t.to(torch::kFloat) + b;
}

// A module moves in place: module->to(...) and module.to(...) are complete.
struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(3, 1)); }
  void place(torch::Device device) {
    to(device);
    this->to(device, torch::kFloat);
    fc->to(device);
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

void place(Net &net, NetImpl &impl, torch::nn::Module &module,
           torch::Device device) {
  net->to(device);
  impl.to(device);
  module.to(torch::kHalf);
}

// A tensor that is only the source of copy_ after its discarded moves: copy_
// moves and converts into the destination on its own, so nothing is lost.
void restore(std::map<std::string, torch::Tensor> &params,
             const std::string &name, torch::Tensor loaded,
             const torch::Tensor &like) {
  loaded.to(like.device());
  loaded.to(like.dtype());
  params.find(name)->second.copy_(loaded);
  loaded = torch::Tensor();
}

// A tensor moved only to see that the device works and never read again:
// nothing is lost. Read afterwards, or again in the next iteration of a
// loop, it would be (see discarded-to.cpp).
bool deviceWorks(const std::string &name) {
  try {
    torch::Device device(name);
    torch::Tensor probe = torch::tensor({-1, 1});
    probe.to(device);
    return true;
  } catch (const std::exception &) {
    return false;
  }
}
