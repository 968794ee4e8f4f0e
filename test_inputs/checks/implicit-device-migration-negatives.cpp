// CHECKS: torch-implicit-device-migration
// HEADERS: fast real real2
#include <torch/torch.h>

// Everything here places state once, at set-up, and leaves inputs alone in
// forward: correct.
struct StatsImpl : torch::nn::Module {
  StatsImpl(torch::Device device) : device_(device) {
    // Set-up: state is placed once.
    mean_ = register_buffer("mean", torch::zeros({4}).to(device));
    var_ = register_buffer("var", torch::ones({4}, torch::device(device)));
  }

  // Not reached from forward: an explicit placement step.
  void place(const torch::Tensor &like) {
    mean_ = mean_.to(like.device());
    var_ = var_.to(like.options());
    for (auto &p : parameters())
      p.set_data(p.to(like.device()));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    // dtype-only conversions of state and inputs keep their device.
    auto y = x.to(mean_.scalar_type());
    auto z = x.to(torch::kFloat);
    auto w = x.to(var_.dtype());
    auto m = mean_.to(torch::kFloat);
    auto n = var_.to(x.scalar_type());
    auto o = mean_.to(torch::dtype(x.scalar_type()));
    // State moved to its own configured device, not to follow the input.
    auto p = var_.to(device_);
    // A temporary derived from the input is not state.
    auto eps = torch::full({1}, 1e-5).to(x.device());
    // Comparing devices moves nothing.
    TORCH_CHECK(x.device() == mean_.device(), "input on the wrong device");
    // copy_ keeps the destination's device; reading parameters moves nothing.
    mean_.copy_(x.mean(0));
    for (const auto &p : parameters())
      TORCH_CHECK(p.device() == x.device(), "call ->to(device) at set-up");
    return (y - m) / (n + eps).sqrt() + z + w + o + p;
  }

  static torch::Tensor helper(torch::Tensor state, const torch::Tensor &x) {
    return state.to(x.device());
  }

  torch::Device device_;
  torch::Tensor mean_, var_;
};

// Outside a forward path, moving data to the model's device is the caller's
// job, done right.
torch::Tensor predict(StatsImpl &stats, const torch::Tensor &batch) {
  return stats.forward(batch.to(stats.mean_.device()));
}

// Free functions have no state: moving a parameter is the caller's choice.
torch::Tensor follow(torch::Tensor state, const torch::Tensor &x) {
  return state.to(x.device());
}

// A class without a forward method: its operations are set-up steps.
struct Buffers {
  torch::Tensor data;
  void sync(const torch::Tensor &like) { data = data.to(like.device()); }
};

// A lambda's operator() is not a forward method of its own.
torch::Tensor apply_all(const torch::Tensor &x, torch::Tensor kernel) {
  auto f = [&](const torch::Tensor &t) { return kernel.to(t.device()) * t; };
  return f(x);
}

int main() {
  StatsImpl stats(torch::kCPU);
  auto x = torch::randn({2, 4});
  stats.place(x);
  auto out = predict(stats, x) + follow(x, x) + apply_all(x, x);
  Buffers b{x};
  b.sync(out);
  return out.numel() > 0 ? 0 : 1;
}

// Constants a module keeps in plain (unregistered) members, placed lazily:
// each moves the first time the data comes from another device and keeps
// the copy, so later calls find it in place. No copy per call.
struct HarmonicsImpl : torch::nn::Module {
  torch::Tensor c0_ = torch::full({1}, 0.28209479177387814);
  torch::Tensor c1_ = torch::full({1}, 0.4886025119029199);
  torch::Tensor forward(const torch::Tensor &dirs) {
    const auto device = dirs.device();
    if (c0_.device() != device)
      c0_ = c0_.to(device);
    c1_ = c1_.to(dirs.options());
    return c0_ + c1_ * dirs;
  }
};
