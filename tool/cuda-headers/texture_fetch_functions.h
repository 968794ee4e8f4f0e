// Empty: CUDA 13 dropped this header; clang 19's CUDA wrapper headers still
// include it. torchlint puts this directory on the include path of CUDA units
// whose toolkit lacks it.
#pragma once
