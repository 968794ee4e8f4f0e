// CHECKS: torch-factory-without-device,torch-mixed-device-op,torch-hardcoded-device
// HEADERS: fast
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// A CUDA kernel runs on the GPU: a tensor whose memory a launch hands it must
// be there, whoever calls the function. An output made without the input's
// device gives the kernel a host pointer (an illegal memory access, later).
#include <cuda_runtime.h>
#include <torch/torch.h>

__global__ void scale_kernel(const float *in, float *out, int n) {}

torch::Tensor scale(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::empty({in.numel()}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+4]]:3: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  // CHECK-NOTES: :[[@LINE-5]]:42: note: the device is taken from parameter 'in'
  const float *in_data = in.data_ptr<float>();
  float *out_data = out.data_ptr<float>();
  scale_kernel<<<(in.numel() + 255) / 256, 256>>>(in_data, out_data,
                                                  in.numel());
  return out;
}

// The runtime's launch: the kernel is handed what `args` points to.
torch::Tensor scale_runtime(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::empty({in.numel()}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+6]]:3: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  // CHECK-NOTES: :[[@LINE-5]]:50: note: the device is taken from parameter 'in'
  const float *in_data = in.data_ptr<float>();
  float *out_data = out.data_ptr<float>();
  int n = in.numel();
  void *args[] = {&in_data, &out_data, &n};
  cudaLaunchKernel((const void *)scale_kernel, dim3(1), dim3(256), args, 0,
                   nullptr);
  return out;
}

// The same launch on an output made where the input is: nothing to report.
torch::Tensor scale_runtime_placed(const torch::Tensor &in) {
  auto out = torch::empty_like(in);
  const float *in_data = in.data_ptr<float>();
  float *out_data = out.data_ptr<float>();
  int n = in.numel();
  void *args[] = {&in_data, &out_data, &n};
  cudaLaunchKernel((const void *)scale_kernel, dim3(1), dim3(256), args, 0,
                   nullptr);
  return out;
}

// The launch inside a lambda called in place (as AT_DISPATCH_* does) reads
// the enclosing function's tensors.
torch::Tensor scale_dispatched(const torch::Tensor &in) {
  auto out = torch::zeros({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::zeros({in.numel()}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+3]]:5: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  // CHECK-NOTES: :[[@LINE-5]]:53: note: the device is taken from parameter 'in'
  [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  }();
  return out;
}

// A lambda kept and called later may run on another state: its launches are
// not judged where it is written.
torch::Tensor scale_later(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  auto launch = [&] {
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  };
  out = out.to(in.device());
  launch();
  return out;
}

// A lambda called in place that moves the tensor before its launch: the
// kernel is handed the moved tensor's memory.
torch::Tensor scale_moved_inside(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  [&] {
    out = out.to(in.device());
    scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                             in.numel());
  }();
  return out;
}

// A pointer taken before the lambda, launched from inside it: the lambda's
// capture of the pointer is not a host use.
torch::Tensor scale_pointer_captured(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::empty({in.numel()}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+5]]:11: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  // CHECK-NOTES: :[[@LINE-5]]:59: note: the device is taken from parameter 'in'
  float *out_data = out.data_ptr<float>();
  [&] {
    const float *in_data = in.data_ptr<float>();
    [&] { scale_kernel<<<1, 256>>>(in_data, out_data, in.numel()); }();
  }();
  return out;
}

// A pointer cast to the kernel's type: the same memory.
__global__ void count_kernel(unsigned long long *mask, int n) {}
void mark(const torch::Tensor &in) {
  auto mask = torch::empty({in.numel()}, torch::kLong);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+1]]:3: note: its memory is handed to the CUDA kernel 'count_kernel' here, which runs on the GPU
  count_kernel<<<1, 256>>>((unsigned long long *)mask.data_ptr<int64_t>(),
                           in.numel());
}

// A packed accessor kept in a local is passed by value: a copy of the same
// memory's view.
__global__ void fill_kernel(
    at::GenericPackedTensorAccessor<float, 1, at::DefaultPtrTraits, int64_t>
        out) {}
torch::Tensor filled(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:3: note: its memory is handed to the CUDA kernel 'fill_kernel' here, which runs on the GPU
  auto out_a =
      out.generic_packed_accessor<float, 1, at::DefaultPtrTraits, int64_t>();
  fill_kernel<<<1, 256>>>(out_a);
  return out;
}

