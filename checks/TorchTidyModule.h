//===--- TorchTidyModule.h - the torch-* checks ----------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_TORCHTIDYMODULE_H
#define TORCHLINT_CHECKS_TORCHTIDYMODULE_H

#include "llvm/ADT/StringSet.h"

namespace clang::tidy::torch {

/// The names of the checks the module registers ("torch-discarded-to", ...).
const llvm::StringSet<> &torchCheckNames();

} // namespace clang::tidy::torch

#endif
