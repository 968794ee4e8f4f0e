// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/serialize/input-archive.h
// COPY torch/csrc/api/include/torch/serialize/input-archive.h 1-4
// COPY torch/csrc/api/include/torch/serialize/input-archive.h 6-7

#include <functional>
// COPY torch/csrc/api/include/torch/serialize/input-archive.h 9-26

class TORCH_API InputArchive final {
 public:
// COPY torch/csrc/api/include/torch/serialize/input-archive.h 34-38

// COPY torch/csrc/api/include/torch/serialize/input-archive.h 41-44

  void read(const std::string& key, c10::IValue& ivalue);

  bool try_read(const std::string& key, c10::IValue& ivalue);

  bool try_read(const std::string& key, Tensor& tensor, bool is_buffer = false);

  void read(const std::string& key, Tensor& tensor, bool is_buffer = false);

  bool try_read(const std::string& key, InputArchive& archive);

  void read(const std::string& key, InputArchive& archive);

// COPY torch/csrc/api/include/torch/serialize/input-archive.h 77-79

// COPY torch/csrc/api/include/torch/serialize/input-archive.h 84-86

// COPY torch/csrc/api/include/torch/serialize/input-archive.h 89-92

// COPY torch/csrc/api/include/torch/serialize/input-archive.h 95-99

  std::vector<std::string> keys();

// COPY torch/csrc/api/include/torch/serialize/input-archive.h 107-117
