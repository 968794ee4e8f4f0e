// Test-only faithful subset of libtorch 1.13.1: ATen/core/Generator.h,
// ATen/core/Dimname.h, ATen/core/Reduction.h
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Optional.h>

#include <cstdint>
#include <memory>
#include <string>

namespace c10 {
struct GeneratorImpl;
} // namespace c10

namespace at {

struct TORCH_API Generator {
  Generator() {}

  explicit Generator(std::shared_ptr<c10::GeneratorImpl> gen_impl);

  bool operator==(const Generator& rhs) const;
// COPY ATen/core/Generator.h 74-77

  bool defined() const;

  void set_current_seed(uint64_t seed);

  uint64_t current_seed() const;

  uint64_t seed();

 private:
  std::shared_ptr<c10::GeneratorImpl> impl_;
};

} // namespace at

namespace c10 {
// c10/core/Symbol (interned string); only explicitly constructible.
struct TORCH_API Symbol {
  explicit constexpr Symbol() : value(0){};
  explicit constexpr Symbol(uint32_t uniq) : value(uniq) {}
  constexpr operator uint32_t() const {
    return value;
  }

 private:
  uint32_t value;
};
} // namespace c10

namespace at {

using Symbol = c10::Symbol;

enum class NameType : uint8_t { BASIC, WILDCARD };

struct TORCH_API Dimname {
  static Dimname fromSymbol(Symbol name);
  static Dimname wildcard();
  static bool isValidName(const std::string& name);

  NameType type() const {
    return type_;
  }
  Symbol symbol() const {
    return name_;
  }

  bool isBasic() const {
    return type_ == NameType::BASIC;
  }
  bool isWildcard() const {
    return type_ == NameType::WILDCARD;
  }

  bool matches(Dimname other) const;
  c10::optional<Dimname> unify(Dimname other) const;

 private:
  Dimname(Symbol name) : name_(name), type_(NameType::BASIC) {}
  Dimname(Symbol name, NameType type) : name_(name), type_(type) {}

  Symbol name_;
  NameType type_;
};

using DimnameList = c10::ArrayRef<Dimname>;

namespace Reduction {

enum Reduction {
  None, // Do not reduce
  Mean, // (Possibly weighted) mean of losses
  Sum, // Sum losses
  END
};
} // namespace Reduction

} // namespace at
