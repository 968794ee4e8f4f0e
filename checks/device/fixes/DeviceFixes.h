//===--- DeviceFixes.h - fix-its that move a tensor --------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_DEVICE_FIXES_DEVICEFIXES_H
#define TORCHLINT_CHECKS_DEVICE_FIXES_DEVICEFIXES_H

#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include <optional>

namespace clang::tidy::torch::utils {

/// `.to(<other>.device())` appended to \p Odd, when \p Other names a tensor
/// variable or member and \p Odd is not spelled inside a macro.
std::optional<FixItHint> moveToDeviceOfFix(const Expr *Odd, const Expr *Other,
                                           const SourceManager &SM,
                                           const LangOptions &LangOpts);

} // namespace clang::tidy::torch::utils

#endif
