//===--- ProjectCalls.h - calls across a project ----------------*- C++ -*-===//
//
// A function that other translation units can call receives whatever they pass,
// and one unit cannot see that. A driver that lints every unit of a project
// (torchlint-run, over every unit or merged shards) can: while a unit is
// linted, it records what the unit's calls pass for tensor parameters, whether
// its code names a device other than the CPU, and which of its findings hold
// only if data off the CPU reaches them. Once every unit has run, the driver
// drops the findings that nothing in the project supports: all, in a program (a
// unit defines `main`) that never names a device other than the CPU
// (isHostOnlyProgram, for the whole program); and those resting on a parameter
// that no call passes a tensor off the CPU (a data helper in utils.cpp whose
// every caller hands it host data). A latent finding works the other way
// round: a fixed device in a helper whose only device is its tensor
// parameters' is shown only once a call in the project passes one of them
// data that the fixed device does not fit (placed by a run-time device
// choice, or on another device), and that call is named in a note. Plain
// torchlint never records anything, and shows no latent finding.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_PROJECTCALLS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_PROJECTCALLS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::torch::device {

class DeviceFlow;
class FunctionSummaries;
struct AbstractDevice;

/// What one call passes for one tensor parameter of the callee.
/// The backends of fixed placements, as a set: a bit each.
enum PlacementBackend : uint8_t {
  CpuPlacement = 1,
  CudaPlacement = 2,
  OtherPlacement = 4, ///< MPS, XPU, ...
};

/// The bit of \p Backend ("CPU", "CUDA", "MPS", ...).
PlacementBackend placementBackendOf(llvm::StringRef Backend);

struct PassedTensor {
  enum class Kind : uint8_t {
    /// On the CPU.
    Host,
    /// On CUDA, on a device chosen at run time, or wherever a member, a
    /// module or a variable the caller does not know lives.
    MayBeOffCpu,
    /// Nothing shows where it lives: a result of code the unit cannot see
    /// into, computed from no tensor, device or module that may be off the
    /// CPU (a file reader's output).
    Unseen,
    /// The caller's own parameter: whatever the caller's callers pass.
    Forwarded,
  };
  unsigned Param = 0;
  Kind K = Kind::Unseen;
  /// For Forwarded: the caller (projectName) and its parameter.
  std::string Caller;
  unsigned CallerParam = 0;
  /// The PlacementBackends that the tensor is placed elsewhere than: a
  /// fixed device of one of them, meeting it, is a defect.
  uint8_t MisfitBackends = 0;
};

struct ProjectCall {
  std::string Callee; ///< projectName of the called function.
  std::vector<PassedTensor> Passed;
  std::string File; ///< Where the call is written, as a note names it.
  unsigned Offset = 0;
  /// The parts of the call's result (WholeResult, or the position in a
  /// returned pair or tuple) that the caller combines with data its code
  /// shows may be off the CPU, in an op that rejects a CPU tensor there;
  /// and the first such op, as a note names it.
  std::vector<int> ResultPartsMet;
  std::string MeetFile;
  unsigned MeetOffset = 0;
};

/// The part a ResultPartsMet entry or a ConditionalFinding's ResultPart
/// names for a function's whole returned tensor.
constexpr int WholeResult = -1;

/// A finding that holds only if data off the CPU reaches it ("it meets a
/// tensor that may be on another device"). When \p Function is set, that
/// data is what its parameters \p Params receive: the finding also needs a
/// call that passes a tensor off the CPU for one of them.
struct ConditionalFinding {
  std::string Check;
  std::string File; ///< As the warning names it.
  unsigned Offset = 0;
  std::string Function; ///< projectName; empty when not a parameter's.
  std::vector<unsigned> Params;
  /// A latent finding: a fixed device of this PlacementBackend, in a
  /// function whose Params are its only device; shown only where a call
  /// passes one of them data placed elsewhere (0: not latent).
  uint8_t LatentBackend = 0;
  /// For a latent finding on what \p Function returns (a device-less
  /// tensor), rather than on its parameters: shown only where a call of it
  /// meets that part of its result with data off the CPU.
  bool OnResult = false;
  int ResultPart = WholeResult;
  /// For a latent finding on memory the unit hands to \p Function, defined
  /// in another unit, for its parameters \p Params (a device-less buffer's
  /// `data_ptr`): shown only where that function hands them to a CUDA
  /// kernel (ProjectLauncher).
  bool OnLaunch = false;
  /// For OnLaunch: a tensor handed over unchecked, which is a defect where
  /// the function hands it on to a kernel unchecked too (UncheckedParams),
  /// or its memory to one (Params).
  bool Unchecked = false;
  /// For OnLaunch: the call that hands it over, as a note names it.
  std::string CallFile;
  unsigned CallOffset = 0;

