// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/detail/TensorDataContainer.h
// (same implicit constructor set: every scalar type, nested
// std::initializer_list<TensorDataContainer>, at::ArrayRef<T> and
// std::vector<T> -- NB: no std::vector<bool>).
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/util/ArrayRef.h>

#include <initializer_list>
#include <iosfwd>
#include <vector>
// COPY torch/csrc/api/include/torch/detail/TensorDataContainer.h 17-28

std::ostream& operator<<(std::ostream& stream, c10::BFloat16 value);

c10::ScalarType compute_desired_dtype(c10::ScalarType scalar_type);

//
struct TensorDataContainer {
  TensorDataContainer();

#define TENSOR(T, S) TensorDataContainer(T value);
  AT_FORALL_SCALAR_TYPES_AND3(Bool, Half, BFloat16, TENSOR)
  AT_FORALL_COMPLEX_TYPES(TENSOR)
#undef TENSOR

  TensorDataContainer(std::initializer_list<TensorDataContainer> init_list);

#define TENSOR(T, S) TensorDataContainer(at::ArrayRef<T> values);
  AT_FORALL_SCALAR_TYPES_AND3(Bool, Half, BFloat16, TENSOR)
  AT_FORALL_COMPLEX_TYPES(TENSOR)
#undef TENSOR

  // implicit conversion to `at::ArrayRef`, otherwise the following error can
  // be thrown when calling `TensorDataContainer(std::vector<int>({1, 2}))`:
  // ```
  // error: no matching function for call to 'TensorDataContainer(const
  // std::vector<int>&)'
  // 'at::ArrayRef<int>'
  // ```
  //
#define TENSOR(T, S) TensorDataContainer(const std::vector<T>& values);
  AT_FORALL_SCALAR_TYPES_AND2(Half, BFloat16, TENSOR)
// COPY torch/csrc/api/include/torch/detail/TensorDataContainer.h 208-215
// COPY torch/csrc/api/include/torch/detail/TensorDataContainer.h 219-226
// COPY torch/csrc/api/include/torch/detail/TensorDataContainer.h 230-237
// COPY torch/csrc/api/include/torch/detail/TensorDataContainer.h 241-250

  at::Tensor convert_to_tensor(at::TensorOptions options) const;

  void pretty_print_recursive(std::ostream& stream) const;

 private:
  void fill_tensor(at::Tensor& tensor) const;
// COPY torch/csrc/api/include/torch/detail/TensorDataContainer.h 353-371
