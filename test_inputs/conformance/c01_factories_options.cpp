// Conformance sample: torch:: factory functions with every TensorOptions
// spelling. Must compile against both the real libtorch 1.13 headers and the
// fake ones in test_inputs/include (see tests/conformance.sh).
#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace {

void tlconf_options_spellings(const torch::Tensor& x, int idx, torch::Device dev) {
  // Builder style.
  auto a = torch::zeros({2, 3}, torch::TensorOptions().device(dev));
  auto b = torch::ones({2, 3}, torch::TensorOptions().device(torch::kCUDA, 1));
  auto c = torch::empty({4}, torch::TensorOptions().device_index(idx));
  auto d = torch::rand({4}, torch::TensorOptions()
                                .dtype(torch::kFloat)
                                .device(torch::kCUDA)
                                .requires_grad(true));
  auto e = torch::randn({4}, torch::TensorOptions().dtype<double>());
  auto f = torch::zeros({4}, torch::TensorOptions()
                                 .layout(torch::kStrided)
                                 .pinned_memory(true)
                                 .device(torch::Device(torch::kCPU)));
  // Free-function style (c10::device / dtype / ... found through torch::).
  auto g = torch::zeros({2}, torch::device(dev));
  auto h = torch::zeros({2}, torch::dtype(torch::kInt64).device(dev));
  auto i = torch::zeros({2}, torch::device(torch::kCUDA).dtype(torch::kHalf));
  auto j = torch::zeros({2}, torch::requires_grad());
  auto k = torch::zeros({2}, torch::dtype<float>());
  auto l = torch::zeros({2}, torch::device_index(idx));
  auto m = torch::zeros({2}, torch::layout(torch::kStrided));
  auto n = torch::empty({2, 3, 4, 5},
                        torch::memory_format(at::MemoryFormat::ChannelsLast));
  // From another tensor.
  auto o = torch::zeros({2}, x.options());
  auto p = torch::zeros({2}, x.options().dtype(torch::kLong));
  auto q = torch::zeros({2}, x.device());
  // Implicit conversions to TensorOptions.
  auto r = torch::zeros({2}, torch::kCUDA);
  auto s = torch::zeros({2}, torch::kFloat32);
  auto t = torch::zeros({2}, torch::Device("cuda:0"));
  auto u = torch::zeros({2}, torch::Device(std::string("cuda:1")));
  auto v = torch::zeros({2}, {torch::kCUDA, 1});
  auto w = torch::zeros({2}, torch::Device(torch::kCUDA, 0));
  auto y = torch::zeros({2}, dev);
  auto z = torch::zeros({2}, at::kStrided);
  torch::TensorOptions opts = torch::kCUDA;
  torch::TensorOptions opts2(torch::kCUDA, 1);
  torch::TensorOptions opts3 = torch::kDouble;
  torch::TensorOptions opts4 = dev;
  auto aa = torch::ones({3}, opts.merge_in(opts3));
  (void)opts2;
  (void)opts4;
  (void)a, (void)b, (void)c, (void)d, (void)e, (void)f, (void)g, (void)h;
  (void)i, (void)j, (void)k, (void)l, (void)m, (void)n, (void)o, (void)p;
  (void)q, (void)r, (void)s, (void)t, (void)u, (void)v, (void)w, (void)y;
  (void)z, (void)aa;
}

