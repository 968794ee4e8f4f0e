// Test-only faithful subset of libtorch 1.13.1: c10/core/Scalar.h
// Same implicit constructor set as the real class (so that the same calls
// are ambiguous / unambiguous): uint8_t, int8_t, int16_t, int, int64_t,
// float, double, Half, BFloat16, complex<Half>, complex<float>,
// complex<double>, bool (template), SymInt, SymFloat.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/ScalarType.h>
// COPY c10/core/Scalar.h 13-16

#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace c10 {

template <typename T>
struct is_complex : public std::false_type {};
template <typename T>
struct is_complex<std::complex<T>> : public std::true_type {};
template <typename T>
struct is_complex<c10::complex<T>> : public std::true_type {};
// COPY c10/core/Scalar.h 26-30
 * add(Scalar) overloads for many operations).
// COPY c10/core/Scalar.h 34-37

  void destroy() {}
// COPY c10/core/Scalar.h 45-56

// COPY c10/core/Scalar.h 60-65
    v.i = static_cast<int64_t>(vv);
  }

#define DEFINE_ACCESSOR(type, name) type to##name() const;

// COPY c10/core/Scalar.h 89-91

  SymInt toSymInt() const;

  SymFloat toSymFloat() const;

  template <typename T>
  T to() const = delete;

  const void* data_ptr() const {
// COPY c10/core/Scalar.h 120-142

// COPY c10/core/Scalar.h 145-154

  Scalar& operator=(Scalar&& other) {
    tag = other.tag;
    v = other.v;
    return *this;
  }

  Scalar& operator=(const Scalar& other) {
    tag = other.tag;
    v = other.v;
// COPY c10/core/Scalar.h 172-181
  bool equal(T num) const;
// COPY c10/core/Scalar.h 201-204
  bool equal(T num) const;

  bool equal(bool num) const;

  ScalarType type() const;

  Scalar(Scalar&& rhs) noexcept : tag(rhs.tag), v(rhs.v) {}

  Scalar(const Scalar& rhs) : tag(rhs.tag), v(rhs.v) {}

  Scalar(c10::SymInt si);

  Scalar(c10::SymFloat sd);

// COPY c10/core/Scalar.h 279-280
// COPY c10/core/Scalar.h 292-298
    void* p;
// COPY c10/core/Scalar.h 300-308
    v.i = static_cast<int64_t>(vv);
// COPY c10/core/Scalar.h 310-317
    v.d = static_cast<double>(vv);
  }

  template <
      typename T,
      typename std::enable_if<c10::is_complex<T>::value, bool>::type* =
          nullptr>
  Scalar(T vv, bool) : tag(Tag::HAS_z) {
    v.z = c10::complex<double>(0.0);
    (void)vv;
  }
};

// COPY c10/core/Scalar.h 332-340
