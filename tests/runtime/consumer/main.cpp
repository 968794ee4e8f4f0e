// Touches every header of the installed package once; prints "consumer OK".
#include <torch/torch.h>
#include <torchlint/torchlint.h>

#include <filesystem>
#include <iostream>

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
  const auto dir = (std::filesystem::temp_directory_path() / "torchlint-consumer").string();
  torchlint::save_checkpoint(net, adam, dir);
  torchlint::load_checkpoint(net, adam, dir, device, torchlint::DevicePolicy::Strict);
  std::filesystem::remove_all(dir);
  const auto stacked = torchlint::stack({net->weight.detach(), net->weight.detach()});
  torchlint::check_same_device({stacked, net->weight});
  std::cout << "consumer OK on " << device << "\n";
  return 0;
}
