// Test-only faithful subset of libtorch 1.13.1: c10/util/Half.h,
// c10/util/BFloat16.h and c10/util/complex.h (constructors/conversions only).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>

#include <type_traits>

// The real header includes <complex>; only a declaration of std::complex is
// needed here (parse time). libc++ keeps it in an inline namespace, so include
// the real header there.
#if defined(_LIBCPP_VERSION) || !defined(__GLIBCXX__)
#include <complex>
#else
namespace std {
template <typename _Tp>
class complex;
} // namespace std
#endif
#include <cstdint>
#include <type_traits>

namespace c10 {
// COPY c10/util/Half.h 375-379
  static constexpr from_bits_t from_bits() {
    return from_bits_t();
  }

  Half() = default;
  constexpr Half(unsigned short bits, from_bits_t) : x(bits){};
  inline Half(float value);
  inline operator float() const;
};

struct alignas(2) BFloat16 {
  uint16_t x;

  struct from_bits_t {};
  static constexpr from_bits_t from_bits() {
    return from_bits_t();
  }

  BFloat16() = default;
  constexpr BFloat16(unsigned short bits, from_bits_t) : x(bits){};
  inline BFloat16(float value);
  inline operator float() const;
};

inline Half::Half(float value) : x(static_cast<unsigned short>(value)) {}
inline Half::operator float() const {
  return static_cast<float>(x);
}
inline BFloat16::BFloat16(float value) : x(static_cast<uint16_t>(value)) {}
inline BFloat16::operator float() const {
  return static_cast<float>(x);
}

template <typename T>
struct alignas(sizeof(T) * 2) complex {
  using value_type = T;

  T real_ = T(0);
  T imag_ = T(0);

  constexpr complex() = default;
  constexpr complex(const T& re, const T& im = T()) : real_(re), imag_(im) {}
  template <typename U>
  explicit constexpr complex(const std::complex<U>& other)
      : complex(other.real(), other.imag()) {}

  template <typename U = T>
  explicit constexpr complex(
      const std::enable_if_t<std::is_same<U, float>::value, complex<double>>&
          other)
      : real_(other.real_), imag_(other.imag_) {}
  template <typename U = T>
  constexpr complex(
      const std::enable_if_t<std::is_same<U, double>::value, complex<float>>&
          other)
      : real_(other.real_), imag_(other.imag_) {}

  template <typename U>
  explicit constexpr operator std::complex<U>() const {
    return std::complex<U>(std::complex<T>(real(), imag()));
  }

  constexpr T real() const {
    return real_;
  }
  constexpr T imag() const {
    return imag_;
  }
};

// COPY c10/util/Half.h 406-409

  complex() = default;
  explicit inline complex(const Half& real, const Half& imag)
      : real_(real), imag_(imag) {}
  inline complex(const c10::complex<float>& value)
      : real_(value.real()), imag_(value.imag()) {}

  inline operator c10::complex<float>() const {
    return {real_, imag_};
  }

  Half real() const {
    return real_;
  }
  Half imag() const {
    return imag_;
  }
};

} // namespace c10
