//===--- PlacementSites.h - where a spelled device is used -----*- C++ -*-===//
//
// A device written in the code (`torch::kCUDA`, `"cuda:0"`, `.cuda()`) places
// data where it is used: a move (`t.to(...)`, `m->to(...)`), a factory's or
// another call's TensorOptions, a Device handed to a call. These find that
// use from the written device, and what a fix would replace there.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_PLACEMENTSITES_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_PLACEMENTSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <optional>

namespace clang::tidy::torch::device {

/// Where a device expression ends up.
struct PlacementSite {
  /// The device as written (`torch::kCUDA`, `"cuda"`).
  const Expr *Written = nullptr;
  /// The call that places data with it.
  const Expr *Consumer = nullptr;
  /// The text a fix that follows another device replaces.
  SourceRange Replace;
  /// The move, when the device is a `to`/`cuda` call's.
  const CXXMemberCallExpr *Move = nullptr;
  /// The object moved, for a tensor's or module's `to`.
  const Expr *Receiver = nullptr;
};

/// Follows the device expression \p Leaf up to the call that places with it;
/// \p FromString: \p Leaf is a string (`"cuda:0"`), which names a device only
/// once a Device is made from it.
std::optional<PlacementSite> placementSiteOf(const Expr *Leaf, bool FromString,
                                             ASTContext &Ctx);

/// For a TensorOptions value built at \p E: whether its builder chain (below
/// or above \p E) sets pinned_memory, and the call that finally receives it.
const CallExpr *optionsDestination(const Expr *E, ASTContext &Ctx,
                                   bool &Pinned);

} // namespace clang::tidy::torch::device

#endif
