// Fast-mode stand-in (hand-written) for c10/core/DeviceGuard.h: c10's guard
// for a device of any type (a CPU device included), whose constructors are
// explicit, neither copyable nor movable, as libtorch declares them.
#pragma once
#pragma GCC system_header

#include <c10/core/Device.h>

namespace c10 {

class DeviceGuard {
public:
  explicit DeviceGuard() = delete;
  explicit DeviceGuard(Device device);
  DeviceGuard(const DeviceGuard &) = delete;
  DeviceGuard &operator=(const DeviceGuard &) = delete;
  DeviceGuard(DeviceGuard &&other) = delete;
  DeviceGuard &operator=(DeviceGuard &&other) = delete;
  ~DeviceGuard();
};

} // namespace c10
