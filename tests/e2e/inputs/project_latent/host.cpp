#include "helpers.h"

torch::Tensor on_host() { return scale_cpu(torch::ones({3})); }
