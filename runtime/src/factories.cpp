#include <torchlint/factories.h>

#include <torch/types.h>

#include <stdexcept>

namespace torchlint {

torch::Tensor tensor_like(torch::detail::TensorDataContainer values, const torch::Tensor& ref, DtypeFrom dtype) {
  if (!ref.defined()) {
    throw std::invalid_argument("torchlint::tensor_like: the reference tensor is undefined");
  }
  // Built on the CPU and then moved (rather than torch::tensor(values, ref's device)): the
  // result is the same on real devices, and it also works for a "meta" reference, where
  // libtorch 1.13 tries to copy the values out of the meta tensor and fails.
  auto options = torch::TensorOptions();
  if (dtype == DtypeFrom::Reference) {
    options = options.dtype(ref.scalar_type());
  }
  return torch::tensor(std::move(values), options).to(ref.device());
}

} // namespace torchlint
