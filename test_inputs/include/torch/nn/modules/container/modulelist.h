// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/container/modulelist.h
#pragma once

#include <torch/nn/cloneable.h>
#include <torch/nn/module.h>

#include <memory>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace torch {
namespace nn {

class ModuleListImpl : public Cloneable<ModuleListImpl> {
 public:
  using Iterator = std::vector<std::shared_ptr<Module>>::iterator;
  using ConstIterator = std::vector<std::shared_ptr<Module>>::const_iterator;

  ModuleListImpl() = default;

  template <typename... Modules>
  explicit ModuleListImpl(Modules&&... modules) {
    modules_.reserve(sizeof...(Modules));
    push_back_var(std::forward<Modules>(modules)...);
  }

  std::shared_ptr<Module> clone(
      const optional<Device>& device = nullopt) const override;

  void reset() override {}

  void pretty_print(std::ostream& stream) const override;

  void push_back(std::shared_ptr<Module> module);

  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void push_back(M&& module) {
    using Type = typename std::remove_reference<M>::type;
    push_back(std::make_shared<Type>(std::forward<M>(module)));
  }

  template <typename M>
  void push_back(const ModuleHolder<M>& module_holder) {
    push_back(module_holder.ptr());
  }

  template <typename Container>
  void extend(const Container& container) {
    for (const auto& module : container) {
      push_back(module);
    }
  }

  Iterator begin();

  ConstIterator begin() const;

  Iterator end();

  ConstIterator end() const;

  template <typename T>
  T& at(size_t index) {
    static_assert(
        torch::detail::is_module<T>::value,
        "Can only call ModuleList::at with an nn::Module type");
    return *modules_[index]->as<T>();
  }

  template <typename T>
  const T& at(size_t index) const {
    static_assert(
        torch::detail::is_module<T>::value,
        "Can only call ModuleList::at with an nn::Module type");
    return *modules_[index]->as<T>();
  }

  std::shared_ptr<Module> ptr(size_t index) const;

  template <typename T>
  std::shared_ptr<T> ptr(size_t index) const {
    static_assert(
        torch::detail::is_module<T>::value,
        "Can only call ModuleList::ptr with an nn::Module type");
    return std::dynamic_pointer_cast<T>(modules_[index]);
  }

  std::shared_ptr<Module> operator[](size_t index) const;

  size_t size() const noexcept;

  bool is_empty() const noexcept;

  void insert(size_t index, std::shared_ptr<Module> module);

  template <typename M>
  void insert(size_t index, const ModuleHolder<M>& module_holder) {
    insert(index, module_holder.ptr());
  }

  template <typename M, typename = torch::detail::enable_if_module_t<M>>
  void insert(size_t index, M&& module) {
    using Type = typename std::remove_reference<M>::type;
    insert(index, std::make_shared<Type>(std::forward<M>(module)));
  }

 private:
  template <typename Head, typename... Tail>
  void push_back_var(Head&& head, Tail&&... tail) {
    push_back(std::forward<Head>(head));
    push_back_var(std::forward<Tail>(tail)...);
  }

  void push_back_var() {}

  std::vector<std::shared_ptr<Module>> modules_;
};

TORCH_MODULE(ModuleList);

} // namespace nn
} // namespace torch
