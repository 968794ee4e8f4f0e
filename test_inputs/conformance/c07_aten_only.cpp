// Conformance sample: code written against <ATen/ATen.h> only (at:: names).
// Must compile against both the real libtorch 1.13 headers and the fake
// ones in test_inputs/include.
#include <ATen/ATen.h>

#include <tuple>
#include <vector>

at::Tensor tlconf_to_device(const at::Tensor& t, at::Device device) {
  if (t.device() == device) {
    return t;
  }
  return t.to(device, /*non_blocking=*/true);
}

int tlconf_main() {
  at::Device cuda(at::kCUDA, 0);
  at::Tensor a = at::ones({2, 2}, at::kFloat);
  at::Tensor b = at::zeros({2, 2}, at::TensorOptions().dtype(at::kFloat).device(cuda));
  at::Tensor c = at::randn({2, 2}, at::device(at::kCUDA).dtype(at::kDouble));
  at::Tensor d = at::empty({2}, at::kCUDA);
  at::Tensor e = at::arange(0, 4, at::TensorOptions(at::kLong));
  at::Tensor f = at::full({2}, 1.0, a.options());
  at::Tensor g = at::empty_like(a, at::kCUDA);
  at::Tensor h = at::tensor({1, 2, 3});
  at::Tensor i = at::zeros({2}, at::kFloat, at::kStrided, at::Device(at::kCUDA), false);
  at::Tensor j = at::normal(a, 1.0); // at::normal(Tensor, double) exists in at::
  at::Tensor k = at::cat({a, b}, 0);
  std::vector<at::Tensor> parts = at::split(a, 1);
  at::Tensor s = tlconf_to_device(a, cuda) + b * c - d / 2;
  auto mm = at::matmul(a, b.t());
  std::tuple<at::Tensor, at::Tensor> mx = at::max(a, 0);
  at::Tensor idx = a.index({at::indexing::Slice(), 0});
  {
    at::NoGradGuard guard;
    a.add_(1);
  }
  at::manual_seed(0);
  (void)e, (void)f, (void)g, (void)h, (void)i, (void)j, (void)k, (void)parts;
  (void)s, (void)mm, (void)mx, (void)idx;
  return 0;
}

int main() {
  return tlconf_main();
}
