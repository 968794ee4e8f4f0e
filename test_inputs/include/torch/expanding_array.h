// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/expanding_array.h
#pragma once

#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace torch {

template <size_t D, typename T = int64_t>
class ExpandingArray {
 public:
  /*implicit*/ ExpandingArray(std::initializer_list<T> list)
      : ExpandingArray(at::ArrayRef<T>(list)) {}

  /*implicit*/ ExpandingArray(std::vector<T> vec)
      : ExpandingArray(at::ArrayRef<T>(vec)) {}

  /*implicit*/ ExpandingArray(at::ArrayRef<T> values) {
    std::copy(values.begin(), values.end(), values_.begin());
  }

  /*implicit*/ ExpandingArray(T single_size) {
    values_.fill(single_size);
  }

  /*implicit*/ ExpandingArray(const std::array<T, D>& values)
      : values_(values) {}

  std::array<T, D>& operator*() {
    return values_;
  }

  const std::array<T, D>& operator*() const {
    return values_;
  }

  std::array<T, D>* operator->() {
    return &values_;
  }

  const std::array<T, D>* operator->() const {
    return &values_;
  }

  operator at::ArrayRef<T>() const {
    return values_;
  }

  size_t size() const noexcept {
    return D;
  }

 protected:
  std::array<T, D> values_;
};

template <size_t D, typename T>
std::ostream& operator<<(
    std::ostream& stream,
    const ExpandingArray<D, T>& expanding_array);

template <size_t D, typename T = int64_t>
class ExpandingArrayWithOptionalElem
    : public ExpandingArray<D, c10::optional<T>> {
 public:
  using ExpandingArray<D, c10::optional<T>>::ExpandingArray;

  /*implicit*/ ExpandingArrayWithOptionalElem(std::initializer_list<T> list)
      : ExpandingArrayWithOptionalElem(at::ArrayRef<T>(list)) {}

  /*implicit*/ ExpandingArrayWithOptionalElem(std::vector<T> vec)
      : ExpandingArrayWithOptionalElem(at::ArrayRef<T>(vec)) {}

  /*implicit*/ ExpandingArrayWithOptionalElem(at::ArrayRef<T> values)
      : ExpandingArray<D, c10::optional<T>>(0) {
    for (size_t i = 0; i < this->values_.size(); i++) {
      this->values_[i] = values[i];
    }
  }

  /*implicit*/ ExpandingArrayWithOptionalElem(T single_size)
      : ExpandingArray<D, c10::optional<T>>(0) {
    for (size_t i = 0; i < this->values_.size(); i++) {
      this->values_[i] = single_size;
    }
  }

  /*implicit*/ ExpandingArrayWithOptionalElem(const std::array<T, D>& values)
      : ExpandingArray<D, c10::optional<T>>(0) {
    for (size_t i = 0; i < this->values_.size(); i++) {
      this->values_[i] = values[i];
    }
  }
};

} // namespace torch
