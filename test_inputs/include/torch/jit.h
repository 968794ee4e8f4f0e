// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/jit.h
#pragma once

#include <torch/csrc/jit/api/module.h>

#include <memory>
#include <string>

namespace torch {
namespace jit {

TORCH_API std::shared_ptr<CompilationUnit> compile(const std::string& source);

} // namespace jit
} // namespace torch
