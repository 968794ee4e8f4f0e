#pragma once
// Policies, warnings and errors shared by every torchlint runtime function.

#include <torch/types.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace torchlint {

/// What a torchlint function does when it finds a tensor on the wrong device.
enum class DevicePolicy {
  Warn,   ///< fix it (move the tensor) and report it through the warning handler (default)
  Strict, ///< fix nothing; throw torchlint::DeviceError naming every offending tensor
  Silent, ///< fix it without a word
};

/// "Warn", "Strict" or "Silent".
const char* to_string(DevicePolicy policy);

/// Thrown under DevicePolicy::Strict and by check_same_device(). Derives from
/// std::runtime_error (not c10::Error) so callers can catch it apart from torch's own errors.
class DeviceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One tensor that is (or was) on a device other than its target.
struct TensorMove {
  std::string name; ///< e.g. "encoder.fc.weight", "state[group 0, param 1].exp_avg", "tensors[2]"
  torch::Device from; ///< where the tensor was found
  torch::Device to;   ///< where it belongs
  /// "encoder.fc.weight: cpu -> cuda:0"
  std::string to_string() const;
};

/// Receives every warning torchlint emits (one call per warning, already formatted).
using WarningHandler = std::function<void(const std::string&)>;

/// Installs `handler` and returns the one it replaces. An empty handler restores the
/// default, which forwards the message to TORCH_WARN (so c10's warning machinery, including
/// c10::WarningUtils handlers and Python's warnings module when embedded, sees it).
/// Thread-safe.
WarningHandler set_warning_handler(WarningHandler handler);

/// Sends `message` to the current warning handler.
void warn(const std::string& message);

/// Installs a warning handler for the lifetime of the guard, then restores the previous one.
class ScopedWarningHandler {
 public:
  explicit ScopedWarningHandler(WarningHandler handler)
      : previous_(set_warning_handler(std::move(handler))) {}
  ~ScopedWarningHandler() { set_warning_handler(std::move(previous_)); }
  ScopedWarningHandler(const ScopedWarningHandler&) = delete;
  ScopedWarningHandler& operator=(const ScopedWarningHandler&) = delete;

 private:
  WarningHandler previous_;
};

} // namespace torchlint
