#pragma once

#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>
