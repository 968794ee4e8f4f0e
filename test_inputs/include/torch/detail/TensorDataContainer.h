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

namespace torch {

namespace detail {

enum class TensorDataContainerType { Scalar, InitList, Tensor };

struct TensorDataContainer;

inline std::ostream& operator<<(
    std::ostream& stream,
    const TensorDataContainer& tensor_data_container);

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
  AT_FORALL_COMPLEX_TYPES(TENSOR)
#undef TENSOR

  bool is_scalar() const {
    return type_ == TensorDataContainerType::Scalar;
  }

  const c10::Scalar& scalar() const {
    return scalar_;
  }

  bool is_init_list() const {
    return type_ == TensorDataContainerType::InitList;
  }

  const std::initializer_list<TensorDataContainer>& init_list() const {
    return init_list_;
  }

  bool is_tensor() const {
    return type_ == TensorDataContainerType::Tensor;
  }

  const at::Tensor& tensor() const {
    return tensor_;
  }

  const std::vector<int64_t>& sizes() const {
    return sizes_;
  }

  const c10::ScalarType& scalar_type() const {
    return scalar_type_;
  }

  at::Tensor convert_to_tensor(at::TensorOptions options) const;

  void pretty_print_recursive(std::ostream& stream) const;

 private:
  void fill_tensor(at::Tensor& tensor) const;

  std::vector<int64_t> sizes_;
  c10::ScalarType scalar_type_;
  TensorDataContainerType type_;
  c10::Scalar scalar_;
  std::initializer_list<TensorDataContainer> init_list_;
  at::Tensor tensor_;
};

inline std::ostream& operator<<(
    std::ostream& stream,
    const TensorDataContainer& tensor_data_container) {
  tensor_data_container.pretty_print_recursive(stream);
  return stream;
}

} // namespace detail

} // namespace torch
