// Test-only faithful subset of libtorch 1.13.1: c10/util/intrusive_ptr.h
// (same special members and noexcept specifications as the real
// c10::intrusive_ptr -- they determine e.g. that at::Tensor's copy
// constructor is noexcept(false) -- but no reference counting).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>

#include <cstddef>
#include <memory>
#include <utility>

namespace c10 {

class C10_API intrusive_ptr_target {
 protected:
  virtual ~intrusive_ptr_target() = default;

  constexpr intrusive_ptr_target() noexcept {}

// COPY c10/util/intrusive_ptr.h 146-159
// COPY c10/util/intrusive_ptr.h 174-182
} // namespace detail

namespace raw {
struct DontIncreaseRefcount {};
} // namespace raw
// COPY c10/util/intrusive_ptr.h 219-224
  TTarget* target_;

 public:
  using element_type = TTarget;

  intrusive_ptr() noexcept : target_(nullptr) {}

// COPY c10/util/intrusive_ptr.h 332-333
// COPY c10/util/intrusive_ptr.h 337-338
    rhs.target_ = nullptr;
// COPY c10/util/intrusive_ptr.h 340-343
      : target_(rhs.get()) {}

  intrusive_ptr(const intrusive_ptr& rhs) : target_(rhs.target_) {}

  ~intrusive_ptr() noexcept {}
// COPY c10/util/intrusive_ptr.h 369-370
    target_ = rhs.target_;
    rhs.target_ = nullptr;
// COPY c10/util/intrusive_ptr.h 381-384
    target_ = rhs.target_;
// COPY c10/util/intrusive_ptr.h 395-406
    return target_;
  }

  operator bool() const noexcept {
    return target_ != nullptr;
  }

  void reset() noexcept {
    target_ = nullptr;
  }

  void swap(intrusive_ptr& rhs) noexcept {
    std::swap(target_, rhs.target_);
  }

  bool defined() const noexcept {
    return target_ != nullptr;
  }

  size_t use_count() const noexcept {
    return target_ != nullptr ? 1 : 0;
  }

  size_t weak_use_count() const noexcept {
    return use_count();
// COPY c10/util/intrusive_ptr.h 443-447

// COPY c10/util/intrusive_ptr.h 868-869
    target_ = nullptr;
    return result;
  }

// COPY c10/util/intrusive_ptr.h 469-471

// COPY c10/util/intrusive_ptr.h 489-490
    return intrusive_ptr(
        new TTarget(std::forward<Args>(args)...), raw::DontIncreaseRefcount{});
// COPY c10/util/intrusive_ptr.h 563-572
// COPY c10/util/intrusive_ptr.h 588-601
// COPY c10/util/intrusive_ptr.h 609-622

} // namespace c10
