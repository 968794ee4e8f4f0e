// Seed 000's restore, in a small trainer: the optimizer is restored with no
// device after its module was moved to one chosen in an inner scope, so no
// device can be spelled at the load. runtime_fix.sh applies torchlint's fix
// (torchlint::migrate_optimizer_state after the load, and the runtime's
// #include), builds the result against libtorch and the runtime, and runs a
// training step after the restore. The checkpoint is written on the CPU and
// restored onto the best device present: on a CUDA machine the state would
// stay on the CPU without the fix, and the step would throw.
#include <torch/torch.h>

#include <cstdio>
#include <string>

torch::Device pick_device() {
  return torch::cuda::is_available() ? torch::Device(torch::kCUDA)
                                     : torch::Device(torch::kCPU);
}

void train_step(torch::nn::Linear &net, torch::optim::Adam &opt) {
  const torch::Device device = net->weight.device();
  auto x = torch::ones({8, 4}, device);
  auto loss = net->forward(x).pow(2).mean();
  opt.zero_grad();
  loss.backward();
  opt.step();
}

void restore(torch::nn::Linear &net, torch::optim::Adam &opt,
             const std::string &dir) {
  torch::load(net, dir + "/net.pt");
  {
    const torch::Device device = pick_device();
    net->to(device);
  }
  torch::load(opt, dir + "/opt.pt");
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  const std::string dir = argv[1];
  torch::manual_seed(0);
  torch::nn::Linear net(4, 2);
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-2));
  train_step(net, opt);
  torch::save(net, dir + "/net.pt");
  torch::save(opt, dir + "/opt.pt");

  torch::nn::Linear restored(4, 2);
  torch::optim::Adam restored_opt(restored->parameters(),
                                  torch::optim::AdamOptions(1e-2));
  restore(restored, restored_opt, dir);
  int states = 0;
  for (const auto &param : restored->parameters()) {
    auto &state = static_cast<torch::optim::AdamParamState &>(
        *restored_opt.state().at(c10::guts::to_string(param.unsafeGetTensorImpl())));
    if (state.exp_avg().device() != param.device()) {
      std::printf("state on %s, parameter on %s\n",
                  state.exp_avg().device().str().c_str(),
                  param.device().str().c_str());
      return 1;
    }
    ++states;
  }
  train_step(restored, restored_opt);
  std::printf("restored %d states on %s and trained a step\n", states,
              restored->weight.device().str().c_str());
  return 0;
}