void tlconf_factories(const torch::Tensor& x, torch::Device dev) {
  std::vector<int64_t> shape{2, 3};
  auto t0 = torch::zeros(shape, dev);
  auto t1 = torch::zeros(at::IntArrayRef(shape), torch::kCUDA);
  auto t2 = torch::ones(3);
  auto t3 = torch::empty({2, 2}, torch::kCUDA, at::MemoryFormat::Contiguous);
  auto t4 = torch::full({2, 2}, 3.5, dev);
  auto t5 = torch::full({2, 2}, 7, torch::dtype(torch::kInt));
  auto t6 = torch::arange(10, dev);
  auto t7 = torch::arange(0, 10, torch::kCUDA);
  auto t8 = torch::arange(0.0, 1.0, 0.1, torch::dtype(torch::kDouble).device(dev));
  auto t9 = torch::range(0, 5, dev);
  auto t10 = torch::range(0, 5, 2, dev);
  auto t11 = torch::linspace(0, 1, 11, dev);
  auto t12 = torch::logspace(0, 2, 3, 10.0, dev);
  auto t13 = torch::eye(3, dev);
  auto t14 = torch::eye(3, 4, torch::kCUDA);
  auto t15 = torch::empty_strided({2, 3}, {3, 1}, dev);
  auto t16 = torch::rand({2, 2}, dev);
  auto t17 = torch::randn({2, 2}, torch::kCUDA);
  auto t18 = torch::randint(10, {3}, dev);
  auto t19 = torch::randint(0, 10, {3}, dev);
  auto t20 = torch::randint(10, {3});
  auto t21 = torch::randperm(10, dev);
  auto t22 = torch::normal(0.0, 1.0, {3, 3}, c10::nullopt, dev);
  auto t23 = torch::scalar_tensor(3.0, dev);
  auto t24 = torch::tril_indices(3, 3, 0, dev);
  auto t25 = torch::triu_indices(3, 3);
  auto t26 = torch::hann_window(8, dev);
  auto t27 = torch::hamming_window(8, true, dev);
  auto t28 = torch::bartlett_window(8, dev);
  auto t29 = torch::blackman_window(8, false, dev);
  auto t30 = torch::kaiser_window(8, true, 12.0, dev);
  auto t31 = torch::fft::fftfreq(16, dev);
  auto t32 = torch::fft::rfftfreq(16, 0.5, dev);
  auto t33 = torch::fft_fftfreq(16, 1.0, dev);
  auto t34 = torch::sparse_coo_tensor(x, x, {4, 4}, dev);
  auto t35 = torch::sparse_coo_tensor({4, 4}, torch::dtype(torch::kFloat).device(dev));
  // *_like
  auto l0 = torch::zeros_like(x);
  auto l1 = torch::ones_like(x, dev);
  auto l2 = torch::empty_like(x, torch::kCUDA);
  auto l3 = torch::full_like(x, 2.0, x.options());
  auto l4 = torch::rand_like(x, torch::dtype(torch::kFloat));
  auto l5 = torch::randn_like(x, {}, at::MemoryFormat::Preserve);
  auto l6 = torch::randint_like(x, 10);
  auto l7 = torch::randint_like(x, 0, 10, dev);
  // torch::tensor (TensorDataContainer)
  auto v0 = torch::tensor(1.5);
  auto v1 = torch::tensor({1, 2, 3});
  auto v2 = torch::tensor({{1.0, 2.0}, {3.0, 4.0}}, dev);
  auto v3 = torch::tensor({1.0f, 2.0f}, torch::dtype(torch::kFloat).device(torch::kCUDA, 0));
  auto v4 = torch::tensor(std::vector<float>{1.f, 2.f}, torch::kCUDA);
  auto v5 = torch::tensor(at::ArrayRef<int64_t>(shape), dev);
  auto v6 = torch::tensor({true, false}, torch::kCUDA);
  auto v7 = torch::tensor(std::vector<double>{0.5}, torch::requires_grad());
  // from_blob
  float buf[6] = {0, 1, 2, 3, 4, 5};
  auto b0 = torch::from_blob(buf, {2, 3});
  auto b1 = torch::from_blob(buf, {2, 3}, torch::kFloat);
  auto b2 = torch::from_blob(buf, {2, 3}, {3, 1}, torch::TensorOptions().dtype(torch::kFloat));
  auto b3 = torch::from_blob(buf, {6}, [](void*) {}, torch::kFloat);
  auto b4 = torch::from_blob(buf, {6}, {1}, [](void*) {});
  // at:: versions (unpacked overloads exist only in at::)
  auto a0 = at::zeros({2}, at::kFloat, at::kStrided, at::Device(at::kCUDA), false);
  auto a1 = at::empty({2}, x.options());
  static_assert(std::is_same<decltype(t0), at::Tensor>::value, "");
  static_assert(std::is_same<decltype(torch::zeros({1})), at::Tensor>::value, "");
  (void)t0, (void)t1, (void)t2, (void)t3, (void)t4, (void)t5, (void)t6;
  (void)t7, (void)t8, (void)t9, (void)t10, (void)t11, (void)t12, (void)t13;
  (void)t14, (void)t15, (void)t16, (void)t17, (void)t18, (void)t19, (void)t20;
  (void)t21, (void)t22, (void)t23, (void)t24, (void)t25, (void)t26, (void)t27;
  (void)t28, (void)t29, (void)t30, (void)t31, (void)t32, (void)t33, (void)t34;
  (void)t35, (void)l0, (void)l1, (void)l2, (void)l3, (void)l4, (void)l5;
  (void)l6, (void)l7, (void)v0, (void)v1, (void)v2, (void)v3, (void)v4;
  (void)v5, (void)v6, (void)v7, (void)b0, (void)b1, (void)b2, (void)b3;
  (void)b4, (void)a0, (void)a1;
}

} // namespace

int main() {
  torch::Device dev = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  torch::Tensor x = torch::rand({4, 4});
  tlconf_options_spellings(x, 0, dev);
  tlconf_factories(x, dev);
  return 0;
}
