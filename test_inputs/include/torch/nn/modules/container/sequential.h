// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/container/sequential.h
// NB: SequentialImpl::forward is a template
//   template <typename ReturnType = Tensor, typename... InputTypes>
//   ReturnType forward(InputTypes&&... inputs);
// and Sequential is a hand-written ModuleHolder subclass (not TORCH_MODULE).
#pragma once

#include <torch/detail/static.h>
#include <torch/nn/cloneable.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/container/any.h>
#include <torch/nn/pimpl.h>
#include <torch/ordered_dict.h>
#include <torch/types.h>

#include <cstdint>
#include <memory>
#include <iosfwd>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace torch {
namespace nn {

class SequentialImpl : public Cloneable<SequentialImpl> {
 public:
  using Iterator = std::vector<AnyModule>::iterator;
  using ConstIterator = std::vector<AnyModule>::const_iterator;

  SequentialImpl() = default;

  template <typename... Modules>
  explicit SequentialImpl(Modules&&... modules) {
    modules_.reserve(sizeof...(Modules));
    push_back(std::forward<Modules>(modules)...);
  }

  explicit SequentialImpl(
      torch::OrderedDict<std::string, AnyModule>&& ordered_dict);

  explicit SequentialImpl(std::initializer_list<NamedAnyModule> named_modules);

  std::shared_ptr<Module> clone(
      const optional<Device>& device = nullopt) const override;

  void reset() override {}

  void pretty_print(std::ostream& stream) const override;

  template <typename ReturnType = Tensor, typename... InputTypes>
  ReturnType forward(InputTypes&&... inputs) {
    TORCH_CHECK(!is_empty(), "Cannot call forward() on an empty Sequential");

    auto iterator = modules_.begin();
    auto input = iterator->any_forward(std::forward<InputTypes>(inputs)...);

    for (++iterator; iterator != modules_.end(); ++iterator) {
      input = iterator->any_forward(std::move(input));
    }

    if (auto* return_value = input.template try_get<ReturnType>()) {
      return std::move(*return_value);
    }
    AT_ERROR(
        "The type of the return value is ",
        input.type_info().name(),
        ", but you asked for type ",
        typeid(ReturnType).name());
    return *input.template try_get<ReturnType>();
  }

  template <typename ModuleType>
  void push_back(std::shared_ptr<ModuleType> module_ptr) {
    push_back(std::to_string(modules_.size()), std::move(module_ptr));
  }

  template <typename ModuleType>
  void push_back(std::string name, std::shared_ptr<ModuleType> module_ptr) {
    push_back(std::move(name), AnyModule(std::move(module_ptr)));
  }

  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void push_back(M&& module) {
    push_back(std::to_string(modules_.size()), std::forward<M>(module));
  }

  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void push_back(std::string name, M&& module) {
    using Type = typename std::remove_reference<M>::type;
    push_back(std::move(name), std::make_shared<Type>(std::forward<M>(module)));
  }

  template <typename M>
  void push_back(const ModuleHolder<M>& module_holder) {
    push_back(std::to_string(modules_.size()), module_holder);
  }

  template <typename M>
  void push_back(std::string name, const ModuleHolder<M>& module_holder) {
    push_back(std::move(name), module_holder.ptr());
  }

  template <typename Container>
  void extend(const Container& container) {
    for (const auto& module : container) {
      push_back(module);
    }
  }

  void push_back(AnyModule any_module);

  void push_back(std::string name, AnyModule any_module);

  Iterator begin();

  ConstIterator begin() const;

  Iterator end();

  ConstIterator end() const;

  template <typename T>
  T& at(size_t index) {
    static_assert(
        torch::detail::is_module<T>::value,
        "Can only call Sequential::at with an nn::Module type");
    return modules_[index].get<T>();
  }

  template <typename T>
  const T& at(size_t index) const {
    static_assert(
        torch::detail::is_module<T>::value,
        "Can only call Sequential::at with an nn::Module type");
    return modules_[index].get<T>();
  }

  std::shared_ptr<Module> ptr(size_t index) const;

  template <typename T>
  std::shared_ptr<T> ptr(size_t index) const {
    static_assert(
        torch::detail::is_module<T>::value,
        "Can only call Sequential::ptr with an nn::Module type");
    return modules_[index].ptr<T>();
  }

  std::shared_ptr<Module> operator[](size_t index) const;

  size_t size() const noexcept;

  bool is_empty() const noexcept;

 private:
  template <
      typename First,
      typename Second,
      typename... Rest,
      typename = torch::disable_if_t<
          std::is_same<First, std::string>::value ||
          // NOLINTNEXTLINE(modernize-avoid-c-arrays,cppcoreguidelines-avoid-c-arrays)
          std::is_same<
              typename std::decay<First>::type,
              std::decay<const char (&)[]>::type>::value>>
  void push_back(First&& first, Second&& second, Rest&&... rest) {
    push_back(std::forward<First>(first));
    push_back(std::forward<Second>(second), std::forward<Rest>(rest)...);
  }

  void push_back() {}

  std::vector<AnyModule> modules_;
};

class Sequential : public torch::nn::ModuleHolder<SequentialImpl> {
 public:
  using torch::nn::ModuleHolder<SequentialImpl>::ModuleHolder;

  Sequential();

  Sequential(std::initializer_list<NamedAnyModule> named_modules);
};
} // namespace nn
} // namespace torch
