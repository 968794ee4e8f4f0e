// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// A component that is single-device by design: the class puts its own module
// on CUDA, places data on CUDA and nowhere else (moves to the host to read
// results are host work), never holds a torch::Device as a value, never
// follows or asks for one. Hard-coding CUDA in its methods is consistent with
// its own state, not a defect (ReportSingleDeviceCode: true reports it
// anyway: hardcoded-device-single-device-report.cpp). The rest of this file
// follows its inputs' devices (`like()` below), so it is device-neutral, and
// a free function that hard-codes CUDA here is reported. (A file written for
// CUDA alone: hardcoded-device-single-device-file.cpp.)
#include <torch/torch.h>

#include <iostream>
#include <vector>

struct RendererImpl : torch::nn::Module {
  RendererImpl() {
    mlp = register_module("mlp", torch::nn::Linear(3, 4));
    mlp->to(torch::kCUDA);
  }
  torch::Tensor forward(torch::Tensor rays) {
    rays = rays.reshape({-1, 3}).to(torch::kCUDA);
    auto noise = torch::randn({3}, torch::TensorOptions().device(torch::kCUDA));
    return mlp->forward(rays + noise);
  }
  torch::nn::Linear mlp{nullptr};
};
TORCH_MODULE(Renderer);

torch::Tensor normalise(const torch::Tensor &images) {
  // Meets only the other fixed CUDA placement: the one reported below.
  static const auto mean = torch::tensor({0.485f, 0.456f, 0.406f}).cuda();
  return images.cuda().sub(mean);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-5]]:46: note: parameter 'images' makes this code device-neutral; follow the device of the data it works with
  // CHECK-NOTES: :[[@LINE-3]]:17: note: the tensor it places is returned from 'normalise', for code whose data may be on another device
}

std::vector<float> scores(Renderer &renderer, const torch::Tensor &rays) {
  auto out = renderer->forward(rays).detach().cpu().contiguous();
  return std::vector<float>(out.data_ptr<float>(),
                            out.data_ptr<float>() + out.numel());
}

// Follows where its input lives: this file is not written for CUDA alone.
torch::Tensor like(const torch::Tensor &x) {
  return torch::zeros({2}, x.options());
}

// Printing where a tensor lives asks nothing.
void describe(const torch::Tensor &t) {
  std::cout << t.device() << " " << t.is_cuda() << "\n";
}

// The free function above is called with data placed by a run-time device
// choice.
void run_on(torch::Device device) { normalise(torch::ones({1, 3}, device)); }
// CHECK-NOTES: :[[@LINE-1]]:47: note: data on the device of 'device' reaches parameter 'images' through this call of 'normalise'
