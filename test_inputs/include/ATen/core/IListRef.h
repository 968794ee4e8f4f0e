// Test-only faithful subset of libtorch 1.13.1: ATen/core/IListRef.h
// (the "boxed" c10::List<T> alternative is not modelled).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/util/ArrayRef.h>

#include <functional>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

namespace c10 {

namespace detail {
template <typename T>
using MaterializedIListRef = std::vector<std::reference_wrapper<const T>>;
} // namespace detail

template <typename T>
class IListRef {
 public:
  using unboxed_type = ArrayRef<T>;
  using materialized_type = typename detail::MaterializedIListRef<T>;

  using iterator = const T*;
  using const_iterator = const T*;
  using value_type = T;

  IListRef() {}

  IListRef(const unboxed_type& unboxed) {
    payload_.unboxed = unboxed;
  }

  IListRef(const std::initializer_list<T>& list) {
// COPY ATen/core/IListRef.h 530-536
  IListRef(UnboxedConstructorArgs&&... args) {
    payload_.unboxed =
        unboxed_type(std::forward<UnboxedConstructorArgs>(args)...);
  }

  IListRef(const materialized_type& materialized);

  size_t size() const {
    return payload_.unboxed.size();
// COPY ATen/core/IListRef.h 547-553
    return payload_.unboxed.begin();
  }

  iterator end() const {
    return payload_.unboxed.end();
  }

  const T& front() const {
    return payload_.unboxed.front();
  }

  detail::MaterializedIListRef<T> materialize() const;

 private:
  union Payload {
    const void* boxed;
// COPY ATen/core/IListRef.h 613-619
  int tag_ = 0;
};

} // namespace c10
