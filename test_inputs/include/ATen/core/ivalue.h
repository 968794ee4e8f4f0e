// Test-only faithful subset of libtorch 1.13.1: ATen/core/ivalue.h
// (c10::IValue; at::IValue, torch::IValue and torch::jit::IValue all name
// this class). c10::List / c10::Dict based constructors and accessors are not
// modelled.
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/Scalar.h>
#include <c10/core/ScalarType.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>
#include <c10/util/intrusive_ptr.h>
#include <c10/util/string_view.h>

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace torch {
namespace jit {
// COPY ATen/core/ivalue.h 23-25

namespace c10 {

struct IValue;

namespace ivalue {
struct Tuple;
struct Object;
struct ConstantString;
} // namespace ivalue

struct TORCH_API IValue final {
  IValue(const IValue& rhs);
  IValue(IValue&& rhs) noexcept;
  ~IValue();
  IValue& operator=(IValue&& rhs) & noexcept;
  IValue& operator=(IValue const& rhs) &;

  // Tensor
  IValue(at::TensorBase t);
  bool isTensor() const;
// COPY ATen/core/ivalue.h 424-426
// COPY ATen/core/ivalue.h 488-494
          !std::disjunction<
              std::is_lvalue_reference<Args>...,
              std::negation<std::is_constructible<IValue, Args>>...>::value,
// COPY ATen/core/ivalue.h 498-502
          !std::disjunction<
              std::is_lvalue_reference<Args>...,
              std::negation<std::is_constructible<IValue, Args>>...>::value,
// COPY ATen/core/ivalue.h 506-507
  bool isTuple() const;
// COPY ATen/core/ivalue.h 511-515
  IValue(double d);
  bool isDouble() const;
  double toDouble() const;
// COPY ATen/core/ivalue.h 526-529
  bool isComplexDouble() const;
  c10::complex<double> toComplexDouble() const;

  // SymInt
  IValue(c10::SymInt i);
  bool isSymInt() const;
  c10::SymInt toSymInt() const;

  // SymFloat
  IValue(c10::SymFloat i);
  bool isSymFloat() const;
  c10::SymFloat toSymFloat() const;

  // Int
  IValue(int64_t i);

  // This is not an optional optimization: our incref call
  // *will not* do the right thing when called on an
  // undefined generator.
  IValue(int32_t i) : IValue(static_cast<int64_t>(i)) {}

  bool isInt() const;
  int64_t toInt() const;

  // Bool
  IValue(bool b);
  bool isBool() const;
  bool toBool() const;

  // IntList
  bool isIntList() const;
  std::vector<int64_t> toIntVector() const;

  // ConstantString
// COPY ATen/core/ivalue.h 634-635
  IValue(c10::string_view v) : IValue(std::string(v)){};
  bool isString() const;
  const std::string& toStringRef() const;
// COPY ATen/core/ivalue.h 645-648
  std::vector<double> toDoubleVector() const;

  // BoolList
  bool isBoolList() const;

  // TensorList
  bool isTensorList() const;
  std::vector<at::Tensor> toTensorVector() const;

  // GenericList
  bool isList() const;

// COPY ATen/core/ivalue.h 687-689

  template <class T>
  using enable_if_list_is_ivalue_constructible = std::enable_if_t<
      std::is_constructible<IValue, T>::value &&
// COPY ATen/core/ivalue.h 733-734

// COPY ATen/core/ivalue.h 708-713

  // GenericDict
  bool isGenericDict() const;

  template <class Key, class Value>
// COPY ATen/core/ivalue.h 753-754
  IValue(std::unordered_map<Key, Value> v);
// COPY ATen/core/ivalue.h 757-759
// COPY ATen/core/ivalue.h 762-765
  bool isObject() const;
// COPY ATen/core/ivalue.h 769-770
// COPY ATen/core/ivalue.h 773-774

  // None
  IValue();
  bool isNone() const;
  std::string toNone() const;

  static IValue uninitialized();

  IValue(const at::Scalar& s);
  bool isScalar() const;
  at::Scalar toScalar() const;

  // Device
  IValue(c10::Device d);
  bool isDevice() const;
  c10::Device toDevice() const;
// COPY ATen/core/ivalue.h 875-878
  at::ScalarType toScalarType() const;
// COPY ATen/core/ivalue.h 882-885
  at::Layout toLayout() const;
// COPY ATen/core/ivalue.h 889-892
  at::MemoryFormat toMemoryFormat() const;

  // Dimname
  IValue(at::Dimname dimname);
  at::Dimname toDimname() const;

  // Generator
  IValue(at::Generator g);
  bool isGenerator() const;
// COPY ATen/core/ivalue.h 920-923
  std::string tagKind() const;

// COPY ATen/core/ivalue.h 945-947
  T to() const&;

  bool is(const IValue& rhs) const;

// COPY ATen/core/ivalue.h 264-265
  TORCH_API friend std::ostream& operator<<(std::ostream& out, const IValue& v);

 private:
  void* payload_ = nullptr;
  int tag_ = 0;
};

namespace ivalue {

struct TORCH_API TupleElements {
  const IValue& operator[](size_t idx) const;
  IValue& operator[](size_t idx);
  size_t size() const;
  bool empty() const;
  const IValue* begin() const;
  const IValue* end() const;
  IValue* begin();
  IValue* end();
  std::vector<IValue> vec() const&;
  std::vector<IValue> vec() &&;
  operator std::vector<IValue>() const&;
};

struct TORCH_API Tuple : c10::intrusive_ptr_target {
  const TupleElements& elements() const&;
  TupleElements elements() &&;
  size_t size() const;

  static c10::intrusive_ptr<Tuple> create(std::vector<IValue> elements_);
};

} // namespace ivalue
} // namespace c10
