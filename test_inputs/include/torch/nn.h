// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn.h
#pragma once

#include <torch/nn/cloneable.h>
#include <torch/nn/functional.h>
#include <torch/nn/module.h>
#include <torch/nn/modules.h>
#include <torch/nn/options.h>
#include <torch/nn/pimpl.h>
