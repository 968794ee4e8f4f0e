// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/options.h
#pragma once

#include <torch/nn/options/activation.h>
#include <torch/nn/options/batchnorm.h>
#include <torch/nn/options/conv.h>
#include <torch/nn/options/dropout.h>
#include <torch/nn/options/embedding.h>
#include <torch/nn/options/linear.h>
#include <torch/nn/options/loss.h>
#include <torch/nn/options/normalization.h>
