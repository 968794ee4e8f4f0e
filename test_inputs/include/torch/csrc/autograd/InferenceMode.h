// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/autograd/InferenceMode.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/GradMode.h>
// COPY torch/csrc/autograd/InferenceMode.h 5-12
