// Test-only faithful subset of libtorch 1.13.1: ATen/core/TensorBody.h.
// The region between the BEGIN/END GENERATED markers is EMPTY in the source
// tree; test_inputs/include/regenerate_from_libtorch.py fills it at build time
// (into <build>/fake-libtorch/include) from the installed real header(s)
// (bodies dropped; overloads using c10::List / at::Storage / at::Stream /
// at::QScheme are omitted because those types are not modelled).
//
// Hand-written part mirrors the real class prologue/epilogue. NB: at::Tensor
// derives publicly from at::TensorBase (device(), options(), sizes(), ...
// live there); all Tensor::to overloads are listed below:
//   to(TensorOptions={}, bool non_blocking=false, bool copy=false, optional<MemoryFormat>=nullopt)
//   to(optional<ScalarType>, optional<Layout>, optional<Device>, optional<bool>, bool, bool, optional<MemoryFormat>)
//   to(Device, ScalarType, bool=false, bool=false, optional<MemoryFormat>=nullopt)
//   to(ScalarType, bool=false, bool=false, optional<MemoryFormat>=nullopt)
//   to(const Tensor&, bool=false, bool=false, optional<MemoryFormat>=nullopt)
//   to(caffe2::TypeMeta, bool=false, bool=false)            [inline]
//   to(Device, caffe2::TypeMeta, bool=false, bool=false)    [inline]
// There is no to(Device, bool, bool): `t.to(device)` / `t.to(torch::kCUDA)`
// resolve to to(TensorOptions, ...) via an implicit TensorOptions conversion.
// (Bodies of purely forwarding inline members -- cpu(), cuda(), toType(),
// backward(), ... -- are omitted to keep parsing fast.)
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/Device.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/core/SymInt.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>
#include <c10/util/OptionalArrayRef.h>
#include <c10/util/string_view.h>
#include <ATen/core/Generator.h>
#include <ATen/core/IListRef.h>
#include <ATen/core/TensorBase.h>

#include <cstdint>
#include <initializer_list>
#include <tuple>
#include <utility>
#include <vector>

namespace at {
struct Generator;
class Tensor;
} // namespace at
namespace at {
namespace indexing {
struct TensorIndex;
} // namespace indexing
} // namespace at

namespace torch {
namespace autograd {

struct Node;

} // namespace autograd
} // namespace torch

namespace at {

class Tensor;
using TensorList = ArrayRef<Tensor>;
using ITensorListRef = c10::IListRef<Tensor>;
using OptionalIntArrayRef = c10::OptionalArrayRef<int64_t>;
using OptionalSymIntArrayRef = c10::OptionalArrayRef<c10::SymInt>;

// Tensor is a "generic" object holding a pointer to the underlying TensorImpl
// object, which has an embedded reference count.
class TORCH_API Tensor : public TensorBase {
 protected:
  explicit Tensor(unsafe_borrow_t, const TensorBase& rhs)
      : TensorBase(unsafe_borrow_t{}, rhs) {}

 public:
  Tensor() = default;
  explicit Tensor(
      c10::intrusive_ptr<TensorImpl, UndefinedTensorImpl> tensor_impl)
      : TensorBase(std::move(tensor_impl)) {}
  Tensor(const Tensor& tensor) = default;
  Tensor(Tensor&& tensor) = default;

  // Implicitly move-constructible from TensorBase, but must be explicit to
  // increase refcount
  explicit Tensor(const TensorBase& base) : TensorBase(base) {}
  /*implicit*/ Tensor(TensorBase&& base) : TensorBase(std::move(base)) {}

  Tensor contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const {
    return TensorBase::contiguous(memory_format);
  }

  Tensor conj() const {
    if (!this->is_complex()) {
      return *this;
    } else {
      if (this->is_sparse()) {
        return this->conj_physical();
      }
      return this->_conj();
    }
  }

  using TensorBase::size;
  using TensorBase::sym_size;
  using TensorBase::stride;

  // program:
  //
  //    x[1] = 3;
  //
  Tensor& operator=(const TensorBase& x) & {
    impl_ = x.getIntrusivePtr();
    return *this;
  }
  Tensor& operator=(TensorBase&& x) & {
    impl_ = x.unsafeReleaseIntrusivePtr();
    return *this;
  }

  Tensor& operator=(const Tensor& x) & {
    return operator=(static_cast<const TensorBase&>(x));
  }
  Tensor& operator=(Tensor&& x) & {
    return operator=(static_cast<TensorBase&&>(x));
  }

  Tensor& operator=(Scalar v) && {
    return fill_(v);
  }
  Tensor& operator=(const Tensor& rhs) && {
    return copy_(rhs);
  }
  Tensor& operator=(Tensor&& rhs) && {
    return copy_(rhs);
  }

  Tensor toType(ScalarType t) const;

  C10_DEPRECATED_MESSAGE(
      "Tensor.is_variable() is deprecated; everything is a variable now. (If you want to assert that variable has been appropriately handled already, use at::impl::variable_excluded_from_dispatch())")
  bool is_variable() const noexcept;

  template <typename T>
  C10_DEPRECATED_MESSAGE(
      "Tensor.data<T>() is deprecated. Please use Tensor.data_ptr<T>() instead.")
  T* data() const {
    return data_ptr<T>();
  }

  template <typename T>
  T item() const;

  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
  C10_DEPRECATED_MESSAGE("packed_accessor is deprecated, use packed_accessor32 or packed_accessor64 instead")
  GenericPackedTensorAccessor<T,N,PtrTraits,index_t> packed_accessor() const & {
    return generic_packed_accessor<T,N,PtrTraits,index_t>();
  }
  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
  C10_DEPRECATED_MESSAGE("packed_accessor is deprecated, use packed_accessor32 or packed_accessor64 instead")
  GenericPackedTensorAccessor<T,N,PtrTraits,index_t> packed_accessor() && = delete;

