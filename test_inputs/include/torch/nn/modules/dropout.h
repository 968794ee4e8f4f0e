// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/modules/dropout.h
// COPY torch/csrc/api/include/torch/nn/modules/dropout.h 1-6
// COPY torch/csrc/api/include/torch/nn/modules/dropout.h 9-18
// COPY torch/csrc/api/include/torch/nn/modules/dropout.h 20-34

  DropoutOptions options;
};

} // namespace detail

// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ Dropout ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

// COPY torch/csrc/api/include/torch/nn/modules/dropout.h 56-60

// COPY torch/csrc/api/include/torch/nn/modules/dropout.h 63-64

TORCH_MODULE(Dropout);

} // namespace nn
} // namespace torch
