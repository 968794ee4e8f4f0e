// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/jit.h
#pragma once

// COPY torch/csrc/api/include/torch/jit.h 4-10

// COPY torch/csrc/api/include/torch/jit.h 33-36
