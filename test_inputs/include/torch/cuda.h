// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/cuda.h
#pragma once

#include <c10/macros/Macros.h>
// COPY torch/csrc/api/include/torch/cuda.h 4-9

size_t TORCH_API device_count();

bool TORCH_API is_available();

bool TORCH_API cudnn_is_available();

void TORCH_API manual_seed(uint64_t seed);

void TORCH_API manual_seed_all(uint64_t seed);

// COPY torch/csrc/api/include/torch/cuda.h 27-30
