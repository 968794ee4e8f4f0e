// Helpers written to follow their data's device: match asks where its data
// lives, and offset_rows, beside it, is judged by that code. Each is shown in
// the file alone; the project drops both, since every call passes host data.
#include "helpers.h"

torch::Tensor match(const torch::Tensor &x, const torch::Tensor &y) {
  auto w = torch::ones({4});
  return x * w + y.to(x.device());
}

torch::Tensor offset_rows(const torch::Tensor &x) {
  auto offset = torch::ones({4});
  return x + offset;
}
