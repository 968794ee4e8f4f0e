//===--- FindingNotes.h - notes explaining findings -------------*- C++ -*-===//
//
// Every finding says why: where the odd device was decided, and the calls
// through which an op inside another function is reached.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_FINDINGNOTES_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_FINDINGNOTES_H

#include "device/findings/DeviceConflicts.h"
#include "device/flow/DeviceFlow.h"

#include "clang-tidy/ClangTidyCheck.h"
#include <string>

namespace clang::tidy::torch::device {

/// "Tensor::add" and "operator*" read better than "at::Tensor::add".
std::string opDisplayName(llvm::StringRef QualifiedName);

/// For an op inside a function the analysed one calls: a note at each
/// further call on the way ("then through 'g'") and one at the op, so the
/// path from the warning to the op reads in order. Nothing for an op written
/// in the analysed function.
void noteCallPath(ClangTidyCheck &Check, const OpUse &Use);

/// The notes that lead from a reported tensor to \p Meeting's op: the op
/// itself, or the call that hands the tensor on and the path to the op.
void noteMeeting(ClangTidyCheck &Check, const DeviceConflict &Meeting);

/// "the call of 'f'": the function \p Call calls, for messages.
std::string calleeName(const CallExpr *Call);

/// A note at the place where \p Device was decided: the .cpu()/.to() call,
/// the factory, or the declaration of the parameter or member it follows.
void noteDeviceOrigin(ClangTidyCheck &Check, const AbstractDevice &Device);

} // namespace clang::tidy::torch::device

#endif