  bool operator==(const ConditionalFinding &O) const {
    return Check == O.Check && File == O.File && Offset == O.Offset &&
           Function == O.Function && Params == O.Params &&
           LatentBackend == O.LatentBackend && OnResult == O.OnResult &&
           ResultPart == O.ResultPart && OnLaunch == O.OnLaunch &&
           Unchecked == O.Unchecked && CallFile == O.CallFile &&
           CallOffset == O.CallOffset;
  }
  bool operator!=(const ConditionalFinding &O) const { return !(*this == O); }
};

/// Merges \p Other, a second condition of one finding, into \p Into: the
/// finding holds if either does (none: whatever the project does). Over
/// parameters of one function, if a call passes device data for any of
/// them.
void mergeConditions(std::optional<ConditionalFinding> &Into,
                     const std::optional<ConditionalFinding> &Other);

/// A parameter of a launcher and the launch it reaches: a pointer (or
/// packed accessor) whose memory reaches it (KernelLaunchers), or a tensor
/// that reaches it \p Unchecked, with no check that it is on CUDA
/// (KernelInputChecks).
struct LaunchedParam {
  unsigned Index = 0;
  bool Unchecked = false;
  std::string Kernel;
  std::string File; ///< Where the launch is written, as a note names it.
  unsigned Offset = 0;
};

/// A function of the unit that launches kernels on what its callers pass:
/// a launcher other units call.
struct ProjectLauncher {
  std::string Function; ///< projectName.
  std::vector<LaunchedParam> Params;
};

/// What one translation unit recorded.
struct ProjectCallFacts {
  /// The unit's functions were analysed: not so after a fatal error (a
  /// missing header), when what they call is not known.
  bool Analysed = false;
  /// The unit's own code names a device other than the CPU (ownCodeDevices).
  bool NamesDevice = false;
  /// It defines `main`; known only when it names no device, which is when
  /// the judgement asks.
  bool DefinesMain = false;
  std::vector<ProjectCall> Calls;
  /// Functions the unit names other than to call them (their address is
  /// taken): their callers cannot be known.
  std::vector<std::string> Escaped;
  std::vector<ConditionalFinding> Findings;
  std::vector<ProjectLauncher> Launchers;
};

/// The facts of the unit being linted on this thread, when a driver asked
/// for them; null otherwise (plain torchlint, clangd, the plugin).
ProjectCallFacts *projectCallFacts();

/// While alive, the unit linted on this thread records into \p Facts (one
/// recording at a time per thread).
class ProjectCallRecording {
public:
  explicit ProjectCallRecording(ProjectCallFacts &Facts);
  ~ProjectCallRecording();
  ProjectCallRecording(const ProjectCallRecording &) = delete;
  ProjectCallRecording &operator=(const ProjectCallRecording &) = delete;
};

/// The name under which every unit of a project knows \p Fn (qualified name
/// and type); empty for a function whose calls cannot all be seen as calls
/// of it: internal linkage (UnitCallers answers for those), virtual,
/// constructors and destructors, lambdas, templates, main.
std::string projectName(const FunctionDecl *Fn);

/// Records what the unit as a whole shows, once its functions are analysed:
/// whether its code names a device other than the CPU, and the functions it
/// takes the address of.
void recordUnitFacts(ASTContext &Ctx, ProjectCallFacts &Facts);

/// Records what the calls written in \p Fn's body (not in nested lambdas)
/// pass for the tensor parameters of functions projectName names, and which
/// parts of their results meet data \p Fn's code shows may be off the CPU;
/// \p Flow is \p Fn's, \p Summaries the unit's (for that evidence).
void recordProjectCalls(const FunctionDecl *Fn, const DeviceFlow &Flow,
                        FunctionSummaries *Summaries, ProjectCallFacts &Facts);

/// The finding of \p Check at \p Loc, in \p Fn, that holds only if \p Met
/// is off the CPU; with its Function when \p Met is wherever parameters of
/// \p Fn live and \p Fn has a projectName.
ConditionalFinding conditionalFinding(llvm::StringRef Check, SourceLocation Loc,
                                      const FunctionDecl *Fn,
                                      const AbstractDevice &Met,
                                      ASTContext &Ctx);

/// The latent finding of \p Check at \p Loc: a fixed \p Backend device in
/// \p Fn whose only device is that of its tensor parameters \p Params.
/// None when \p Fn has no projectName (its calls are in its own unit).
std::optional<ConditionalFinding>
latentFinding(llvm::StringRef Check, SourceLocation Loc, const FunctionDecl *Fn,
              llvm::ArrayRef<unsigned> Params, llvm::StringRef Backend,
              ASTContext &Ctx);

