// Test-only faithful subset of libtorch 1.13.1: ATen/core/TensorBase.h
//
// NB (mirrors the real header): device(), options(), dim(), sizes(),
// size(int64_t), numel(), scalar_type(), dtype(), layout(), is_cuda(),
// is_cpu(), defined(), requires_grad(), data_ptr() ... are members of
// at::TensorBase; at::Tensor derives publicly from it and only adds/shadows
// a few (contiguous, to, data, requires_grad_, set_requires_grad, ...).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/core/Device.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>
#include <c10/core/ScalarTypeToTypeMeta.h>
#include <c10/core/SymInt.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>
#include <c10/util/intrusive_ptr.h>
#include <ATen/core/Generator.h>
#include <ATen/core/TensorAccessor.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>

namespace c10 {
class Scalar;
struct TensorImpl;
struct UndefinedTensorImpl;
struct Storage;
} // namespace c10

namespace torch {
namespace autograd {
struct Node;
} // namespace autograd
} // namespace torch

namespace at {

using c10::TensorImpl;
using c10::UndefinedTensorImpl;

class Tensor;
class TensorBase;

TORCH_API const TensorBase& get_tensor_base(const Tensor& t);

//
// it's header included almost everywhere. TensorBase contains all the
// methods that are not generated operators.
class TORCH_API TensorBase {
 public:
  struct unsafe_borrow_t {
    explicit unsafe_borrow_t() = default;
  };

 protected:
  explicit TensorBase(unsafe_borrow_t, const TensorBase& rhs)
      : impl_(c10::intrusive_ptr<at::TensorImpl, UndefinedTensorImpl>::reclaim(
            rhs.impl_.get())) {}

 public:
  TensorBase() = default;
  explicit TensorBase(
      c10::intrusive_ptr<TensorImpl, UndefinedTensorImpl> tensor_impl)
      : impl_(std::move(tensor_impl)) {}
  TensorBase(const TensorBase&) = default;
  TensorBase(TensorBase&&) = default;

 public:
  int64_t dim() const;
  int64_t storage_offset() const;

  TensorBase contiguous(
      MemoryFormat memory_format = MemoryFormat::Contiguous) const;

  const TensorBase& fill_(const c10::Scalar& scalar) const;
  const TensorBase& zero_() const;

  TensorBase to(
      at::TensorOptions options = {},
      bool non_blocking = false,
      bool copy = false,
      c10::optional<at::MemoryFormat> memory_format = c10::nullopt) const;

  bool is_complex() const;
  bool is_floating_point() const;
  bool is_signed() const;

  c10::SymInt sym_size(int64_t dim) const;
  c10::SymInt sym_stride(int64_t dim) const;

  int64_t size(int64_t dim) const;
  int64_t stride(int64_t dim) const;

  TensorImpl* unsafeGetTensorImpl() const {
    return impl_.get();
  }

  TensorImpl* unsafeReleaseTensorImpl() {
    return impl_.release();
  }

  const c10::intrusive_ptr<TensorImpl, UndefinedTensorImpl>& getIntrusivePtr()
      const {
    return impl_;
  }

  c10::intrusive_ptr<TensorImpl, UndefinedTensorImpl>
  unsafeReleaseIntrusivePtr() {
    return std::move(impl_);
  }

  bool defined() const {
    return impl_;
  }

  void reset() {
    impl_.reset();
  }

  TensorBase& operator=(const TensorBase& x) & {
    impl_ = x.impl_;
    return *this;
  };
  TensorBase& operator=(TensorBase&& x) & {
    impl_ = std::move(x.impl_);
    return *this;
  }

  TensorBase& operator=(const TensorBase&) && = delete;
  TensorBase& operator=(TensorBase&&) && = delete;

  bool is_same(const TensorBase& other) const noexcept {
    return impl_ == other.impl_;
  }
  size_t use_count() const noexcept {
    return impl_.use_count();
  }
  size_t weak_use_count() const noexcept {
    return impl_.weak_use_count();
  }

  std::string toString() const;

  IntArrayRef sizes() const;
  c10::SymIntArrayRef sym_sizes() const;
  c10::SymIntArrayRef sym_strides() const;
  IntArrayRef strides() const;
  c10::optional<DimnameList> opt_names() const;
  DimnameList names() const;
  int64_t ndimension() const {
    return dim();
  }

  bool is_contiguous(
      at::MemoryFormat memory_format = at::MemoryFormat::Contiguous) const;

  bool is_non_overlapping_and_dense() const;

  at::MemoryFormat suggest_memory_format(
      bool channels_last_strides_exact_match = false) const;

  // Total bytes consumed by the "view" of elements of the array.
  size_t nbytes() const;

  c10::SymInt sym_nbytes() const;

  int64_t numel() const;

  c10::SymInt sym_numel() const;

  c10::SymInt sym_storage_offset() const;

  // Numpy naming.
  size_t itemsize() const;

  int64_t element_size() const;

  ScalarType scalar_type() const;

  bool has_storage() const;
  const c10::Storage& storage() const;
  bool is_alias_of(const at::TensorBase& other) const;

