// Test-only faithful subset of libtorch 1.13.1: c10/util/ArrayRef.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <iosfwd>
#include <type_traits>
#include <vector>

namespace c10 {

// COPY c10/util/ArrayRef.h 39-49
  const T* Data;
  size_type Length;

 public:
  /* implicit */ constexpr ArrayRef() : Data(nullptr), Length(0) {}

  constexpr ArrayRef(const T& OneElt) : Data(&OneElt), Length(1) {}

  constexpr ArrayRef(const T* data, size_t length)
      : Data(data), Length(length) {}

  constexpr ArrayRef(const T* begin, const T* end)
      : Data(begin), Length(end - begin) {}
// COPY c10/util/ArrayRef.h 93-99
      : Data(container.data()), Length(container.size()) {}

// COPY c10/util/ArrayRef.h 108-114

// COPY c10/util/ArrayRef.h 117-119

// COPY c10/util/ArrayRef.h 122-123

// COPY c10/util/ArrayRef.h 126-130
// COPY c10/util/ArrayRef.h 135-141
// COPY c10/util/ArrayRef.h 145-150
// COPY c10/util/ArrayRef.h 152-157
// COPY c10/util/ArrayRef.h 160-162
  constexpr const T* data() const {
    return Data;
  }
  constexpr size_t size() const {
    return Length;
  }
  const T& front() const {
    return Data[0];
  }
  const T& back() const {
    return Data[Length - 1];
  }
// COPY c10/util/ArrayRef.h 187-189
  ArrayRef<T> slice(size_t N, size_t M) const {
    return ArrayRef<T>(data() + N, M);
  }
  ArrayRef<T> slice(size_t N) const {
    return slice(N, size() - N);
  }
// COPY c10/util/ArrayRef.h 213-215
  const T& at(size_t Index) const {
    return Data[Index];
  }

// COPY c10/util/ArrayRef.h 232-234

// COPY c10/util/ArrayRef.h 240-242

// COPY c10/util/ArrayRef.h 247-249
};

template <typename T>
std::ostream& operator<<(std::ostream& out, ArrayRef<T> list);

// COPY c10/util/ArrayRef.h 271-274
// COPY c10/util/ArrayRef.h 277-280
// COPY c10/util/ArrayRef.h 283-286
// COPY c10/util/ArrayRef.h 301-304
// COPY c10/util/ArrayRef.h 307-310
// COPY c10/util/ArrayRef.h 313-316
// COPY c10/util/ArrayRef.h 319-322
// COPY c10/util/ArrayRef.h 325-328
// COPY c10/util/ArrayRef.h 333-337
// COPY c10/util/ArrayRef.h 339-342
// COPY c10/util/ArrayRef.h 344-347
// COPY c10/util/ArrayRef.h 349-352
// COPY c10/util/ArrayRef.h 354-357
// COPY c10/util/ArrayRef.h 359-364

// COPY c10/util/ArrayRef.h 368-370
