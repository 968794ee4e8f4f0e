// Test-only faithful subset of libtorch 1.13.1: c10/util/Optional.h.
// c10::optional is its own class template in 1.13 (NOT an alias of
// std::optional); constructors / assignment mirror the real constraints.
// Storage is delegated to std::optional.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>
#include <c10/util/in_place.h>

#include <functional>
#include <initializer_list>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace c10 {

template <class T>
class optional;

constexpr struct trivial_init_t {
} trivial_init{};

struct nullopt_t {
  constexpr explicit nullopt_t(int) {}
};
constexpr nullopt_t nullopt{0};

class bad_optional_access : public std::logic_error {
 public:
  explicit bad_optional_access(const std::string& what_arg)
      : logic_error{what_arg} {}
  explicit bad_optional_access(const char* what_arg) : logic_error{what_arg} {}
};

#define TR2_OPTIONAL_REQUIRES(...) \
  typename std::enable_if<__VA_ARGS__::value, bool>::type = false

namespace detail_ {

// Storage. Like the real OptionalBase selection, c10::optional<T> is
// trivially copyable when T is, and trivially destructible when T is.
template <class T, bool TrivialDtor = std::is_trivially_destructible<T>::value>
struct optional_union {
  union {
    unsigned char dummy_;
    T val_;
  };
  bool init_;

  constexpr optional_union() noexcept : dummy_(), init_(false) {}
  template <class... Args>
  constexpr explicit optional_union(in_place_t, Args&&... args)
      : val_(std::forward<Args>(args)...), init_(true) {}
};

template <class T>
struct optional_union<T, false> {
  union {
    unsigned char dummy_;
    T val_;
  };
  bool init_;

  constexpr optional_union() noexcept : dummy_(), init_(false) {}
  template <class... Args>
  constexpr explicit optional_union(in_place_t, Args&&... args)
      : val_(std::forward<Args>(args)...), init_(true) {}
  ~optional_union() {
    if (init_)
      val_.~T();
  }
};

template <class T>
struct optional_ops : optional_union<T> {
  using optional_union<T>::optional_union;

  template <class... Args>
  void init_from(Args&&... args) {
    ::new (static_cast<void*>(&this->val_)) T(std::forward<Args>(args)...);
    this->init_ = true;
  }
  void clear() noexcept {
    if (this->init_)
      this->val_.~T();
    this->init_ = false;
  }
};

template <class T, bool TrivialCopy = std::is_trivially_copyable<T>::value>
struct optional_storage : optional_ops<T> {
  using optional_ops<T>::optional_ops;
};

template <class T>
struct optional_storage<T, false> : optional_ops<T> {
  using optional_ops<T>::optional_ops;
  optional_storage() = default;
  optional_storage(const optional_storage& rhs) : optional_ops<T>() {
    if (rhs.init_)
      this->init_from(rhs.val_);
  }
  optional_storage(optional_storage&& rhs) noexcept : optional_ops<T>() {
    if (rhs.init_)
      this->init_from(std::move(rhs.val_));
  }
  optional_storage& operator=(const optional_storage& rhs) {
    if (this != &rhs) {
      this->clear();
      if (rhs.init_)
        this->init_from(rhs.val_);
    }
    return *this;
  }
  optional_storage& operator=(optional_storage&& rhs) noexcept {
    if (this != &rhs) {
      this->clear();
      if (rhs.init_)
        this->init_from(std::move(rhs.val_));
    }
    return *this;
  }
};

} // namespace detail_

