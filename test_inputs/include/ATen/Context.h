// Test-only faithful subset of libtorch 1.13.1: ATen/Context.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/DeviceType.h>
#include <c10/macros/Macros.h>

#include <cstddef>
#include <cstdint>

namespace at {

static inline bool hasCUDA() {
  return false; // real: globalContext().hasCUDA()
}

static inline bool hasMPS() {
  return false;
}

static inline size_t getNumGPUs() {
  return hasCUDA() ? 1 : 0;
}

static inline void manual_seed(uint64_t seed) {
  (void)seed; // real: seeds the CPU (and every CUDA) default generator
}

// ATen/Parallel.h
TORCH_API void init_num_threads();
TORCH_API void set_num_threads(int);
TORCH_API int get_num_threads();
TORCH_API int get_num_interop_threads();
TORCH_API void set_num_interop_threads(int);

} // namespace at
