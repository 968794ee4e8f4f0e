#pragma once
// The torchlint runtime library: helpers that torchlint's fix-its call to keep libtorch
// tensors, modules and optimizer state on the right device.

#include <torchlint/checkpoint.h>
#include <torchlint/device_select.h>
#include <torchlint/factories.h>
#include <torchlint/harmonize.h>
#include <torchlint/module_device.h>
#include <torchlint/optimizer_state.h>
#include <torchlint/policy.h>
