//===--- MeetingEvidence.h - what shows data may be off the CPU -*- C++ -*-===//
//
// A device-less factory's CPU tensor meeting "whatever parameter x holds" is a
// defect only if x can hold data off the CPU, and a helper's parameter alone
// does not show that: a data helper whose every caller hands it host tensors
// is right to make host tensors. A meeting is reported on evidence: a device
// the code names or chooses at run time, a module's own state (modules exist
// to be moved), a branch that moved the data, or a call seen in the unit that
// passes such data. Otherwise the finding is latent: the callers decide, and
// only a driver that sees them all (torchlint-run) can show it.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_MEETINGEVIDENCE_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_MEETINGEVIDENCE_H

#include "device/findings/DeviceConflicts.h"
#include "device/flow/DeviceLattice.h"
#include "device/summaries/FunctionSummaries.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace clang::tidy {
class ClangTidyCheck;
} // namespace clang::tidy

namespace clang::tidy::torch::device {

/// Whether a tensor passed as \p Passed is placed where a fixed \p Backend
/// device ("CUDA", "CPU", ...) does not belong: on another device, on one
/// chosen at run time, or wherever a module or a module's parameter or
/// buffer is (modules exist to be moved). Host data passed to a CUDA
/// placement is not: uploading it is what a program written for CUDA does.
bool placedElsewhere(const AbstractDevice &Passed, llvm::StringRef Backend);

/// Whether a module passed as \p Passed is where data placed on a fixed \p
/// Backend device does not belong: as placedElsewhere, and also on the CPU
/// for a device placement (its parameters stay there to meet the data).
bool modulePlacedElsewhere(const AbstractDevice &Passed,
                           llvm::StringRef Backend);

/// Whether \p Device shows by itself that the data may live off the CPU
/// (placedElsewhere than the CPU).
inline bool showsOffCpu(const AbstractDevice &Device) {
  return placedElsewhere(Device, "CPU");
}

/// Whether \p Fn (or the function it is a lambda of) chooses devices at run
/// time itself: it holds a device as a value, asks where its data lives
/// (`x.device()`, `x.options()`, `y.to(x)`) or branches on a device
/// (`x.is_cuda()`).
bool choosesDevicesAtRunTime(const FunctionDecl *Fn);

/// Whether \p S runs only on the path where the program chose the CPU at
/// run time (the else of `if (cuda_available)`): data made there is meant to
/// be on the CPU.
bool onChosenCpuPath(const Stmt *S, ASTContext &Ctx);

struct OffCpuEvidence {
  enum class Kind : uint8_t {
    /// The code itself shows it (showsOffCpu, choosesDevicesAtRunTime).
    Shown,
    /// A call in the unit passes such data for one of the parameters.
    Caller,
    /// Only the parameters, in a function the unit never calls, beside code
    /// written to follow its data's device (Beside): a device-less factory
    /// there breaks what the code around it keeps.
    Beside,
    /// Only "whatever the tensor parameters Params hold": latent.
    CallersDecide,
    /// The function returns the tensor (as ResultPart) to callers in other
    /// units: latent until one of them meets it with data off the CPU.
    ReturnedToCallers,
    /// The function hands the tensor's memory to functions other units
    /// define (Launches): latent until one of them hands it to a CUDA
    /// kernel.
    LaunchedElsewhere,
    /// Nothing does (a plain class's tensor member).
    None,
  };
  Kind K = Kind::None;
  std::optional<CallerPlacement> Call; ///< For Caller.
  /// For CallersDecide; for LaunchedElsewhere, the callee's parameters.
  llvm::SmallVector<unsigned, 2> Params;
  /// For LaunchedElsewhere: each call that hands the memory over, and the
  /// callee's parameter that takes it.
  llvm::SmallVector<std::pair<const CallExpr *, unsigned>, 1> Launches;
  int ResultPart = -1; ///< For ReturnedToCallers.
  /// For Beside: the function beside and its call that follows a device.
  FunctionSummaries::DeviceFollower Follower{nullptr, nullptr};