template <class T>
class optional
    : private detail_::optional_storage<typename std::remove_const<T>::type> {
  static_assert(
      !std::is_same<typename std::decay<T>::type, nullopt_t>::value,
      "bad T");
  static_assert(
      !std::is_same<typename std::decay<T>::type, in_place_t>::value,
      "bad T");

  using Base = detail_::optional_storage<typename std::remove_const<T>::type>;

 public:
  typedef T value_type;

  constexpr optional() noexcept : Base() {}
  constexpr optional(nullopt_t) noexcept : Base() {}

  optional(const optional& rhs) = default;
  optional(optional&& rhs) = default;

  template <
      typename U = T,
      TR2_OPTIONAL_REQUIRES(
          std::is_constructible<T, U&&>::value &&
          !std::is_same<typename std::decay<U>::type, in_place_t>::value &&
          !std::is_same<typename std::decay<U>::type, optional<T>>::value &&
          std::is_convertible<U&&, T>)>
  constexpr optional(U&& u) : Base(in_place, std::forward<U>(u)) {}

  template <
      typename U = T,
      TR2_OPTIONAL_REQUIRES(
          std::is_constructible<T, U&&>::value &&
          !std::is_same<typename std::decay<U>::type, in_place_t>::value &&
          !std::is_same<typename std::decay<U>::type, optional<T>>::value &&
          !std::is_convertible<U&&, T>)>
  explicit constexpr optional(U&& u) : Base(in_place, std::forward<U>(u)) {}

  template <class... Args>
  explicit constexpr optional(in_place_t, Args&&... args)
      : Base(in_place, std::forward<Args>(args)...) {}

  template <
      class U,
      class... Args,
      TR2_OPTIONAL_REQUIRES(std::is_constructible<T, std::initializer_list<U>>)>
  constexpr explicit optional(
      in_place_t,
      std::initializer_list<U> il,
      Args&&... args)
      : Base(in_place, il, std::forward<Args>(args)...) {}

  ~optional() = default;

  optional& operator=(nullopt_t) noexcept {
    this->clear();
    return *this;
  }

  optional& operator=(const optional& rhs) = default;

  optional& operator=(optional&& rhs) = default;

  template <class U = T>
  auto operator=(U&& v) -> typename std::enable_if<
      std::is_constructible<T, U>::value &&
          !std::is_same<typename std::decay<U>::type, optional<T>>::value &&
          (std::is_scalar<T>::value ||
           std::is_same<typename std::decay<U>::type, T>::value) &&
          std::is_assignable<T&, U>::value,
      optional&>::type {
    this->clear();
    this->init_from(std::forward<U>(v));
    return *this;
  }

  template <class... Args>
  void emplace(Args&&... args) {
    this->clear();
    this->init_from(std::forward<Args>(args)...);
  }

  template <class U, class... Args>
  void emplace(std::initializer_list<U> il, Args&&... args) {
    this->clear();
    this->init_from(il, std::forward<Args>(args)...);
  }

  void swap(optional<T>& rhs) noexcept {
    optional<T> tmp(std::move(rhs));
    rhs = std::move(*this);
    *this = std::move(tmp);
  }

  explicit constexpr operator bool() const noexcept {
    return this->init_;
  }
  constexpr bool has_value() const noexcept {
    return this->init_;
  }

  constexpr T const* operator->() const {
    return &this->val_;
  }
  T* operator->() {
    return &this->val_;
  }
  constexpr T const& operator*() const& {
    return this->val_;
  }
  T& operator*() & {
    return this->val_;
  }
  T&& operator*() && {
    return std::move(this->val_);
  }

  constexpr T const& value() const& {
    return this->val_;
  }
  T& value() & {
    return this->val_;
  }
  T&& value() && {
    return std::move(this->val_);
  }

  template <class V>
  constexpr T value_or(V&& v) const& {
    return this->init_ ? this->val_ : static_cast<T>(std::forward<V>(v));
  }

  template <class V>
  T value_or(V&& v) && {
    return this->init_ ? std::move(this->val_)
                       : static_cast<T>(std::forward<V>(v));
  }

  void reset() noexcept {
    this->clear();
  }
};

template <class T, class F>
constexpr T value_or_else(const optional<T>& v, F&& func) {
  return v.has_value() ? *v : static_cast<T>(std::forward<F>(func)());
}

template <class T, class F>
constexpr T value_or_else(optional<T>&& v, F&& func) {
  return v.has_value() ? std::move(*v) : static_cast<T>(std::forward<F>(func)());
}

