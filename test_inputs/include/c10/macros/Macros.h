// Test-only faithful subset of libtorch 1.13.1 (see torch/torch.h).
// Mirrors c10/macros/Export.h + c10/macros/Macros.h (Linux/clang expansion).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#define C10_EXPORT __attribute__((__visibility__("default")))
#define C10_IMPORT C10_EXPORT
#define C10_API C10_IMPORT
#define TORCH_API C10_IMPORT
#define C10_NODISCARD [[nodiscard]]
#define C10_UNUSED __attribute__((__unused__))
#define C10_RESTRICT __restrict
// COPY c10/macros/Macros.h 305-307
#define C10_DEFINE_DEPRECATED_USING(TypeName, TypeThingy) \
  using TypeName [[deprecated]] = TypeThingy;
#define C10_DEPRECATED [[deprecated]]
#define C10_DEPRECATED_MESSAGE(message) [[deprecated(message)]]
// COPY c10/macros/Macros.h 199-200

// COPY c10/macros/Macros.h 524-525

#ifdef __clang__
// COPY c10/macros/Macros.h 526-536

namespace c10 {}
// COPY c10/macros/Macros.h 149-154

// Since C10 is the core library for caffe2 (and aten), all abstractions
// defined in c10 are available in caffe2 and at as well (as in the real
// c10/macros/Macros.h).
// COPY c10/macros/Macros.h 160-170
// COPY c10/macros/Macros.h 180-184
