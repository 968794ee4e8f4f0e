// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/pimpl.h (+ pimpl-inl.h)
//
// TORCH_MODULE(Name) expands exactly as in the real header to
//   class Name : public torch::nn::ModuleHolder<NameImpl> {
//    public:
//     using torch::nn::ModuleHolder<NameImpl>::ModuleHolder;
//     using Impl __attribute__((__unused__)) = NameImpl;
//   }
// COPY torch/csrc/api/include/torch/nn/pimpl.h 1-6

#include <memory>
#include <iosfwd>
// COPY torch/csrc/api/include/torch/nn/pimpl.h 11-15
// (torch/csrc/api/include/torch/nn/pimpl-inl.h)
#define TORCH_UNUSED_EXCEPT_CUDA C10_UNUSED

// COPY torch/csrc/api/include/torch/nn/pimpl.h 206-211

#define TORCH_MODULE(Name) TORCH_MODULE_IMPL(Name, Name##Impl)

// A type to indicate that `ModuleHolder`s are ModuleHolder-s.
struct ModuleHolderIndicator {};

template <typename T>
using is_module_holder = std::is_base_of<ModuleHolderIndicator, decay_t<T>>;

template <typename T>
using disable_if_module_holder_t = disable_if_t<is_module_holder<T>::value>;


// Base template.
template <bool is_module_holder_value, typename T, typename C>
struct is_module_holder_of_impl;

template <typename T, typename C>
struct is_module_holder_of_impl<false, T, C> : std::false_type {};

template <typename T, typename C>
struct is_module_holder_of_impl<true, T, C>
    : std::is_same<typename T::ContainedType, C> {};

// Helper template.
template <typename T, typename C>
struct is_module_holder_of : is_module_holder_of_impl<
                                 is_module_holder<T>::value,
                                 decay_t<T>,
                                 decay_t<C>> {};


template <bool has_forward_value, typename C, typename... Args>
struct return_type_of_forward_impl;

template <typename C, typename... Args>
struct return_type_of_forward_impl<true, C, Args...> {
  using type = decltype(::std::declval<C>().forward(::std::declval<Args>()...));
};

template <typename C, typename... Args>
struct return_type_of_forward_impl<false, C, Args...> {
  using type = void;
};

template <typename C, typename... Args>
using return_type_of_forward = return_type_of_forward_impl<
    torch::detail::has_forward<C>::value,
    C,
    Args...>;

template <typename C, typename... Args>
using return_type_of_forward_t =
    typename return_type_of_forward<C, Args...>::type;
} // namespace detail

namespace nn {

// COPY torch/csrc/api/include/torch/nn/pimpl.h 25-27
// COPY torch/csrc/api/include/torch/nn/pimpl.h 31-35

// COPY torch/csrc/api/include/torch/nn/pimpl.h 43-49

  /* implicit */ ModuleHolder(std::nullptr_t) : impl_(nullptr) {}

// COPY torch/csrc/api/include/torch/nn/pimpl.h 58-67

// COPY torch/csrc/api/include/torch/nn/pimpl.h 71-72

// COPY torch/csrc/api/include/torch/nn/pimpl.h 76-78

  Contained* operator->() {
    return get();
  }

// COPY torch/csrc/api/include/torch/nn/pimpl.h 86-88

  Contained& operator*() {
    return *get();
  }

// COPY torch/csrc/api/include/torch/nn/pimpl.h 96-98

// COPY torch/csrc/api/include/torch/nn/pimpl.h 101-104

// COPY torch/csrc/api/include/torch/nn/pimpl.h 107-110

// COPY torch/csrc/api/include/torch/nn/pimpl.h 113-116

// COPY torch/csrc/api/include/torch/nn/pimpl.h 119-121
    // (as expected).
// COPY torch/csrc/api/include/torch/nn/pimpl.h 126-127

// COPY torch/csrc/api/include/torch/nn/pimpl.h 132-135

// COPY torch/csrc/api/include/torch/nn/pimpl.h 138-142
// COPY torch/csrc/api/include/torch/nn/pimpl.h 150-165

// COPY torch/csrc/api/include/torch/nn/pimpl.h 168-173

// COPY torch/csrc/api/include/torch/nn/pimpl.h 176-181

// COPY torch/csrc/api/include/torch/nn/pimpl.h 184-192