template <class T>
constexpr bool operator==(const optional<T>& x, const optional<T>& y) {
  return bool(x) != bool(y) ? false : bool(x) == false ? true : *x == *y;
}
template <class T>
constexpr bool operator!=(const optional<T>& x, const optional<T>& y) {
  return !(x == y);
}
template <class T>
constexpr bool operator<(const optional<T>& x, const optional<T>& y) {
  return (!y) ? false : (!x) ? true : *x < *y;
}
template <class T>
constexpr bool operator>(const optional<T>& x, const optional<T>& y) {
  return (y < x);
}
template <class T>
constexpr bool operator<=(const optional<T>& x, const optional<T>& y) {
  return !(y < x);
}
template <class T>
constexpr bool operator>=(const optional<T>& x, const optional<T>& y) {
  return !(x < y);
}

template <class T>
constexpr bool operator==(const optional<T>& x, nullopt_t) noexcept {
  return (!x);
}
template <class T>
constexpr bool operator==(nullopt_t, const optional<T>& x) noexcept {
  return (!x);
}
template <class T>
constexpr bool operator!=(const optional<T>& x, nullopt_t) noexcept {
  return bool(x);
}
template <class T>
constexpr bool operator!=(nullopt_t, const optional<T>& x) noexcept {
  return bool(x);
}
template <class T>
constexpr bool operator<(const optional<T>&, nullopt_t) noexcept {
  return false;
}
template <class T>
constexpr bool operator<(nullopt_t, const optional<T>& x) noexcept {
  return bool(x);
}
template <class T>
constexpr bool operator<=(const optional<T>& x, nullopt_t) noexcept {
  return (!x);
}
template <class T>
constexpr bool operator<=(nullopt_t, const optional<T>&) noexcept {
  return true;
}
template <class T>
constexpr bool operator>(const optional<T>& x, nullopt_t) noexcept {
  return bool(x);
}
template <class T>
constexpr bool operator>(nullopt_t, const optional<T>&) noexcept {
  return false;
}
template <class T>
constexpr bool operator>=(const optional<T>&, nullopt_t) noexcept {
  return true;
}
template <class T>
constexpr bool operator>=(nullopt_t, const optional<T>& x) noexcept {
  return (!x);
}

template <class T, class U>
constexpr bool operator==(const optional<T>& x, const U& v) {
  return bool(x) ? *x == v : false;
}
template <class T, class U>
constexpr bool operator==(const U& v, const optional<T>& x) {
  return bool(x) ? v == *x : false;
}
template <class T, class U>
constexpr bool operator!=(const optional<T>& x, const U& v) {
  return bool(x) ? *x != v : true;
}
template <class T, class U>
constexpr bool operator!=(const U& v, const optional<T>& x) {
  return bool(x) ? v != *x : true;
}
template <class T, class U>
constexpr bool operator<(const optional<T>& x, const U& v) {
  return bool(x) ? *x < v : true;
}
template <class T, class U>
constexpr bool operator>(const U& v, const optional<T>& x) {
  return bool(x) ? v > *x : true;
}
template <class T, class U>
constexpr bool operator>(const optional<T>& x, const U& v) {
  return bool(x) ? *x > v : false;
}
template <class T, class U>
constexpr bool operator<(const U& v, const optional<T>& x) {
  return bool(x) ? v < *x : false;
}
template <class T, class U>
constexpr bool operator>=(const optional<T>& x, const U& v) {
  return bool(x) ? *x >= v : false;
}
template <class T, class U>
constexpr bool operator<=(const U& v, const optional<T>& x) {
  return bool(x) ? v <= *x : false;
}
template <class T, class U>
constexpr bool operator<=(const optional<T>& x, const U& v) {
  return bool(x) ? *x <= v : true;
}
template <class T, class U>
constexpr bool operator>=(const U& v, const optional<T>& x) {
  return bool(x) ? v >= *x : true;
}

template <class T>
void swap(optional<T>& x, optional<T>& y) noexcept(noexcept(x.swap(y))) {
  x.swap(y);
}

template <class T>
constexpr optional<typename std::decay<T>::type> make_optional(T&& v) {
  return optional<typename std::decay<T>::type>(std::forward<T>(v));
}

} // namespace c10

namespace std {
template <typename T>
struct hash<c10::optional<T>> {
  typedef c10::optional<T> argument_type;
  size_t operator()(argument_type const& arg) const {
    return arg ? std::hash<T>{}(*arg) : size_t{};
  }
};
} // namespace std

#undef TR2_OPTIONAL_REQUIRES
