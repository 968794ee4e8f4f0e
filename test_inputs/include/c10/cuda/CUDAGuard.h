// Fast-mode stand-in (hand-written) for PyTorch 2.x's c10/cuda/CUDAGuard.h
// (see c10/cuda/CUDAStream.h): the device guards' constructors as the wheel
// declares them, explicit, neither copyable nor movable.
#pragma once
#pragma GCC system_header

#include <c10/core/Device.h>
#include <optional>

namespace c10::cuda {

struct CUDAGuard {
  explicit CUDAGuard() = delete;
  explicit CUDAGuard(DeviceIndex device_index);
  explicit CUDAGuard(Device device);
  CUDAGuard(const CUDAGuard &) = delete;
  CUDAGuard &operator=(const CUDAGuard &) = delete;
  CUDAGuard(CUDAGuard &&other) = delete;
  CUDAGuard &operator=(CUDAGuard &&other) = delete;
  ~CUDAGuard();
};

struct OptionalCUDAGuard {
  explicit OptionalCUDAGuard() = default;
  explicit OptionalCUDAGuard(std::optional<Device> device_opt);
  explicit OptionalCUDAGuard(std::optional<DeviceIndex> device_index_opt);
  OptionalCUDAGuard(const OptionalCUDAGuard &) = delete;
  OptionalCUDAGuard &operator=(const OptionalCUDAGuard &) = delete;
  OptionalCUDAGuard(OptionalCUDAGuard &&other) = delete;
  OptionalCUDAGuard &operator=(OptionalCUDAGuard &&other) = delete;
  ~OptionalCUDAGuard();
};

} // namespace c10::cuda
