// Test-only faithful subset of libtorch 1.13.1: c10/core/ScalarType.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>
#include <c10/util/Half.h>

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <type_traits>

namespace c10 {

// Fake stand-ins for the quantized element types (only needed so that the
// ScalarType <-> C++ type tables have the same entries as the real header).
struct alignas(1) qint8 {
  int8_t val_;
};
struct alignas(1) quint8 {
  uint8_t val_;
};
struct alignas(4) qint32 {
  int32_t val_;
};
struct alignas(1) quint4x2 {
  uint8_t val_;
};
struct alignas(1) quint2x4 {
  uint8_t val_;
};


// COPY c10/core/ScalarType.h 28-46
// COPY c10/core/ScalarType.h 64-91

// COPY c10/core/ScalarType.h 94-96

#define SPECIALIZE_ScalarTypeToCPPType(cpp_type, scalar_type) \
  template <>                                                 \
  struct ScalarTypeToCPPType<c10::ScalarType::scalar_type> {  \
    using type = cpp_type;                                    \
    static type t;                                            \
// COPY c10/core/ScalarType.h 111-234
      return 0;
  }
#undef CASE_ELEMENTSIZE_CASE
// COPY c10/core/ScalarType.h 246-251

  return isIntegral || (includeBool && t == ScalarType::Bool);
// COPY c10/core/ScalarType.h 254-268
// COPY c10/core/ScalarType.h 270-273

static inline bool isSignedType(ScalarType t) {
  return !(t == ScalarType::Byte || t == ScalarType::Bool);
// COPY c10/core/ScalarType.h 325-341
// COPY c10/core/ScalarType.h 346-351
    default:
      return t;
  }
}

static inline bool canCast(const ScalarType from, const ScalarType to) {
// COPY c10/core/ScalarType.h 368-370
// COPY c10/core/ScalarType.h 372-374
// COPY c10/core/ScalarType.h 386-390

C10_API ScalarType promoteTypes(ScalarType a, ScalarType b);

std::ostream& operator<<(std::ostream& stream, at::ScalarType scalar_type);

} // namespace c10
