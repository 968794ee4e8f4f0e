// Conformance sample: at::Tensor / at::TensorBase member functions and
// operators. Must compile against both the real libtorch 1.13 headers and
// the fake ones in test_inputs/include (see tests/conformance.sh).
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <tuple>
#include <type_traits>
#include <vector>

using torch::indexing::Ellipsis;
using torch::indexing::None;
using torch::indexing::Slice;

// Where things are declared / what they return (identical in both header
// sets).
static_assert(std::is_base_of<at::TensorBase, at::Tensor>::value, "");
static_assert(std::is_same<torch::Tensor, at::Tensor>::value, "");
static_assert(std::is_same<torch::autograd::Variable, at::Tensor>::value, "");
static_assert(std::is_same<decltype(&at::TensorBase::device),
                           c10::Device (at::TensorBase::*)() const>::value, "");
static_assert(std::is_same<decltype(&at::TensorBase::options),
                           c10::TensorOptions (at::TensorBase::*)() const>::value,
              "");
static_assert(std::is_same<decltype(&at::TensorBase::sizes),
                           c10::IntArrayRef (at::TensorBase::*)() const>::value,
              "");
static_assert(std::is_same<decltype(&at::TensorBase::scalar_type),
                           c10::ScalarType (at::TensorBase::*)() const>::value,
              "");
static_assert(std::is_same<decltype(&at::TensorBase::dtype),
                           caffe2::TypeMeta (at::TensorBase::*)() const>::value,
              "");
static_assert(std::is_same<decltype(&at::Tensor::cuda),
                           at::Tensor (at::Tensor::*)() const>::value, "");
static_assert(std::is_same<decltype(&at::Tensor::grad),
                           const at::Tensor& (at::Tensor::*)() const>::value, "");

