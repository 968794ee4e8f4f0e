#pragma once
// Factories that follow a reference tensor's device. C++ has no global default device: every
// torch:: factory without a device lands on the CPU (seed 004-style device mismatches).

#include <ATen/core/Tensor.h>
#include <torch/detail/TensorDataContainer.h>

namespace torchlint {

/// torch::tensor(values) placed on `ref`'s device, and given `ref`'s dtype when `follow_dtype`
/// (otherwise the dtype torch::tensor infers: float for floating values, long for integers).
/// `values` is anything torch::tensor accepts: a scalar, a (nested) braced list, an
/// at::ArrayRef<T> or a std::vector<T> of arithmetic T, e.g.
///   torchlint::tensor_like({1.0, 2.0}, x);   torchlint::tensor_like({{1, 2}, {3, 4}}, x, true);
/// The result never requires grad. Throws std::invalid_argument for an undefined `ref`.
at::Tensor tensor_like(torch::detail::TensorDataContainer values, const at::Tensor& ref, bool follow_dtype = false);

} // namespace torchlint
