//===--- DeviceFixes.h - fix-its that move a tensor -------------*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_DEVICE_FIXES_DEVICEFIXES_H
#define TORCHLINT_CHECKS_DEVICE_FIXES_DEVICEFIXES_H

#include "device/findings/CheckpointLoads.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/Diagnostic.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::torch::device {

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

/// The fix that gives the factory call \p Call (of \p Factory, whose
/// options are argument \p OptionsIndex) the device \p Device, or the whole
/// \p WholeOptions where the options are not written; none when the call's
/// spelling cannot be edited safely.
std::optional<FixItHint>
factoryDeviceFix(const CallExpr *Call, unsigned OptionsIndex,
                 const FunctionDecl *Factory, const std::string &Device,
                 const std::string &WholeOptions, const SourceManager &SM,
                 const LangOptions &LangOpts);

/// Whether \p Call is the whole value a constructor of \p Member's class
/// gives it (`mask_ = torch::ones(...)`, `mask_(torch::ones(...))`), which
/// a registration can wrap.
bool isWholeValueOf(const CallExpr *Call, const FieldDecl *Member);

/// Wraps \p Call, a member's whole value, in `register_buffer("mask", ...)`.
std::vector<FixItHint> registerAsBuffer(const CallExpr *Call,
                                        const FieldDecl *Member,
                                        ASTContext &Ctx);

} // namespace clang::tidy::torch::device

#endif
