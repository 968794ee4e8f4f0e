//===--- CheckpointLoads.h - loads that ignore where data lives -*- C++ -*-===//
//
// A checkpoint read without a device puts every tensor back on the device it
// was saved from. That is a defect where the model shows the value belongs
// elsewhere: a module moved before the load (Module::to is in place, so the
// load undoes it), a module run on device data after it, a loaded module that
// replaces a member on a device, an optimizer whose parameters are on a
// device (its state never follows them). This finds those loads and their
// evidence in the device flow; a thin check words them.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_CHECKPOINTLOADS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_CHECKPOINTLOADS_H

#include "device/flow/DeviceContext.h"
#include "device/flow/DeviceFlow.h"
#include "device/summaries/DeviceFlowConfig.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::torch::device {

/// Whether a checkpoint read maps what it reads to a device.
struct ReadDevice {
  enum Kind { Given, Missing, ExplicitNone };
  Kind What = Given;
  const Expr *NoneArg = nullptr; ///< the written c10::nullopt, for ExplicitNone
};

/// A checkpoint read into a module, an optimizer or a TorchScript module.
struct CheckpointLoad {
  enum class Into { Module, Optimizer, JitModule };
  Into What = Into::Module;
  /// The call that reads the file and takes the device: torch::load,
  /// InputArchive::load_from, torch::jit::load.
  const CallExpr *Read = nullptr;
  /// The call after which the value holds what was read: Read itself for
  /// torch::load and torch::jit::load, `net->load(archive)`,
  /// `optimizer.load(archive)` or `archive >> net` after a load_from.
  const CallExpr *Apply = nullptr;
  /// The module or optimizer as written; null for torch::jit::load.
  const Expr *Value = nullptr;
  /// What Value names (a variable, parameter or member), or for
  /// torch::jit::load the variable that keeps the result; may be null.
  const ValueDecl *Object = nullptr;
  ReadDevice Device;
  /// How the code names the read: "torch::load", "load_from",
  /// "torch::jit::load".
  std::string Reader;
  /// The name of the value for messages.
  std::string Name;
  /// Value is the module itself, `this` or `*this`, in a method of its class.
  bool OfThis = false;
  /// A load of the module itself in this method of its class, seen at a
  /// call of the method on a module: Read is in the method's body, Apply is
  /// the call, Value and Object its receiver.
  const FunctionDecl *Through = nullptr;
};

/// Why a device-less load is a defect, and what a fix may name.
struct LoadFinding {
  enum class Evidence {
    MovedBefore,      ///< the module was moved to a device before the load
    UsedAfter,        ///< the module runs on device data after the load
    ReplacesMember,   ///< the loaded module replaces a member on a device
    ParametersPlaced, ///< the optimizer's parameters can be on a device
    BesideModuleLoad, ///< the optimizer is loaded beside a module load that is
                      ///< a finding
    DeviceInScope,    ///< a TorchScript module loaded in device-aware code
  };
  CheckpointLoad Load;
  Evidence Why = Evidence::MovedBefore;

  /// The move that shows a device (MovedBefore; for an optimizer, a move of
  /// a module, shown when no device is named).
  std::optional<ModuleMove> Move;
  bool MaybeMoved = false; ///< Move happens on some paths only
  /// The function Move is written in when it is not the analysed one: a
  /// constructor, or a setup method a constructor calls.
  const FunctionDecl *MovedIn = nullptr;
  /// UsedAfter: the call that runs the module on device data.
  const CallExpr *Use = nullptr;
  /// ReplacesMember: the assignment, and the move that placed the member.
  const Expr *Replacing = nullptr;
  const Stmt *MemberPlaced = nullptr;
  /// ParametersPlaced through a member the constructors moved.
  const Stmt *ConstructorMove = nullptr;
  const FieldDecl *MovedMember = nullptr;
  /// BesideModuleLoad: the module load that is a finding.
  const CallExpr *ModuleLoad = nullptr;
  std::string ModuleName;
  /// A device variable, parameter or member in scope (DeviceInScope,
  /// ParametersPlaced), or where the fix's device comes from.
  std::optional<DeviceSource> Source;

  /// The device a fix passes to the read; empty where none fits every path.
  std::string Device;
  /// Where Device comes from: this move's device argument, else Source.
  std::optional<ModuleMove> DeviceFrom;
};

/// torch::optim::Adagrad made over a module's parameters before the module
/// moves (Adagrad makes its state in its constructor).
struct AdagradBeforeMove {
  const Expr *Construction = nullptr;
  ModuleMove LaterMove;
  std::string Optimizer; ///< how a fix names the optimizer object
};

/// Which loads the finder reports.
struct CheckpointLoadOptions {
  bool Modules = true;
  bool Optimizers = true;
  bool JitModules = true;
  bool Adagrad = true;
};

class CheckpointLoadFinder {
public:
  CheckpointLoadFinder(DeviceFlowConfig Flow, CheckpointLoadOptions Options)
      : Flow(std::move(Flow)), Options(Options) {}

  /// The device-less loads in \p Fn's body that the model shows to be
  /// defects, each once, in the order of the body.
  std::vector<LoadFinding> findingsIn(const FunctionDecl *Fn, ASTContext &Ctx);
  /// The Adagrad optimizers in \p Fn made before their module moves.
  std::vector<AdagradBeforeMove> adagradIn(const FunctionDecl *Fn,
                                           ASTContext &Ctx);

private:
  /// Every checkpoint load written in \p Fn's body (lambdas excluded),
  /// with whether it passes a device.
  std::vector<CheckpointLoad> loadsIn(const FunctionDecl *Fn, ASTContext &Ctx);
  /// The calls in \p Fn of methods that load their own module without a
  /// device (a latent finding of the method, real where the receiver is on a
  /// device), each as a load at the call.
  std::vector<CheckpointLoad> selfLoadsAtCalls(const FunctionDecl *Fn,
                                               ASTContext &Ctx);
  /// The device-less loads of \p Method into its own module, unless the
  /// method moves the module afterwards; computed once per method.
  const std::vector<CheckpointLoad> &selfLoadsOf(const FunctionDecl *Method,
                                                 ASTContext &Ctx);
  std::optional<LoadFinding> moduleLoad(const CheckpointLoad &Load,
                                        const FunctionDecl *Fn,
                                        ASTContext &Ctx);
  std::optional<LoadFinding>
  optimizerLoad(const CheckpointLoad &Load, const FunctionDecl *Fn,
                llvm::ArrayRef<LoadFinding> ModuleFindings, ASTContext &Ctx);
  std::optional<LoadFinding> jitLoad(const CheckpointLoad &Load,
                                     const FunctionDecl *Fn, ASTContext &Ctx);
  const DeviceFlow &flowOf(const FunctionDecl *Fn, ASTContext &Ctx);
  /// The first run of the loaded \p Object on device data after \p Load
  /// in \p Fn (deviceUseAfter) or, for a member or a global, in another
  /// function that reaches it (a constructor's load, a method's run).
  const CallExpr *runOnDeviceAfter(const ValueDecl *Object,
                                   const CallExpr *Load, const FunctionDecl *Fn,
                                   ASTContext &Ctx);

  DeviceFlowConfig Flow;
  CheckpointLoadOptions Options;
  std::shared_ptr<const DeviceFlow> Facts;
  const FunctionDecl *FactsOf = nullptr;
  llvm::DenseMap<const FunctionDecl *, std::vector<CheckpointLoad>> SelfLoads;
};

} // namespace clang::tidy::torch::device

#endif
