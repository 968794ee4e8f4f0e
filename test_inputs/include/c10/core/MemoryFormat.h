// Test-only faithful subset of libtorch 1.13.1: c10/core/MemoryFormat.h
// NB: there are no kContiguous/kChannelsLast constants in 1.13; code spells
// at::MemoryFormat::Contiguous etc.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>

#include <cstdint>
#include <iosfwd>
#include <vector>
// COPY c10/core/MemoryFormat.h 26-34

// COPY c10/core/MemoryFormat.h 39-43

C10_API std::ostream& operator<<(
    std::ostream& stream,
    at::MemoryFormat memory_format);

} // namespace c10
