// Test-only faithful subset of libtorch 1.13.1 (hand-written for torchlint):
// the TORCH_ARG(T, name) option-member macro of the C++ frontend
// (torch/arg.h). It expands to the same members as the real one: a fluent
// setter taking `const T&` and one taking `T&&` (both returning
// `decltype(*this)`), a const and a non-const noexcept getter, and then a
// private data member `name##_` which the use site may give an initialiser.
#pragma once

#include <utility>

// clang-format off
#define TORCH_ARG(T, name)                                                   \
 public:                                                                     \
  inline auto name(const T& new_##name)->decltype(*this) { /* NOLINT */      \
    this->name##_ = new_##name; return *this; }                              \
  inline auto name(T&& new_##name)->decltype(*this) { /* NOLINT */           \
    this->name##_ = std::move(new_##name); return *this; }                   \
  inline const T& name() const noexcept { return this->name##_; } /* NOLINT */ \
  inline T& name() noexcept { return this->name##_; } /* NOLINT */           \
 private:                                                                    \
  T name##_ /* NOLINT */
// clang-format on
