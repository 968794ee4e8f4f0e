// CHECKS: torch-factory-without-device,torch-mixed-device-op,torch-hardcoded-device
// HEADERS: fast real2
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// Extensions often launch a kernel in a small host function that takes raw
// pointers, and call it with a tensor's memory: that memory is the kernel's
// as much as a launch's own arguments, and must be on the GPU.
#include <cuda_runtime.h>
#include <torch/torch.h>

__global__ void scale_kernel(const float *in, float *out, int n) {}

void launch_scale(const float *in, float *out, int n, cudaStream_t stream) {
  scale_kernel<<<(n + 255) / 256, 256, 0, stream>>>(in, out, n);
}

torch::Tensor scale(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::empty({in.numel()}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+3]]:3: note: it is passed to 'launch_scale' here, which hands its memory to the CUDA kernel 'scale_kernel'
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'launch_scale' calls 'scale_kernel' here
  // CHECK-NOTES: :[[@LINE-6]]:42: note: the device is taken from parameter 'in'
  launch_scale(in.data_ptr<float>(), out.data_ptr<float>(), in.numel(),
               nullptr);
  return out;
}

// Through a second launcher, with an offset and a cast on the way.
void launch_scale_rows(const float *in, void *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    launch_scale(in + r * cols, static_cast<float *>(out) + r * cols, cols,
                 nullptr);
}

torch::Tensor scale_rows(const torch::Tensor &in) {
  auto out = torch::zeros({in.size(0), in.size(1)});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::zeros({in.size(0), in.size(1)}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+5]]:3: note: it is passed to 'launch_scale_rows' here, which hands its memory to the CUDA kernel 'scale_kernel'
  // CHECK-NOTES: :[[@LINE-9]]:5: note: 'launch_scale_rows' passes it on to 'launch_scale' here
  // CHECK-NOTES: :[[@LINE-28]]:3: note: 'launch_scale' calls 'scale_kernel' here
  // CHECK-NOTES: :[[@LINE-7]]:47: note: the device is taken from parameter 'in'
  float *out_data = out.data_ptr<float>();
  launch_scale_rows(in.data_ptr<float>(), out_data, in.size(0), in.size(1));
  return out;
}

// A launcher template called from a dispatching lambda.
template <typename T>
__global__ void fill_kernel(T *out, T value, int n) {}

template <typename T> void launch_fill(T *out, T value, int n) {
  fill_kernel<T><<<1, 256>>>(out, value, n);
}

torch::Tensor filled(const torch::Tensor &like, float value) {
  auto out = torch::empty({like.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+2]]:9: note: it is passed to 'launch_fill' here, which hands its memory to the CUDA kernel 'fill_kernel'
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'launch_fill' calls 'fill_kernel' here
  [&] { launch_fill<float>(out.data_ptr<float>(), value, like.numel()); }();
  return out;
}

// An output made where the input is: nothing to report.
torch::Tensor scale_placed(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  launch_scale(in.data_ptr<float>(), out.data_ptr<float>(), in.numel(),
               nullptr);
  return out;
}

// A pointer the launcher reads on the host (the row count of each launch)
// is not the kernel's: a CPU tensor there is right.
void launch_ragged(const float *in, float *out, const int64_t *row_sizes,
                   int rows) {
  int64_t offset = 0;
  for (int r = 0; r < rows; ++r) {
    scale_kernel<<<1, 256>>>(in + offset, out + offset,
                             static_cast<int>(row_sizes[r]));
    offset += row_sizes[r];
  }
}

torch::Tensor scale_ragged(const torch::Tensor &in,
                           const std::vector<int64_t> &sizes) {
  auto row_sizes = torch::tensor(sizes, torch::kLong);
  auto out = torch::empty_like(in);
  launch_ragged(in.data_ptr<float>(), out.data_ptr<float>(),
                row_sizes.data_ptr<int64_t>(), static_cast<int>(sizes.size()));
  return out;
}

// A host helper that takes a pointer and launches nothing: host work.
void count_on_host(int *counts, int n) {
  for (int i = 0; i < n; ++i)
    counts[i] = i;
}

