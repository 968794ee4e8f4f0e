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
// COPY c10/util/Optional.h 37-40

namespace c10 {

template <class T>
class optional;
// COPY c10/util/Optional.h 155-157

// COPY c10/util/Optional.h 160-163

// COPY c10/util/Optional.h 166-171
// COPY c10/util/Optional.h 58-60

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
// COPY c10/util/Optional.h 580-585

  using Base = detail_::optional_storage<typename std::remove_const<T>::type>;

 public:
  typedef T value_type;

  constexpr optional() noexcept : Base() {}
  constexpr optional(nullopt_t) noexcept : Base() {}
// COPY c10/util/Optional.h 635-637

// COPY c10/util/Optional.h 645-651
  constexpr optional(U&& u) : Base(in_place, std::forward<U>(u)) {}

// COPY c10/util/Optional.h 655-661
  explicit constexpr optional(U&& u) : Base(in_place, std::forward<U>(u)) {}
// COPY c10/util/Optional.h 663-665
      : Base(in_place, std::forward<Args>(args)...) {}
// COPY c10/util/Optional.h 667-675
      : Base(in_place, il, std::forward<Args>(args)...) {}

  ~optional() = default;

  optional& operator=(nullopt_t) noexcept {
    this->clear();
// COPY c10/util/Optional.h 684-698
    this->clear();
    this->init_from(std::forward<U>(v));
// COPY c10/util/Optional.h 704-708
    this->clear();
    this->init_from(std::forward<Args>(args)...);
// COPY c10/util/Optional.h 711-714
    this->clear();
    this->init_from(il, std::forward<Args>(args)...);
  }

  void swap(optional<T>& rhs) noexcept {
    optional<T> tmp(std::move(rhs));
    rhs = std::move(*this);
    *this = std::move(tmp);
// COPY c10/util/Optional.h 918-920
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
// COPY c10/util/Optional.h 783-786
    return this->init_ ? this->val_ : static_cast<T>(std::forward<V>(v));
  }

  template <class V>
  T value_or(V&& v) && {
    return this->init_ ? std::move(this->val_)
                       : static_cast<T>(std::forward<V>(v));
  }

  void reset() noexcept {
    this->clear();
// COPY c10/util/Optional.h 800-804
  return v.has_value() ? *v : static_cast<T>(std::forward<F>(func)());
// COPY c10/util/Optional.h 811-814
  return v.has_value() ? std::move(*v) : static_cast<T>(std::forward<F>(func)());
}

// COPY c10/util/Optional.h 947-950
// COPY c10/util/Optional.h 952-955
// COPY c10/util/Optional.h 957-960
// COPY c10/util/Optional.h 962-965
// COPY c10/util/Optional.h 967-970
// COPY c10/util/Optional.h 972-975

// COPY c10/util/Optional.h 978-981
// COPY c10/util/Optional.h 983-986
// COPY c10/util/Optional.h 988-991
// COPY c10/util/Optional.h 993-996
// COPY c10/util/Optional.h 998-1001
// COPY c10/util/Optional.h 1003-1006
// COPY c10/util/Optional.h 1008-1011
// COPY c10/util/Optional.h 1013-1016
// COPY c10/util/Optional.h 1018-1021
// COPY c10/util/Optional.h 1023-1026
// COPY c10/util/Optional.h 1028-1031
// COPY c10/util/Optional.h 1033-1036

// COPY c10/util/Optional.h 1039-1042
// COPY c10/util/Optional.h 1044-1047
// COPY c10/util/Optional.h 1049-1052
// COPY c10/util/Optional.h 1054-1057
// COPY c10/util/Optional.h 1059-1062
// COPY c10/util/Optional.h 1064-1067
// COPY c10/util/Optional.h 1069-1072
// COPY c10/util/Optional.h 1074-1077
// COPY c10/util/Optional.h 1079-1082
// COPY c10/util/Optional.h 1084-1087
// COPY c10/util/Optional.h 1089-1092
// COPY c10/util/Optional.h 1094-1097

// COPY c10/util/Optional.h 1222-1228
  return optional<typename std::decay<T>::type>(std::forward<T>(v));
// COPY c10/util/Optional.h 1235-1241
  typedef c10::optional<T> argument_type;
  size_t operator()(argument_type const& arg) const {
    return arg ? std::hash<T>{}(*arg) : size_t{};
  }
};
} // namespace std

#undef TR2_OPTIONAL_REQUIRES
