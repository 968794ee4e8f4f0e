// Test-only faithful subset of libtorch 1.13.1: ATen/ATen.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/Context.h>
// COPY ATen/ATen.h 12-13
#include <ATen/Tensor.h>
// COPY ATen/ATen.h 18-19
#include <ATen/core/Generator.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/Device.h>
#include <c10/core/DeviceType.h>
#include <c10/core/Layout.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
// COPY ATen/ATen.h 32-33
