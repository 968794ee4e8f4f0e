// COPY torch/csrc/api/include/torch/serialize/archive.h 1-4
