// Test-only faithful subset of libtorch 1.13.1: c10/util/string_view.h
// (c10::string_view is c10::basic_string_view<char>, its own class in 1.13).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <cstddef>
#include <cstring>
#include <iosfwd>
#include <string>
#include <string_view>

namespace c10 {

// COPY c10/util/string_view.h 53-62
// COPY c10/util/string_view.h 65-75
      : basic_string_view(str, std::char_traits<CharT>::length(str)) {}
// COPY c10/util/string_view.h 77-83
      const basic_string_view& rhs) noexcept = default;
// COPY c10/util/string_view.h 89-94
    return begin_;
  }
  constexpr const_iterator end() const noexcept {
    return begin_ + size_;
  }
  constexpr const_reference operator[](size_type pos) const {
    return begin_[pos];
  }
// COPY c10/util/string_view.h 162-164
// COPY c10/util/string_view.h 166-168
// COPY c10/util/string_view.h 170-172
  constexpr bool empty() const noexcept {
    return size() == 0;
  }

 private:
// COPY c10/util/string_view.h 670-674
::std::basic_ostream<CharT>& operator<<(
    ::std::basic_ostream<CharT>& stream,
    basic_string_view<CharT> sv);

template <class CharT>
constexpr inline bool operator==(
    basic_string_view<CharT> lhs,
    basic_string_view<CharT> rhs) noexcept {
  return ::std::basic_string_view<CharT>(lhs.data(), lhs.size()) ==
      ::std::basic_string_view<CharT>(rhs.data(), rhs.size());
}

template <class CharT>
constexpr inline bool operator!=(
    basic_string_view<CharT> lhs,
    basic_string_view<CharT> rhs) noexcept {
  return !(lhs == rhs);
// COPY c10/util/string_view.h 701-705
