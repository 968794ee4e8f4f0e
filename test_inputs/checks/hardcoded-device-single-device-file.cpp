// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// A file written for CUDA alone, as a CUDA-only research project writes every
// file: it places data on CUDA again and again and on no other accelerator,
// and never holds a torch::Device, asks where data lives (`x.device()`,
// `x.options()`, `y.to(x)`) or branches on a device. Its hard-coded CUDA is
// the project's convention, not an oversight: nothing is reported
// (ReportSingleDeviceCode: true reports it: hardcoded-device-single-device-report.cpp).
// A file that follows its inputs' devices anywhere is device-neutral
// (hardcoded-device-single-device.cpp), and one lone `.cuda()` is not a
// convention (hardcoded-device-single-device-once.cpp).
#include <torch/torch.h>

#include <iostream>
#include <vector>

static const torch::Tensor kEpsilon = torch::tensor(1e-6f).to(torch::kCUDA);

torch::Tensor embed(const torch::Tensor &position, int64_t length) {
  auto freq = torch::arange(length).to(torch::kFloat).unsqueeze(0).to(torch::kCUDA);
  auto angle = freq * torch::tanh(position).unsqueeze(1).to(torch::kCUDA);
  return torch::cat({torch::sin(angle), torch::cos(angle)}, 1);
}

torch::Tensor sample(const torch::Tensor &weights, int64_t n) {
  auto u = torch::rand({weights.size(0), n},
                       torch::TensorOptions().device(torch::kCUDA));
  auto w = weights.clamp_min(kEpsilon);
  return torch::searchsorted(w.cumsum(1), u);
}

// A class that keeps no module of its own: the file's convention still holds.
struct Tracer {
  torch::Tensor trace(torch::Tensor origins) {
    origins = origins.reshape({-1, 3}).to(torch::kCUDA);
    std::vector<torch::Tensor> out;
    for (int64_t i = 0; i < origins.size(0); i += 1024)
      out.push_back(embed(origins.slice(0, i, i + 1024), 4).detach().cpu());
    return torch::cat(out);
  }
};

// Shapes without a device (ones_like follows x's, as every *_like does) and
// printing a device ask nothing of where data lives.
torch::Tensor homogeneous(const torch::Tensor &x) {
  std::cout << x.device() << "\n";
  return torch::cat({x, torch::ones_like(x.select(1, 0)).unsqueeze(1)}, 1);
}
