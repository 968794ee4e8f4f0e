// Seed 000's module half: a module moved to the best device present in an
// inner scope, then restored from a checkpoint with no device, so libtorch
// puts its parameters back on the device they were saved from (the CPU).
// runtime_fix.sh applies torchlint's fix (torchlint::load_in_place, and the
// runtime's #include), builds the result against libtorch and the runtime,
// and runs a forward pass on the device the module was moved to: on a CUDA
// machine the unfixed program throws there.
#include <torch/torch.h>

#include <cstdio>
#include <string>

torch::Device pick_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

void resume(torch::nn::Linear &net, const std::string &path) {
  {
    const torch::Device device = pick_device();
    net->to(device);
  }
  torch::load(net, path);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const std::string path = std::string(argv[1]) + "/net.pt";
  torch::manual_seed(0);
  torch::nn::Linear saved(4, 2);
  torch::save(saved, path);

  torch::nn::Linear net(4, 2);
  resume(net, path);
  auto y = net->forward(torch::ones({1, 4}, pick_device()));
  const bool same = torch::equal(net->weight.cpu(), saved->weight);
  std::printf("reloaded %s weights on %s and ran forward\n",
              same ? "the saved" : "other", y.device().str().c_str());
  return same ? 0 : 1;
}
