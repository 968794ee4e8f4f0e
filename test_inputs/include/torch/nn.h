// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn.h
// COPY torch/csrc/api/include/torch/nn.h 1-4
// COPY torch/csrc/api/include/torch/nn.h 6-9