torch::Tensor counted(const torch::Tensor &in) {
  auto counts = torch::zeros({in.size(0)}, torch::kInt);
  count_on_host(counts.data_ptr<int>(), static_cast<int>(in.size(0)));
  return counts.to(in.device());
}

// A host copy handed to a launcher: the kernel reads host memory.
void scale_from_host(const torch::Tensor &in, torch::Tensor &out) {
  auto host = in.cpu();
  launch_scale(host.data_ptr<float>(), out.data_ptr<float>(), in.numel(),
               nullptr);
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: CUDA kernel 'scale_kernel' is handed the memory of a tensor on the CPU in this call of 'launch_scale' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-99]]:3: note: 'launch_scale' calls 'scale_kernel' here
  // CHECK-NOTES: :[[@LINE-5]]:15: note: placed on cpu here
}

// A function that hands memory to a launcher runs on CUDA by design: its
// fixed CUDA device is that design.
torch::Tensor scale_on_cuda(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()}, torch::kCUDA);
  launch_scale(in.data_ptr<float>(), out.data_ptr<float>(), in.numel(),
               nullptr);
  return out;
}

// A launcher that copies a host pointer to the device before its launch:
// that pointer's memory is the host's, the kernel gets the copy.
void launch_from_host(const float *host_in, float *out, int n) {
  float *staged = nullptr;
  cudaMalloc((void **)&staged, n * sizeof(float));
  cudaMemcpy(staged, host_in, n * sizeof(float), cudaMemcpyHostToDevice);
  scale_kernel<<<1, 256>>>(staged, out, n);
}

void launch_repointed(const float *in, float *out, int n, const float *dev) {
  in = dev;
  scale_kernel<<<1, 256>>>(in, out, n);
}

torch::Tensor scale_host_input(const torch::Tensor &x) {
  auto weights = torch::ones({x.numel()});
  auto out = torch::empty_like(x);
  launch_from_host(weights.data_ptr<float>(), out.data_ptr<float>(),
                   x.numel());
  launch_repointed(weights.data_ptr<float>(), out.data_ptr<float>(), x.numel(),
                   x.data_ptr<float>());
  return out;
}

// A launcher that launches only when its caller says the data is on CUDA,
// and works on the host otherwise.
void scale_either(const float *in, float *out, int n, bool on_cuda) {
  if (on_cuda)
    scale_kernel<<<1, 256>>>(in, out, n);
  else
    for (int i = 0; i < n; ++i)
      out[i] = 2 * in[i];
}

torch::Tensor scale_on_host(int n) {
  auto in = torch::rand({n});
  auto out = torch::empty({n});
  scale_either(in.data_ptr<float>(), out.data_ptr<float>(), n, false);
  return out;
}

// Launchers that call each other: the memory reaches the kernel from
// whichever is called first.
void split_b(float *out, int n);
void split_a(float *out, int n) {
  if (n <= 256)
    fill_kernel<float><<<1, 256>>>(out, 0.f, n);
  else
    split_b(out, n);
}
void split_b(float *out, int n) {
  split_a(out, n / 2);
  split_a(out + n / 2, n - n / 2);
}

torch::Tensor through_b(int n) {
  auto out = torch::empty({n});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:3: note: it is passed to 'split_b' here, which hands its memory to the CUDA kernel 'fill_kernel'
  // CHECK-NOTES: :[[@LINE-8]]:3: note: 'split_b' passes it on to 'split_a' here
  // CHECK-NOTES: :[[@LINE-14]]:5: note: 'split_a' calls 'fill_kernel' here
  split_b(out.data_ptr<float>(), n);
  return out;
}

torch::Tensor through_a(int n) {
  auto out = torch::empty({n});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+2]]:3: note: it is passed to 'split_a' here, which hands its memory to the CUDA kernel 'fill_kernel'
  // CHECK-NOTES: :[[@LINE-23]]:5: note: 'split_a' calls 'fill_kernel' here
  split_a(out.data_ptr<float>(), n);
  return out;
}
