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

template <class CharT>
class basic_string_view final {
 public:
  using value_type = CharT;
  using pointer = CharT*;
  using const_pointer = const CharT*;
  using reference = CharT&;
  using const_reference = const CharT&;
  using const_iterator = const CharT*;
  using iterator = const_iterator;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  static constexpr size_type npos = size_type(-1);

  constexpr basic_string_view() noexcept : begin_(nullptr), size_(0) {}

  explicit constexpr basic_string_view(const_pointer str, size_type count)
      : begin_(str), size_(count) {}

  /* implicit */ constexpr basic_string_view(const_pointer str)
      : basic_string_view(str, std::char_traits<CharT>::length(str)) {}

  /* implicit */ basic_string_view(const ::std::basic_string<CharT>& str)
      : basic_string_view(str.data(), str.size()) {}

  constexpr basic_string_view(const basic_string_view&) noexcept = default;

  constexpr basic_string_view& operator=(
      const basic_string_view& rhs) noexcept = default;

  explicit operator ::std::basic_string<CharT>() const {
    return ::std::basic_string<CharT>(data(), size());
  }

  constexpr const_iterator begin() const noexcept {
    return begin_;
  }
  constexpr const_iterator end() const noexcept {
    return begin_ + size_;
  }
  constexpr const_reference operator[](size_type pos) const {
    return begin_[pos];
  }
  constexpr const_pointer data() const noexcept {
    return begin_;
  }
  constexpr size_type size() const noexcept {
    return size_;
  }
  constexpr size_type length() const noexcept {
    return size();
  }
  constexpr bool empty() const noexcept {
    return size() == 0;
  }

 private:
  const_pointer begin_;
  size_type size_;
};

template <class CharT>
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
}

using string_view = basic_string_view<char>;

} // namespace c10
