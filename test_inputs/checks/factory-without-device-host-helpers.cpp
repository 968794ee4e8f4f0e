// CHECKS: torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real real2
// Helpers that read their tensor inputs on the host by contract: they
// dereference their memory (`*t.data_ptr<float>()`, `t.data<int>()[i]`),
// take an accessor, copy it out (`memcpy`, `std::copy`, a `std::vector`
// built from the pointer) or wrap it in an image (`cv::Mat`), directly or
// through a value computed from the input, or pass it to a function of this
// file that does. A
// CUDA tensor there would crash, so the inputs are CPU tensors and a
// device-less factory meets CPU data only. Reading a pointer without
// dereferencing it (to hand it to a CUDA kernel) says nothing, and neither
// does item(), which works on any device.
#include <torch/torch.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace cv {
// An image header over memory the caller owns, as OpenCV's.
struct Mat {
  Mat(int rows, int cols, int type, void *data);
};
} // namespace cv

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
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-5]]:49: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}

// item() syncs from any device: no host contract.
torch::Tensor threshold(const torch::Tensor &x) {
  const float t = x.max().item<float>();
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-5]]:46: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w * t;
}

// Copied out to host memory.
torch::Tensor top_scores(const torch::Tensor &scores) {
  std::vector<float> out(scores.numel());
  std::memcpy(out.data(), scores.data_ptr<float>(), out.size() * sizeof(float));
  return scores * torch::ones({scores.size(0)});
}
torch::Tensor boxes_of(const torch::Tensor &boxes) {
  std::vector<float> host(boxes.data_ptr<float>(),
                          boxes.data_ptr<float>() + boxes.numel());
  auto offset = torch::full({4}, 0.5);
  return boxes + offset;
}
torch::Tensor labels_of(const torch::Tensor &labels) {
  std::vector<int64_t> host(labels.numel());
  std::copy(labels.data_ptr<int64_t>(), labels.data_ptr<int64_t>() + labels.numel(),
            host.begin());
  return labels + torch::arange(labels.numel());
}

// Wrapped in an image header.
torch::Tensor mask_image(const torch::Tensor &mask) {
  cv::Mat image(static_cast<int>(mask.size(0)), static_cast<int>(mask.size(1)), 5,
                mask.data_ptr<float>());
  return mask * torch::ones({mask.size(1)});
}

// Read on the host by a function this one calls: its callers pass host data.
int32_t first_corner(const torch::Tensor &box) { return *box.data_ptr<int32_t>(); }
torch::Tensor unmold_boxes(const torch::Tensor &detections, float scale) {
  auto boxes = detections.narrow(1, 0, 4);
  const int32_t y0 = first_corner(boxes[0]);
  auto scales = torch::tensor({scale, scale, scale, scale});
  return boxes * scales - y0;
}

// Read through a local pointer to its memory: still a host helper.
torch::Tensor first_scaled(const torch::Tensor &points) {
  const float *p = points.contiguous().data_ptr<float>();
  const float first = p[0];
  return torch::ones({3}) * points + first;
}

// Step masks read back on the host: the callers pass host masks, and the
// hidden state they scale is the callers' to place as well (both are
// parameters), so this function decides no device and nothing is reported.
torch::Tensor reset_hidden(const torch::Tensor &hidden,
                           const torch::Tensor &masks) {
  auto done = (masks == 0).nonzero().contiguous().to(torch::kInt);
  std::vector<int> steps(done.data_ptr<int>(),
                         done.data_ptr<int>() + done.numel());
  const int first = steps.empty() ? 0 : steps[0];
  return hidden * masks[first].view({1, -1, 1});
}

// Host masks meeting a tensor this function itself moved to the GPU.
torch::Tensor reset_hidden_on_gpu(const torch::Tensor &hidden,
                                  const torch::Tensor &masks) {
  const float first = *masks.data_ptr<float>();
  return hidden.cuda() * masks.view({1, -1}) * first;
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: operands of 'operator*' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:23: note: read on the host here, so the caller passes CPU data
  // CHECK-NOTES: :[[@LINE-3]]:10: note: placed on cuda here
}

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  kernel_input(x);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'device' reaches parameter 'x' through this call of 'kernel_input'
  threshold(x);
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on the device of 'device' reaches parameter 'x' through this call of 'threshold'
}

// A host staging buffer: made without a device on purpose, filled through
// its memory from a file, offset on the host, then moved to the device as a
// whole. A device at the factory would make the read write device memory.
struct PointCloud {
  torch::Device device{torch::kCPU};
  torch::Tensor points, offset;
  void read(std::FILE *file, int64_t n) {
    torch::Tensor staging = torch::zeros({n, 3}, torch::kFloat32);
    for (int64_t i = 0; i < n; ++i)
      std::fread(staging[i].data_ptr(), sizeof(float), 3, file);
    points = (staging - offset).to(device);
  }
};

// A host buffer fed to a module the class moved to a device: the move to the
// module's device is missing. That is the op's defect, not the factory's (a
// device at the factory would make the accessor write device memory).
struct ScoreNet : torch::nn::Module {
  ScoreNet() { fc = register_module("fc", torch::nn::Linear(9, 4)); }
  torch::Tensor forward(const torch::Tensor &x) { return fc(x); }
  // CHECK-NOTES: :[[@LINE-1]]:58: note: 'forward' calls 'torch::nn::LinearImpl::forward' here
  torch::nn::Linear fc{nullptr};
};
class BoardPlayer {
public:
  explicit BoardPlayer(torch::Device device) { net_->to(device); }
  torch::Tensor image(const std::vector<int> &board) const {
    auto planes = torch::zeros({1, 9});
    // CHECK-NOTES: :[[@LINE-1]]:19: note: placed on cpu here
    auto cells = planes.accessor<float, 2>();
    for (int i = 0; i < 9; ++i)
      cells[0][i] = static_cast<float>(board[i]);
    return planes;
  }
  torch::Tensor act(const std::vector<int> &board) {
    return net_->forward(image(board));
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: operands of 'torch::nn::LinearImpl::forward' may be on different devices (cpu and the device of 'net_') in this call of 'forward' [torch-mixed-device-op]
  }

private:
  std::shared_ptr<ScoreNet> net_ = std::make_shared<ScoreNet>();
  // CHECK-NOTES: :[[@LINE-1]]:29: note: 'net_' may live on any device (wherever set-up put it)
};
