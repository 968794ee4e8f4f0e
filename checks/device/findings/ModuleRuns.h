//===--- ModuleRuns.h - a module run on device data ------------*- C++ -*-===//
//
// Where a loaded module is run after the load, and whether its inputs show
// a device: what makes a device-less load of a module that was never moved
// a defect.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_MODULERUNS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_MODULERUNS_H

#include "device/flow/DeviceFlow.h"

namespace clang::tidy::torch::device {

/// The first call that some path runs after \p Load and that runs \p Object
/// (`m->forward(...)`, `m(...)`, `m.forward(...)`) on inputs placed on a
/// device: an input that places a tensor itself (`x.to(device)`, a factory
/// with a device), a local tensor placed so, or a local container a placed
/// tensor is put into. `.cpu()` inputs are a CPU program's.
const CallExpr *deviceUseAfter(const ValueDecl *Object, const CallExpr *Load,
                               const FunctionDecl *Fn, const DeviceFlow &Facts,
                               ASTContext &Ctx);

/// For a module held by a member or a global \p Object, loaded in \p
/// LoadedIn: the first run of it on inputs placed on a device in another
/// function that can reach it (a method of the member's class, any function
/// of the unit for a global), as deviceUseAfter finds them; none when any
/// such function moves it (`module_.to(device)`): it is placed there.
const CallExpr *deviceUseInOtherFunctions(
    const ValueDecl *Object, const FunctionDecl *LoadedIn,
    llvm::function_ref<const DeviceFlow &(const FunctionDecl *)> FlowOf,
    ASTContext &Ctx);

} // namespace clang::tidy::torch::device

#endif
