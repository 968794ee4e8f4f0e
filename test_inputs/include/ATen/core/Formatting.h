// Test-only faithful subset of libtorch 1.13.1: ATen/core/Formatting.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <iosfwd>
#include <string>

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

namespace c10 {
TORCH_API std::ostream& operator<<(std::ostream& out, Scalar s);
TORCH_API std::string toString(Scalar s);
} // namespace c10
namespace at {

// COPY ATen/core/Formatting.h 17-20
static inline std::ostream& operator<<(std::ostream& out, const Tensor& t) {
  return print(out, t, 80);
}
TORCH_API void print(const Tensor& t, int64_t linesize = 80);
} // namespace at
