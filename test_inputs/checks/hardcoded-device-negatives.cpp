// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

// Asking about a device places nothing.
bool on_gpu(const torch::Tensor &x, torch::DeviceType type) {
  bool a = x.device() == torch::kCPU;
  bool b = x.device().type() == torch::kCUDA;
  bool c = x.is_cuda() || torch::cuda::is_available();
  bool d = x.device() != torch::Device("cuda:0");
  bool e = type == torch::DeviceType::CUDA;
  return a || b || c || d || e;
}

// Choosing a device (a variable's initializer, a run-time choice, a device
// handed to a callee) is not a placement; placing with the chosen variable
// follows it.
void run(torch::nn::Linear &net, torch::Device device);
void choose(torch::nn::Linear &net, const torch::Tensor &x) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  net->to(device);
  auto y = x.to(x.is_cuda() ? torch::kCUDA : torch::kCPU);
  run(net, torch::Device(torch::kCUDA, 0));
  net->forward(y.to(device));
}

// Reading results back on the host is what .cpu() / .to(kCPU) are for:
// item, data_ptr, accessor, pinned staging, printing, saving, size queries,
// through views, dtype-only conversions and locals used only that way.
float report(const torch::Tensor &loss, const torch::Tensor &logits) {
  float value = loss.cpu().item<float>();
  double mean = logits.mean().to(torch::kCPU).item<double>();
  std::cout << logits.cpu() << "\n";
  std::cout << "loss " << loss.detach().cpu() << std::endl;
  torch::save(logits.to(torch::kCPU), "logits.pt");
  const float *data = logits.detach().cpu().contiguous().data_ptr<float>();
  auto host = logits.argmax(1).to(torch::kCPU).to(torch::kLong);
  std::vector<int64_t> labels(host.data_ptr<int64_t>(),
                              host.data_ptr<int64_t>() + host.numel());
  std::cout << host << "\n";
  auto first = logits.cpu()[0][0].item<float>();
  auto cpu_logits = logits.cpu(); // accessor() needs an lvalue
  auto acc = cpu_logits.accessor<float, 2>();
  auto pinned = logits.to(torch::kCPU).pin_memory();
  return value + static_cast<float>(mean) + data[0] + first + acc[0][0] +
         pinned.numel() +
         static_cast<float>(labels.size());
}

// Following the data in scope.
torch::Tensor follow(const torch::Tensor &x, torch::Tensor w,
                     torch::Device device) {
  auto a = w.to(x.device());
  auto b = torch::ones({3}, x.options());
  auto c = torch::zeros({3}, torch::device(device));
  auto d = w.to(device, torch::kHalf);
  return x + a + b + c + d.to(torch::kFloat);
}

// Options that describe memory rather than choose a device: from_blob's
// (where the pointer lives) and pinned host staging buffers.
torch::Tensor wrap(const torch::Tensor &like, std::vector<float> &host) {
  auto view = torch::from_blob(host.data(), {static_cast<int64_t>(host.size())},
                               torch::TensorOptions().dtype(torch::kFloat).device(torch::kCPU));
  auto staging = torch::empty({4}, torch::TensorOptions().device(torch::kCPU).pinned_memory(true));
  auto staging2 = torch::empty({4}, torch::dtype(torch::kFloat).pinned_memory(true).device(torch::kCPU));
  staging.copy_(like);
  return view.sum() + staging2.sum();
}

// No device context: code that receives no tensor, device or module may
// decide where its own data lives.
torch::Tensor make_batch() { return torch::randn({8, 3}).cuda(); }
torch::Tensor make_index() { return torch::arange(4, torch::kCPU); }

// A string is a device only where a device is built from it.
std::string describe(const torch::Tensor &x) {
  std::string name = "cuda";
  return x.is_cuda() ? name : std::string("cpu");
}

// main picks the device for everything it calls (IgnoredFunctions: ^main$).
int main() {
  torch::Device device(torch::kCUDA);
  torch::nn::Linear net(3, 1);
  net->to(torch::kCUDA);
  auto x = torch::randn({8, 3}).cuda();
  auto y = torch::randn({8, 3}, torch::kCUDA);
  choose(net, x.to(device) + y);
  std::vector<float> buffer(4, 1.0f);
  std::cout << report(x, y) << wrap(x, buffer) << describe(x) << make_batch() << make_index()
            << follow(x, y, device) << on_gpu(x, torch::kCUDA);
  return 0;
}
