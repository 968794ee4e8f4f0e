// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/enum.h
// (torch::kMean, torch::kSum, torch::kZeros, torch::kSame ... are *objects*
// of the empty structs torch::enumtype::kXxx, used inside c10::variant
// option types.)
#pragma once

#include <ATen/core/Generator.h>
#include <c10/macros/Macros.h>
#include <c10/util/variant.h>

#include <string>
// COPY torch/csrc/api/include/torch/enum.h 9-34
    (void)v;                                                 \
// COPY torch/csrc/api/include/torch/enum.h 35-37

//
//
// ```
//
// };
// ```
//
//
// ```
//   ...
// }
// ```
//
//
//
//
// ```
// ```
//
//
// ```
// ```
//
//
// COPY torch/csrc/api/include/torch/enum.h 87-202
// COPY torch/csrc/api/include/torch/enum.h 207-212
