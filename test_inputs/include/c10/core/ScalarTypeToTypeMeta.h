// Test-only faithful subset of libtorch 1.13.1: c10/core/ScalarTypeToTypeMeta.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header
// COPY c10/core/ScalarTypeToTypeMeta.h 2-5
// COPY c10/core/ScalarTypeToTypeMeta.h 10-57
