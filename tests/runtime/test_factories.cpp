// tensor_like.
#include "test_common.h"

namespace torchlint::test {
namespace {

class TensorLikeOn : public ::testing::TestWithParam<torch::Device> {};

TEST_P(TensorLikeOn, FollowsTheReferenceDeviceAndDtype) {
  const auto x = torch::zeros({2}, torch::kDouble).to(GetParam());
  const auto t = tensor_like({1, 2}, x);
  EXPECT_EQ(t.device(), x.device());
  EXPECT_EQ(t.scalar_type(), torch::kDouble); // as torch::ones_like(x) would be
  EXPECT_TRUE(torch::equal(t.cpu(), torch::tensor({1.0, 2.0}, torch::kDouble)));
}

TEST_P(TensorLikeOn, KeepsTheValuesDtypeWhenAsked) {
  const auto x = torch::zeros({2}, torch::kDouble).to(GetParam());
  const auto t = tensor_like({1, 2}, x, DtypeFrom::Values);
  EXPECT_EQ(t.scalar_type(), torch::kLong); // torch::tensor's inference
  EXPECT_EQ(t.device(), x.device());
  EXPECT_EQ(tensor_like({1.0, 2.0}, x, DtypeFrom::Values).scalar_type(),
            torch::tensor({1.0, 2.0}).scalar_type());
}

TEST_P(TensorLikeOn, AcceptsWhatTorchTensorAccepts) {
  const auto x = torch::zeros({1}).to(GetParam());
  const std::vector<double> values{1.5, 2.5, 3.5};
  const std::vector<float> floats{1.0F, 2.0F};
  EXPECT_EQ(tensor_like(values, x).sizes(), torch::IntArrayRef({3}));
  EXPECT_EQ(tensor_like(at::ArrayRef<float>(floats), x).sizes(), torch::IntArrayRef({2}));
  EXPECT_EQ(tensor_like({{1, 2}, {3, 4}}, x).sizes(), torch::IntArrayRef({2, 2}));
  const auto scalar = tensor_like(3.5, x);
  EXPECT_EQ(scalar.dim(), 0);
  EXPECT_EQ(scalar.device(), x.device());
  EXPECT_EQ(scalar.item<double>(), 3.5);
}

TEST_P(TensorLikeOn, NeverRequiresGrad) {
  const auto x = torch::zeros({1}, torch::requires_grad()).to(GetParam());
  EXPECT_FALSE(tensor_like({1.0}, x).requires_grad());
}

INSTANTIATE_TEST_SUITE_P(
    Devices,
    TensorLikeOn,
    ::testing::ValuesIn(available_devices()),
    [](const auto& info) { return device_label(info.param); });

TEST(TensorLike, FollowsAMetaReference) {
  const auto x = torch::empty({2}, torch::TensorOptions().device(meta()).dtype(torch::kHalf));
  const auto t = tensor_like({1.0, 2.0}, x);
  EXPECT_EQ(t.device(), meta());
  EXPECT_EQ(t.scalar_type(), torch::kHalf);
}

TEST(TensorLike, RejectsAnUndefinedReference) {
  EXPECT_THROW(tensor_like({1.0}, torch::Tensor()), std::invalid_argument);
}

} // namespace
} // namespace torchlint::test
