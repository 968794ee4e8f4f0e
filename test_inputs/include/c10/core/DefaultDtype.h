// Test-only faithful subset of libtorch 1.13.1: c10/core/DefaultDtype.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header
// COPY c10/core/DefaultDtype.h 2-4
#include <c10/util/typeid.h>
// COPY c10/core/DefaultDtype.h 9-15
