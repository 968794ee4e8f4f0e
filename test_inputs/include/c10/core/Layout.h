// Test-only faithful subset of libtorch 1.13.1: c10/core/Layout.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>

#include <cstdint>
#include <iosfwd>
// COPY c10/core/Layout.h 7-26

C10_API std::ostream& operator<<(std::ostream& stream, at::Layout layout);

} // namespace c10