/// Records latentFinding(...) for the driver that asked for project facts.
/// False when none did, or \p Fn has no projectName: the finding is then
/// not shown.
bool recordLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                         const FunctionDecl *Fn,
                         llvm::ArrayRef<unsigned> Params,
                         llvm::StringRef Backend, ASTContext &Ctx);

/// Records, for the calls in \p Fn of functions other units may define,
/// which parts of their results \p Fn combines with data its code shows may
/// be off the CPU, in an op that would reject a device-less full tensor
/// there (ProjectCall::ResultPartsMet): what makes a device-less factory
/// such a function returns a defect.
void recordResultMeetings(const FunctionDecl *Fn, const DeviceFlow &Flow,
                          FunctionSummaries *Summaries,
                          ProjectCallFacts &Facts);

/// A device-less factory of \p Fn whose CPU tensor \p Fn returns: whole
/// (Part WholeResult) or as element Part of a pair or tuple.
struct ReturnedFactory {
  const CallExpr *Factory = nullptr;
  int Part = WholeResult;
};

/// The device-less factories whose tensors \p Fn returns on every path,
/// when \p Fn has a projectName: its callers in other units decide whether
/// that tensor meets data elsewhere.
std::vector<ReturnedFactory> returnedFactories(const FunctionDecl *Fn,
                                               FunctionSummaries &Summaries,
                                               ASTContext &Ctx);

/// Records the latent finding of \p Check at \p Loc on \p Fn's result
/// part \p Part for the driver that asked for project facts; false when
/// none did, or \p Fn has no projectName.
bool recordResultLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                               const FunctionDecl *Fn, int Part,
                               ASTContext &Ctx);

/// A tensor whose memory (a pointer into it, a packed accessor of it) a
/// call hands to a function that the unit declares and another unit may
/// define: a launcher, perhaps, whose kernel needs it on the GPU.
struct HandedElsewhere {
  const CallExpr *Call = nullptr;
  unsigned Param = 0;
  const Expr *Tensor = nullptr;
  /// The statement of the function that runs the call: the call itself, or
  /// the call of the lambda it is in (run in place, as AT_DISPATCH_* does).
  const Stmt *At = nullptr;
};

/// The function \p Call calls when another unit of the project defines it:
/// declared here, not defined, not libtorch's or a system header's, with a
/// projectName; an operator's arguments do not line up with its parameters,
/// and a kernel is launched, not called. Null otherwise.
const FunctionDecl *calleeOfAnotherUnit(const CallExpr *Call);

/// Calls \p Visit for each tensor \p Call (of calleeOfAnotherUnit) hands
/// over: the callee's parameter, the tensor, and whether it is passed
/// \p Whole (a tensor argument) or its memory (a pointer into it, a packed
/// accessor of it).
void forEachHandedTensor(
    const CallExpr &Call,
    llvm::function_ref<void(unsigned Param, const Expr *Tensor, bool Whole)>
        Visit);

/// The memory \p Fn's own calls, and those of the lambdas it runs in place
/// (where they do not assign the tensor), hand to functions of other units.
std::vector<HandedElsewhere> handedElsewhere(const FunctionDecl *Fn,
                                             ASTContext &Ctx);

/// Records the unit's launchers (ProjectLauncher) that other units can call.
void recordUnitLaunchers(ASTContext &Ctx, ProjectCallFacts &Facts);

/// Records the latent finding of \p Check at \p Loc on memory \p Call hands
/// to a function of another unit for its parameters \p Params (a tensor
/// handed over \p Unchecked, for torch-unchecked-kernel-input), for the
/// driver that asked for project facts; false when none did, or the callee
/// has no projectName.
bool recordLaunchLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                               const CallExpr *Call,
                               llvm::ArrayRef<unsigned> Params, bool Unchecked,
                               ASTContext &Ctx);

/// What the project's calls make of its units' conditional findings.
struct ProjectJudgement {
  /// Findings that nothing supports: every conditional one when no unit
  /// names a device other than the CPU; otherwise those whose function is
  /// called somewhere in the project, never has its address taken, and is
  /// passed for their parameters no tensor that may be off the CPU,
  /// directly or through the parameters of its callers in turn. And every
  /// latent finding no call makes real.
  std::vector<const ConditionalFinding *> Unsupported;
  /// Latent findings a call makes real, with that call (the outermost, when
  /// the data reaches the function through its callers' parameters).
  std::vector<std::pair<const ConditionalFinding *, const ProjectCall *>>
      MadeReal;
  /// Latent findings on memory handed to another unit's function that
  /// launches a kernel with it, with the launch of that parameter.
  std::vector<std::pair<const ConditionalFinding *, const LaunchedParam *>>
      Launched;
};
ProjectJudgement judgeFindings(llvm::ArrayRef<const ProjectCallFacts *> Units);

} // namespace clang::tidy::torch::device

#endif
