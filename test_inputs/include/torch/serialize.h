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

#include <torch/serialize/archive.h>
#include <torch/serialize/tensor.h>

#include <string>
#include <utility>
#include <vector>

namespace torch {

template <typename Value, typename... SaveToArgs>
void save(const Value& value, SaveToArgs&&... args) {
  serialize::OutputArchive archive(std::make_shared<jit::CompilationUnit>());
  archive << value;
  archive.save_to(std::forward<SaveToArgs>(args)...);
}

template <typename... SaveToArgs>
void save(const std::vector<torch::Tensor>& tensor_vec, SaveToArgs&&... args) {
  serialize::OutputArchive archive(std::make_shared<jit::CompilationUnit>());
  for (size_t i = 0; i < tensor_vec.size(); i++) {
    auto& value = tensor_vec[i];
    archive.write(std::to_string(i), value);
  }
  archive.save_to(std::forward<SaveToArgs>(args)...);
}

TORCH_API std::vector<char> pickle_save(const torch::IValue& ivalue);
TORCH_API torch::IValue pickle_load(const std::vector<char>& data);

template <typename Value, typename... LoadFromArgs>
void load(Value& value, LoadFromArgs&&... args) {
  serialize::InputArchive archive;
  archive.load_from(std::forward<LoadFromArgs>(args)...);
  archive >> value;
}

template <typename... LoadFromArgs>
void load(std::vector<torch::Tensor>& tensor_vec, LoadFromArgs&&... args) {
  serialize::InputArchive archive;
  archive.load_from(std::forward<LoadFromArgs>(args)...);

  // NOTE: The number and order of tensors in `tensor_vec` must be the same as
  // the number and order of tensors in the serialized `tensor_vec`.
  size_t index = 0;
  torch::Tensor value;
  while (archive.try_read(std::to_string(index), value)) {
    tensor_vec.push_back(std::move(value));
    value = torch::Tensor();
    index++;
  }
}
} // namespace torch
