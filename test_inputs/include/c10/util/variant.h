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
// COPY c10/util/variant.h 421-422
// COPY c10/util/variant.h 424-425
// COPY c10/util/variant.h 845-846
// COPY c10/util/variant.h 831-832
} // namespace lib

namespace detail_ {
// COPY c10/util/variant.h 2324-2339
  struct impl<std::index_sequence<Is...>> : overload_leaf<Is, Ts>... {};

 public:
  using type = impl<std::index_sequence_for<Ts...>>;
// COPY c10/util/variant.h 2344-2349
using best_match = std::invoke_result_t<overload<Ts...>, T&&>;
// COPY c10/util/variant.h 2351-2362

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
// COPY c10/util/variant.h 2363-2370
// COPY c10/util/variant.h 2383-2389
      : impl_(std::in_place_index<0>) {}
// COPY c10/util/variant.h 2391-2393

// COPY c10/util/variant.h 2414-2425
      : impl_(std::in_place_index<I>, std::forward<Arg>(arg)) {}
// COPY c10/util/variant.h 2432-2440
      : impl_(std::in_place_index<I>, std::forward<Args>(args)...) {}
// COPY c10/util/variant.h 2460-2468
      : impl_(std::in_place_index<I>, std::forward<Args>(args)...) {}
// COPY c10/util/variant.h 2488-2492

// COPY c10/util/variant.h 2496-2509
    impl_.template emplace<I>(std::forward<Arg>(arg));
// COPY c10/util/variant.h 2515-2523
    return impl_.template emplace<I>(std::forward<Args>(args)...);
// COPY c10/util/variant.h 2537-2544
    return impl_.template emplace<I>(std::forward<Args>(args)...);
// COPY c10/util/variant.h 2558-2566

  inline void swap(variant& that) {
    impl_.swap(that.impl_);
  }

 private:
  friend struct detail_::variant_access;
  std::variant<Ts...> impl_;
};
// COPY c10/util/variant.h 2596-2598
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
// COPY c10/util/variant.h 2641-2644
  return std::get<T>(detail_::variant_access::get(v));
// COPY c10/util/variant.h 2651-2654
  return std::get<T>(detail_::variant_access::get(v));
}
// COPY c10/util/variant.h 2886-2888
  return std::visit(
      std::forward<Visitor>(visitor),
      detail_::variant_access::get(std::forward<Vs>(vs))...);
}

} // namespace c10
