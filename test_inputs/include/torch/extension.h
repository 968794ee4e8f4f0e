// Fast-mode stand-in (hand-written) for <torch/extension.h>, the header a
// PyTorch C++/CUDA extension includes: libtorch and the part of pybind11 an
// extension's bindings use (`PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
// m.def("f", &f); }`), with pybind11's names and macro shape. Not checked by
// tests/conformance.sh: Debian's libtorch-dev ships no pybind11.
#pragma once

#include <torch/torch.h>

namespace pybind11 {
class module_ {
public:
  template <typename Func, typename... Extra>
  module_ &def(const char *name_, Func &&f, const Extra &...extra);
};
} // namespace pybind11
namespace py = pybind11;

#define PYBIND11_MODULE(name, variable)                                        \
  static void pybind11_init_##name(::pybind11::module_ &);                     \
  extern "C" __attribute__((visibility("default"))) void *PyInit_##name() {    \
    return nullptr;                                                            \
  }                                                                            \
  void pybind11_init_##name(::pybind11::module_ &(variable))

// setup.py's CUDAExtension passes -DTORCH_EXTENSION_NAME=<the module>.
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME torch_extension
#endif
