// CHECKS: torch-default-stream-launch
// HEADERS: fast real2
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// PyTorch queues a tensor's work on the current stream, which the caller may
// have set (a side stream, a CUDA graph being captured). A kernel launched on
// the legacy default stream is not ordered with that work.
#include <cuda_runtime.h>
#include <torch/torch.h>
// CHECK-FIXES-INSERTED: #include <ATen/cuda/CUDAContext.h>

__global__ void scale_kernel(const float *in, float *out, int n) {}

torch::Tensor scale(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  const float *in_p = in.data_ptr<float>();
  float *out_p = out.data_ptr<float>();
  const int n = in.numel();
  scale_kernel<<<(n + 255) / 256, 256>>>(in_p, out_p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on the legacy default stream, not on PyTorch's current stream; it is not ordered with the work queued on its tensors when the caller uses a stream of its own or captures a CUDA graph [torch-default-stream-launch]
  // CHECK-FIXES: scale_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(in_p, out_p, n);
  // CHECK-NOTES: :[[@LINE-6]]:23: note: it is handed the memory of this tensor
  return out;
}

// A shared-memory size given, no stream; stream 0 and cudaStreamLegacy name
// the legacy default stream.
void scale_shared(const torch::Tensor &in, torch::Tensor &out) {
  const float *in_p = in.data_ptr<float>();
  float *out_p = out.data_ptr<float>();
  const int n = in.numel();
  scale_kernel<<<1, 256, 1024>>>(in_p, out_p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on the legacy default stream, not on PyTorch's current stream; it is not ordered with the work queued on its tensors when the caller uses a stream of its own or captures a CUDA graph [torch-default-stream-launch]
  // CHECK-FIXES: scale_kernel<<<1, 256, 1024, at::cuda::getCurrentCUDAStream()>>>(in_p, out_p, n);
  // CHECK-NOTES: :[[@LINE-6]]:23: note: it is handed the memory of this tensor
  scale_kernel<<<1, 256, 0, 0>>>(in_p, out_p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on the legacy default stream, not on PyTorch's current stream; it is not ordered with the work queued on its tensors when the caller uses a stream of its own or captures a CUDA graph [torch-default-stream-launch]
  // CHECK-FIXES: scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(in_p, out_p, n);
  // CHECK-NOTES: :[[@LINE-10]]:23: note: it is handed the memory of this tensor
  scale_kernel<<<1, 256, 0, cudaStreamLegacy>>>(in_p, out_p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on the legacy default stream, not on PyTorch's current stream; it is not ordered with the work queued on its tensors when the caller uses a stream of its own or captures a CUDA graph [torch-default-stream-launch]
  // CHECK-FIXES: scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(in_p, out_p, n);
  // CHECK-NOTES: :[[@LINE-14]]:23: note: it is handed the memory of this tensor
}

// A launcher that takes raw pointers, called with tensors' memory.
static void launch_scale(const float *in, float *out, int n) {
  scale_kernel<<<1, 256>>>(in, out, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on the legacy default stream, not on PyTorch's current stream; it is not ordered with the work queued on its tensors when the caller uses a stream of its own or captures a CUDA graph [torch-default-stream-launch]
  // CHECK-NOTES: :[[@LINE+6]]:16: note: it is handed the memory of this tensor
  // CHECK-FIXES: scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(in, out, n);
}

torch::Tensor scale_through_launcher(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  launch_scale(in.data_ptr<float>(), out.data_ptr<float>(), in.numel());
  return out;
}

// A copy on the default stream after the launch relies on the two sharing a
// stream: moving only the launch would let the copy read unfinished data.
float scale_and_read(const torch::Tensor &in, torch::Tensor &out) {
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: CUDA kernel 'scale_kernel' is launched on the legacy default stream, not on PyTorch's current stream; it is not ordered with the work queued on its tensors when the caller uses a stream of its own or captures a CUDA graph [torch-default-stream-launch]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: it is handed the memory of this tensor
  // CHECK-NOTES: :[[@LINE+3]]:3: note: 'cudaMemcpy' here stays on the default stream, no longer ordered with the launch once it runs on the current stream
  // CHECK-NOTES: :[[@LINE-4]]:3: note: suggested fix; it changes the order of the launch and that memory work, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  float first = 0;
  cudaMemcpy(&first, out.data_ptr<float>(), sizeof(float),
             cudaMemcpyDeviceToHost);
  return first;
}

// A stream the code chose.
void scale_on(const torch::Tensor &in, torch::Tensor &out,
              cudaStream_t stream) {
  scale_kernel<<<1, 256, 0, stream>>>(in.data_ptr<float>(),
                                      out.data_ptr<float>(), in.numel());
}

// A kernel on the program's own buffers, with no tensor: not PyTorch's work.
void scale_buffers(const float *in, float *out, int n) {
  scale_kernel<<<1, 256>>>(in, out, n);
}
