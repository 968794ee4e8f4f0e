//===--- TensorOptionsAnalysis.h - does a TensorOptions name a device? ----===//
//
// Factories default to the CPU when their TensorOptions carry no device. This
// decides, from the spelling of an options argument, whether it carries one.
// Only spellings that provably carry no device answer NoDevice: an options
// variable of unknown origin answers Unknown, and callers stay silent then.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_TENSOROPTIONSANALYSIS_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_TENSOROPTIONSANALYSIS_H

#include "clang/AST/Expr.h"

namespace clang {
class FunctionDecl;
namespace tidy::torch::device {

enum class OptionsDevice { NoDevice, HasDevice, Unknown };

/// Classifies the TensorOptions argument \p E (as written at a call: it may be
/// a CXXDefaultArgExpr, an implicit conversion from a ScalarType, a builder
/// chain, x.options(), ...). \p Body, when given, is the body of the enclosing
/// function: a local options variable is followed to its initializer when the
/// body never assigns to it.
OptionsDevice classifyOptions(const Expr *E, const Stmt *Body);

/// The index of the TensorOptions parameter of \p FD, or -1.
int tensorOptionsParamIndex(const FunctionDecl *FD);

} // namespace tidy::torch::device
} // namespace clang

#endif
