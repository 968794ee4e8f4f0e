// Test-only faithful subset of libtorch 1.13.1: c10/core/GradMode.h
// (torch::NoGradGuard == at::NoGradGuard == c10::NoGradGuard).
#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header

#include <c10/macros/Macros.h>

namespace c10 {

struct TORCH_API GradMode {
  static bool is_enabled();
  static void set_enabled(bool enabled);
};

struct TORCH_API AutoGradMode {
  AutoGradMode(bool enabled) : prev_mode(GradMode::is_enabled()) {
    GradMode::set_enabled(enabled);
  }
  ~AutoGradMode() {
    GradMode::set_enabled(prev_mode);
  }
  bool prev_mode;
};

// gradients.
struct TORCH_API NoGradGuard : public AutoGradMode {
  NoGradGuard() : AutoGradMode(/*enabled=*/false) {}
};

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
