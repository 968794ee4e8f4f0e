// Seed 003's gradient monitor, in a small trainer: after each step it sums
// the squared norms of two modules' gradients, with one norm per parameter.
// A user may keep the two modules on different devices, and torch::stack then
// throws. runtime_fix.sh applies torchlint's fix (torchlint::stack, and the
// runtime's #include), builds the result against libtorch and the runtime,
// and trains two steps with the monitor between them. The second module goes
// to CUDA where one is present: there the unfixed monitor throws.
#include <torch/torch.h>

#include <cstdio>
#include <vector>

torch::Tensor grad_norm_sq(torch::nn::Linear &host, torch::nn::Linear &seed) {
  std::vector<torch::Tensor> grads;
  for (auto &p : host->parameters())
    grads.push_back(p.grad());
  for (auto &p : seed->parameters())
    grads.push_back(p.grad());
  auto norms = torch::_foreach_norm(grads);
  return torch::stack(norms).pow(2).sum();
}

int main() {
  torch::manual_seed(0);
  const torch::Device second = torch::cuda::is_available()
                                   ? torch::Device(torch::kCUDA)
                                   : torch::Device(torch::kCPU);
  torch::nn::Linear host(4, 3), seed(4, 3);
  seed->to(second);
  std::vector<torch::Tensor> params = host->parameters();
  for (auto &p : seed->parameters())
    params.push_back(p);
  torch::optim::SGD opt(params, 0.1);
  double total = 0;
  for (int step = 0; step < 2; ++step) {
    auto x = torch::ones({2, 4});
    auto loss = host->forward(x).pow(2).mean() +
                seed->forward(x.to(second)).pow(2).mean().to(torch::kCPU);
    opt.zero_grad();
    loss.backward();
    total += grad_norm_sq(host, seed).item<double>();
    opt.step();
  }
  std::printf("monitored 2 steps of gradients on cpu and %s: %.4f\n",
              second.str().c_str(), total);
  return total > 0 ? 0 : 1;
}