void tlconf_methods(torch::Tensor x, torch::Tensor y, torch::Device dev) {
  // Metadata.
  c10::Device d = x.device();
  bool same_dev = x.device() == y.device() && !(x.device() != dev);
  auto opts = x.options();
  int64_t nd = x.dim() + x.ndimension();
  at::IntArrayRef sz = x.sizes();
  int64_t s0 = x.size(0) + x.size(-1) + x.stride(0) + x.numel();
  c10::ScalarType st = x.scalar_type();
  caffe2::TypeMeta dt = x.dtype();
  bool is_f = x.dtype() == torch::kFloat || torch::kFloat == x.dtype() ||
      x.scalar_type() == torch::kFloat32;
  bool flags = x.is_cuda() || x.is_cpu() || x.defined() || x.is_mps() ||
      x.is_meta() || x.requires_grad() || x.is_contiguous() ||
      x.is_floating_point() || x.is_sparse() || x.is_same(y);
  auto layout = x.layout();
  int64_t gd = x.get_device();
  float f = x.item<float>();
  double dd = x.item<double>();
  int64_t ll = x.item<int64_t>();
  bool bb = x.item<bool>();
  at::Scalar sc = x.item();
  float* p = x.data_ptr<float>();
  void* vp = x.data_ptr();
  auto acc = x.accessor<float, 2>();
  float a00 = acc[0][0] + acc[1].size(0);
  auto pacc = x.packed_accessor64<float, 2>();
  auto pacc32 = x.packed_accessor32<float, 1>();

  // to(): every overload.
  auto t0 = x.to(dev);
  auto t1 = x.to(torch::kCUDA);
  auto t2 = x.to(torch::Device(torch::kCUDA, 1), /*non_blocking=*/true);
  auto t3 = x.to(torch::kFloat);
  auto t4 = x.to(torch::kHalf, false, true);
  auto t5 = x.to(dev, torch::kFloat);
  auto t6 = x.to(torch::kCUDA, torch::kFloat, true, false,
                 at::MemoryFormat::Contiguous);
  auto t7 = x.to(y);
  auto t8 = x.to(y, true);
  auto t9 = x.to(x.options().device(dev));
  auto t10 = x.to(torch::TensorOptions().dtype(torch::kLong).device(dev), true);
  auto t11 = x.to({torch::kCUDA, 0});
  auto t12 = x.to(y.dtype());
  auto t13 = x.to(dev, y.dtype());
  auto t14 = x.to(torch::kFloat, torch::kStrided, dev, false, false, false,
                  c10::nullopt);
  auto t15 = x.to(torch::kCUDA, 1); // NB: 1 is `non_blocking`!
  auto t16 = x.cuda();
  auto t17 = x.cpu();
  auto t18 = x.type_as(y);
  auto t19 = x.toType(torch::kDouble);
  static_assert(std::is_same<decltype(x.to(dev)), at::Tensor>::value, "");

  // Views / copies.
  auto v0 = x.clone();
  auto v1 = x.detach();
  auto v2 = x.contiguous();
  auto v3 = x.view({-1});
  auto v4 = x.reshape({2, -1});
  auto v5 = x.flatten();
  auto v6 = x.squeeze();
  auto v7 = x.unsqueeze(0);
  auto v8 = x.permute({1, 0});
  auto v9 = x.transpose(0, 1);
  auto v10 = x.t();
  auto v11 = x.expand({4, 4});
  auto v12 = x.narrow(0, 0, 1);
  auto v13 = x.select(0, 1);
  auto v14 = x.slice(0, 0, 2);
  auto v15 = x.view_as(y);
  auto v16 = x.chunk(2);
  auto v17 = x.split(1);
  auto v18 = x.repeat({2, 1});
  auto v19 = x.flip({0});

  // Indexing.
  auto i0 = x.index({0});
  auto i1 = x.index({Slice(), 0});
  auto i2 = x.index({Slice(1, None), Slice(None, None, 2)});
  auto i3 = x.index({"...", None});
  auto i4 = x.index({Ellipsis, 1});
  auto i5 = x.index({y > 0});
  auto i6 = x.index({torch::tensor({0, 1})});
  std::vector<at::indexing::TensorIndex> idx{Slice(), 0};
  auto i7 = x.index(idx);
  x.index_put_({0}, 1.0);
  x.index_put_({Slice(), 0}, y);
  x.index_put_({y > 0}, 0);
  x.index_put_(idx, y);
  auto i8 = x[0];
  auto i9 = x[0][1];
  auto i10 = x.index_select(0, torch::tensor({0, 1}));
  auto i11 = x.gather(1, torch::zeros({4, 1}, torch::kLong));
  auto i12 = x.scatter(1, torch::zeros({4, 1}, torch::kLong), y);
  auto i13 = x.scatter(1, torch::zeros({4, 1}, torch::kLong), 2.0);
  x.scatter_(1, torch::zeros({4, 1}, torch::kLong), 1.0);
  auto i14 = x.masked_fill(y > 0, 0.0);
  auto i15 = x.masked_fill(y > 0, y);
  x.masked_fill_(y > 0, -1);
  x.copy_(y);
  x.copy_(y, /*non_blocking=*/true);

  // Arithmetic.
  auto a0 = x.add(y) + x.add(1) + x.add(y, 2) + x.sub(y) + x.sub(2.0);
  auto a1 = x.mul(y) * x.mul(3) / x.div(y) - x.div(2);
  x.add_(y);
  x.add_(1.0);
  x.sub_(y, 0.5);
  x.mul_(2);
  x.div_(y);
  auto a2 = x.pow(2) + x.pow(y) + x.matmul(y) + x.mm(y) + x.sqrt();
  auto a3 = x.bmm(y);
  auto a4 = x.sum() + x.sum(0) + x.sum(at::IntArrayRef{0, 1}, true) + x.sum(-1, false, torch::kFloat);
  auto a5 = x.mean() + x.mean(0) + x.mean({0}, true);
  auto a6 = x.norm() + x.norm(2) + x.abs() + x.exp() + x.log() + x.neg();
  auto a7 = x.relu() + x.sigmoid() + x.tanh() + x.softmax(1) + x.log_softmax(-1);
  auto a8 = x.argmax() + x.argmax(1) + x.argmax(1, true) + x.argmin(0);
  auto a9 = x.max() + x.min() + x.max(y) + x.min(y);
  std::tuple<at::Tensor, at::Tensor> mx = x.max(1);
  auto mn = x.min(0, true);
  auto a10 = std::get<0>(mx) + std::get<1>(mn);
  auto c0 = x.eq(y) | x.ne(y) | x.lt(y) | x.gt(0) | x.le(1.0) | x.ge(y);
  auto c1 = x.clamp(0, 1) + x.clamp(0) + x.clamp(c10::nullopt, 1) +
      x.clamp(y, y) + x.clamp_min(0) + x.clamp_max(1) + x.clamp_min(y) +
      x.clamp_max(y);
  x.clamp_(0, 1);
  x.clamp_min_(0);
  auto c2 = x.where(y > 0, y);
  auto c3 = x.lerp(y, 0.5) + x.lerp(y, y);
  auto c4 = x.addcmul(y, y) + x.addcmul(y, y, 0.5) + x.addmm(y, y);
  auto c5 = x.new_zeros({2}) + x.new_ones({2}, torch::kCUDA) +
      x.new_empty({2}, x.options()) + x.new_full({2}, 1.0);
  auto c6 = x.any() | x.all() | x.isnan();
  auto c7 = x.topk(2);
  auto c8 = x.sort(1, true);
  auto c9 = x.to(torch::kFloat).floor().round().ceil().sign();
  x.zero_();
  x.fill_(1.0);
  x.fill_(y);

  // Autograd.
  x.set_data(y);
  auto g0 = x.data();
  const at::Tensor& g1 = x.grad();
  x.mutable_grad() = y;
  bool rg = x.requires_grad();
  x.requires_grad_();
  x.requires_grad_(false);
  x.set_requires_grad(true);
  x.backward();
  x.backward(y, true);
  x.retain_grad();
  bool leaf = x.is_leaf();
  auto g2 = x.grad_fn();

  // Operators (at::operator+ etc. are free `static inline` functions).
  auto o0 = x + y;
  auto o1 = x - 1;
  auto o2 = 2 * x;
  auto o3 = x / 2.0;
  auto o4 = 1.0 - x;
  auto o5 = -x;
  auto o6 = (x == y) & (x != 0) & (x < y) & (x > 1) & (x <= y) & (2 >= x);
  auto o7 = ~(x > 0);
  x += y;
  x -= 1;
  x *= y;
  x /= 2;
  x[0] = 1.0;
  x[0] = y[0];
  std::cout << x << x.sizes() << x.device() << x.scalar_type() << std::endl;

  (void)d, (void)same_dev, (void)opts, (void)nd, (void)sz, (void)s0, (void)st;
  (void)dt, (void)is_f, (void)flags, (void)layout, (void)gd, (void)f, (void)dd;
  (void)ll, (void)bb, (void)sc, (void)p, (void)vp, (void)t0, (void)t1, (void)t2;
  (void)a00, (void)pacc, (void)pacc32;
  (void)t3, (void)t4, (void)t5, (void)t6, (void)t7, (void)t8, (void)t9;
  (void)t10, (void)t11, (void)t12, (void)t13, (void)t14, (void)t15, (void)t16;
  (void)t17, (void)t18, (void)t19, (void)v0, (void)v1, (void)v2, (void)v3;
  (void)v4, (void)v5, (void)v6, (void)v7, (void)v8, (void)v9, (void)v10;
  (void)v11, (void)v12, (void)v13, (void)v14, (void)v15, (void)v16, (void)v17;
  (void)v18, (void)v19, (void)i0, (void)i1, (void)i2, (void)i3, (void)i4;
  (void)i5, (void)i6, (void)i7, (void)i8, (void)i9, (void)i10, (void)i11;
  (void)i12, (void)i13, (void)i14, (void)i15, (void)a0, (void)a1, (void)a2;
  (void)a3, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8, (void)a9;
  (void)a10, (void)c0, (void)c1, (void)c2, (void)c3, (void)c4, (void)c5;
  (void)c6, (void)c7, (void)c8, (void)c9, (void)g0, (void)g1, (void)rg;
  (void)leaf, (void)g2, (void)o0, (void)o1, (void)o2, (void)o3, (void)o4;
  (void)o5, (void)o6, (void)o7;
}

int main() {
  torch::Tensor x = torch::rand({4, 4});
  tlconf_methods(x, x.clone(), torch::kCPU);
  return 0;
}
