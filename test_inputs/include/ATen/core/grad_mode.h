// Test-only faithful subset of libtorch 1.13.1: ATen/core/grad_mode.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/GradMode.h>
#include <c10/macros/Macros.h>

namespace at {
using GradMode = c10::GradMode;
using AutoGradMode = c10::AutoGradMode;
using NoGradGuard = c10::NoGradGuard;
} // namespace at
