// Test-only faithful subset of libtorch 1.13.1: c10/core/Device.h
// NB: there is no `Device(const char*)` constructor in the real header either:
// `Device("cuda:0")` goes through the implicit std::string constructor.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/DeviceType.h>
#include <c10/macros/Macros.h>
#include <c10/util/Exception.h>

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace c10 {

using DeviceIndex = int8_t;

struct C10_API Device final {
  using Type = DeviceType;

  /* implicit */ Device(DeviceType type, DeviceIndex index = -1)
      : type_(type), index_(index) {}

  /* implicit */ Device(const std::string& device_string);

  bool operator==(const Device& other) const noexcept {
    return this->type_ == other.type_ && this->index_ == other.index_;
  }

  bool operator!=(const Device& other) const noexcept {
    return !(*this == other);
  }

  void set_index(DeviceIndex index) {
    index_ = index;
  }

  DeviceType type() const noexcept {
    return type_;
  }

  DeviceIndex index() const noexcept {
    return index_;
  }

  bool has_index() const noexcept {
    return index_ != -1;
  }

  bool is_cuda() const noexcept {
    return type_ == DeviceType::CUDA;
  }

  bool is_mps() const noexcept {
    return type_ == DeviceType::MPS;
  }

  bool is_hip() const noexcept {
    return type_ == DeviceType::HIP;
  }

  bool is_ve() const noexcept {
    return type_ == DeviceType::VE;
  }

  bool is_xpu() const noexcept {
    return type_ == DeviceType::XPU;
  }

  bool is_ipu() const noexcept {
    return type_ == DeviceType::IPU;
  }

  bool is_xla() const noexcept {
    return type_ == DeviceType::XLA;
  }

  bool is_hpu() const noexcept {
    return type_ == DeviceType::HPU;
  }

  bool is_lazy() const noexcept {
    return type_ == DeviceType::Lazy;
  }

  bool is_vulkan() const noexcept {
    return type_ == DeviceType::Vulkan;
  }

  bool is_metal() const noexcept {
    return type_ == DeviceType::Metal;
  }

  bool is_ort() const noexcept {
    return type_ == DeviceType::ORT;
  }

  bool is_meta() const noexcept {
    return type_ == DeviceType::Meta;
  }

  bool is_cpu() const noexcept {
    return type_ == DeviceType::CPU;
  }

  bool supports_as_strided() const noexcept {
    return type_ != DeviceType::IPU && type_ != DeviceType::XLA &&
        type_ != DeviceType::Lazy;
  }

  std::string str() const;

 private:
  DeviceType type_;
  DeviceIndex index_ = -1;
};

C10_API std::ostream& operator<<(std::ostream& stream, const Device& device);

} // namespace c10

namespace std {
template <>
struct hash<c10::Device> {
  size_t operator()(c10::Device d) const noexcept {
    uint32_t bits = static_cast<uint32_t>(static_cast<uint8_t>(d.type()))
            << 16 |
        static_cast<uint32_t>(static_cast<uint8_t>(d.index()));
    return std::hash<uint32_t>{}(bits);
  }
};
} // namespace std
