// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/cloneable.h
// NB: Cloneable<Derived> inherits nn::Module *virtually*.
// COPY torch/csrc/api/include/torch/nn/cloneable.h 1-14
// CRTP base of the built-in module implementations: knows the static type
// Derived and so can implement Module::clone() for it. (Hand-written; only
// the interface and what clone() needs from Derived are modelled.)
// COPY torch/csrc/api/include/torch/nn/cloneable.h 22-26

  // Re-creates the parameters, buffers and submodules of Derived.
  virtual void reset() = 0;

  // Deep copy (fresh parameters, buffers and submodules).
// COPY torch/csrc/api/include/torch/nn/cloneable.h 35-36
    // The real body (deep copy through std::make_shared<Derived>(self),
    // reset(), then copying every parameter / buffer / child to `device`) is
    // reduced to what it requires from Derived (copy construction, reset()),
    // to keep parsing fast.
// COPY torch/csrc/api/include/torch/nn/cloneable.h 37-39
    Derived* copy = new Derived(self);
    copy->reset();
    (void)device;
    return std::shared_ptr<Module>(static_cast<Module*>(copy));
// COPY torch/csrc/api/include/torch/nn/cloneable.h 81-84
    // `other` is expected to be a Derived; checked with a dynamic cast.
// COPY torch/csrc/api/include/torch/nn/cloneable.h 88-90
        "clone_: submodule type mismatch");
// COPY torch/csrc/api/include/torch/nn/cloneable.h 93-98
