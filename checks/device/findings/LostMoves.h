//===--- LostMoves.h - what a discarded move loses --------------*- C++ -*-===//
//
// A move whose result is dropped (`t.to(d);`) leaves the tensor where it was.
// Whether that matters is a question of what the tensor meets next: an op
// on data elsewhere (the defect is the lost move, whoever else sees it), or
// only `copy_`, which converts on its own (nothing is lost).
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_LOSTMOVES_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_LOSTMOVES_H

#include "device/findings/DeviceConflicts.h"

namespace clang::tidy::torch::device {

/// The discarded move of \p Fn (`t.to(d);`, `t.cuda();`) of the tensor that
/// became \p C's odd input, run before the op: had its result been kept,
/// the tensor would have moved before the meeting. Null when there is none.
const CXXMemberCallExpr *lostMoveBefore(const DeviceConflict &C,
                                        const DeviceFlow &Flow,
                                        const FunctionDecl *Fn,
                                        ASTContext &Ctx);

/// Whether the discarded \p Move loses nothing: its tensor, a local or
/// parameter of \p Fn, is read only by other discarded conversions and as
/// the source of `copy_` (`p.to(v.device()); v.copy_(p);`), which moves and
/// converts on its own.
bool onlyCopiedFrom(const CXXMemberCallExpr *Move, const FunctionDecl *Fn,
                    ASTContext &Ctx);

/// Whether the discarded \p Move loses nothing because nothing reads its
/// tensor afterwards: a local of \p Fn (not a reference, not captured by a
/// lambda) that no statement may run after the move reads, in the flow
/// \p FlowOf gives (asked only for such a local): a tensor moved only to
/// see that the device works.
bool neverReadAfter(const CXXMemberCallExpr *Move, const FunctionDecl *Fn,
                    llvm::function_ref<const DeviceFlow &()> FlowOf);

} // namespace clang::tidy::torch::device

#endif
