#pragma once
// Pick a device that really works, with a fallback chain (seed 004: "MPS -> CUDA -> CPU").

#include <torchlint/policy.h>

#include <torch/types.h>

#include <optional>
#include <string>
#include <vector>

namespace torchlint {

/// Environment variable that, when set and non-empty, names the device select_device() tries
/// before the preference list, e.g. TORCHLINT_DEVICE=cuda:1.
inline constexpr const char* kDeviceEnvVar = "TORCHLINT_DEVICE";

/// The outcome of trying one device.
struct DeviceProbe {
  std::string spec;                  ///< as given, e.g. "cuda"
  std::optional<torch::Device> device; ///< the device a tensor actually landed on, if usable
  std::string error;                 ///< why not, if unusable
  bool usable() const { return device.has_value(); }
};

/// Tries `spec` for real: parses it, allocates a small tensor there, computes on it and reads
/// the result back to the host. Any failure (unknown name, backend not compiled in, no such
/// device index, driver or kernel errors) makes it unusable; nothing throws. "meta" is always
/// unusable (it holds no data).
DeviceProbe probe_device(const std::string& spec);

/// {"cuda", "mps", "cpu"}.
std::vector<std::string> default_device_preference();

/// The first usable device of `preference`, each probed with probe_device(). If the
/// TORCHLINT_DEVICE environment variable is set it is tried first; if that device is unusable:
/// Warn warns and falls back to `preference`, Strict throws DeviceError, Silent falls back
/// quietly. Throws DeviceError, listing each candidate and why it failed, when none works.
/// A device without an index comes back with the index it resolved to ("cuda" -> cuda:0).
torch::Device select_device(
    const std::vector<std::string>& preference = default_device_preference(),
    DevicePolicy policy = DevicePolicy::Warn);

} // namespace torchlint
