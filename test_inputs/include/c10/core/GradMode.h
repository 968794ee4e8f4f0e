// Test-only faithful subset of libtorch 1.13.1: c10/core/GradMode.h
// (torch::NoGradGuard == at::NoGradGuard == c10::NoGradGuard).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

// COPY c10/core/GradMode.h 4-11

// COPY c10/core/GradMode.h 15-23

// COPY c10/core/GradMode.h 26-29

struct TORCH_API AutoFwGradMode {
  AutoFwGradMode(bool enabled);
  ~AutoFwGradMode();
  bool prev_mode;
};

} // namespace c10

namespace c10 {
// c10/core/InferenceMode.h
struct TORCH_API InferenceMode {
  InferenceMode(bool enabled = true);
  ~InferenceMode();
  static bool is_enabled();
};
} // namespace c10