  bool reportable() const {
    return K == Kind::Shown || K == Kind::Caller || K == Kind::Beside;
  }
};

/// What shows that \p Met, met in \p Fn, may live off the CPU. \p Summaries
/// finds the unit's calls of \p Fn (none: no caller is looked at).
OffCpuEvidence offCpuEvidence(const AbstractDevice &Met, const FunctionDecl *Fn,
                              FunctionSummaries *Summaries, ASTContext &Ctx);

/// The better of two pieces of evidence for one finding: the stronger kind,
/// or the parameters of both when the callers decide either.
OffCpuEvidence strongerEvidence(OffCpuEvidence A, OffCpuEvidence B);

/// Records, for the driver that judges the project's calls, the finding of
/// \p Check on a device-less factory at \p Loc in \p Fn that \p Evidence
/// makes latent (CallersDecide, ReturnedToCallers, LaunchedElsewhere):
/// whether it was recorded, or none for evidence of another kind.
std::optional<bool> recordLatentFactoryFinding(llvm::StringRef Check,
                                               SourceLocation Loc,
                                               const FunctionDecl *Fn,
                                               const OffCpuEvidence &Evidence,
                                               ASTContext &Ctx);

/// A device-less factory's tensor meeting data, at the meeting that shows
/// best that the data may be off the CPU.
struct FactoryMeeting {
  const CallExpr *Factory = nullptr;
  DeviceConflict Conflict; ///< Its Use is null for ReturnedToCallers.
  OffCpuEvidence Evidence;
};

/// Every device-less factory of \p Flow (the flow of \p Fn) whose tensor
/// meets data in an op that rejects it, once each, in the order met: at the
/// meeting with the strongest evidence (the code itself, a caller seen,
/// callers unseen; the parameters of every latent meeting). With \p
/// AnyEvidence every meeting counts as shown (StrictMode). For a driver
/// that judges the project's calls, also the factories whose tensors \p Fn
/// returns to other units (ReturnedToCallers) or whose memory it hands to
/// functions other units define (LaunchedElsewhere), with no Conflict.Use.
std::vector<FactoryMeeting> factoryMeetings(const DeviceFlow &Flow,
                                            const FunctionDecl *Fn,
                                            FunctionSummaries *Summaries,
                                            bool AnyEvidence, ASTContext &Ctx);

/// Where data placed on a fixed device meets data the code does not fix
/// there: a device chosen at run time, a module or a module's own state
/// (modules exist to be moved), what \p Unfixed names (a parameter whose
/// callers place it elsewhere, a tensor the code asks the device of, a
/// module its caller handed over), a branch that moved it, or another fixed
/// device. \p PlacedHere tells the placed values (a parameter that stands
/// for them, in a function they are passed to); \p OnCpu: the fixed device
/// is the CPU. Each unfixed value is judged where the fixed device does not
/// belong (the CPU for a CUDA placement, a device for a CPU one), as a full
/// tensor.
struct PlacementMeeting {
  DeviceConflict Conflict; ///< Its Use may be null for a ModuleRun.
  AbstractDevice Met;      ///< What the placed data meets, as the code has it.
  /// Or: the call that runs a module whose own code is not seen on the
  /// placed data (`model->forward(x.cuda())`): it meets the module's
  /// parameters, wherever the module was moved.
  const CallExpr *ModuleRun = nullptr;
};
std::optional<PlacementMeeting> placementMeeting(
    const DeviceFlow &Flow,
    llvm::function_ref<bool(const AbstractDevice &)> PlacedHere, bool OnCpu,
    llvm::function_ref<const ValueDecl *(const AbstractDevice &)> Unfixed);

/// Notes what \p Evidence rests on beyond the meeting: the call that passes
/// the data (Caller), the code beside that follows its data's device
/// (Beside).
void noteEvidence(ClangTidyCheck &Check, const OffCpuEvidence &Evidence);

/// The note naming the call \p Caller whose data reaches a parameter.
void noteCallerData(ClangTidyCheck &Check, const CallerPlacement &Caller);

} // namespace clang::tidy::torch::device

#endif
