// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/detail/static.h (+ torch/csrc/utils/variadic.h
// type aliases)
#pragma once
// COPY torch/csrc/api/include/torch/detail/static.h 5-9

template <bool value, typename T = void>
using enable_if_t = typename std::enable_if<value, T>::type;

template <bool value, typename T = void>
using disable_if_t = enable_if_t<!value, T>;

template <typename T>
using decay_t = typename std::decay<T>::type;

// COPY torch/csrc/api/include/torch/detail/static.h 10-16
template <typename T>
struct has_forward {
  using yes = int8_t;
  using no = int16_t;

// COPY torch/csrc/api/include/torch/detail/static.h 33-37

// COPY torch/csrc/api/include/torch/detail/static.h 41-42

// COPY torch/csrc/api/include/torch/detail/static.h 57-65
