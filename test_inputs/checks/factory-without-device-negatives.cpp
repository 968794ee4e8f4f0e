// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
#include <torch/torch.h>

// Everything here is correct: PyTorch places these where they must be.
torch::Tensor follows(const torch::Tensor &x, torch::Device device,
                      const torch::TensorOptions &given) {
  auto a = torch::zeros({3}, x.options());
  auto b = torch::zeros_like(x);
  auto c = x.new_zeros({3});
  auto d = torch::ones({3}, torch::device(device));
  auto e = torch::ones({3}, torch::kCUDA);
  auto f = torch::ones({3}, torch::TensorOptions().device(x.device()).dtype(torch::kFloat));
  auto g = torch::ones({3}, torch::dtype(torch::kFloat).device(device));
  auto h = torch::empty({3}, torch::Device("cuda:0"));
  auto i = torch::full({3}, 1.0, given);  // unknown options: not ours to judge
  auto j = torch::randn({3}, torch::TensorOptions(device));
  auto opts = torch::TensorOptions().dtype(torch::kFloat).device(device);
  auto k = torch::arange(3, opts);
  auto l = torch::ones({3}, torch::TensorOptions().device(torch::kCUDA, 1));
  auto m = torch::ones({3}, torch::TensorOptions().device_index(0));
  return a + b + c + d + e + f + g + h + i + j + k + l + m + x * 2;
}

// No device context: CPU-only code is fine on the CPU.
torch::Tensor make_range() { return torch::arange(10); }

int main() {
  auto a = torch::ones({2});
  auto b = torch::tensor({1.0, 2.0});
  auto c = a * b + make_range().sum();
  return c.numel() > 0 ? 0 : 1;
}

// Reshaped to no dimensions at all: a 0-dim CPU scalar, which PyTorch moves.
torch::Tensor shift(const torch::Tensor &x) {
  auto s = torch::tensor({0.5}).reshape({});
  auto t = torch::full({1}, 2.0).view({});
  return x * s + t;
}
