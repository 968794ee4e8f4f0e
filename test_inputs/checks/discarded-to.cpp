// CHECKS: torch-discarded-to
// HEADERS: fast real real2
#include <torch/torch.h>

#include <vector>

// to/cuda/cpu/type_as return a new tensor: as statements they change nothing.
void prepare(torch::Tensor t, const torch::Tensor &c, torch::Tensor &out,
             torch::Device device, bool half) {
  t.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(device);
  t.to(torch::kFloat);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(torch::kFloat);
  out.type_as(c);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'type_as' is discarded; it returns a new tensor and leaves 'out' unchanged [torch-discarded-to]
  // CHECK-FIXES: out = out.type_as(c);
  if (half)
    t.to(device, torch::kHalf, /*non_blocking=*/true);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(device, torch::kHalf, /*non_blocking=*/true);
  else
    t.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'cpu' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.cpu();
  // A const tensor or a temporary cannot take the result: warn, no fix.
  c.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'c' unchanged [torch-discarded-to]
  (t + 1).to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves '(t + 1)' unchanged [torch-discarded-to]
  // A chain of conversions starts from `t`: keeping the result updates it.
  t.to(device).to(torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(device).to(torch::kHalf);
  out = t + c;
}

// Members, loops, lambdas.
struct Cache {
  torch::Tensor keys;
  std::vector<torch::Tensor> values;
  void place(torch::Device device) {
    keys.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 'keys' unchanged [torch-discarded-to]
    // CHECK-FIXES: keys = keys.to(device);
    this->keys.cuda();
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 'this->keys' unchanged [torch-discarded-to]
    // CHECK-FIXES: this->keys = this->keys.cuda();
    for (auto &v : values)
      v.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'to' is discarded; it returns a new tensor and leaves 'v' unchanged [torch-discarded-to]
    // CHECK-FIXES: v = v.to(device);
    auto move = [&](torch::Tensor u) {
      u.to(device);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: result of 'to' is discarded; it returns a new tensor and leaves 'u' unchanged [torch-discarded-to]
      // CHECK-FIXES: u = u.to(device);
      return u;
    };
    keys = move(keys);
  }
};

// A function template: analysed once, in its definition.
template <typename T> torch::Tensor widen(torch::Tensor t, T scale) {
  t.to(torch::kDouble);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.to(torch::kDouble);
  return t * scale;
}
template torch::Tensor widen<float>(torch::Tensor, float);
template torch::Tensor widen<int>(torch::Tensor, int);

// Inside a macro: reported where it is used, not rewritten.
#define TO_DEVICE(t, d) (t).to(d)
void macro_use(torch::Tensor t, torch::Device device) {
  TO_DEVICE(t, device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves its receiver unchanged [torch-discarded-to]
}

int main() {
  torch::Tensor t = torch::ones({2});
  t.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cuda' is discarded; it returns a new tensor and leaves 't' unchanged [torch-discarded-to]
  // CHECK-FIXES: t = t.cuda();
  return widen(t, 2).numel() > 0 ? 0 : 1;
}

// Conversions chained before the move all start from `boxes`: keeping the
// result updates it.
torch::Tensor anchors(const torch::Tensor &image, torch::ScalarType dtype) {
  torch::Tensor boxes = torch::ones({4, 4});
  boxes.toType(dtype).to(image.device());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'boxes' unchanged [torch-discarded-to]
  // CHECK-FIXES: boxes = boxes.toType(dtype).to(image.device());
  return boxes.unsqueeze(0);
}

// Two moves joined by a comma: both results are dropped. A comma whose value
// is used keeps its right-hand side.
void to_device(torch::Tensor X, torch::Tensor y, torch::Device device) {
  X.to(device), y.to(device);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'X' unchanged [torch-discarded-to]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: result of 'to' is discarded; it returns a new tensor and leaves 'y' unchanged [torch-discarded-to]
  // CHECK-FIXES: X = X.to(device), y = y.to(device);
  for (int i = 0; i < 2; X.to(device), ++i)
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: result of 'to' is discarded; it returns a new tensor and leaves 'X' unchanged [torch-discarded-to]
    // CHECK-FIXES: for (int i = 0; i < 2; X = X.to(device), ++i)
    y.add_(1);
  torch::Tensor kept = (X.add_(1), y.to(device));
  (void)kept;
}

// copy_ converts, but the tensor is used elsewhere too: the move is lost there.
void restore_and_add(torch::Tensor &dst, torch::Tensor loaded,
                     const torch::Tensor &like) {
  loaded.to(like.device());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'to' is discarded; it returns a new tensor and leaves 'loaded' unchanged [torch-discarded-to]
  // CHECK-FIXES: loaded = loaded.to(like.device());
  dst.copy_(loaded);
  dst.add_(loaded);
}

// A move whose result only goes through views and conversions to a statement
// that throws it away is lost too; the statement's last move is reported,
// once. What the chain computes is the user's to keep: no fix.
void save_image(const torch::Tensor &image);
void to_image(torch::Tensor out) {
  out.to(torch::kFloat32).detach().cpu().squeeze();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: result of 'cpu' is discarded; it returns a new tensor and leaves 'out' unchanged [torch-discarded-to]
  save_image(out);
  // Kept, or read through a value: nothing lost.
  auto kept = out.cpu().squeeze();
  save_image(kept);
  float total = out.cpu().sum().item<float>();
  (void)total;
  out.cpu().clamp_(0, 1); // in place on the copy: a different defect
}

// A local read again in the next iteration of the loop: the move is lost
// there, though nothing after the loop reads it.
torch::Tensor accumulate(torch::Device device, int steps) {
  auto state = torch::zeros({2});
  torch::Tensor total;
  for (int i = 0; i < steps; ++i) {
    total = state * 2;
    state.to(device);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: result of 'to' is discarded; it returns a new tensor and leaves 'state' unchanged [torch-discarded-to]
    // CHECK-FIXES: state = state.to(device);
  }
  return total;
}
