// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/fft.h (fftfreq / rfftfreq only)
#pragma once

#include <ATen/ATen.h>
#include <torch/types.h>

namespace torch {
namespace fft {

// COPY torch/csrc/api/include/torch/fft.h 330-336

// COPY torch/csrc/api/include/torch/fft.h 347-353

} // namespace fft
} // namespace torch
