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
// COPY ATen/core/TensorBody.h 10-13
// COPY ATen/core/TensorBody.h 16-17
#include <c10/core/SymInt.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
// COPY ATen/core/TensorBody.h 26-27
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
// COPY ATen/core/TensorBody.h 50-56

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
// COPY ATen/core/TensorBody.h 103-105
  Tensor(const Tensor& tensor) = default;
  Tensor(Tensor&& tensor) = default;

  // Implicitly move-constructible from TensorBase, but must be explicit to
  // increase refcount
  explicit Tensor(const TensorBase& base) : TensorBase(base) {}
  /*implicit*/ Tensor(TensorBase&& base) : TensorBase(std::move(base)) {}

  Tensor contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const {
// COPY ATen/core/TensorBody.h 121-133

// COPY ATen/core/TensorBody.h 136-138

  // program:
  //
  //    x[1] = 3;
  //
// COPY ATen/core/TensorBody.h 189-196

  Tensor& operator=(const Tensor& x) & {
// COPY ATen/core/TensorBody.h 199-200
  Tensor& operator=(Tensor&& x) & {
// COPY ATen/core/TensorBody.h 202-207
  Tensor& operator=(const Tensor& rhs) && {
// COPY ATen/core/TensorBody.h 209-213

  Tensor toType(ScalarType t) const;

  C10_DEPRECATED_MESSAGE(
      "Tensor.is_variable() is deprecated; everything is a variable now. (If you want to assert that variable has been appropriately handled already, use at::impl::variable_excluded_from_dispatch())")
  bool is_variable() const noexcept;

  template <typename T>
  C10_DEPRECATED_MESSAGE(
      "Tensor.data<T>() is deprecated. Please use Tensor.data_ptr<T>() instead.")
  T* data() const {
// COPY ATen/core/TensorBody.h 239-259
  Tensor& operator+=(const Tensor& other) {
// COPY ATen/core/TensorBody.h 261-265
  Tensor& operator-=(const Tensor& other) {
// COPY ATen/core/TensorBody.h 267-271
  Tensor& operator*=(const Tensor& other) {
// COPY ATen/core/TensorBody.h 273-277
  Tensor& operator/=(const Tensor& other) {
// COPY ATen/core/TensorBody.h 279-283
  Tensor& operator&=(const Tensor& other) {
    return bitwise_and_(other);
  }
  Tensor& operator|=(const Tensor& other) {
    return bitwise_or_(other);
  }
  Tensor& operator^=(const Tensor& other) {
// COPY ATen/core/TensorBody.h 291-293
// COPY ATen/core/TensorBody.h 297-299
// COPY ATen/core/TensorBody.h 310-317

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

// COPY ATen/core/TensorBody.h 459-463

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
// COPY ATen/core/TensorBody.h 1311-1317

  // `x.to(y.dtype)`.
  inline Tensor to(caffe2::TypeMeta type_meta, bool non_blocking = false, bool copy = false) const {
// COPY ATen/core/TensorBody.h 1325-1326
  inline Tensor to(Device device, caffe2::TypeMeta type_meta, bool non_blocking = false, bool copy = false) const {
// COPY ATen/core/TensorBody.h 1328-1334

// COPY ATen/core/TensorBody.h 1344-1346

// COPY ATen/core/TensorBody.h 1359-1363
  //~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  template <typename T>
  using hook_return_void_t = std::enable_if_t<
      std::is_void<typename std::invoke_result_t<T&, Tensor>>::value,
      unsigned>;
  template <typename T>
  using hook_return_var_t = std::enable_if_t<
      std::is_same<typename std::invoke_result_t<T&, Tensor>, Tensor>::value,
      unsigned>;

// COPY ATen/core/TensorBody.h 1401-1406
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
// COPY ATen/core/TensorBody.h 1416-1421
// COPY ATen/core/TensorBody.h 1425-1432
