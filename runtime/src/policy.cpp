#include "internal.h"

#include <ATen/ATen.h>
#include <c10/util/Exception.h>
#include <c10/core/GradMode.h>

#include <mutex>
#include <sstream>
#include <utility>

namespace torchlint {
namespace {

void default_warning_handler(const std::string& message) {
  TORCH_WARN(message);
}

// The handler is swapped under a mutex and copied out before the call, so a handler may
// itself call set_warning_handler without deadlocking.
std::mutex& handler_mutex() {
  static std::mutex mutex;
  return mutex;
}

WarningHandler& current_handler() {
  static WarningHandler handler = default_warning_handler;
  return handler;
}

std::string join(const std::vector<std::string>& items) {
  std::ostringstream out;
  for (size_t i = 0; i < items.size(); ++i) {
    out << (i ? ", " : "") << items[i];
  }
  return out.str();
}

} // namespace

const char* to_string(DevicePolicy policy) {
  switch (policy) {
    case DevicePolicy::Warn:
      return "Warn";
    case DevicePolicy::Strict:
      return "Strict";
    case DevicePolicy::Silent:
      return "Silent";
  }
  return "?";
}

std::string TensorMove::to_string() const {
  return name + ": " + from.str() + " -> " + to.str();
}

WarningHandler set_warning_handler(WarningHandler handler) {
  if (!handler) {
    handler = default_warning_handler;
  }
  std::lock_guard<std::mutex> lock(handler_mutex());
  return std::exchange(current_handler(), std::move(handler));
}

void warn(const std::string& message) {
  WarningHandler handler;
  {
    std::lock_guard<std::mutex> lock(handler_mutex());
    handler = current_handler();
  }
  handler(message);
}

namespace detail {

torch::Device resolve_device(torch::Device device) {
  if (device.is_cpu()) {
    return torch::Device(c10::kCPU);
  }
  if (device.has_index()) {
    return device;
  }
  // Ask the backend instead of guessing: an empty tensor costs no memory and reports exactly
  // the device Tensor::to(device) would produce.
  return at::empty({0}, at::TensorOptions().device(device)).device();
}

torch::Tensor moved(const torch::Tensor& tensor, const torch::Device& device) {
  c10::NoGradGuard no_grad;
  return tensor.to(device);
}

std::string describe(const std::vector<TensorMove>& moves) {
  std::vector<std::string> items;
  items.reserve(moves.size());
  for (const auto& move : moves) {
    items.push_back(move.to_string());
  }
  return join(items);
}

void refuse_if_strict(
    DevicePolicy policy,
    const std::string& api,
    const std::vector<TensorMove>& planned,
    const std::vector<std::string>& problems) {
  if (policy != DevicePolicy::Strict || (planned.empty() && problems.empty())) {
    return;
  }
  std::vector<std::string> items;
  for (const auto& move : planned) {
    items.push_back(move.name + " on " + move.from.str() + " (expected " + move.to.str() + ")");
  }
  items.insert(items.end(), problems.begin(), problems.end());
  throw DeviceError(
      "torchlint::" + api + " (DevicePolicy::Strict, nothing moved): " +
      std::to_string(items.size()) + " problem(s): " + join(items));
}

void warn_if_asked(
    DevicePolicy policy,
    const std::string& api,
    const std::vector<TensorMove>& moved,
    const std::vector<std::string>& problems) {
  if (policy != DevicePolicy::Warn) {
    return;
  }
  if (!moved.empty()) {
    warn("torchlint::" + api + ": moved " + std::to_string(moved.size()) +
         " tensor(s) to fix their device: " + describe(moved));
  }
  for (const auto& problem : problems) {
    warn("torchlint::" + api + ": " + problem);
  }
}

} // namespace detail
} // namespace torchlint
