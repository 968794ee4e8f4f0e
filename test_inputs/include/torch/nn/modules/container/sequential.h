// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/container/sequential.h
// NB: SequentialImpl::forward is a template
//   template <typename ReturnType = Tensor, typename... InputTypes>
//   ReturnType forward(InputTypes&&... inputs);
// and Sequential is a hand-written ModuleHolder subclass (not TORCH_MODULE).
// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 1-6
#include <torch/nn/pimpl.h>
#include <torch/ordered_dict.h>
#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <iosfwd>
// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 16-22

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 93-98

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 101-105

  explicit SequentialImpl(
      torch::OrderedDict<std::string, AnyModule>&& ordered_dict);

  explicit SequentialImpl(std::initializer_list<NamedAnyModule> named_modules);

  std::shared_ptr<Module> clone(
      const optional<Device>& device = nullopt) const override;

  void reset() override {}

  void pretty_print(std::ostream& stream) const override;

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 175-184

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 188-192
        input.type_info().name(),
        ", but you asked for type ",
        typeid(ReturnType).name());
    return *input.template try_get<ReturnType>();
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 199-200
    push_back(std::to_string(modules_.size()), std::move(module_ptr));
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 205-208

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 215-216
    push_back(std::to_string(modules_.size()), std::forward<M>(module));
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 223-227

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 231-232
    push_back(std::to_string(modules_.size()), module_holder);
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 238-241

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 244-249

  void push_back(AnyModule any_module);

  void push_back(std::string name, AnyModule any_module);

  Iterator begin();

  ConstIterator begin() const;

  Iterator end();

  ConstIterator end() const;

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 285-289
    return modules_[index].get<T>();
  }

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 297-301
    return modules_[index].get<T>();
  }

  std::shared_ptr<Module> ptr(size_t index) const;

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 317-321
    return modules_[index].ptr<T>();
  }

  std::shared_ptr<Module> operator[](size_t index) const;

  size_t size() const noexcept;

  bool is_empty() const noexcept;

 private:
// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 350-361
// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 364-365

  void push_back() {}

  std::vector<AnyModule> modules_;
};

// COPY torch/csrc/api/include/torch/nn/modules/container/sequential.h 380-382

  Sequential();

  Sequential(std::initializer_list<NamedAnyModule> named_modules);
};
} // namespace nn
} // namespace torch
