// CHECKS: torch-*
// HEADERS: fast real2
// (not real: libtorch 1.13 does not compile as C++20)
// FLAGS: -std=c++20
// A coroutine body: clang's CFG of a coroutine has its own shape (the
// promise, suspend points, the final suspend). The checks must not crash on
// it, and still analyse the functions beside it. (Fast headers only:
// libtorch 1.13's real headers do not compile as C++20 with clang.)
#include <torch/torch.h>

#include <coroutine>

struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_never initial_suspend() { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

Task produce(torch::Tensor x) {
  while (true) {
    co_await std::suspend_always{};
    x = x * 2;
    if (x.numel() == 0)
      co_return;
  }
}

torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-4]]:42: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  scale(x);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'scale'
}
