// Test-only faithful subset of libtorch 1.13.1: c10/core/SymInt.h,
// c10/core/SymFloat.h, c10/core/SymIntArrayRef.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>

#include <cstdint>
#include <iosfwd>

namespace c10 {

class C10_API SymFloat {
 public:
  /*implicit*/ SymFloat(double d) : data_(d){};
  SymFloat() : data_(0.0) {}

  double expect_float() const {
    return data_;
  }
  bool is_symbolic() const {
    return false;
  }
  double as_float_unchecked() const {
    return data_;
  }

 private:
  double data_;
};

C10_API std::ostream& operator<<(std::ostream& os, SymFloat s);
// COPY c10/core/SymInt.h 41-46

  /*implicit*/ SymInt(int64_t d) : data_(d){};
  SymInt() : data_(0) {}

  SymInt(Unchecked, int64_t d) : data_(d) {}

  SymInt(const SymInt& s) : data_(s.data_) {}
  SymInt(SymInt&& s) : data_(s.data_) {}

  SymInt& operator=(const SymInt& s) {
    data_ = s.data_;
    return *this;
  }
  SymInt& operator=(SymInt&& s) {
    data_ = s.data_;
    return *this;
  }

  SymInt clone() const {
    return *this;
  }

  int64_t expect_int() const {
    return data_;
  }

  bool is_symbolic() const {
    return false;
  }

  int64_t as_int_unchecked() const {
    return data_;
// COPY c10/core/SymInt.h 169-193

 private:
  int64_t data_;
};
// COPY c10/core/SymInt.h 244-245
C10_API SymInt operator-(SymInt s);

using SymIntArrayRef = ArrayRef<SymInt>;

TORCH_API at::IntArrayRef asIntArrayRefSlow(c10::SymIntArrayRef ar);
TORCH_API at::IntArrayRef asIntArrayRefUnchecked(c10::SymIntArrayRef ar);
TORCH_API c10::optional<at::IntArrayRef> asIntArrayRefSlowOpt(
    c10::SymIntArrayRef ar);

inline SymIntArrayRef fromIntArrayRefUnchecked(IntArrayRef array_ref) {
  return SymIntArrayRef(
      reinterpret_cast<const SymInt*>(array_ref.data()), array_ref.size());
}

inline SymIntArrayRef fromIntArrayRef(IntArrayRef array_ref) {
  return fromIntArrayRefUnchecked(array_ref);
}

} // namespace c10
