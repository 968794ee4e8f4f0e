// Conformance sample: torch:: / at:: free operators, indexing helpers,
// nn::functional, guards and utilities. Must compile against both the real
// libtorch 1.13 headers and the fake ones in test_inputs/include.
#include <torch/torch.h>

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <vector>

namespace F = torch::nn::functional;

static_assert(std::is_same<torch::NoGradGuard, c10::NoGradGuard>::value, "");
static_assert(std::is_same<torch::Device, c10::Device>::value, "");
static_assert(std::is_same<torch::TensorOptions, c10::TensorOptions>::value, "");
static_assert(std::is_same<torch::Dtype, c10::ScalarType>::value, "");
static_assert(std::is_same<torch::indexing::Slice, at::indexing::Slice>::value,
              "");
static_assert(std::is_same<decltype(torch::cuda::is_available()), bool>::value,
              "");
static_assert(std::is_same<decltype(torch::cuda::device_count()), size_t>::value,
              "");
static_assert(std::is_same<decltype(torch::stack({})), at::Tensor>::value, "");

void tlconf_ops(torch::Tensor a, torch::Tensor b, torch::Device dev) {
  std::vector<torch::Tensor> vec{a, b};
  auto s0 = torch::stack(vec);
  auto s1 = torch::stack({a, b}, 1);
  auto s2 = torch::cat(vec);
  auto s3 = torch::cat({a, b}, -1);
  auto s4 = torch::cat(at::TensorList(vec), 0);
  auto s5 = torch::hstack(vec) + torch::vstack({a, b}) + torch::dstack(vec);
  auto s6 = torch::concat({a, b});
  auto w0 = torch::where(a > 0, a, b);
  auto w1 = torch::where(a > 0, a, 0.0);
  auto w2 = torch::where(a > 0, 1.0, b);
  std::vector<torch::Tensor> w3 = torch::where(a > 0);
  auto m0 = torch::matmul(a, b) + torch::mm(a, b) + torch::addmm(a, a, b);
  auto m1 = torch::bmm(a, b) + torch::einsum("ij,jk->ik", {a, b});
  auto g0 = torch::index_select(a, 0, b);
  auto g1 = torch::gather(a, 1, b);
  auto g2 = torch::scatter(a, 1, b, a);
  auto g3 = torch::scatter(a, 1, b, 1.0);
  auto g4 = torch::embedding(a, b);
  auto l0 = torch::lerp(a, b, 0.3) + torch::lerp(a, b, a);
  auto l1 = torch::addcmul(a, a, b) + torch::addcmul(a, a, b, 2);
  auto l2 = torch::clamp(a, 0, 1) + torch::clamp(a, c10::nullopt, 1.0) +
      torch::clamp(a, b, b) + torch::clamp_min(a, 0) + torch::clamp_max(a, b);
  auto e0 = torch::add(a, b) + torch::add(a, 1) + torch::sub(a, b, 2) +
      torch::mul(a, 2.0) + torch::div(a, b) + torch::div(a, b, "floor");
  auto e1 = torch::eq(a, b) | torch::ne(a, 1) | torch::lt(a, b) |
      torch::gt(a, 0) | torch::le(a, b) | torch::ge(a, 1);
  std::vector<torch::Tensor> norms = torch::_foreach_norm(vec);
  std::vector<torch::Tensor> norms2 = torch::_foreach_norm(vec, 1);
  bool close = torch::allclose(a, b) && torch::allclose(a, b, 1e-3, 1e-5) &&
      torch::equal(a, b);
  auto r0 = torch::relu(a) + torch::sigmoid(a) + torch::tanh(a) +
      torch::softmax(a, 1) + torch::log_softmax(a, -1, torch::kFloat);
  auto r1 = torch::mse_loss(a, b) + torch::abs(a) + torch::exp(a) +
      torch::log(a) + torch::sqrt(a) + torch::pow(a, 2) + torch::sum(a) +
      torch::mean(a) + torch::norm(a);
  auto r2 = torch::max(a) + torch::min(a, b) + torch::maximum(a, b);
  std::tuple<torch::Tensor, torch::Tensor> r3 = torch::max(a, 1, true);
  auto r4 = torch::argmax(a, 1) + torch::argmin(a);
  auto r5 = torch::sort(a);
  auto r6 = torch::topk(a, 3);
  auto r7 = torch::cross_entropy_loss(a, b) + torch::nll_loss(a, b) +
      torch::binary_cross_entropy(a, b) + torch::dropout(a, 0.5, true);
  auto r8 = torch::linear(a, b) + torch::conv2d(a, b) + torch::flatten(a, 1) +
      torch::transpose(a, 0, 1) + torch::reshape(a, {-1}) +
      torch::squeeze(a) + torch::unsqueeze(a, 0) + torch::one_hot(b, 10);
  auto r9 = torch::isnan(a).any() | torch::isinf(a).all();
  auto c0 = at::cat({a, b}, 0) + at::matmul(a, b) + at::relu(a);

  // nn::functional
  auto f0 = F::linear(a, b) + F::linear(a, b, b);
  auto f1 = F::relu(a) + F::relu(a, F::ReLUFuncOptions().inplace(true)) +
      F::relu(a, true);
  auto f2 = F::softmax(a, F::SoftmaxFuncOptions(1)) + F::softmax(a, 1) +
      F::log_softmax(a, 1);
  auto f3 = F::conv2d(a, b) +
      F::conv2d(a, b, F::Conv2dFuncOptions().stride(2).padding(1).bias(b));
  auto f4 = F::dropout(a) + F::dropout(a, F::DropoutFuncOptions().p(0.2));
  auto f5 = F::mse_loss(a, b) +
      F::mse_loss(a, b, F::MSELossFuncOptions(torch::kSum)) +
      F::mse_loss(a, b, F::MSELossFuncOptions().reduction(torch::kNone)) +
      F::mse_loss(a, b, torch::kMean);
  auto f6 = F::cross_entropy(a, b) +
      F::cross_entropy(a, b, F::CrossEntropyFuncOptions().ignore_index(-1));

  // Guards and utilities.
  {
    torch::NoGradGuard no_grad;
    c10::InferenceMode guard;
    torch::AutoGradMode enable(true);
    auto z = a * 2;
    (void)z;
  }
  torch::manual_seed(42);
  torch::cuda::manual_seed_all(42);
  torch::cuda::synchronize();
  bool cuda = torch::cuda::is_available() && torch::cuda::cudnn_is_available();
  size_t n = torch::cuda::device_count();
  torch::set_num_threads(2);
  int nt = torch::get_num_threads();
  bool has = at::hasCUDA();
  torch::Device dev2 = cuda ? torch::Device(torch::kCUDA, 0) : dev;
  auto moved = a.to(dev2);

  (void)s0, (void)s1, (void)s2, (void)s3, (void)s4, (void)s5, (void)s6;
  (void)w0, (void)w1, (void)w2, (void)w3, (void)m0, (void)m1, (void)g0;
  (void)g1, (void)g2, (void)g3, (void)g4, (void)l0, (void)l1, (void)l2;
  (void)e0, (void)e1, (void)norms, (void)norms2, (void)close, (void)r0;
  (void)r1, (void)r2, (void)r3, (void)r4, (void)r5, (void)r6, (void)r7;
  (void)r8, (void)r9, (void)c0, (void)f0, (void)f1, (void)f2, (void)f3;
  (void)f4, (void)f5, (void)f6, (void)n, (void)nt, (void)has, (void)moved;
}

int main() {
  auto a = torch::rand({3, 3});
  tlconf_ops(a, a.clone(), torch::kCPU);
  return 0;
}
