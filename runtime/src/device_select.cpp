#include <torchlint/device_select.h>

#include <ATen/ATen.h>

#include <cstdlib>
#include <exception>

namespace torchlint {
namespace {

// The value of TORCHLINT_DEVICE, or "" when unset.
std::string device_from_environment() {
  const char* value = std::getenv(kDeviceEnvVar);
  return value != nullptr ? value : "";
}

// Allocation alone can succeed on a broken setup (lazy CUDA init, kernels missing for the
// GPU's architecture); only a computed value read back on the host proves the device works.
torch::Device exercise(const torch::Device& device) {
  const auto input = at::ones({4}, at::TensorOptions().device(device));
  const auto sum = (input * 2 + 1).sum();
  if (sum.item<float>() != 12.0F) {
    throw std::runtime_error("wrong result from a test computation");
  }
  return input.device();
}

std::string failure_listing(const std::vector<DeviceProbe>& probes) {
  std::string listing;
  for (const auto& probe : probes) {
    listing += "\n  " + probe.spec + ": " + probe.error;
  }
  return listing;
}

} // namespace

DeviceProbe probe_device(const std::string& spec) {
  DeviceProbe probe;
  probe.spec = spec;
  try {
    probe.device = exercise(torch::Device(spec));
  } catch (const std::exception& error) {
    const std::string what = error.what();
    probe.error = what.substr(0, what.find('\n')); // c10::Error appends a backtrace
  }
  return probe;
}

std::vector<std::string> default_device_preference() {
  return {"cuda", "mps", "cpu"};
}

torch::Device select_device(const std::vector<std::string>& preference, DevicePolicy policy) {
  const auto requested = device_from_environment();
  if (!requested.empty()) {
    const auto probe = probe_device(requested);
    if (probe.usable()) {
      return *probe.device;
    }
    const auto problem =
        std::string(kDeviceEnvVar) + "=" + requested + " is not usable (" + probe.error + ")";
    if (policy == DevicePolicy::Strict) {
      throw DeviceError("torchlint::select_device (DevicePolicy::Strict): " + problem);
    }
    if (policy == DevicePolicy::Warn) {
      warn("torchlint::select_device: " + problem + "; falling back to the preference list");
    }
  }
  std::vector<DeviceProbe> failures;
  for (const auto& spec : preference) {
    auto probe = probe_device(spec);
    if (probe.usable()) {
      return *probe.device;
    }
    failures.push_back(std::move(probe));
  }
  throw DeviceError("torchlint::select_device: no usable device among the preferences:" +
                    (failures.empty() ? std::string(" (empty list)") : failure_listing(failures)));
}

} // namespace torchlint
