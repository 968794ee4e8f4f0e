#pragma once
// Device-harmonised stack/cat (seed 003: torch::stack over _foreach_norm results that live on
// several devices throws "Expected all tensors to be on the same device").

#include <torchlint/policy.h>

#include <torch/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace torchlint {

/// The device torch's TensorIterator would pick: the first defined input not on the CPU, else
/// the CPU. Undefined tensors are ignored.
torch::Device common_device(torch::TensorList tensors);

/// Copies of `tensors` (handles, no data copy for those already there) all on `device`.
/// Warn: warns once listing the moved inputs ("tensors[i]: from -> to"). Strict: throws
/// DeviceError naming every input not on `device`. Silent: moves quietly. Undefined inputs are
/// passed through untouched.
std::vector<torch::Tensor> to_device(
    torch::TensorList tensors,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn);

/// to_device(tensors, common_device(tensors), policy).
std::vector<torch::Tensor> to_common_device(torch::TensorList tensors, DevicePolicy policy = DevicePolicy::Warn);

/// torch::stack / torch::cat after moving every input to common_device(tensors).
torch::Tensor stack(torch::TensorList tensors, int64_t dim = 0, DevicePolicy policy = DevicePolicy::Warn);
torch::Tensor cat(torch::TensorList tensors, int64_t dim = 0, DevicePolicy policy = DevicePolicy::Warn);

/// torch::stack / torch::cat after moving every input to `device`.
torch::Tensor stack(
    torch::TensorList tensors,
    torch::Device device,
    int64_t dim = 0,
    DevicePolicy policy = DevicePolicy::Warn);
torch::Tensor cat(
    torch::TensorList tensors,
    torch::Device device,
    int64_t dim = 0,
    DevicePolicy policy = DevicePolicy::Warn);

/// Throws DeviceError listing every defined tensor as "<name> on <device>" when they are not
/// all on one device. names[i] names tensors[i]; missing names default to "tensors[i]".
void check_same_device(torch::TensorList tensors, const std::vector<std::string>& names = {});

} // namespace torchlint
