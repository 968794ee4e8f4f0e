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
struct Module;
} // namespace jit
} // namespace torch

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
  at::Tensor toTensor() &&;
  at::Tensor& toTensor() &;
  const at::Tensor& toTensor() const&;

  // Tuple
  IValue(c10::intrusive_ptr<ivalue::Tuple> v);

  template <
      typename... Args,
      std::enable_if_t<
          !std::disjunction<
              std::is_lvalue_reference<Args>...,
              std::negation<std::is_constructible<IValue, Args>>...>::value,
          std::nullptr_t> = nullptr>
  IValue(const std::tuple<Args...>& t);
  template <
      typename... Args,
      std::enable_if_t<
          !std::disjunction<
              std::is_lvalue_reference<Args>...,
              std::negation<std::is_constructible<IValue, Args>>...>::value,
          std::nullptr_t> = nullptr>
  IValue(std::tuple<Args...>&& t);
  bool isTuple() const;
  c10::intrusive_ptr<ivalue::Tuple> toTuple() &&;
  c10::intrusive_ptr<ivalue::Tuple> toTuple() const&;
  C10_NODISCARD ivalue::Tuple& toTupleRef() const;

  // Double
  IValue(double d);
  bool isDouble() const;
  double toDouble() const;

  // ComplexDouble
  template <typename T>
  IValue(c10::complex<T> c);
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
  IValue(std::string v);
  IValue(const char* v) : IValue(std::string(v)) {}
  IValue(c10::string_view v) : IValue(std::string(v)){};
  bool isString() const;
  const std::string& toStringRef() const;
  c10::string_view toStringView() const;

  // DoubleList
  bool isDoubleList() const;
  std::vector<double> toDoubleVector() const;

  // BoolList
  bool isBoolList() const;

  // TensorList
  bool isTensorList() const;
  std::vector<at::Tensor> toTensorVector() const;

  // GenericList
  bool isList() const;

  template <class T>
  using enable_if_ivalue_constructible =
      std::enable_if_t<std::is_constructible<IValue, T>::value, std::nullptr_t>;

  template <class T>
  using enable_if_list_is_ivalue_constructible = std::enable_if_t<
      std::is_constructible<IValue, T>::value &&
          !std::is_same<T, c10::SymInt>::value,
      std::nullptr_t>;

  template <class T, enable_if_list_is_ivalue_constructible<T> = nullptr>
  IValue(at::ArrayRef<T> v);
  template <class T, enable_if_list_is_ivalue_constructible<T> = nullptr>
  IValue(const std::vector<T>& v);
  template <class T, size_t N>
  IValue(std::array<T, N> v);

  // GenericDict
  bool isGenericDict() const;

  template <class Key, class Value>
  C10_DEPRECATED_MESSAGE(
      "IValues based on std::unordered_map<K, V> are slow and deprecated. Please use c10::Dict<K, V> instead.")
  IValue(std::unordered_map<Key, Value> v);

  template <class T, enable_if_ivalue_constructible<T> = nullptr>
  IValue(c10::optional<T> v);
  IValue(c10::nullopt_t);

  // ClassType
  IValue(c10::intrusive_ptr<ivalue::Object> v);
  bool isObject() const;
  c10::intrusive_ptr<ivalue::Object> toObject() &&;
  c10::intrusive_ptr<ivalue::Object> toObject() const&;
  torch::jit::Module toModule() const;
  bool isModule() const;

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

  // ScalarType
  IValue(ScalarType t)
      : IValue(static_cast<std::underlying_type<ScalarType>::type>(t)) {}
  at::ScalarType toScalarType() const;

  // Layout
  IValue(Layout l)
      : IValue(static_cast<std::underlying_type<Layout>::type>(l)) {}
  at::Layout toLayout() const;

  // MemoryFormat
  IValue(MemoryFormat m)
      : IValue(static_cast<std::underlying_type<MemoryFormat>::type>(m)) {}
  at::MemoryFormat toMemoryFormat() const;

  // Dimname
  IValue(at::Dimname dimname);
  at::Dimname toDimname() const;

  // Generator
  IValue(at::Generator g);
  bool isGenerator() const;
  at::Generator toGenerator() &&;
  at::Generator toGenerator() const&;

  // for debugging
  std::string tagKind() const;

  template <typename T>
  T to() &&;
  template <typename T>
  T to() const&;

  bool is(const IValue& rhs) const;

  TORCH_API friend bool operator==(const IValue& lhs, const IValue& rhs);
  TORCH_API friend bool operator!=(const IValue& lhs, const IValue& rhs);
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
