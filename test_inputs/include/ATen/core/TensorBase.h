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
// COPY ATen/core/TensorBase.h 2-7
#include <c10/core/SymInt.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
// COPY ATen/core/TensorBase.h 16-17
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
// COPY ATen/core/TensorBase.h 95-96
      : impl_(std::move(tensor_impl)) {}
// COPY ATen/core/TensorBase.h 102-105
  int64_t dim() const;
  int64_t storage_offset() const;

  TensorBase contiguous(
      MemoryFormat memory_format = MemoryFormat::Contiguous) const;
// COPY ATen/core/TensorBase.h 143-145

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
// COPY ATen/core/TensorBase.h 195-213

// COPY ATen/core/TensorBase.h 216-229

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

// COPY ATen/core/TensorBase.h 554-562

// COPY ATen/core/TensorBase.h 568-580
        numel() <=
// COPY ATen/core/TensorBase.h 582-594

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

// COPY ATen/core/TensorBase.h 748-750
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

// COPY ATen/core/TensorBase.h 788-791

 protected:
  unsigned _register_hook(
      std::function<TensorBase(const TensorBase&)> hook) const;

 public:
// COPY ATen/core/TensorBase.h 799-801
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  bool is_leaf() const;

  int64_t output_nr() const;

  void set_data(const TensorBase& new_data) const;
// COPY ATen/core/TensorBase.h 809-816

  const TensorBase& requires_grad_(bool _requires_grad = true) const;

  // View Variables
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  bool is_view() const;

  const TensorBase& _base() const;

  // Miscellaneous
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  const std::string& name() const;

 protected:
// COPY ATen/core/TensorBase.h 836-837

 private:
// COPY ATen/core/TensorBase.h 840-845

} // namespace at
