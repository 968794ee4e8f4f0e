// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/container/modulelist.h
#pragma once

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 4-5

#include <memory>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace torch {
namespace nn {

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 57-62

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 65-69

  std::shared_ptr<Module> clone(
      const optional<Device>& device = nullopt) const override;

  void reset() override {}

  void pretty_print(std::ostream& stream) const override;

  void push_back(std::shared_ptr<Module> module);

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 100-104

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 108-111

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 114-119

  Iterator begin();

  ConstIterator begin() const;

  Iterator end();

  ConstIterator end() const;

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 144-148
    return *modules_[index]->as<T>();
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 156-160
    return *modules_[index]->as<T>();
  }

  std::shared_ptr<Module> ptr(size_t index) const;

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 176-180
// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 182-183

  std::shared_ptr<Module> operator[](size_t index) const;

  size_t size() const noexcept;

  bool is_empty() const noexcept;

  void insert(size_t index, std::shared_ptr<Module> module);

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 221-224

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 229-238
    push_back_var(std::forward<Tail>(tail)...);
  }

  void push_back_var() {}

  std::vector<std::shared_ptr<Module>> modules_;
};

// COPY torch/csrc/api/include/torch/nn/modules/container/modulelist.h 257-260
