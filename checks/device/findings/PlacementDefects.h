//===--- PlacementDefects.h - what a fixed device does wrong ---*- C++ -*-===//
//
// A hard-coded device is a defect the model can show only where the data it
// places goes on to disagree with data the code does not fix there: it meets
// such data in an op (a device chosen at run time, a module's state, a
// parameter its callers place elsewhere), it is returned or kept for code
// whose data may be elsewhere, or it moves a module its caller handed over.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_PLACEMENTDEFECTS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_PLACEMENTDEFECTS_H

#include "device/findings/HardcodedPlacement.h"

namespace clang::tidy::torch::device {

/// The module a placement moves in place (`net->to(torch::kCUDA)`), if any.
const ValueDecl *movedModule(const Expr *Consumer);

/// A module the caller handed over (a parameter), moved by \p Consumer: the
/// caller's module is left there, whatever device the caller runs it on.
const ValueDecl *callersModuleMovedBy(const Stmt *Consumer);

/// Where the data \p P places meets data \p Fn does not fix there
/// (placementMeeting): a device or module the code holds, a parameter its
/// callers place elsewhere, and with \p FollowsData (code that holds a
/// device or module, or asks where its data lives) any tensor parameter or
/// member. A template is judged in its instantiations.
std::optional<PlacementMeeting> placementMeetingOf(const HardcodedPlacement &P,
                                                   const FunctionDecl *Fn,
                                                   bool FollowsData,
                                                   const DeviceFlowConfig &Flow,
                                                   ASTContext &Ctx);

/// Whether the tensor \p P places leaves \p Fn: returned, or kept in a
/// tensor or options member (set in \p P). A module moved in place is judged
/// where it is moved, by what it meets there.
bool placementEscapes(HardcodedPlacement &P, const FunctionDecl *Fn,
                      const DeviceFlowConfig &Flow, ASTContext &Ctx);

} // namespace clang::tidy::torch::device

#endif
