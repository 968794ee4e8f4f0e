// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/cloneable.h
// NB: Cloneable<Derived> inherits nn::Module *virtually*.
#pragma once

#include <torch/nn/module.h>
#include <torch/types.h>
#include <torch/utils.h>

#include <c10/core/TensorOptions.h>
#include <c10/util/Exception.h>

#include <memory>
#include <utility>

namespace torch {
namespace nn {
// CRTP base of the built-in module implementations: knows the static type
// Derived and so can implement Module::clone() for it. (Hand-written; only
// the interface and what clone() needs from Derived are modelled.)
template <typename Derived>
// NOLINTNEXTLINE(bugprone-exception-escape)
class Cloneable : public virtual Module {
 public:
  using Module::Module;

  // Re-creates the parameters, buffers and submodules of Derived.
  virtual void reset() = 0;

  // Deep copy (fresh parameters, buffers and submodules).
  std::shared_ptr<Module> clone(
      const optional<Device>& device = nullopt) const override {
    // The real body (deep copy through std::make_shared<Derived>(self),
    // reset(), then copying every parameter / buffer / child to `device`) is
    // reduced to what it requires from Derived (copy construction, reset()),
    // to keep parsing fast.
    NoGradGuard no_grad;

    const auto& self = static_cast<const Derived&>(*this);
    Derived* copy = new Derived(self);
    copy->reset();
    (void)device;
    return std::shared_ptr<Module>(static_cast<Module*>(copy));
  }

 private:
  void clone_(Module& other, const optional<Device>& device) final {
    // `other` is expected to be a Derived; checked with a dynamic cast.
    auto clone = std::dynamic_pointer_cast<Derived>(other.clone(device));
    TORCH_CHECK(
        clone != nullptr,
        "clone_: submodule type mismatch");
    static_cast<Derived&>(*this) = std::move(*clone);
  }
};

} // namespace nn
} // namespace torch
