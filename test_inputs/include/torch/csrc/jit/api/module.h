// Test-only faithful subset of libtorch 1.13.1: torch/csrc/jit/api/module.h
// (+ object.h, method.h, compilation_unit.h, ATen/core/function.h bits).
// torch::jit::script::Module is an alias of torch::jit::Module, as in 1.13.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/ivalue.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>
#include <torch/csrc/autograd/variable.h>

#include <functional>
#include <memory>
#include <iosfwd>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace torch {

// torch/csrc/api/include/torch/imethod.h
class TORCH_API IMethod {
 public:
  using IValueList = std::vector<c10::IValue>;
  using IValueMap = std::unordered_map<std::string, at::IValue>;

  virtual ~IMethod() = default;

  virtual c10::IValue operator()(
      std::vector<c10::IValue> args,
      const IValueMap& kwargs = IValueMap()) const = 0;

  virtual const std::string& name() const = 0;

  const std::vector<std::string>& getArgumentNames() const;

 protected:
  virtual void setArgumentNames(
      std::vector<std::string>& argumentNames) const = 0;

 private:
  mutable bool isArgumentNamesInitialized_{false};
  mutable std::vector<std::string> argumentNames_;
};

namespace jit {

using ::c10::IValue;

// ATen/core/stack.h, ATen/core/function.h
using Stack = std::vector<c10::IValue>;
using Kwargs = std::unordered_map<std::string, at::IValue>;

struct Module;
struct CompilationUnit;

// torch/csrc/jit/api/object.h
using ObjectPtr = c10::intrusive_ptr<c10::ivalue::Object>;

struct Function;

// torch/csrc/jit/api/method.h
struct TORCH_API Method : public torch::IMethod {
  Method(ObjectPtr owner, Function* function);

  Module owner() const;
  void run(Stack& stack);
  void run(Stack&& stack) {
    run(stack);
  }

  c10::IValue operator()(
      std::vector<c10::IValue> stack,
      const Kwargs& kwargs = Kwargs()) const override;

  const std::string& name() const override;

  size_t num_inputs() const;

 private:
  void setArgumentNames(std::vector<std::string>&) const override;

  ObjectPtr owner_;

  Function* function_;
};

struct TORCH_API Object {
  Object() = default;
  Object(ObjectPtr _ivalue) : _ivalue_(std::move(_ivalue)) {}

  ObjectPtr _ivalue() const {
    return _ivalue_;
  }

  void setattr(const std::string& name, c10::IValue v);

  c10::IValue attr(const std::string& name) const;

  c10::IValue attr(const std::string& name, c10::IValue or_else) const;

  bool hasattr(const std::string& name) const;

  // is guarenteed to stay valid until this type has been destroyed
  Method get_method(const std::string& name) const;

  const std::vector<Method> get_methods() const;

  bool has_property(const std::string& name) const;

  c10::optional<Method> find_method(const std::string& basename) const;

  template <typename... Types>
  IValue run_method(const std::string& method_name, Types&&... args) {
    return get_method(method_name)({IValue(std::forward<Types>(args))...});
  }

  void define(const std::string& src);

  size_t num_slots() const;

 private:
  mutable ObjectPtr _ivalue_;
};

// torch/csrc/jit/api/compilation_unit.h
struct TORCH_API CompilationUnit {
  CompilationUnit() = default;
  explicit CompilationUnit(const std::string& source);
};

using ExtraFilesMap = std::unordered_map<std::string, std::string>;

template <typename T>
struct slot_list_impl;

template <typename T>
struct Named {
  std::string name;
  T value;
};

using NameModule = Named<Module>;
using NameValue = Named<IValue>;
using NameTensor = Named<at::Tensor>;

namespace detail {
struct TORCH_API ModulePolicy;
struct TORCH_API ParameterPolicy;
struct TORCH_API AttributePolicy;
struct TORCH_API BufferPolicy;
template <typename P>
struct NamedPolicy;
} // namespace detail

using module_list = slot_list_impl<detail::ModulePolicy>;
using named_module_list =
    slot_list_impl<detail::NamedPolicy<detail::ModulePolicy>>;

using parameter_list = slot_list_impl<detail::ParameterPolicy>;
using named_parameter_list =
    slot_list_impl<detail::NamedPolicy<detail::ParameterPolicy>>;

using attribute_list = slot_list_impl<detail::AttributePolicy>;
using named_attribute_list =
    slot_list_impl<detail::NamedPolicy<detail::AttributePolicy>>;

using buffer_list = slot_list_impl<detail::BufferPolicy>;
using named_buffer_list =
    slot_list_impl<detail::NamedPolicy<detail::BufferPolicy>>;

using ModuleLookup = std::function<Module(const std::vector<std::string>&)>;

struct TORCH_API Module : public Object {
  Module() = default;
  Module(ObjectPtr module_value) : Object(std::move(module_value)) {}
  ~Module() = default;

  void set_optimized(bool o);

  bool is_optimized() const;

  IValue forward(std::vector<IValue> inputs, const Kwargs& kwargs = Kwargs()) {
    return get_method("forward")(std::move(inputs), kwargs);
  }

  void register_buffer(const std::string& name, at::Tensor v);

  void register_parameter(
      const std::string& name,
      at::Tensor v,
      bool is_buffer);

  void register_module(const std::string& name, const Module& module);

  void apply(const std::function<void(Module&)>& fn);

