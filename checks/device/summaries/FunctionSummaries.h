//===--- FunctionSummaries.h - calls through --------------------*- C++ -*-===//
//
// Bottom-up summaries of the functions defined in the translation unit, in
// terms of their parameters and their class's members: which parameters
// they read on the host, which op calls an argument meets, and where the
// result lives. DeviceFlow applies them at each call, so that a device-less
// tensor handed to a method that combines it with a member is seen where it
// is made. Recursive and virtual calls, and functions the analysis gives up
// on, have no summary: the call stays opaque.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_SUMMARIES_FUNCTIONSUMMARIES_H
#define TORCHLINT_CHECKS_DEVICE_SUMMARIES_FUNCTIONSUMMARIES_H

#include "device/flow/CalleeSummaries.h"
#include "device/flow/DeviceFlow.h"
#include "device/functions/UnitCallers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>

namespace clang::tidy::torch::device {

/// Calls \p Visit(Object, Value) for each value the code of \p Class gives
/// an object: the member initializers of its constructors, and each
/// assignment `object = value` in the bodies of its constructors (of all
/// its methods unless \p ConstructorsOnly), where the left side names the
/// object as referencedObject does. Nested lambdas are not entered.
void forEachObjectAssignment(
    const CXXRecordDecl *Class, bool ConstructorsOnly,
    llvm::function_ref<void(const ValueDecl *, const Expr *)> Visit);

/// True when \p Method is code of its class the unit does not see: declared
/// by the user and defined elsewhere (a constructor defaulted in another
/// file counts). It may leave the members anywhere.
bool isMethodOutOfView(const CXXMethodDecl *Method);

/// True when the code of \p Member's class registers it with the module
/// (`mean_ = register_buffer("mean", ...)`, `register_parameter("w", w_)`,
/// `encoder_ = register_module("encoder", ...)`): the module saves, loads
/// and moves what the member held then.
bool isRegisteredWithModule(const FieldDecl *Member);

/// What a call passes for a parameter (FunctionSummaries::callerPlacing).
struct CallerPlacement {
  const ParmVarDecl *Parameter = nullptr; ///< The parameter asked about.
  /// The parameter of the function Site calls that Argument is passed for:
  /// Parameter, or one of a caller's on the way to it.
  const ParmVarDecl *PassedFor = nullptr;
  UnitCall Site;
  const Expr *Argument = nullptr;
  AbstractDevice Passed;
  /// Site binds the function for Python or the dispatcher (Argument names
  /// it): its callers are elsewhere and may pass CUDA tensors.
  bool Bound = false;
};

class FunctionSummaries final : public CalleeSummaries {
public:
  FunctionSummaries(OpRuleIndex RuleIndex, const DeviceFlowOptions &Options)
      : RuleIndex(std::move(RuleIndex)), Options(Options) {}

  /// The device flow of \p Fn, analysed once per translation unit however
  /// many checks ask: the one model every check queries.
  std::shared_ptr<const DeviceFlow> flowOf(const FunctionDecl *Fn,
                                           ASTContext &Ctx);

  /// The summary of the function \p Call calls, or null when it has none.
  const FunctionSummary *of(const CallExpr *Call, ASTContext &Ctx) override;
  /// The summary of \p Definition, as its callers see it; null when it has
  /// none.
  const FunctionSummary *ofDefinition(const FunctionDecl *Definition,
                                      ASTContext &Ctx) {
    return summarise(Definition, Ctx);
  }

  /// Where the module member \p Field of `*this` lives when a method (not a
  /// constructor) of its class starts: where every constructor leaves it
  /// (`net_->to(device_)`), themselves or through the setup methods they
  /// call (setupMethodsOf), provided no other method of the class moves or
  /// assigns it. Unknown otherwise. The answer's Origin is that move.
  /// A tensor member of a module that every constructor makes with a
  /// device-less factory and the class never registers lives on the CPU
  /// (the factories are its Factories).
  AbstractDevice memberOnEntry(const FieldDecl *Field,
                               ASTContext &Ctx) override;

  /// Whether the tensor member \p Field of a plain class is placed by every
  /// constructor with the device it is given (`Mel(torch::Device d)`, `window_
  /// = w.to(d)`): on the class's device in its methods, which its creator
  /// chose, and may be off the CPU.
  bool placedWithGivenDevice(const FieldDecl *Field, ASTContext &Ctx);

  /// The tensor member of \p Class that memberOnEntry knows as made by the
  /// device-less factory call \p Factory in a constructor and never
  /// registered; null for any other call.
  const FieldDecl *memberMadeBy(const CallExpr *Factory,
                                const CXXRecordDecl *Class, ASTContext &Ctx);

  /// Where \p Param lives at every call of its function, when the
  /// translation unit holds them all (UnitCallers) and every call passes a
  /// tensor on one concrete device; unknown otherwise. A caller's own
  /// parameter is followed to its callers in turn, a few levels up.
  AbstractDevice parameterFromCallers(const ParmVarDecl *Param,
                                      ASTContext &Ctx) override;

