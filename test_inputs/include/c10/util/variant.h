// Test-only faithful subset of libtorch 1.13.1: c10/util/variant.h
// (c10::variant is its own class template in 1.13 -- a copy of
// mpark::variant. The constructors / assignment templates below mirror its
// declarations; the value is stored in a std::variant.)
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/util/in_place.h>

#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <variant>

namespace c10 {

template <typename... Ts>
class variant;

namespace lib {
template <typename T>
using decay_t = typename std::decay<T>::type;
template <bool B, typename T = void>
using enable_if_t = typename std::enable_if<B, T>::type;
template <std::size_t I, typename... Ts>
using type_pack_element_t = __type_pack_element<I, Ts...>;
template <std::size_t N>
using size_constant = std::integral_constant<std::size_t, N>;
} // namespace lib

namespace detail_ {

template <std::size_t I, typename T>
struct overload_leaf {
  using F = lib::size_constant<I> (*)(T);
  operator F() const {
    return nullptr;
  }
};

template <typename... Ts>
struct overload_impl {
 private:
  template <typename>
  struct impl;

  template <std::size_t... Is>
  struct impl<std::index_sequence<Is...>> : overload_leaf<Is, Ts>... {};

 public:
  using type = impl<std::index_sequence_for<Ts...>>;
};

template <typename... Ts>
using overload = typename overload_impl<Ts...>::type;

template <typename T, typename... Ts>
using best_match = std::invoke_result_t<overload<Ts...>, T&&>;

template <typename T>
struct is_in_place_index : std::false_type {};

template <std::size_t I>
struct is_in_place_index<in_place_index_t<I>> : std::true_type {};

template <typename T>
struct is_in_place_type : std::false_type {};

template <typename T>
struct is_in_place_type<in_place_type_t<T>> : std::true_type {};

template <typename T, typename... Ts>
struct find_index_sfinae {
  static constexpr std::size_t value = [] {
    constexpr bool matches[] = {std::is_same<T, Ts>::value...};
    std::size_t r = 0;
    for (bool m : matches) {
      if (m)
        return r;
      ++r;
    }
    return r;
  }();
};

struct variant_access {
  template <typename... Ts>
  static std::variant<Ts...>& get(variant<Ts...>& v) {
    return v.impl_;
  }
  template <typename... Ts>
  static const std::variant<Ts...>& get(const variant<Ts...>& v) {
    return v.impl_;
  }
  template <typename... Ts>
  static std::variant<Ts...>&& get(variant<Ts...>&& v) {
    return std::move(v.impl_);
  }
};

} // namespace detail_

template <typename... Ts>
class variant {
  static_assert(
      0 < sizeof...(Ts),
      "variant must consist of at least one alternative.");

 public:
  template <
      typename Front = lib::type_pack_element_t<0, Ts...>,
      lib::enable_if_t<std::is_default_constructible<Front>::value, int> = 0>
  inline constexpr variant() noexcept(
      std::is_nothrow_default_constructible<Front>::value)
      : impl_(std::in_place_index<0>) {}

  variant(const variant&) = default;
  variant(variant&&) = default;

  template <
      typename Arg,
      typename Decayed = lib::decay_t<Arg>,
      lib::enable_if_t<!std::is_same<Decayed, variant>::value, int> = 0,
      lib::enable_if_t<!detail_::is_in_place_index<Decayed>::value, int> = 0,
      lib::enable_if_t<!detail_::is_in_place_type<Decayed>::value, int> = 0,
      std::size_t I = detail_::best_match<Arg, Ts...>::value,
      typename T = lib::
          type_pack_element_t<detail_::best_match<Arg, Ts...>::value, Ts...>,
      lib::enable_if_t<std::is_constructible<T, Arg>::value, int> = 0>
  inline constexpr variant(Arg&& arg) noexcept(
      std::is_nothrow_constructible<T, Arg>::value)
      : impl_(std::in_place_index<I>, std::forward<Arg>(arg)) {}

