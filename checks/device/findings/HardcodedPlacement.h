//===--- HardcodedPlacement.h - a fixed device as a placement --*- C++ -*-===//
//
// Seeds 002 and 004: device-neutral code (a function or method that receives a
// tensor, a device or a module) that places data on a fixed device: `.cuda()`,
// `.cpu()`, `.to(torch::kCUDA)`, `torch::ones({3}, torch::kCUDA)`,
// `TensorOptions().device(torch::Device("cuda:0"))`, `model->to(torch::kCPU)`.
// This decides whether an expression is such a placement and what device in
// scope replaces it. It is reported as a fixed device, or repaired together
// with a discarded `t.cuda();` (one defect, one warning).
//
// Not placements: comparisons (`x.device() == torch::kCPU`), a torch::Device
// variable's initializer (choosing a device), `x.is_cuda()`, and a CPU move
// whose result is only read back on the host (see isHostReadback).
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_HARDCODEDPLACEMENT_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_HARDCODEDPLACEMENT_H

#include "device/findings/DeviceMigration.h"
#include "device/findings/MeetingEvidence.h"
#include "device/flow/DeviceContext.h"
#include "device/flow/DeviceFlow.h"
#include "device/summaries/DeviceFlowConfig.h"
#include "device/summaries/FunctionSummaries.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>
#include <string>

namespace clang::tidy {
class ClangTidyCheck;
class ClangTidyContext;
} // namespace clang::tidy

namespace clang::tidy::torch::device {

class HardcodedPlacementFinder;

struct HardcodedPlacement {
  /// Why a placement has no fix.
  enum class NoFix {
    None,     ///< It has one.
    NoDevice, ///< Nothing in scope spells a device (a module, the receiver).
    Macro,    ///< The placement is spelled inside a macro.
    MigratesState, ///< The replacement would make the move a migration.
  };

  const Expr *Written = nullptr;  ///< `t.cuda()`, or the device as written.
  const Expr *Consumer = nullptr; ///< The call that places.
  /// The tensor move, when the placement is one: `t.cuda()`, `t.to(kCUDA)`.
  const CXXMemberCallExpr *Move = nullptr;
  /// The placement moves a module in place: `net->to(torch::kCUDA)`.
  bool MovesModule = false;
  std::string
      Spelling; ///< "cuda()", "torch::kCUDA", "torch::Device(\"cuda:0\")".
  std::string Backend;  ///< "CUDA", "CPU", "MPS", ...
  SourceLocation Loc;   ///< Where to report (a file location).
  DeviceSource Witness; ///< What makes the code device-neutral.
  std::optional<DeviceSource> Replacement; ///< The device to use instead.
  NoFix Why = NoFix::None;
  std::optional<Migration> Migrates; ///< Set when Why == MigratesState.
  /// No evidence that the code is device-neutral: its only device sources
  /// are tensor parameters and no call seen passes data placed elsewhere.
  /// The defect is the placement's, but nothing shows it yet: reported only
  /// where a call elsewhere in the project passes data placed elsewhere
  /// (torchlint-run, ProjectCalls' latent findings).
  bool Latent = false;
  /// For a latent placement: the tensor parameters (their indices) whose
  /// callers decide.
  llvm::SmallVector<unsigned, 2> LatentParams;
  /// The call whose data makes the code device-neutral, when nothing in the
  /// code itself does (a run-time device choice in the caller).
  std::optional<CallerPlacement> Caller;
  /// Where the placed data meets data the code does not fix there: the
  /// defect the warning states.
  std::optional<PlacementMeeting> Meeting;
  /// Otherwise, where the placed data leaves code that follows its data:
  /// the function returns it (Escapes set, KeptIn null) or keeps it in a
  /// member (KeptIn), for callers that expect it where their data is.
  bool Escapes = false;
  const ValueDecl *KeptIn = nullptr;
  /// Replaces the hard-coded device by Replacement; empty when Why != None.
  llvm::SmallVector<FixItHint, 1> Fixes;
};

/// True when \p Device was decided by a tensor move or a factory's device
/// that \p Placements finds hard-coded (`x.cpu()`, `torch::ones({3},
/// torch::kCPU)`): a conflict on that device is the placement's defect, not
/// a second one. With \p OnlyReported, a latent placement does not count.
bool isHardcodedPlacement(const AbstractDevice &Device,
                          HardcodedPlacementFinder &Placements,
                          const FunctionDecl *Fn, ASTContext &Ctx,
                          bool OnlyReported);

/// The note naming the call whose data makes a placement's code
/// device-neutral, when nothing in the code itself does (Caller is set).
void noteCallerPlacement(ClangTidyCheck &Check, const HardcodedPlacement &P);

/// The note of a placement left unfixed because following the input would
/// make forward-path state migrate (Why == MigratesState).
void noteMigratesState(ClangTidyCheck &Check, const HardcodedPlacement &P);

class HardcodedPlacementFinder {
public:
  static constexpr llvm::StringLiteral DefaultIgnoredFunctions = "";
  static constexpr llvm::StringLiteral DefaultIgnoredFiles =
      "(^|/)(test|tests)/|_test\\.(cc|cpp|cxx)$";

  /// \p Migrations, when given, blocks fixes that would make forward-path
  /// state follow an input (an implicit migration, a finding of its own).
  /// \p Flow is the model of the translation unit (its project rules), the
  /// one every check asks.
  HardcodedPlacementFinder(llvm::StringRef IgnoredFunctions,
                           llvm::StringRef IgnoredFiles,
                           bool ReportSingleDeviceCode,
                           MigrationFinder *Migrations, DeviceFlowConfig Flow);

