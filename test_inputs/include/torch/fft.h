// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/fft.h (fftfreq / rfftfreq only)
#pragma once

#include <ATen/ATen.h>
#include <torch/types.h>

namespace torch {
namespace fft {

inline Tensor fftfreq(int64_t n, double d, const TensorOptions& options = {}) {
  return torch::fft_fftfreq(n, d, options);
}

inline Tensor fftfreq(int64_t n, const TensorOptions& options = {}) {
  return torch::fft_fftfreq(n, /*d=*/1.0, options);
}

inline Tensor rfftfreq(int64_t n, double d, const TensorOptions& options) {
  return torch::fft_rfftfreq(n, d, options);
}

inline Tensor rfftfreq(int64_t n, const TensorOptions& options) {
  return torch::fft_rfftfreq(n, /*d=*/1.0, options);
}

} // namespace fft
} // namespace torch