  buffer_list buffers(bool recurse = true) const;
  named_buffer_list named_buffers(bool recurse = true) const;

  module_list children() const; // direct modules
  named_module_list named_children() const;
  module_list modules() const; // all modules, including this one, recursively
  named_module_list named_modules() const;

  parameter_list parameters(bool recurse = true) const;
  named_parameter_list named_parameters(bool recurse = true) const;

  attribute_list attributes(bool recurse = true) const;
  named_attribute_list named_attributes(bool recurse = true) const;

  void dump(
      bool print_method_bodies,
      bool print_attr_values,
      bool print_param_values) const;

  std::string dump_to_str(
      bool print_method_bodies,
      bool print_attr_values,
      bool print_param_values) const;

  void train(bool on = true);
  void eval() {
    train(/*on=*/false);
  }
  bool is_training() const;

  void to(at::Device device, at::ScalarType dtype, bool non_blocking = false);

  void to(at::ScalarType dtype, bool non_blocking = false);

  void to(at::Device device, bool non_blocking = false);

  void save(
      std::ostream& out,
      const ExtraFilesMap& extra_files = ExtraFilesMap()) const;

  void save(
      const std::string& filename,
      const ExtraFilesMap& extra_files = ExtraFilesMap()) const;

  void _save_for_mobile(
      std::ostream& out,
      const ExtraFilesMap& extra_files = ExtraFilesMap(),
      bool save_mobile_debug_info = false,
      bool use_flatbuffer = false) const;

  void _save_for_mobile(
      const std::string& filename,
      const ExtraFilesMap& extra_files = ExtraFilesMap(),
      bool save_mobile_debug_info = false,
      bool use_flatbuffer = false) const;

  Module copy() const;

  Module deepcopy() const;

  Module clone(bool inplace = false) const;

  Module clone(
      bool inplace,
      const std::unordered_set<std::string>& ignored_method,
      const std::unordered_set<std::string>& ignored_attributes) const;

  void clone_method(const Module& orig, const std::string& name);

  IValue operator()(std::vector<IValue> inputs);

  inline bool operator==(const Module& y) const noexcept {
    return _ivalue() == y._ivalue();
  }

  void set_delete_memory(std::shared_ptr<char> delete_mem) {
    mem_to_delete_ = delete_mem;
  }

 private:
  std::shared_ptr<char> mem_to_delete_;
};

// C++ equivalent api of `torch.jit.freeze`. See documentation over there for
// details.
TORCH_API Module freeze(
    const Module& module,
    c10::optional<std::vector<std::string>> preserved_attrs = c10::nullopt,
    bool optimize_numerics = true);

// over there for details.
TORCH_API Module optimize_for_inference(
    Module& module,
    const std::vector<std::string>& other_methods = {});

namespace detail {

struct TORCH_API SlotCursor {
  Module module_;
  int64_t i_; // slot offset, -1 indicates the module itself
};

} // namespace detail

// the  members of a Module.
template <typename Policy>
struct slot_iterator_impl {
  using SlotCursor = detail::SlotCursor;
  using value_type = typename Policy::value_type;
  slot_iterator_impl(
      Module root,
      bool recurse, // if true, do a depth-first search, otherwise, just look at
                    // slots of root
      bool return_module) // if true include root itself as the first thing
      : cursors_({SlotCursor{root, return_module ? -1 : 0}}),
        recurse_(recurse) {}
  slot_iterator_impl() : recurse_(false) {}
  value_type operator*() const;
  value_type operator->() const {
    return **this;
  }
  slot_iterator_impl& operator++();
  slot_iterator_impl operator++(int) {
    slot_iterator_impl old = *this;
    ++(*this);
    return old;
  }

 private:
  std::vector<SlotCursor> cursors_;
  bool recurse_;

  friend inline bool operator!=(
      const slot_iterator_impl<Policy>& a,
      const slot_iterator_impl<Policy>& b) {
    return (a.cursors_.empty() != b.cursors_.empty());
  }
};

namespace detail {

struct TORCH_API ModulePolicy {
  using value_type = Module;
};

struct TORCH_API ParameterPolicy {
  using value_type = at::Tensor;
};

struct TORCH_API BufferPolicy {
  using value_type = at::Tensor;
};

struct TORCH_API AttributePolicy {
  using value_type = IValue;
};

template <typename Policy>
struct NamedPolicy {
  using value_type = Named<typename Policy::value_type>;
};

} // namespace detail

template <typename Policy>
struct slot_list_impl {
  using iterator = slot_iterator_impl<Policy>;
  using const_iterator = slot_iterator_impl<Policy>;
  using value_type = typename iterator::value_type;
  slot_iterator_impl<Policy> begin() const {
    return slot_iterator_impl<Policy>(module_, recurse_, return_module_);
  }
  slot_iterator_impl<Policy> end() const {
    return slot_iterator_impl<Policy>();
  }
  size_t size() const;

  slot_list_impl(Module module, bool recurse, bool return_module)
      : module_(module), recurse_(recurse), return_module_(return_module) {}

 private:
  Module module_;
  bool recurse_;
  bool return_module_;
  friend struct Module;
};

TORCH_API bool& getInlineEverythingMode();

namespace script {
// We once had a `script::` namespace that was deleted. This is for backcompat
using Module = ::torch::jit::Module;
using ExtraFilesMap = ::torch::jit::ExtraFilesMap;
} // namespace script

} // namespace jit
} // namespace torch
