// Fast-mode stand-in (hand-written) for PyTorch 2.x's c10/cuda/CUDAStream.h:
// what host code that launches kernels on PyTorch's stream needs. Debian's
// libtorch 1.13 is built without CUDA, so tests/conformance.sh cannot hold it
// against the real header; the names, namespaces, default arguments and the
// conversion to cudaStream_t are those of the 2.x wheel's.
#pragma once
#pragma GCC system_header

#include <c10/core/Device.h>
#include <cuda_runtime.h>

namespace c10::cuda {

class CUDAStream {
 public:
  /// Implicit conversion to cudaStream_t, as a launch's stream argument.
  operator cudaStream_t() const { return stream(); }
  cudaStream_t stream() const;
  DeviceIndex device_index() const;
};

CUDAStream getCurrentCUDAStream(DeviceIndex device_index = -1);
CUDAStream getDefaultCUDAStream(DeviceIndex device_index = -1);

} // namespace c10::cuda