  template <
      std::size_t I,
      typename... Args,
      typename T = lib::type_pack_element_t<I, Ts...>,
      lib::enable_if_t<std::is_constructible<T, Args...>::value, int> = 0>
  inline explicit constexpr variant(
      in_place_index_t<I>,
      Args&&... args) noexcept(std::is_nothrow_constructible<T, Args...>::value)
      : impl_(std::in_place_index<I>, std::forward<Args>(args)...) {}

  template <
      typename T,
      typename... Args,
      std::size_t I = detail_::find_index_sfinae<T, Ts...>::value,
      lib::enable_if_t<std::is_constructible<T, Args...>::value, int> = 0>
  inline explicit constexpr variant(
      in_place_type_t<T>,
      Args&&... args) noexcept(std::is_nothrow_constructible<T, Args...>::value)
      : impl_(std::in_place_index<I>, std::forward<Args>(args)...) {}

  ~variant() = default;

  variant& operator=(const variant&) = default;
  variant& operator=(variant&&) = default;

  template <
      typename Arg,
      lib::enable_if_t<!std::is_same<lib::decay_t<Arg>, variant>::value, int> =
          0,
      std::size_t I = detail_::best_match<Arg, Ts...>::value,
      typename T = lib::
          type_pack_element_t<detail_::best_match<Arg, Ts...>::value, Ts...>,
      lib::enable_if_t<
          (std::is_assignable<T&, Arg>::value &&
           std::is_constructible<T, Arg>::value),
          int> = 0>
  inline variant& operator=(Arg&& arg) noexcept(
      (std::is_nothrow_assignable<T&, Arg>::value &&
       std::is_nothrow_constructible<T, Arg>::value)) {
    impl_.template emplace<I>(std::forward<Arg>(arg));
    return *this;
  }

  template <
      std::size_t I,
      typename... Args,
      typename T = lib::type_pack_element_t<I, Ts...>,
      lib::enable_if_t<std::is_constructible<T, Args...>::value, int> = 0>
  inline T& emplace(Args&&... args) {
    return impl_.template emplace<I>(std::forward<Args>(args)...);
  }

  template <
      typename T,
      typename... Args,
      std::size_t I = detail_::find_index_sfinae<T, Ts...>::value,
      lib::enable_if_t<std::is_constructible<T, Args...>::value, int> = 0>
  inline T& emplace(Args&&... args) {
    return impl_.template emplace<I>(std::forward<Args>(args)...);
  }

  inline constexpr bool valueless_by_exception() const noexcept {
    return impl_.valueless_by_exception();
  }

  inline constexpr std::size_t index() const noexcept {
    return impl_.index();
  }

  inline void swap(variant& that) {
    impl_.swap(that.impl_);
  }

 private:
  friend struct detail_::variant_access;
  std::variant<Ts...> impl_;
};

template <typename T, typename... Ts>
inline constexpr bool holds_alternative(const variant<Ts...>& v) noexcept {
  return std::holds_alternative<T>(detail_::variant_access::get(v));
}

template <typename T, typename... Ts>
inline constexpr std::add_pointer_t<T> get_if(variant<Ts...>* v) noexcept {
  return std::get_if<T>(&detail_::variant_access::get(*v));
}

template <typename T, typename... Ts>
inline constexpr std::add_pointer_t<const T> get_if(
    const variant<Ts...>* v) noexcept {
  return std::get_if<T>(&detail_::variant_access::get(*v));
}

template <typename T, typename... Ts>
inline constexpr T& get(variant<Ts...>& v) {
  return std::get<T>(detail_::variant_access::get(v));
}

template <typename T, typename... Ts>
inline constexpr const T& get(const variant<Ts...>& v) {
  return std::get<T>(detail_::variant_access::get(v));
}

template <typename Visitor, typename... Vs>
inline constexpr decltype(auto) visit(Visitor&& visitor, Vs&&... vs) {
  return std::visit(
      std::forward<Visitor>(visitor),
      detail_::variant_access::get(std::forward<Vs>(vs))...);
}

} // namespace c10
