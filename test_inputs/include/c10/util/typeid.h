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

  TypeMeta& operator=(const TypeMeta& src) noexcept = default;

  TypeMeta(TypeMeta&& rhs) noexcept = default;

  inline TypeMeta& operator=(ScalarType scalar_type) noexcept {
    index_ = static_cast<uint16_t>(scalar_type);
    return *this;
  }

 private:
  explicit TypeMeta(const uint16_t index) noexcept : index_(index) {}

 public:
  inline bool isScalarType() const noexcept {
    return index_ < NumScalarTypes;
  }

  inline bool isScalarType(ScalarType scalar_type) const noexcept {
    return index_ == static_cast<uint16_t>(scalar_type);
  }

  size_t itemsize() const noexcept;

  c10::string_view name() const noexcept;

  friend bool operator==(const TypeMeta lhs, const TypeMeta rhs) noexcept;

  template <typename T>
  bool Match() const noexcept {
    return (*this == Make<T>());
  }

  template <class T>
  static constexpr size_t ItemSize() noexcept {
    return sizeof(T);
  }

  template <typename T>
  static TypeMeta Make() {
    return TypeMeta(static_cast<uint16_t>(
        c10::CppTypeToScalarType<T>::value));
  }

  static inline caffe2::TypeMeta fromScalarType(ScalarType scalar_type) {
    const auto index = static_cast<uint16_t>(scalar_type);
    return TypeMeta(index);
  }

  inline ScalarType toScalarType() {
    return static_cast<ScalarType>(index_);
  }

 private:
  uint16_t index_;
};

inline TypeMeta::TypeMeta() noexcept : index_(0) {}

inline bool operator==(const TypeMeta lhs, const TypeMeta rhs) noexcept {
  return (lhs.index_ == rhs.index_);
}
inline bool operator!=(const TypeMeta lhs, const TypeMeta rhs) noexcept {
  return !operator==(lhs, rhs);
}

C10_API std::ostream& operator<<(
    std::ostream& stream,
    caffe2::TypeMeta typeMeta);

} // namespace caffe2
