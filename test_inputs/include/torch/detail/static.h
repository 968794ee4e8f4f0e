// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/detail/static.h (+ torch/csrc/utils/variadic.h
// type aliases)
#pragma once

#include <cstdint>
#include <type_traits>

namespace torch {

template <bool value, typename T = void>
using enable_if_t = typename std::enable_if<value, T>::type;

template <bool value, typename T = void>
using disable_if_t = enable_if_t<!value, T>;

template <typename T>
using decay_t = typename std::decay<T>::type;

namespace nn {
class Module;
} // namespace nn
} // namespace torch

namespace torch {
namespace detail {
template <typename T>
struct has_forward {
  using yes = int8_t;
  using no = int16_t;

  // pass e.g. 0.
  template <typename U>
  static yes test(decltype(&U::forward));
  template <typename U>
  static no test(...);

  static constexpr bool value = (sizeof(test<T>(nullptr)) == sizeof(yes));
};

template <typename M>
using is_module =
    std::is_base_of<torch::nn::Module, typename std::decay<M>::type>;

template <typename M, typename T = void>
using enable_if_module_t =
    typename std::enable_if<is_module<M>::value, T>::type;
} // namespace detail
} // namespace torch
