// Test-only faithful subset of libtorch 1.13.1: torch/csrc/jit/api/module.h
// (+ object.h, method.h, compilation_unit.h, ATen/core/function.h bits).
// torch::jit::script::Module is an alias of torch::jit::Module, as in 1.13.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/ivalue.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>
// COPY torch/csrc/jit/api/module.h 18-19
#include <torch/csrc/autograd/variable.h>

#include <functional>
#include <memory>
#include <iosfwd>
// COPY torch/csrc/jit/api/module.h 26-30

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
// COPY torch/csrc/jit/api/module.h 48-89
  Module() = default;
  Module(ObjectPtr module_value) : Object(std::move(module_value)) {}
  ~Module() = default;

  void set_optimized(bool o);

  bool is_optimized() const;
// COPY torch/csrc/jit/api/module.h 112-115

  void register_buffer(const std::string& name, at::Tensor v);
// COPY torch/csrc/jit/api/module.h 127-130
      bool is_buffer);

  void register_module(const std::string& name, const Module& module);
// COPY torch/csrc/jit/api/module.h 150-159

// COPY torch/csrc/jit/api/module.h 162-163

// COPY torch/csrc/jit/api/module.h 166-177

  void train(bool on = true);
  void eval() {
    train(/*on=*/false);
  }
  bool is_training() const;

  void to(at::Device device, at::ScalarType dtype, bool non_blocking = false);

  void to(at::ScalarType dtype, bool non_blocking = false);

// COPY torch/csrc/jit/api/module.h 213-237

  Module clone(bool inplace = false) const;

// COPY torch/csrc/jit/api/module.h 250-257
// COPY torch/csrc/jit/api/module.h 265-274
  std::shared_ptr<char> mem_to_delete_;
};

// C++ equivalent api of `torch.jit.freeze`. See documentation over there for
// COPY torch/csrc/jit/api/module.h 301-305

// over there for details.
// COPY torch/csrc/jit/api/module.h 309-311
// COPY torch/csrc/jit/api/module.h 351-359

// the  members of a Module.
// COPY torch/csrc/jit/api/module.h 368-376
      : cursors_({SlotCursor{root, return_module ? -1 : 0}}),
        recurse_(recurse) {}
  slot_iterator_impl() : recurse_(false) {}
  value_type operator*() const;
  value_type operator->() const {
    return **this;
  }
  slot_iterator_impl& operator++();
  slot_iterator_impl operator++(int) {
// COPY torch/csrc/jit/api/module.h 398-403
// COPY torch/csrc/jit/api/module.h 481-486
// COPY torch/csrc/jit/api/module.h 489-491

namespace detail {

struct TORCH_API ModulePolicy {
  using value_type = Module;
// COPY torch/csrc/jit/api/module.h 564-567
// COPY torch/csrc/jit/api/module.h 577-580
// COPY torch/csrc/jit/api/module.h 591-594
};

// COPY torch/csrc/jit/api/module.h 609-611
};

} // namespace detail

// COPY torch/csrc/jit/api/module.h 497-507
  size_t size() const;
// COPY torch/csrc/jit/api/module.h 519-520
      : module_(module), recurse_(recurse), return_module_(return_module) {}
// COPY torch/csrc/jit/api/module.h 529-533
  friend struct Module;
};
// COPY torch/csrc/jit/api/module.h 642-646
// COPY torch/csrc/jit/api/module.h 648-653
