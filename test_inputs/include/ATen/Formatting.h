#pragma once
// The real header lives in /usr/include, i.e. it is a system header.
#pragma GCC system_header
#include <ATen/core/Formatting.h>
