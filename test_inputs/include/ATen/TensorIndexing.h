// Test-only faithful subset of libtorch 1.13.1: ATen/TensorIndexing.h
// (torch::indexing::X is reachable only through `namespace torch { using
// namespace at; }`; the real names are at::indexing::Slice, None, Ellipsis,
// TensorIndex.)
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/Functions.h>
// COPY ATen/TensorIndexing.h 6-7

#include <cstdint>
#include <limits>
#include <iosfwd>
#include <vector>
// COPY ATen/TensorIndexing.h 15-32
// COPY ATen/TensorIndexing.h 34-41
    }

// COPY ATen/TensorIndexing.h 51-55

// COPY ATen/TensorIndexing.h 56-81

struct TORCH_API TensorIndex final {
  TensorIndex(c10::nullopt_t) : type_(TensorIndexType::None) {}

// COPY ATen/TensorIndexing.h 115-117
    (void)str;
  }

// COPY ATen/TensorIndexing.h 128-129
  TensorIndex(int integer) : TensorIndex((int64_t)integer) {}

// COPY ATen/TensorIndexing.h 134-136
  TensorIndex(T boolean) : boolean_(boolean), type_(TensorIndexType::Boolean) {}

// COPY ATen/TensorIndexing.h 142-143

// COPY ATen/TensorIndexing.h 147-190
  int64_t integer_ = 0;
  bool boolean_ = false;
// COPY ATen/TensorIndexing.h 193-203

} // namespace indexing
} // namespace at
