#include "helpers.h"

torch::Tensor on_host() { return scale_cpu(torch::ones({3})); }

torch::Tensor shift_on_host() { return shift_host(torch::ones({3})); }
