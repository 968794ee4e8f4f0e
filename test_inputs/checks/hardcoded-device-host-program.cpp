// CHECKS: torch-hardcoded-device,torch-mixed-device-op
// HEADERS: fast real real2
// A program that names no device but the CPU (the file defines `main`; no
// CUDA constant, `.cuda()`, `torch::cuda::` query or device string) runs on
// the CPU by design: its modules are never moved, and spelling `kCPU` out is
// consistent with everything else it does. Nothing is reported, and a tensor
// that meets the never-moved module may not be "on another device". The same
// helpers in a file that also names CUDA are device-neutral code
// (hardcoded-device.cpp).
#include <torch/torch.h>

#include <iostream>

struct AutoencoderImpl : torch::nn::Module {
  AutoencoderImpl() {
    encoder = register_module("encoder", torch::nn::Linear(66, 16));
    decoder = register_module("decoder", torch::nn::Linear(16, 66));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return decoder(torch::relu(encoder(x)));
  }
  torch::nn::Linear encoder{nullptr}, decoder{nullptr};
};
TORCH_MODULE(Autoencoder);

struct Trainer {
  Autoencoder net;
  torch::Tensor epoch(int64_t batches) {
    auto options = torch::TensorOptions().dtype(torch::kInt32).device(torch::kCPU);
    auto order = torch::randperm(batches, options);
    torch::Tensor loss_sum = torch::zeros({1}, torch::kCPU);
    for (int64_t i = 0; i < batches; ++i) {
      torch::Tensor x = torch::rand({66}).to(torch::kCPU);
      loss_sum += torch::mse_loss(net(x), x) * order[i];
      loss_sum += net->encoder(x.cpu()).sum();
    }
    return loss_sum;
  }
};

int main() {
  Trainer trainer;
  std::cout << trainer.epoch(4) << "\n";
  return 0;
}
