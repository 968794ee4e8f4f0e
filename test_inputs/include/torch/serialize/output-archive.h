// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/serialize/output-archive.h
#pragma once

#include <torch/csrc/jit/api/module.h>

#include <functional>
// COPY torch/csrc/api/include/torch/serialize/output-archive.h 6-26
  explicit OutputArchive() : cu_(std::make_shared<jit::CompilationUnit>()) {}
// COPY torch/csrc/api/include/torch/serialize/output-archive.h 30-33

// COPY torch/csrc/api/include/torch/serialize/output-archive.h 36-41

  void write(const std::string& key, const c10::IValue& ivalue);

// COPY torch/csrc/api/include/torch/serialize/output-archive.h 48-51

  void write(const std::string& key, OutputArchive& nested_archive);

  void save_to(const std::string& filename);

  void save_to(std::ostream& stream);

  void save_to(const std::function<size_t(const void*, size_t)>& func);

// COPY torch/csrc/api/include/torch/serialize/output-archive.h 72-82
