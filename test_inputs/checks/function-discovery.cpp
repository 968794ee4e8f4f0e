// CHECKS: torch-discarded-to, torch-mixed-device-op
// HEADERS: fast real real2 fast-I real-I real2-I
// Every kind of function body the checks must find by walking the translation
// unit's declarations (utils::forEachMatchedFunction), each reported once.
#include <torch/torch.h>

#include <functional>

namespace outer {
inline namespace v1 {
void nested_namespace(torch::Tensor t, torch::Device d) {
  t.to(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(d);
}
} // namespace v1
} // namespace outer

extern "C++" {
void in_linkage_block(torch::Tensor t, torch::Device d) {
  t.to(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(d);
}
}

// A lambda at namespace scope and one in a default argument.
auto namespace_lambda = [](torch::Tensor t, torch::Device d) {
  t.to(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(d);
  return t;
};

void with_default(torch::Tensor t,
                  std::function<void(torch::Tensor)> f = [](torch::Tensor u) {
                    u.cpu();
                    // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: result of 'cpu' is discarded; it returns a new tensor and leaves 'u' unchanged [torch-discarded-to]
                    // CHECK-FIXES: u = u.cpu();
                  }) {
  f(t);
}

struct Holder {
  // A lambda in a default member initializer.
  std::function<void(torch::Tensor)> hook = [](torch::Tensor t) {
    t.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
    // CHECK-FIXES: t = t.cuda();
  };
  void out_of_line(torch::Tensor t, torch::Device d);
  // A friend defined in the class.
  friend void befriended(torch::Tensor t, torch::Device d) {
    t.to(d);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
    // CHECK-FIXES: t = t.to(d);
  }
  struct Inner {
    void nested_class(torch::Tensor t, torch::Device d) {
      t.to(d);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
      // CHECK-FIXES: t = t.to(d);
    }
  };
};

void Holder::out_of_line(torch::Tensor t, torch::Device d) {
  t.to(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(d);
}

void local_class(torch::Tensor t, torch::Device d) {
  struct Local {
    static void run(torch::Tensor u, torch::Device e) {
      u.to(e);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'to' is discarded; it returns a new tensor and leaves 'u' unchanged [torch-discarded-to]
      // CHECK-FIXES: u = u.to(e);
    }
  };
  Local::run(t, d);
}

// A template is analysed in its definition and through its instantiations,
// and each warning is reported once however often it is instantiated; an
// explicit specialization is code of its own. A call that depends on a
// template parameter is resolved in the instantiations; as there are two,
// its fix is only offered.
template <typename T> void pattern(torch::Tensor t, T device) {
  t.to(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(torch::kHalf);
  t.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: suggested fix; this template is instantiated for other types too, so '--fix' leaves it to you
}
template <> void pattern<int>(torch::Tensor t, int) {
  t.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cpu' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.cpu();
}

template <typename T> struct Box {
  void member(torch::Tensor t, torch::Device d) {
    t.to(d);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
    // CHECK-FIXES: t = t.to(d);
  }
};
template struct Box<float>;

void instantiate(torch::Tensor t, torch::Device d) {
  pattern(t, d);
  pattern(t, torch::kCUDA);
  pattern(t, 0);
  Box<double>().member(t, d);
}

// The flow checks find the same bodies: a lambda at namespace scope.
auto mix = [](const torch::Tensor &x) {
  auto y = x.cpu();
  return torch::mm(x.cuda(), y);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: operands of 'mm' are on different devices (cpu and cuda) [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-3]]:20: note: placed on cuda here
};
