// Test-only faithful subset of libtorch 1.13.1: c10/core/DeviceType.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>

namespace c10 {
// COPY c10/core/DeviceType.h 31-52
// COPY c10/core/DeviceType.h 57-75

// COPY c10/core/DeviceType.h 78-79
// COPY c10/core/DeviceType.h 91-111
