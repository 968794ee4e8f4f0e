// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/container/any_value.h
#pragma once

#include <torch/detail/static.h>
// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 11-18

class AnyValue {
 public:
// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 30-31

// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 34-38

  template <typename T>
  explicit AnyValue(T&& value)
      : content_(
            std::make_unique<Holder<decay_t<T>>>(std::forward<T>(value))) {}

// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 50-62

  template <typename T>
  T get() {
    return *try_get<T>();
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 80-84
// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 92-94
    Placeholder(const Placeholder&) = default;
    Placeholder(Placeholder&&) = default;
    virtual ~Placeholder() = default;
    virtual std::unique_ptr<Placeholder> clone() const = 0;
    const std::type_info& type_info;
  };

// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 105-106
    template <typename U>
// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 110-112
      return std::make_unique<Holder<T>>(value);
    }
    T value;
  };

// COPY torch/csrc/api/include/torch/nn/modules/container/any_value.h 119-123
