// Test-only faithful subset of libtorch 1.13.1: c10/core/DefaultDtype.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/ScalarType.h>
#include <c10/macros/Macros.h>
#include <c10/util/typeid.h>

namespace c10 {
C10_API void set_default_dtype(caffe2::TypeMeta dtype);
C10_API const caffe2::TypeMeta get_default_dtype();
C10_API ScalarType get_default_dtype_as_scalartype();
C10_API const caffe2::TypeMeta get_default_complex_dtype();
} // namespace c10