  /// The hard-coded placements \p Fn's own statements make in
  /// device-neutral code (a nested lambda is a function of its own), in
  /// source order: each `.cuda()`/`.cpu()`, c10::DeviceType constant
  /// (torch::kCUDA, DeviceType::CPU) or device string (`"cuda:0"`) that
  /// places data.
  std::vector<HardcodedPlacement> placementsIn(const FunctionDecl *Fn,
                                               ASTContext &Ctx);

  /// \p Leaf: a tensor's `.cuda()`/`.cpu()` call, a c10::DeviceType constant
  /// or a string literal naming a device. Returns the placement it makes in
  /// device-neutral code, if any.
  std::optional<HardcodedPlacement>
  analyseLeaf(const Expr *Leaf, const FunctionDecl *Fn, ASTContext &Ctx);

  /// The hard-coded placement \p Call itself makes (`t.cuda()`,
  /// `t.to(torch::kCUDA)`, `t.to("cuda")`), if any.
  std::optional<HardcodedPlacement> analyseMove(const CXXMemberCallExpr *Call,
                                                const FunctionDecl *Fn,
                                                ASTContext &Ctx);

  /// A CPU move whose result only feeds host read-backs: `.item()`,
  /// `.data_ptr()`, `.accessor()`, `std::ostream <<`, `torch::save`, directly,
  /// through view/contiguous/dtype-only `to` calls, or through a local tensor
  /// whose every use is such a read-back.
  static bool isHostReadback(const Expr *Move, const FunctionDecl *Fn,
                             ASTContext &Ctx);

  /// Whether \p Class is a component that is single-device by design: its
  /// methods put its own modules on CUDA (`net_->to(torch::kCUDA)`), place
  /// data on no other accelerator, and never hold a device as a value (no
  /// torch::Device or DeviceType member, parameter or variable), ask where
  /// data lives (`y.to(x.device())`, `x.options()`, `y.to(x)`) or branch on
  /// a device (`if (x.is_cuda())`). Hard-coding CUDA in its methods is then
  /// consistent with its own state, not a defect, unless the option
  /// ReportSingleDeviceCode asks for it.
  bool isSingleDeviceClass(const CXXRecordDecl *Class, ASTContext &Ctx);

  /// Whether the translation unit's own code (the source file and the
  /// project headers it includes) is written for CUDA alone: it places data
  /// on CUDA at least twice, on no other accelerator, and, as above, never
  /// holds, asks for or branches on a device. A CUDA-only research project
  /// spells `kCUDA` throughout; a file that follows its inputs' devices
  /// anywhere (`x.options()`) is device-neutral, and a hard-coded CUDA in it
  /// is reported. For the CPU: a program (the file defines `main`) that
  /// names no device but the CPU (isHostOnlyProgram) runs there by design.
  bool isSingleDeviceUnit(llvm::StringRef Backend, ASTContext &Ctx);

private:
  bool ignored(const FunctionDecl *Fn, SourceLocation Loc,
               const SourceManager &SM) const;
  /// Whether the CPU move \p Move starts host work that relies on it: its
  /// result, or what is computed from it, meets device-less CPU data in an
  /// op that would reject it anywhere else (`torch::cat({torch::ones({n,
  /// 1}), dets})` after `dets = dets.cpu()`). Following the input's device
  /// there would make that op throw.
  bool meetsHostData(const CXXMemberCallExpr *Move, const FunctionDecl *Fn,
                     ASTContext &Ctx);
  /// Whether \p Fn (or the function it is a lambda of) chooses devices at
  /// run time itself: it holds a device as a value, asks where its data
  /// lives (`x.device()`, `x.options()`, `y.to(x)`) or branches on a device
  /// (`x.is_cuda()`). Cached per function.
  bool handlesDevices(const FunctionDecl *Fn, ASTContext &Ctx);
  /// launchesCudaKernels, once per function.
  bool launchesKernels(const FunctionDecl *Fn, ASTContext &Ctx);
  /// A call seen in the translation unit that passes, for one of the tensor
  /// or module parameters among \p Sources, data placed where a fixed \p
  /// Backend device does not belong (a run-time device choice, another
  /// device; for a module run on the placed data, the CPU too). \p Moved is
  /// the module the placement itself moves, if any.
  std::optional<CallerPlacement>
  callerPlacingElsewhere(llvm::ArrayRef<const DeviceSource *> Sources,
                         llvm::StringRef Backend, const ValueDecl *Moved,
                         ASTContext &Ctx);
  /// Whether \p Fn's only device sources are tensor parameters it reads on
  /// the host (a host helper by contract).
  bool isHostHelper(const FunctionDecl *Fn,
                    llvm::ArrayRef<const DeviceSource *> Sources,
                    ASTContext &Ctx);
  DeviceFlowConfig Flow;

  llvm::Regex IgnoredFunctions;
  llvm::Regex IgnoredFiles;
  bool HasIgnoredFunctions;
  bool HasIgnoredFiles;
  bool ReportSingleDeviceCode;
  MigrationFinder *Migrations;
  void resetCachesFor(const ASTContext &Ctx);
  /// The single-device answers, for the unit of SingleDeviceCtx.
  const ASTContext *SingleDeviceCtx = nullptr;
  llvm::DenseMap<const CXXRecordDecl *, bool> SingleDevice;
  std::optional<bool> SingleDeviceUnit, HostOnlyUnit;
  llvm::DenseMap<const FunctionDecl *, bool> HandlesDevices;
  llvm::DenseMap<const FunctionDecl *, bool> LaunchesKernels;
};

} // namespace clang::tidy::torch::device

#endif
