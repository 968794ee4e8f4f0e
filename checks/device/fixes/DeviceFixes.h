//===--- DeviceFixes.h - fix-its that move a tensor --------------*- C++
//-*-===//
#ifndef TORCHLINT_CHECKS_DEVICE_FIXES_DEVICEFIXES_H
#define TORCHLINT_CHECKS_DEVICE_FIXES_DEVICEFIXES_H

#include "device/findings/CheckpointLoads.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include <optional>

namespace clang::tidy::torch::utils {

/// `.to(<other>.device())` appended to \p Odd, when \p Other names a tensor
/// variable or member and \p Odd is not spelled inside a macro.
std::optional<FixItHint> moveToDeviceOfFix(const Expr *Odd, const Expr *Other,
                                           const SourceManager &SM,
                                           const LangOptions &LangOpts);

/// The fix that gives the read of \p Load the device \p Device: an argument
/// added to the read, or in place of its written `c10::nullopt`. None for
/// an empty \p Device or a read spelled in a macro.
std::optional<FixItHint> readDeviceFix(const CheckpointLoad &Load,
                                       const std::string &Device);

} // namespace clang::tidy::torch::utils

#endif
