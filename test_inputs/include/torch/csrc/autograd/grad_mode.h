// Test-only faithful subset of libtorch 1.13.1: torch/csrc/autograd/grad_mode.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/grad_mode.h>
// COPY torch/csrc/autograd/grad_mode.h 5-13