  inline bool _is_zerotensor() const {
    return false;
  }
  inline void _set_zero(bool zero) const {
    (void)zero;
  }
  inline bool is_conj() const {
    return false;
  }
  inline void _set_conj(bool conjugate) const {
    (void)conjugate;
  }
  inline bool is_neg() const {
    return false;
  }
  inline void _set_neg(bool negative) const {
    (void)negative;
  }

  Layout layout() const;

  caffe2::TypeMeta dtype() const;

  inline Device device() const {
    return Device(kCPU);
  }

  int64_t get_device() const;

  bool is_cpu() const;

  bool is_cuda() const;

  bool is_ipu() const;

  bool is_xpu() const;

  bool is_xla() const;

  bool is_hpu() const;

  bool is_lazy() const;

  bool is_hip() const;

  bool is_ve() const;

  bool is_sparse() const;

  bool is_sparse_csr() const;

  bool is_mkldnn() const;

  bool is_mps() const;

  bool is_ort() const;

  bool is_vulkan() const;

  bool is_metal() const;

  bool is_quantized() const;

  bool is_meta() const;

  bool is_inference() const;

  bool is_nested() const;

  bool has_names() const;

  TensorOptions options() const;

  void* data_ptr() const;

  template <typename T>
  T* data_ptr() const;

  void print() const;

  // dimension.
  template<typename T, size_t N>
  TensorAccessor<T,N> accessor() const& {
    static_assert(N > 0, "accessor is used for indexing tensor, for scalars use *data_ptr<T>()");
    TORCH_CHECK(dim() == N, "TensorAccessor expected ", N, " dims but tensor has ", dim());
    return TensorAccessor<T,N>(data_ptr<T>(),sizes().data(),strides().data());
  }
  template<typename T, size_t N>
  TensorAccessor<T,N> accessor() && = delete;

  // as an argument.
  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
  GenericPackedTensorAccessor<T,N,PtrTraits,index_t> generic_packed_accessor() const& {
    static_assert(N > 0, "accessor is used for indexing tensor, for scalars use *data_ptr<T>()");
    TORCH_CHECK(dim() == N, "TensorAccessor expected ", N, " dims but tensor has ", dim());
    return GenericPackedTensorAccessor<T,N,PtrTraits,index_t>(static_cast<typename PtrTraits<T>::PtrType>(data_ptr<T>()),sizes().data(),strides().data());
  }
  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
  GenericPackedTensorAccessor<T,N> generic_packed_accessor() && = delete;

  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T,N,PtrTraits> packed_accessor32() const& {
    TORCH_CHECK(
        numel() <=
            static_cast<int64_t>(std::numeric_limits<int32_t>::max()),
        "numel needs to be smaller than int32_t max; otherwise, please use packed_accessor64");
    return generic_packed_accessor<T,N,PtrTraits,int32_t>();
  }
  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T,N,PtrTraits> packed_accessor32() && = delete;

  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T,N,PtrTraits> packed_accessor64() const& {
    return generic_packed_accessor<T,N,PtrTraits,int64_t>();
  }
  template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T,N,PtrTraits> packed_accessor64() && = delete;

  const TensorBase& set_requires_grad(bool requires_grad) const;

  bool requires_grad() const;

  // The Forward AD API functions below are low level and are not to be used by
  // end users who should use the API provided in torch/csrc/autograd.h

  const Tensor& _fw_grad(uint64_t level) const;

  void _set_fw_grad(
      const TensorBase& new_grad,
      uint64_t level,
      bool is_inplace_op) const;

  at::TensorBase tensor_data() const;

  at::TensorBase variable_data() const;

  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  const std::shared_ptr<torch::autograd::Node>& grad_fn() const;

  // Hooks
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  template <typename T>
  using hook_return_void_t = std::enable_if_t<
      std::is_void<typename std::invoke_result_t<T&, TensorBase>>::value,
      unsigned>;
  template <typename T>
  using hook_return_var_t = std::enable_if_t<
      std::is_same<typename std::invoke_result_t<T&, TensorBase>, TensorBase>::
          value,
      unsigned>;

  template <typename T>
  hook_return_void_t<T> register_hook(T&& hook) const;
  template <typename T>
  hook_return_var_t<T> register_hook(T&& hook) const;

 protected:
  unsigned _register_hook(
      std::function<TensorBase(const TensorBase&)> hook) const;

 public:
  void remove_hook(unsigned pos) const;

  // Variable methods
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  bool is_leaf() const;

  int64_t output_nr() const;

  void set_data(const TensorBase& new_data) const;

  TensorBase data() const;

  int64_t _version() const;

  void retain_grad() const;

  bool retains_grad() const;

  const TensorBase& requires_grad_(bool _requires_grad = true) const;

  // View Variables
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  bool is_view() const;

  const TensorBase& _base() const;

  // Miscellaneous
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  const std::string& name() const;

 protected:
  void enforce_invariants();
  c10::intrusive_ptr<TensorImpl, UndefinedTensorImpl> impl_;

 private:
  TensorBase __dispatch_contiguous(c10::MemoryFormat) const;
};

inline int64_t get_device(const TensorBase& self) {
  return self.get_device();
}

} // namespace at
