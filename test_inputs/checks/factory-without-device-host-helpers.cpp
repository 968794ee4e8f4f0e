// CHECKS: torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real
// Helpers that read their tensor inputs on the host by contract: they
// dereference their memory (`*t.data_ptr<float>()`, `t.data<int>()[i]`) or
// take an accessor, directly or through a value computed from the input. A
// CUDA tensor there would crash, so the inputs are CPU tensors and a
// device-less factory meets CPU data only. Reading a pointer without
// dereferencing it (to hand it to a CUDA kernel) says nothing, and neither
// does item(), which works on any device.
#include <torch/torch.h>

#include <cstdint>
#include <vector>

// Detection post-processing: the first padding row is found by reading the
// index back on the host.
torch::Tensor unmold(const torch::Tensor &detections, float scale) {
  auto zero_ix = (detections.select(1, 4) == 0).nonzero();
  const int64_t n =
      zero_ix.size(0) > 0 ? *zero_ix[0].data_ptr<int64_t>() : detections.size(0);
  auto scales = torch::tensor({scale, scale, scale, scale});
  return detections.narrow(0, 0, n).narrow(1, 0, 4) * scales;
}

// An image buffer filled through an accessor.
torch::Tensor shade(const torch::Tensor &image) {
  auto pixels = image.accessor<float, 2>();
  float sum = 0;
  for (int64_t i = 0; i < image.size(0); ++i)
    sum += pixels[i][0];
  auto bias = torch::full({1}, sum);
  return image + bias.expand({image.size(0), image.size(1)});
}

// Element reads through a subscript of the raw pointer.
torch::Tensor pick(const torch::Tensor &indices) {
  const int64_t first = indices.data_ptr<int64_t>()[0];
  auto offset = torch::arange(3);
  return (indices + offset).narrow(0, first, 1);
}

// A pointer handed on, not read: the input may be a CUDA tensor.
void launch(const float *data, int64_t n);
torch::Tensor kernel_input(const torch::Tensor &x) {
  launch(x.data_ptr<float>(), x.numel());
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}

// item() syncs from any device: no host contract.
torch::Tensor threshold(const torch::Tensor &x) {
  const float t = x.max().item<float>();
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor on another device [torch-factory-without-device]
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w * t;
}
