// Test-only faithful subset of libtorch 1.13.1: c10/util/Exception.h
// (error macros expand to the same shape of code as the real ones).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>

#include <cstdint>
#include <exception>
#include <iosfwd>
#include <string>

namespace c10 {

class C10_API Error : public std::exception {
 public:
  Error(std::string msg, std::string backtrace, const void* caller = nullptr);
  const char* what() const noexcept override;
  const std::string& msg() const;
};

// (real: c10/util/StringUtil.h, streams the arguments into an ostringstream)
template <typename... Args>
std::string str(const Args&... args);

// COPY c10/util/Exception.h 380-384
inline const char* torchCheckMsgImpl(const char* msg) {
  return msg;
}
inline const char* torchCheckMsgImpl(const char* /*msg*/, const char* args) {
  return args;
}
// COPY c10/util/Exception.h 412-422
// COPY c10/util/Exception.h 443-448
} // namespace detail
} // namespace c10

#define C10_UNLIKELY_OR_CONST(e) C10_UNLIKELY(e)
// COPY c10/util/Exception.h 396-403

// COPY c10/util/Exception.h 463-470

#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)

#define TORCH_INTERNAL_ASSERT(cond, ...)                     \
  if (C10_UNLIKELY(!(cond))) {                               \
    ::c10::detail::torchInternalAssertFail(                  \
        __func__,                                            \
        __FILE__,                                            \
        static_cast<uint32_t>(__LINE__),                     \
        #cond " INTERNAL ASSERT FAILED at " __FILE__,        \
        ::c10::str(__VA_ARGS__));                            \
  }

#define TORCH_WARN(...) ((void)::c10::str(__VA_ARGS__))

#define AT_ERROR(...) TORCH_CHECK(false, ::c10::str(__VA_ARGS__))
