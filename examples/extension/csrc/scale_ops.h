// scale_ops: five elementwise ops on float32 CUDA tensors.
#pragma once

#include <ATen/core/Tensor.h>

namespace scale_ops {

at::Tensor scale(const at::Tensor &x, double factor);
at::Tensor shift(const at::Tensor &x, double offset);
at::Tensor clamp(const at::Tensor &x, double lo, double hi);
at::Tensor square(const at::Tensor &x);
at::Tensor negate(const at::Tensor &x);

} // namespace scale_ops
