// Test-only faithful subset of libtorch 1.13.1: ATen/Tensor.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/Tensor.h>
