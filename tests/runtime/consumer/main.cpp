// Touches every header of the installed package once; prints "consumer OK".
#include <torch/torch.h>
#include <torchlint/torchlint.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

int main() {
  const auto device = torchlint::select_device();
  torch::nn::Linear net(2, 2);
  net->to(device);
  torch::optim::Adam adam(net->parameters());
  adam.zero_grad();
  net->forward(torchlint::tensor_like({{1.0, 2.0}}, net->weight)).sum().backward();
  adam.step();
  torchlint::ensure_module_device(net, device);
  torchlint::migrate_optimizer_state(adam, device);
  // Plain POSIX for the scratch directory, not std::filesystem: the torch wheel's libtorch.so
  // exports a broken std::filesystem::remove_all that the dynamic linker binds first
  // (docs/runtime.md).
  const char* base = std::getenv("TMPDIR");
  std::string dir = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/torchlint-consumer-XXXXXX";
  if (mkdtemp(dir.data()) == nullptr) {
    std::perror(dir.c_str());
    return 1;
  }
  torchlint::save_checkpoint(net, adam, dir);
  torchlint::load_checkpoint(net, adam, dir, device, torchlint::DevicePolicy::Strict);
  const auto paths = torchlint::checkpoint_paths(dir);
  if (unlink(paths.model.c_str()) != 0 || unlink(paths.optimizer.c_str()) != 0 || rmdir(dir.c_str()) != 0) {
    std::perror(dir.c_str());
    return 1;
  }
  const auto stacked = torchlint::stack({net->weight.detach(), net->weight.detach()});
  torchlint::check_same_device({stacked, net->weight});
  std::cout << "consumer OK on " << device << "\n";
  return 0;
}