  /// A call written in the translation unit that passes, for the tensor
  /// parameter \p Param, data placed where \p Accepts says a fixed device
  /// in its function does not belong: the evidence that makes a finding
  /// latent on "wherever the caller put it" real. A caller's own parameter is
  /// followed to its callers in turn, a few levels up; the answer is the
  /// outermost call and what it passes.
  std::optional<CallerPlacement>
  callerPlacing(const ParmVarDecl *Param,
                llvm::function_ref<bool(const AbstractDevice &)> Accepts,
                ASTContext &Ctx, bool CountBindings = false);

  /// Every call of \p Fn, when the unit holds them all (UnitCallers::callsOf:
  /// internal linkage, its address never taken).
  std::optional<llvm::ArrayRef<UnitCall>> unitCallsOf(const FunctionDecl *Fn,
                                                      ASTContext &Ctx) {
    reset(Ctx);
    return Calls.callsOf(Fn, Ctx);
  }

  /// Another function of \p Fn's class, or of the file that defines \p
  /// Fn, and its call that takes where data lives from a tensor
  /// (deviceFollowingCall): the code beside \p Fn is written to run
  /// wherever its data is. Nulls when there is none.
  using DeviceFollower = std::pair<const FunctionDecl *, const CallExpr *>;
  DeviceFollower deviceFollowerBeside(const FunctionDecl *Fn, ASTContext &Ctx);

  /// Calls nested deeper than this are opaque.
  static constexpr unsigned MaxDepth = 6;
  /// How many callers' parameters callerPlacing follows up.
  static constexpr unsigned MaxCallerLevels = 3;

private:
  void reset(ASTContext &Ctx);
  void learnClass(const CXXRecordDecl *Class, ASTContext &Ctx);
  /// What the method \p Definition leaves in \p Class's members at its
  /// exit; none when the analysis gave up on it.
  std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>>
  membersAtExit(const FunctionDecl *Definition, const CXXRecordDecl *Class,
                ASTContext &Ctx);
  /// A tensor member of a plain class that methods place anew, where the
  /// constructors leave it (unknown: undefined) and the methods that do.
  struct ReplacedMember {
    const FieldDecl *Member;
    llvm::ArrayRef<const FunctionDecl *> PlacingMethods;
    AbstractDevice FromConstructors;
  };
  /// Where such members are in \p Class's methods: a place the constructors
  /// leave one or, for one they leave undefined, CUDA or a device member of
  /// the class, provided each method that places it, entered with the
  /// members there, leaves it there again. The members for which no place
  /// holds are left out.
  llvm::DenseMap<const FieldDecl *, AbstractDevice>
  keptByMethods(const CXXRecordDecl *Class,
                llvm::ArrayRef<ReplacedMember> Members, ASTContext &Ctx);
  /// The members' devices on entry to \p Class's methods, learnt on the
  /// first question; null for a class without a definition.
  const llvm::DenseMap<const FieldDecl *, AbstractDevice> *
  factsOf(const RecordDecl *Class, ASTContext &Ctx);

  const FunctionSummary *summarise(const FunctionDecl *Definition,
                                   ASTContext &Ctx);
  /// Analyses a function other than the one being checked.
  std::unique_ptr<DeviceFlow> analyseOther(const FunctionDecl *Fn,
                                           ASTContext &Ctx);

  /// The same, for a parameter reached through the callers' parameters in
  /// \p Chain.
  AbstractDevice
  parameterFromCallers(const ParmVarDecl *Param, ASTContext &Ctx,
                       llvm::SmallPtrSetImpl<const ParmVarDecl *> &Chain);

  OpRuleIndex RuleIndex;
  DeviceFlowOptions Options;
  const TranslationUnitDecl *Unit = nullptr;
  /// Null where a function has no summary.
  llvm::DenseMap<const FunctionDecl *, std::unique_ptr<FunctionSummary>> Done;
  llvm::DenseSet<const FunctionDecl *> InProgress;
  llvm::DenseMap<const FunctionDecl *, std::shared_ptr<const DeviceFlow>> Flows;
  /// The functions each file defines and their device-following calls.
  llvm::DenseMap<FileID, llvm::SmallVector<DeviceFollower, 8>> FollowersByFile;
  /// deviceFollowingCall of each function asked about (null: none).
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> FollowingCalls;
  UnitCallers Calls;
  llvm::DenseMap<const ParmVarDecl *, AbstractDevice> FromCallers;
  /// Members' devices on entry to methods, by class; a class being learnt
  /// has an entry and no facts yet.
  llvm::DenseMap<const CXXRecordDecl *,
                 llvm::DenseMap<const FieldDecl *, AbstractDevice>>
      MemberFacts;
};

} // namespace clang::tidy::torch::device

#endif
