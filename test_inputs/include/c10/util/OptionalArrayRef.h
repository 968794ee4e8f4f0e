// Test-only faithful subset of libtorch 1.13.1: c10/util/OptionalArrayRef.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header
// COPY c10/util/OptionalArrayRef.h 13-15

#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include <utility>
// COPY c10/util/OptionalArrayRef.h 16-84

  OptionalArrayRef& operator=(nullopt_t) noexcept {
// COPY c10/util/OptionalArrayRef.h 87-93

  OptionalArrayRef& operator=(const optional<ArrayRef<T>>& other) noexcept {
    wrapped_opt_array_ref = other;
    return *this;
  }

  OptionalArrayRef& operator=(optional<ArrayRef<T>>&& other) noexcept {
// COPY c10/util/OptionalArrayRef.h 103-107
  std::enable_if_t<
// COPY c10/util/OptionalArrayRef.h 109-115
    wrapped_opt_array_ref = ArrayRef<T>(value);
    return *this;
  }

  // Observers

  ArrayRef<T>* operator->() noexcept {
    return &wrapped_opt_array_ref.value();
  }

  const ArrayRef<T>* operator->() const noexcept {
    return &wrapped_opt_array_ref.value();
  }

  ArrayRef<T>& operator*() & noexcept {
    return wrapped_opt_array_ref.value();
  }

  const ArrayRef<T>& operator*() const& noexcept {
    return wrapped_opt_array_ref.value();
  }

  ArrayRef<T>&& operator*() && noexcept {
// COPY c10/util/OptionalArrayRef.h 143-152

  ArrayRef<T>& value() & {
    return wrapped_opt_array_ref.value();
  }

  const ArrayRef<T>& value() const& {
    return wrapped_opt_array_ref.value();
  }

  ArrayRef<T>&& value() && {
// COPY c10/util/OptionalArrayRef.h 167-170
  std::enable_if_t<std::is_convertible<U&&, ArrayRef<T>>::value, ArrayRef<T>>
  value_or(U&& default_value) const& {
// COPY c10/util/OptionalArrayRef.h 181-184

  void swap(OptionalArrayRef& other) noexcept {
// COPY c10/util/OptionalArrayRef.h 187-188

  void reset() noexcept {
    wrapped_opt_array_ref.reset();
// COPY c10/util/OptionalArrayRef.h 208-214

} // namespace c10
