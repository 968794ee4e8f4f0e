// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/optim.h
// COPY torch/csrc/api/include/torch/optim.h 1-12
