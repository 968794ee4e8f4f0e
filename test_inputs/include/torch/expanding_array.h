// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/expanding_array.h
// COPY torch/csrc/api/include/torch/expanding_array.h 1-5
// COPY torch/csrc/api/include/torch/expanding_array.h 7-15

// COPY torch/csrc/api/include/torch/expanding_array.h 23-25
// COPY torch/csrc/api/include/torch/expanding_array.h 29-30

// COPY torch/csrc/api/include/torch/expanding_array.h 35-36

  /*implicit*/ ExpandingArray(at::ArrayRef<T> values) {
// COPY torch/csrc/api/include/torch/expanding_array.h 47-48

// COPY torch/csrc/api/include/torch/expanding_array.h 52-54

// COPY torch/csrc/api/include/torch/expanding_array.h 57-58

  std::array<T, D>& operator*() {
    return values_;
  }

// COPY torch/csrc/api/include/torch/expanding_array.h 66-68

  std::array<T, D>* operator->() {
    return &values_;
  }

// COPY torch/csrc/api/include/torch/expanding_array.h 76-78

// COPY torch/csrc/api/include/torch/expanding_array.h 81-83

// COPY torch/csrc/api/include/torch/expanding_array.h 86-90
// COPY torch/csrc/api/include/torch/expanding_array.h 93-98
    const ExpandingArray<D, T>& expanding_array);

// COPY torch/csrc/api/include/torch/expanding_array.h 111-115

// COPY torch/csrc/api/include/torch/expanding_array.h 120-121

// COPY torch/csrc/api/include/torch/expanding_array.h 126-127

// COPY torch/csrc/api/include/torch/expanding_array.h 132-133
    for (size_t i = 0; i < this->values_.size(); i++) {
      this->values_[i] = values[i];
    }
  }

// COPY torch/csrc/api/include/torch/expanding_array.h 147-148
    for (size_t i = 0; i < this->values_.size(); i++) {
      this->values_[i] = single_size;
    }
  }

// COPY torch/csrc/api/include/torch/expanding_array.h 156-157
    for (size_t i = 0; i < this->values_.size(); i++) {
      this->values_[i] = values[i];
    }
  }
};

} // namespace torch
