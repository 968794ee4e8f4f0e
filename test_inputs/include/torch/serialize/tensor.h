// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/serialize/tensor.h
// COPY torch/csrc/api/include/torch/serialize/tensor.h 1-20
