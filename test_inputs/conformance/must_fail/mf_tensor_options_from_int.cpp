// MUST NOT COMPILE (real and fake): TensorOptions is not implicitly
// constructible from an int (only Device-constructible arguments, Layout,
// ScalarType, caffe2::TypeMeta and MemoryFormat).
#include <torch/torch.h>

int main() {
  torch::TensorOptions o = 1; // MUST-FAIL-HERE
  (void)o;
}
