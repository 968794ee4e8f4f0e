// torchlint test support: a TEST-ONLY, FAITHFUL SUBSET of the libtorch 1.13.1
// C++ API (Debian bookworm libtorch-dev 1.13.1), used so that clang-tidy check
// tests parse in a fraction of a second instead of ~10 s with the real
// <torch/torch.h>.
//
// Every declaration here mirrors the real headers: same namespaces and
// qualified names (at::Tensor : at::TensorBase, c10::Device,
// c10::TensorOptions, torch::Tensor via `namespace torch { using namespace
// at; }`, ...), same overload sets, default arguments, implicit conversions,
// class hierarchy and return types. Bodies are dummies or omitted. Large
// parts (Tensor methods, ATen operators, torch:: factories, a few whole
// headers) are not committed: they are extracted at build time from the
// installed real headers (regenerate_from_libtorch.py).
//
// THIS COPY MUST STAY FAITHFUL: it is conformance tested by
// tests/conformance.sh, which compiles test_inputs/conformance/*.cpp against
// both this copy and the real headers (and test_inputs/conformance/must_fail/
// *.cpp, which must be rejected by both). Do not add anything the real
// headers do not have; extend the conformance samples when you extend this.
#pragma once

#include <torch/all.h>
