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

  intrusive_ptr_target(intrusive_ptr_target&& /*other*/) noexcept
      : intrusive_ptr_target() {}

  intrusive_ptr_target& operator=(intrusive_ptr_target&& /*other*/) noexcept {
    return *this;
  }

  intrusive_ptr_target(const intrusive_ptr_target& /*other*/) noexcept
      : intrusive_ptr_target() {}

  intrusive_ptr_target& operator=(
      const intrusive_ptr_target& /*other*/) noexcept {
    return *this;
  }
};

namespace detail {
template <class TTarget>
struct intrusive_target_default_null_type final {
  static constexpr TTarget* singleton() noexcept {
    return nullptr;
  }
};
} // namespace detail

namespace raw {
struct DontIncreaseRefcount {};
} // namespace raw

template <
    class TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>>
class intrusive_ptr final {
 private:
  TTarget* target_;

 public:
  using element_type = TTarget;

  intrusive_ptr() noexcept : target_(nullptr) {}

  explicit intrusive_ptr(TTarget* target, raw::DontIncreaseRefcount) noexcept
      : target_(target) {}

  intrusive_ptr(intrusive_ptr&& rhs) noexcept : target_(rhs.target_) {
    rhs.target_ = nullptr;
  }

  template <class From, class FromNullType>
  /* implicit */ intrusive_ptr(intrusive_ptr<From, FromNullType>&& rhs) noexcept
      : target_(rhs.get()) {}

  intrusive_ptr(const intrusive_ptr& rhs) : target_(rhs.target_) {}

  ~intrusive_ptr() noexcept {}

  intrusive_ptr& operator=(intrusive_ptr&& rhs) & noexcept {
    target_ = rhs.target_;
    rhs.target_ = nullptr;
    return *this;
  }

  intrusive_ptr& operator=(const intrusive_ptr& rhs) & noexcept {
    target_ = rhs.target_;
    return *this;
  }

  TTarget* get() const noexcept {
    return target_;
  }

  TTarget& operator*() const noexcept {
    return *target_;
  }

  TTarget* operator->() const noexcept {
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
  }

  bool unique() const noexcept {
    return use_count() == 1;
  }

  TTarget* release() noexcept {
    TTarget* result = target_;
    target_ = nullptr;
    return result;
  }

  static intrusive_ptr reclaim(TTarget* owning_ptr) {
    return intrusive_ptr(owning_ptr, raw::DontIncreaseRefcount{});
  }

  template <class... Args>
  static intrusive_ptr make(Args&&... args) {
    return intrusive_ptr(
        new TTarget(std::forward<Args>(args)...), raw::DontIncreaseRefcount{});
  }
};

template <
    class TTarget,
    class NullType = detail::intrusive_target_default_null_type<TTarget>,
    class... Args>
inline intrusive_ptr<TTarget, NullType> make_intrusive(Args&&... args) {
  return intrusive_ptr<TTarget, NullType>::make(std::forward<Args>(args)...);
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator==(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return lhs.get() == rhs.get();
}

template <class TTarget1, class NullType1>
inline bool operator==(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    std::nullptr_t) noexcept {
  return lhs.get() == nullptr;
}

template <class TTarget1, class NullType1, class TTarget2, class NullType2>
inline bool operator!=(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    const intrusive_ptr<TTarget2, NullType2>& rhs) noexcept {
  return !operator==(lhs, rhs);
}

template <class TTarget1, class NullType1>
inline bool operator!=(
    const intrusive_ptr<TTarget1, NullType1>& lhs,
    std::nullptr_t) noexcept {
  return !operator==(lhs, nullptr);
}

} // namespace c10
