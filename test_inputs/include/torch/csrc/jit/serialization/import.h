// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/jit/serialization/import.h
// NB: only reachable through <torch/script.h> -- <torch/torch.h> does NOT
// declare torch::jit::load in 1.13.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/ivalue.h>
#include <c10/core/Device.h>
#include <c10/util/Optional.h>
#include <torch/csrc/jit/api/module.h>

#include <iosfwd>
#include <memory>
#include <string>
// COPY torch/csrc/jit/serialization/import.h 10-39
// COPY torch/csrc/jit/serialization/import.h 48-65

// COPY torch/csrc/jit/serialization/import.h 71-77

// COPY torch/csrc/jit/serialization/import.h 84-91
// COPY torch/csrc/jit/serialization/import.h 101-103
// COPY torch/csrc/jit/serialization/import.h 100-105

} // namespace jit
} // namespace torch
