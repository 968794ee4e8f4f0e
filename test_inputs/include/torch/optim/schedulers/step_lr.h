// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/optim/schedulers/step_lr.h
// COPY torch/csrc/api/include/torch/optim/schedulers/step_lr.h 1-22
