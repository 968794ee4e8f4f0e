// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/serialize.h
//
// NB (mirrors the real header): torch::save / torch::load are variadic
// templates that forward their trailing arguments to
// OutputArchive::save_to / InputArchive::load_from, e.g.
//   load_from(const std::string& filename,
//             c10::optional<torch::Device> device = c10::nullopt)
// so `torch::load(model, "m.pt", torch::kCUDA)` passes the device through a
// template parameter pack.
#pragma once

// COPY torch/csrc/api/include/torch/serialize.h 5-6

#include <string>
#include <utility>
#include <vector>

namespace torch {

// COPY torch/csrc/api/include/torch/serialize.h 40-45

// COPY torch/csrc/api/include/torch/serialize.h 65-67
  for (size_t i = 0; i < tensor_vec.size(); i++) {
    auto& value = tensor_vec[i];
    archive.write(std::to_string(i), value);
// COPY torch/csrc/api/include/torch/serialize.h 71-76

// COPY torch/csrc/api/include/torch/serialize.h 104-109

// COPY torch/csrc/api/include/torch/serialize.h 127-130

  // NOTE: The number and order of tensors in `tensor_vec` must be the same as
  // the number and order of tensors in the serialized `tensor_vec`.
  size_t index = 0;
  torch::Tensor value;
  while (archive.try_read(std::to_string(index), value)) {
// COPY torch/csrc/api/include/torch/serialize.h 139-144
