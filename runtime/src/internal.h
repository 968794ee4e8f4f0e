#pragma once
// Helpers shared by the runtime's sources; not installed.

#include <torchlint/policy.h>

#include <ATen/core/Tensor.h>

#include <string>
#include <vector>

namespace torchlint::detail {

/// `device` as tensors report it: the CPU without an index, and an index-less accelerator
/// ("cuda") resolved to the index an allocation would get (the current device), so it compares
/// equal to tensor.device(). Throws c10::Error for a device that cannot allocate.
torch::Device resolve_device(torch::Device device);

/// Whether a defined `tensor` lives on the (resolved) `device`.
inline bool is_on(const torch::Tensor& tensor, const torch::Device& device) {
  return tensor.device() == device;
}

/// "<Tensor>.to(device)" without recording autograd history, so a moved leaf stays a leaf.
torch::Tensor moved(const torch::Tensor& tensor, const torch::Device& device);

/// "a: cpu -> cuda:0, b: cpu -> cuda:0"
std::string describe(const std::vector<TensorMove>& moves);

/// The policy step before anything is moved: under Strict, throws DeviceError naming every
/// planned move (as "<name> on <from> (expected <to>)") and every problem; otherwise no-op.
void refuse_if_strict(
    DevicePolicy policy,
    const std::string& api,
    const std::vector<TensorMove>& planned,
    const std::vector<std::string>& problems = {});

/// The policy step after the moves: under Warn, one warning listing the moves (if any) and
/// one per problem; otherwise no-op.
void warn_if_asked(
    DevicePolicy policy,
    const std::string& api,
    const std::vector<TensorMove>& moved,
    const std::vector<std::string>& problems = {});

} // namespace torchlint::detail
