// Fast-mode stand-in (hand-written) for <torch/library.h>: torch::Library's
// def and impl, and TORCH_LIBRARY / TORCH_LIBRARY_IMPL with libtorch's shape:
// the function TORCH_LIBRARY_IMPL defines is named after the namespace and
// the dispatch key (TORCH_LIBRARY_IMPL_init_<ns>_<key>_<counter>). Not
// checked by tests/conformance.sh: its registration machinery is left out.
#pragma once

namespace torch {
class Library {
public:
  template <typename Schema> Library &def(Schema &&schema) &;
  template <typename NameOrSchema, typename Func>
  Library &def(NameOrSchema &&name, Func &&f) &;
  template <typename Name, typename Func> Library &impl(Name name, Func &&f) &;
};
} // namespace torch

#define TORCHLINT_FAKE_CONCATENATE_IMPL(a, b) a##b
#define TORCHLINT_FAKE_CONCATENATE(a, b) TORCHLINT_FAKE_CONCATENATE_IMPL(a, b)

#define TORCH_LIBRARY(ns, m)                                                   \
  static void TORCH_LIBRARY_init_##ns(torch::Library &);                       \
  void TORCH_LIBRARY_init_##ns(torch::Library &m)

#define TORCH_LIBRARY_IMPL(ns, k, m) _TORCH_LIBRARY_IMPL(ns, k, m, __COUNTER__)
#define _TORCH_LIBRARY_IMPL(ns, k, m, uid)                                     \
  static void TORCHLINT_FAKE_CONCATENATE(TORCH_LIBRARY_IMPL_init_##ns##_##k##_, \
                                         uid)(torch::Library &);               \
  void TORCHLINT_FAKE_CONCATENATE(TORCH_LIBRARY_IMPL_init_##ns##_##k##_,       \
                                  uid)(torch::Library & m)