// A launcher of the program's that takes tensors: the call hands it the
// memory of the device-less output.
void launch_scale(const torch::Tensor &in, torch::Tensor &out) {
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
}

torch::Tensor scale_through_launcher(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: auto out = torch::empty({in.numel()}, torch::device(in.device()));
  // CHECK-NOTES: :[[@LINE+3]]:3: note: it is passed to 'launch_scale' here, which hands its memory to the CUDA kernel 'scale_kernel'
  // CHECK-NOTES: :[[@LINE-9]]:3: note: 'launch_scale' calls 'scale_kernel' here
  // CHECK-NOTES: :[[@LINE-6]]:59: note: the device is taken from parameter 'in'
  launch_scale(in, out);
  return out;
}

// A tensor taken to the host and handed to a kernel: not a factory's defect.
void scale_host_copy(const torch::Tensor &in, torch::Tensor &out) {
  auto host = in.cpu();
  scale_kernel<<<1, 256>>>(host.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: CUDA kernel 'scale_kernel' is handed the memory of a tensor on the CPU [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-4]]:15: note: placed on cpu here
}

// Made with the input's options: on the input's GPU.
torch::Tensor scale_follows(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()}, in.options());
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  return out;
}

// A host buffer the device result is copied into, then read on the host: no
// kernel sees its memory.
float first_scaled(const torch::Tensor &in) {
  auto out = torch::empty({in.numel()}, in.options());
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  auto host = torch::empty({in.numel()});
  cudaMemcpy(host.data_ptr<float>(), out.data_ptr<float>(),
             in.numel() * sizeof(float), cudaMemcpyDeviceToHost);
  return host.data_ptr<float>()[0];
}

// Page-locked host memory: a kernel reads and writes it in place (zero-copy),
// by design.
torch::Tensor scale_into_pinned(const torch::Tensor &in) {
  auto options = torch::TensorOptions().pinned_memory(true);
  auto host = torch::empty({in.numel()}, options);
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), host.data_ptr<float>(),
                           in.numel());
  return host;
}

// Code that launches kernels runs on CUDA only: naming CUDA there, on the
// input's GPU, is its design, not a device hard-coded in device-neutral code.
torch::Tensor scale_on_input_gpu(const torch::Tensor &in) {
  const int device_id = in.device().index();
  auto out = torch::empty(
      {in.numel()}, torch::TensorOptions().device(torch::kCUDA, device_id));
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(),
                           in.numel());
  return out;
}


// Two outputs made without a device: each is a defect of its own. A pointer
// past the start of a local's memory is the same memory.
void two_outputs(const torch::Tensor &in) {
  auto a = torch::empty({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+5]]:3: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  auto b = torch::zeros({in.numel()});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+2]]:3: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  float *b_data = b.data_ptr<float>();
  scale_kernel<<<1, 256>>>(a.data_ptr<float>(), b_data + 1, in.numel());
}

// A pointer local that names itself (half-typed code): followed a bounded
// number of steps, never for ever.
void self_named(const torch::Tensor &in) {
  float *p = p + 1;
  scale_kernel<<<1, 256>>>(p, p + 2, in.numel());
  float x = *(p + 2);
  (void)x;
}

// The contiguous copy the kernel reads is a local: the fix follows it, as
// the kernel does.
torch::Tensor scale_contiguous(const torch::Tensor &x, double factor) {
  TORCH_CHECK(x.is_cuda(), "scale_contiguous: expected a CUDA tensor");
  const torch::Tensor in = x.contiguous();
  torch::Tensor out = torch::empty(in.sizes(), torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-FIXES: torch::Tensor out = torch::empty(in.sizes(), torch::dtype(torch::kFloat).device(in.device()));
  // CHECK-NOTES: :[[@LINE+3]]:3: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  // CHECK-NOTES: :[[@LINE-5]]:23: note: the device is taken from local variable 'in'
  const int n = static_cast<int>(in.numel());
  scale_kernel<<<1, 256>>>(in.data_ptr<float>(), out.data_ptr<float>(), n);
  return out;
}

// The only tensor the kernel is handed is the factory's own: no device in
// scope to give it (a local cannot name itself in its initializer).
void fill_scratch() {
  torch::Tensor scratch = torch::empty({256});
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor whose memory a CUDA kernel is handed [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+1]]:3: note: its memory is handed to the CUDA kernel 'scale_kernel' here, which runs on the GPU
  scale_kernel<<<1, 256>>>(scratch.data_ptr<float>(), scratch.data_ptr<float>(), 256);
}
