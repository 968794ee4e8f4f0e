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
#define C10_HOST_DEVICE
#define C10_HOST
#define C10_DEVICE
#define C10_DEFINE_DEPRECATED_USING(TypeName, TypeThingy) \
  using TypeName [[deprecated]] = TypeThingy;
#define C10_DEPRECATED [[deprecated]]
#define C10_DEPRECATED_MESSAGE(message) [[deprecated(message)]]
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))

#define _C10_PRAGMA__(string) _Pragma(#string)
#define _C10_PRAGMA_(string) _C10_PRAGMA__(string)

#ifdef __clang__
#define C10_CLANG_DIAGNOSTIC_PUSH() _Pragma("clang diagnostic push")
#define C10_CLANG_DIAGNOSTIC_POP() _Pragma("clang diagnostic pop")
#define C10_CLANG_DIAGNOSTIC_IGNORE(flag) \
  _C10_PRAGMA_(clang diagnostic ignored flag)
#define C10_CLANG_HAS_WARNING(flag) __has_warning(flag)
#else
#define C10_CLANG_DIAGNOSTIC_PUSH()
#define C10_CLANG_DIAGNOSTIC_POP()
#define C10_CLANG_DIAGNOSTIC_IGNORE(flag)
#define C10_CLANG_HAS_WARNING(flag) 0
#endif

namespace c10 {}
namespace c10 {
namespace cuda {}
} // namespace c10
namespace c10 {
namespace hip {}
} // namespace c10

// Since C10 is the core library for caffe2 (and aten), all abstractions
// defined in c10 are available in caffe2 and at as well (as in the real
// c10/macros/Macros.h).
namespace caffe2 {
using namespace c10;
}
namespace at {
using namespace c10;
}
namespace at {
namespace cuda {
using namespace c10::cuda;
}
} // namespace at
namespace at {
namespace cuda {
using namespace c10::hip;
}
} // namespace at
