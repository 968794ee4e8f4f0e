// CHECKS: torch-*
// HEADERS: fast real real2 fast-I real-I real2-I
// Every control-flow shape clang's CFG can build, in functions, lambdas,
// methods, templates and macros, through all six checks. Constant conditions
// leave null successor edges in the CFG; try/catch, goto, switch fall-through,
// statement expressions and unreachable code give blocks no other test has.
// The checks must not crash on any of it, and still report what is there.
#include <torch/torch.h>

#include <stdexcept>

#define ENSURE(c)                                                              \
  do {                                                                         \
    if (!(c))                                                                  \
      throw std::runtime_error(#c);                                            \
  } while (false)
#define FOREVER for (;;)
#define WITH_GUARD(body)                                                       \
  do {                                                                         \
    body;                                                                      \
  } while (0)

constexpr bool kDebug = false;
constexpr bool kVerbose = true;

torch::Tensor constant_loops(const torch::Tensor &x) {
  while (true) {
    if (x.numel() > 0)
      break;
  }
  for (;;) {
    ENSURE(x.dim() > 0);
    break;
  }
  do {
    if (x.dim() == 0)
      continue;
  } while (false);
  FOREVER { break; }
  WITH_GUARD(ENSURE(x.defined()));
  if (kDebug) {
    x.print();
  }
  if constexpr (kVerbose) {
    x.sizes();
  }
  while (false) {
    x.print(); // Unreachable: no block reaches it.
  }
  auto w = torch::ones({3});
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator*'
  // CHECK-NOTES: :[[@LINE-27]]:51: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}

torch::Tensor loop_then_meet(const torch::Tensor &x, int n) {
  auto acc = torch::zeros({4});
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:13: note: it meets a tensor on the device of 'x' in 'operator+'
  // CHECK-NOTES: :[[@LINE-4]]:51: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto acc = torch::zeros({4}, torch::device(x.device()));
  acc = acc + x;
  int i = 0;
  while (true) {
    if (++i > n)
      break;
    if (i % 2)
      continue;
    acc = acc * 2;
  }
  return acc;
}

torch::Tensor infinite_loop_never_returns(const torch::Tensor &x) {
  for (;;) {
    if (x.numel() == 0)
      return x;
  }
}

[[noreturn]] void fail_always(const torch::Tensor &x) {
  while (true)
    x.sum();
}

torch::Tensor with_goto(torch::Tensor x, int n) {
  int i = 0;
again:
  if (i++ < n) {
    x = x + 1;
    goto again;
  }
  goto done;
  x = x * 2; // Unreachable.
done:
  return x;
}

torch::Tensor with_switch(torch::Tensor x, int mode) {
  switch (mode) {
  case 0:
    x = x + 1;
    [[fallthrough]];
  case 1:
    x = x * 2;
    break;
  case 2: {
    while (true) {
      x = x - 1;
      break;
    }
  }
    [[fallthrough]];
  default:
    return x;
  }
  switch (kDebug ? 1 : 0) {
  case 1:
    x.print();
    break;
  }
  return x;
}

torch::Tensor with_try(const torch::Tensor &x) {
  torch::Tensor y;
  try {
    ENSURE(x.dim() == 2);
    y = x.matmul(x);
  } catch (const std::runtime_error &) {
    y = x;
  } catch (...) {
    throw;
  }
  try {
    throw std::runtime_error("always");
  } catch (...) {
  }
  return y;
}

torch::Tensor statement_expression(const torch::Tensor &x) {
  auto y = ({
    torch::Tensor t = x * 2;
    while (true) {
      break;
    }
    t;
  });
  return y;
}

torch::Tensor ternaries_and_shortcircuit(const torch::Tensor &x, bool a) {
  const bool Known = true && a;
  if (false || Known)
    return x;
  if (true || a)
    return x + 1;
  return (kDebug ? x : x * 3);
}

torch::Tensor nested(const torch::Tensor &x, int n) {
  torch::Tensor y = x;
  for (int i = 0; i < n; ++i) {
    while (true) {
      do {
        switch (i) {
        case 0:
          continue;
        default:
          break;
        }
        if (kDebug)
          goto out;
      } while (false);
      break;
    }
    for (;;) {
      try {
        y = y + x;
      } catch (...) {
        break;
      }
      break;
    }
  }
out:
  return y;
}

void discarded_in_loops(torch::Tensor t, torch::Device d) {
  while (true) {
    t.to(d);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
    // CHECK-FIXES: t = t.to(d);
    break;
  }
}

auto lambda_loops = [](const torch::Tensor &x) {
  for (;;) {
    if (x.numel() > 0)
      break;
  }
  do {
  } while (false);
  return [x]() {
    while (true)
      return x;
  }();
};

struct Stateful : torch::nn::Module {
  torch::Tensor update(const torch::Tensor &x) {
    while (true) {
      ENSURE(x.dim() > 0);
      if (kDebug)
        continue;
      break;
    }
    do {
      stat_ = stat_ + x.mean();
    } while (false);
    return stat_;
  }
  torch::Tensor stat_;
};

template <typename T> T templated_loops(T x) {
  while (true) {
    if constexpr (sizeof(T) > 1) {
      break;
    }
  }
  do {
    x = x + 1;
  } while (false);
  return x;
}

torch::Tensor use_template(const torch::Tensor &x) {
  return templated_loops(x) + templated_loops<int>(1);
}

int main() {
  auto x = torch::ones({2, 2});
  while (true) {
    x = constant_loops(x);
    break;
  }
  torch::Tensor r = with_switch(with_goto(x, 2), 0) + with_try(x) +
                    statement_expression(x) + nested(x, 3) +
                    ternaries_and_shortcircuit(x, true) + lambda_loops(x) +
                    use_template(x) + loop_then_meet(x, 3) +
                    infinite_loop_never_returns(x);
  discarded_in_loops(r, torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  return r.numel() > 0 ? 0 : 1;
}

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({4}, device);
  constant_loops(x);
  // CHECK-NOTES: :[[@LINE-1]]:18: note: data on the device of 'device' reaches parameter 'x' through this call of 'constant_loops'
  loop_then_meet(x, 2);
  // CHECK-NOTES: :[[@LINE-1]]:18: note: data on the device of 'device' reaches parameter 'x' through this call of 'loop_then_meet'
}
