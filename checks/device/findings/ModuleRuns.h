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

} // namespace clang::tidy::torch::device

#endif
