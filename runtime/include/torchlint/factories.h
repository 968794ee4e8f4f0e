#pragma once
// Factories that follow a reference tensor's device. C++ has no global default device: every
// torch:: factory without a device lands on the CPU (seed 004-style device mismatches).

#include <torch/types.h>
#include <torch/detail/TensorDataContainer.h>

namespace torchlint {

/// Whose dtype tensor_like gives the new tensor.
enum class DtypeFrom {
  Reference, ///< the reference tensor's, as libtorch's *_like factories do (the default)
  Values,    ///< the one torch::tensor infers from the values (float, long, bool)
};

/// torch::tensor(values) placed on `ref`'s device, with `ref`'s dtype unless `dtype` is
/// DtypeFrom::Values. `values` is anything torch::tensor accepts: a scalar, a (nested) braced
/// list, an at::ArrayRef<T> or a std::vector<T> of arithmetic T, e.g.
///   torchlint::tensor_like({1.0, 2.0}, x);   torchlint::tensor_like({1, 2}, x, DtypeFrom::Values);
/// The result never requires grad. Throws std::invalid_argument for an undefined `ref`.
torch::Tensor tensor_like(
    torch::detail::TensorDataContainer values,
    const torch::Tensor& ref,
    DtypeFrom dtype = DtypeFrom::Reference);

} // namespace torchlint
