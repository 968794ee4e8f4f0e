// Test-only faithful subset of libtorch 1.13.1: c10/util/typeid.h
// (caffe2::TypeMeta is what Tensor::dtype() / TensorOptions::dtype() return).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/ScalarType.h>
#include <c10/macros/Macros.h>
#include <c10/util/string_view.h>

#include <cstddef>
#include <cstdint>
#include <iosfwd>

namespace caffe2 {

class C10_API TypeMeta final {
 public:
  TypeMeta() noexcept;

  TypeMeta(const TypeMeta& src) noexcept = default;

// COPY c10/util/typeid.h 349-358
// COPY c10/util/typeid.h 361-363
// COPY c10/util/typeid.h 373-375

// COPY c10/util/typeid.h 379-381

  size_t itemsize() const noexcept;

  c10::string_view name() const noexcept;
// COPY c10/util/typeid.h 424-430
// COPY c10/util/typeid.h 443-447

  template <typename T>
  static TypeMeta Make() {
    return TypeMeta(static_cast<uint16_t>(
        c10::CppTypeToScalarType<T>::value));
  }

// COPY c10/util/typeid.h 474-475
    return TypeMeta(index);
  }

  inline ScalarType toScalarType() {
    return static_cast<ScalarType>(index_);
  }

 private:
  uint16_t index_;
};

inline TypeMeta::TypeMeta() noexcept : index_(0) {}
// COPY c10/util/typeid.h 599-605

C10_API std::ostream& operator<<(
    std::ostream& stream,
    caffe2::TypeMeta typeMeta);

} // namespace caffe2
