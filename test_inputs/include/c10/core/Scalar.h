// Test-only faithful subset of libtorch 1.13.1: c10/core/Scalar.h
// Same implicit constructor set as the real class (so that the same calls
// are ambiguous / unambiguous): uint8_t, int8_t, int16_t, int, int64_t,
// float, double, Half, BFloat16, complex<Half>, complex<float>,
// complex<double>, bool (template), SymInt, SymFloat.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/ScalarType.h>
#include <c10/core/SymInt.h>
#include <c10/macros/Macros.h>
#include <c10/util/Exception.h>
#include <c10/util/Half.h>

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

/**
 * Scalar represents a 0-dimensional tensor which contains a single element.
 * Unlike a tensor, numeric literals (in C++) are implicitly convertible to
 * Scalar (which is why, for example, we provide both add(Tensor) and
 * add(Scalar) overloads for many operations).
 */
class C10_API Scalar {
 public:
  Scalar() : Scalar(int64_t(0)) {}

  void destroy() {}

  ~Scalar() {
    destroy();
  }

#define DEFINE_IMPLICIT_CTOR(type, name) \
  Scalar(type vv) : Scalar(vv, true) {}

  AT_FORALL_SCALAR_TYPES_AND3(Half, BFloat16, ComplexHalf, DEFINE_IMPLICIT_CTOR)
  AT_FORALL_COMPLEX_TYPES(DEFINE_IMPLICIT_CTOR)

#undef DEFINE_IMPLICIT_CTOR

  // problem.
  template <
      typename T,
      typename std::enable_if<std::is_same<T, bool>::value, bool>::type* =
          nullptr>
  Scalar(T vv) : tag(Tag::HAS_b) {
    v.i = static_cast<int64_t>(vv);
  }

#define DEFINE_ACCESSOR(type, name) type to##name() const;

  AT_FORALL_SCALAR_TYPES_WITH_COMPLEX(DEFINE_ACCESSOR)

#undef DEFINE_ACCESSOR

  SymInt toSymInt() const;

  SymFloat toSymFloat() const;

  template <typename T>
  T to() const = delete;

  const void* data_ptr() const {
    return static_cast<const void*>(&v);
  }

  bool isFloatingPoint() const {
    return Tag::HAS_d == tag || Tag::HAS_sd == tag;
  }

  C10_DEPRECATED_MESSAGE(
      "isIntegral is deprecated. Please use the overload with 'includeBool' parameter instead.")
  bool isIntegral() const {
    return Tag::HAS_i == tag || Tag::HAS_si == tag;
  }
  bool isIntegral(bool includeBool) const {
    return Tag::HAS_i == tag || Tag::HAS_si == tag ||
        (includeBool && isBoolean());
  }

  bool isComplex() const {
    return Tag::HAS_z == tag;
  }
  bool isBoolean() const {
    return Tag::HAS_b == tag;
  }

  bool isSymInt() const {
    return Tag::HAS_si == tag;
  }
  bool isSymFloat() const {
    return Tag::HAS_sd == tag;
  }

  bool isSymbolic() const {
    return Tag::HAS_si == tag || Tag::HAS_sd == tag;
  }

  Scalar& operator=(Scalar&& other) {
    tag = other.tag;
    v = other.v;
    return *this;
  }

  Scalar& operator=(const Scalar& other) {
    tag = other.tag;
    v = other.v;
    return *this;
  }

  Scalar operator-() const;
  Scalar conj() const;
  Scalar log() const;

  template <
      typename T,
      typename std::enable_if<!c10::is_complex<T>::value, int>::type = 0>
  bool equal(T num) const;

  template <
      typename T,
      typename std::enable_if<c10::is_complex<T>::value, int>::type = 0>
  bool equal(T num) const;

  bool equal(bool num) const;

  ScalarType type() const;

  Scalar(Scalar&& rhs) noexcept : tag(rhs.tag), v(rhs.v) {}

  Scalar(const Scalar& rhs) : tag(rhs.tag), v(rhs.v) {}

  Scalar(c10::SymInt si);

  Scalar(c10::SymFloat sd);

 private:
  enum class Tag { HAS_d, HAS_i, HAS_z, HAS_b, HAS_sd, HAS_si };

  Tag tag;

  union v_t {
    double d;
    int64_t i;
    c10::complex<double> z;
    void* p;
    v_t() {} // default constructor
  } v;

  template <
      typename T,
      typename std::enable_if<
          std::is_integral<T>::value && !std::is_same<T, bool>::value,
          bool>::type* = nullptr>
  Scalar(T vv, bool) : tag(Tag::HAS_i) {
    v.i = static_cast<int64_t>(vv);
  }

  template <
      typename T,
      typename std::enable_if<
          !std::is_integral<T>::value && !c10::is_complex<T>::value,
          bool>::type* = nullptr>
  Scalar(T vv, bool) : tag(Tag::HAS_d) {
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

#define DEFINE_TO(T, name)         \
  template <>                      \
  inline T Scalar::to<T>() const { \
    return to##name();             \
  }
AT_FORALL_SCALAR_TYPES_WITH_COMPLEX(DEFINE_TO)
#undef DEFINE_TO

} // namespace c10