  Tensor operator~() const {
    return bitwise_not();
  }
  Tensor operator-() const {
    return neg();
  }
  Tensor& operator+=(const Tensor& other) {
    return add_(other);
  }
  Tensor& operator+=(Scalar other) {
    return add_(other);
  }
  Tensor& operator-=(const Tensor& other) {
    return sub_(other);
  }
  Tensor& operator-=(Scalar other) {
    return sub_(other);
  }
  Tensor& operator*=(const Tensor& other) {
    return mul_(other);
  }
  Tensor& operator*=(Scalar other) {
    return mul_(other);
  }
  Tensor& operator/=(const Tensor& other) {
    return div_(other);
  }
  Tensor& operator/=(Scalar other) {
    return div_(other);
  }
  Tensor& operator&=(const Tensor& other) {
    return bitwise_and_(other);
  }
  Tensor& operator|=(const Tensor& other) {
    return bitwise_or_(other);
  }
  Tensor& operator^=(const Tensor& other) {
    return bitwise_xor_(other);
  }
  Tensor operator[](Scalar index) const {
    return this->operator[](index.toLong());
  }
  Tensor operator[](Tensor index) const {
    return this->operator[](index.item());
  }
  Tensor operator[](int64_t index) const {
    return select(0, index);
  }

  Tensor index(ArrayRef<at::indexing::TensorIndex> indices) const;
  Tensor index(std::initializer_list<at::indexing::TensorIndex> indices) const;

  Tensor& index_put_(
      ArrayRef<at::indexing::TensorIndex> indices,
      Tensor const& rhs);
  Tensor& index_put_(
      ArrayRef<at::indexing::TensorIndex> indices,
      const Scalar& v);
  Tensor& index_put_(
      std::initializer_list<at::indexing::TensorIndex> indices,
      Tensor const& rhs);
  Tensor& index_put_(
      std::initializer_list<at::indexing::TensorIndex> indices,
      const Scalar& v);

  Tensor cpu() const;

  Tensor cuda() const;

  Tensor hip() const;

  Tensor ve() const;

  Tensor vulkan() const;

  Tensor metal() const;

  Tensor meta() const;


  void backward(
      const Tensor& gradient = {},
      c10::optional<bool> retain_graph = c10::nullopt,
      bool create_graph = false,
      c10::optional<TensorList> inputs = c10::nullopt) const;


  const Tensor& set_requires_grad(bool requires_grad) const {
    TensorBase::set_requires_grad(requires_grad);
    return *this;
  }

  Tensor& mutable_grad() const;

  const Tensor& grad() const;

  // The Forward AD API functions below are low level and are not to be used by
  // end users who should use the API provided in torch/csrc/autograd.h

  const Tensor& _fw_grad(uint64_t level) const;

  void _set_fw_grad(
      const TensorBase& new_grad,
      uint64_t level,
      bool is_inplace_op) const;


  // Generated operator methods, filled in at build time from the real
  // ATen/core/TensorBody.h.
  // BEGIN GENERATED by regenerate_from_libtorch.py -- do not edit by hand
  // END GENERATED

  // These are needed because int -> bool conversion takes precedence over int
  // -> IntArrayRef So, for example std(0) would select the std(unbiased=False)
  // overload
  Tensor var(int dim) const {
    return var(IntArrayRef{dim});
  }

  Tensor std(int dim) const {
    return std(IntArrayRef{dim});
  }

  // `x.to(y.dtype)`.
  inline Tensor to(caffe2::TypeMeta type_meta, bool non_blocking = false, bool copy = false) const {
    return this->to(/*scalar_type=*/typeMetaToScalarType(type_meta), non_blocking, copy);
  }
  inline Tensor to(Device device, caffe2::TypeMeta type_meta, bool non_blocking = false, bool copy = false) const {
    return this->to(device, /*scalar_type=*/typeMetaToScalarType(type_meta), non_blocking, copy);
  }

  template <typename F, typename... Args>
  decltype(auto) m(F func, Args&&... params) const {
    return func(*this, std::forward<Args>(params)...);
  }

  at::Tensor tensor_data() const {
    return TensorBase::tensor_data();
  }

  at::Tensor variable_data() const {
    return TensorBase::variable_data();
  }

  // Hooks
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  template <typename T>
  using hook_return_void_t = std::enable_if_t<
      std::is_void<typename std::invoke_result_t<T&, Tensor>>::value,
      unsigned>;
  template <typename T>
  using hook_return_var_t = std::enable_if_t<
      std::is_same<typename std::invoke_result_t<T&, Tensor>, Tensor>::value,
      unsigned>;

  template <typename T>
  hook_return_void_t<T> register_hook(T&& hook) const;
  template <typename T>
  hook_return_var_t<T> register_hook(T&& hook) const;

  // Variable methods
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  Tensor data() const {
    return TensorBase::data();
  }

  void _backward(
      TensorList inputs,
      const c10::optional<Tensor>& gradient,
      c10::optional<bool> keep_graph,
      bool create_graph) const;

  const Tensor& requires_grad_(bool _requires_grad = true) const {
    TensorBase::requires_grad_(_requires_grad);
    return *this;
  }
};

namespace detail {
template <typename T, typename... Args>
Tensor make_tensor(Args&&... args) {
  return Tensor(c10::make_intrusive<T>(std::forward<Args>(args)...));
}

} // namespace detail

} // namespace at
