// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/container/any.h (+ named_any.h)
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 1-4
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 6-8

#include <memory>
#include <string>
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 17-23

// torch/nn/modules/container/any_module_holder.h
struct AnyModulePlaceholder {
  virtual ~AnyModulePlaceholder() = default;
  virtual std::shared_ptr<Module> ptr() = 0;
};

class AnyModule {
 public:
  AnyModule() = default;

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 116-117

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 120-123

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 126-127

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 131-132

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 135-136

  AnyModule clone(optional<Device> device = nullopt) const;

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 144-145

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 150-151

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 156-157

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 161-162

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 166-167

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 171-172

  std::shared_ptr<Module> ptr() const;

// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 179-180

  const std::type_info& type_info() const;

  bool is_empty() const noexcept;

 private:
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 192-199

  std::unique_ptr<AnyModulePlaceholder> content_;
};
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 214-219
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 224-232
      "the nn::Sequential class into a SequentialImpl class and then use"
      " that in the parent nn::Sequential.)");
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 236-245
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 262-270
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 272-273
  (void)std::initializer_list<int>{
      (values.push_back(AnyValue(std::forward<ArgumentTypes>(arguments))),
       0)...};
  return AnyValue(values.size());
// COPY torch/csrc/api/include/torch/nn/modules/container/any.h 278-284

class NamedAnyModule {
 public:
  template <typename ModuleType>
  NamedAnyModule(std::string name, std::shared_ptr<ModuleType> module_ptr)
      : NamedAnyModule(std::move(name), AnyModule(std::move(module_ptr))) {}

  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  NamedAnyModule(std::string name, M&& module)
      : NamedAnyModule(
            std::move(name),
            std::make_shared<typename std::remove_reference<M>::type>(
                std::forward<M>(module))) {}

  template <typename M>
  NamedAnyModule(std::string name, const ModuleHolder<M>& module_holder)
      : NamedAnyModule(std::move(name), module_holder.ptr()) {}

  NamedAnyModule(std::string name, AnyModule any_module)
      : name_(std::move(name)), module_(std::move(any_module)) {}

  const std::string& name() const noexcept {
    return name_;
  }

  AnyModule& module() noexcept {
    return module_;
  }

  const AnyModule& module() const noexcept {
    return module_;
  }

 private:
  std::string name_;
  AnyModule module_;
};

} // namespace nn
} // namespace torch
