//===--- DeviceFlow.h - where each tensor lives, per function ---*- C++ -*-===//
//
// The device model every check queries: a forward dataflow analysis over
// clang's CFG that gives every tensor-valued variable and expression of a
// function body an abstract device (DeviceLattice.h, moved by the transfer
// functions of DeviceTransfer.h), and records every call of an op from the
// rule table with the devices of its inputs. Checks ask where a value lives
// before a statement and why (deviceBefore), and read the op uses.
// docs/design.md explains the choices.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_DEVICEFLOW_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_DEVICEFLOW_H

#include "device/flow/DeviceLattice.h"
#include "device/rules/OpRules.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::torch::device {

/// One input of an op call: a tensor, or a list of tensors (stack/cat).
struct OpInput {
  const Expr *E = nullptr;
  AbstractDevice Device;
  bool IsList = false;
  llvm::SmallVector<AbstractDevice, 4> Elements;   ///< For lists.
  llvm::SmallVector<const Expr *, 4> ElementExprs; ///< Where written inline.
};

/// A call of an op from the rule table, with its inputs' devices. An op
/// inside a function that this one calls is recorded at the call, with the
/// inputs that come from the call's arguments and object.
struct OpUse {
  const CallExpr *Call = nullptr;
  std::string Name;
  DeviceRule Rule = DeviceRule::Strict;
  /// For CpuScalar: where a 0-dim CPU operand is excused (OpDeviceRule).
  OperandPositions CpuScalarAt = AnyOperand;
  llvm::SmallVector<OpInput, 3> Inputs;

  /// Whether a 0-dim CPU tensor at operand \p Position may join device data
  /// under a CpuScalar rule (OpDeviceRule::excusesCpuScalarAt).
  bool excusesCpuScalarAt(unsigned Position) const {
    return OpDeviceRule{Rule, CpuScalarAt}.excusesCpuScalarAt(Position);
  }
  /// For an op in a called function: the calls that reach it, the one in
  /// the analysed function first. Empty for an op written in the function.
  llvm::SmallVector<const CallExpr *, 2> Through;

  /// Where the inputs meet in the analysed function: the op call itself, or
  /// the call that reaches it.
  const CallExpr *site() const { return Through.empty() ? Call : Through[0]; }
};

/// A call that moves a module in place, as the transfer applies it:
/// `m->to(device...)` on a torch::nn::Module or torch::jit::Module,
/// torchlint::ensure_module_device(m, device), or a call of a function of
/// the translation unit that moves its module argument on every path
/// (`place(net, device)`).
struct ModuleMove {
  const CallExpr *Call = nullptr;
  const ValueDecl *Module = nullptr; ///< what is moved
  /// The device argument as written; null where the call's arguments do
  /// not name it (a device chosen inside the called function).
  const Expr *Device = nullptr;
  /// Where the module goes, in the state before the call.
  AbstractDevice Target;
  bool ToCpu = false;               ///< the device is the CPU
  const FunctionDecl *By = nullptr; ///< the function called that moves it
};

/// Bounds that keep a huge generated function from stalling the editor: past
/// them the analysis gives up on that function and reports nothing in it.
struct AnalysisLimits {
  unsigned MaxBlocks = 5000;
  unsigned MaxVisitsPerBlock = 32;
  unsigned MaxExprDepth = 400;
};

struct DeviceFlowOptions {
  AnalysisLimits Limits;
};

/// Op rules by qualified name; "torch::f" also answers for "at::f".
using OpRuleIndex = llvm::StringMap<OpDeviceRule>;

class CalleeSummaries;

/// The device-flow facts of one function body.
class DeviceFlow {
public:
  /// Analyses \p Fn's body. Where the analysis meets what it does not model
  /// (no CFG, a graph past the limits), the result has no op uses and
  /// gaveUp() says why: callers then stay silent in that function. With
  /// \p Summaries, calls of functions defined in the translation unit pass
  /// their arguments' devices through those functions.
  static std::unique_ptr<DeviceFlow>
  analyze(const FunctionDecl *Fn, ASTContext &Ctx, const OpRuleIndex &RuleIndex,
          const DeviceFlowOptions &Options,
          CalleeSummaries *Summaries = nullptr);

  const std::vector<OpUse> &opUses() const { return Uses; }
  /// The module moves of the body, each once, in the order of the graph
  /// (reverse post-order: a loop body's first iteration).
  const std::vector<ModuleMove> &moduleMoves() const { return Moves; }
  /// Why the analysis gave up on the function; empty when it did not.
  const std::string &gaveUp() const { return GaveUp; }
  /// Where the returned tensor lives, joined over every return.
  const AbstractDevice &returned() const { return Returned; }
  /// Where each return's tensor lives, one per return statement.
  llvm::ArrayRef<AbstractDevice> eachReturned() const { return EachReturned; }
  /// For a function returning a list of tensors (std::vector<Tensor>), where
  /// its elements may live, gathered over every return; none when some
  /// return's contents are not known.
  const std::optional<llvm::SmallVector<AbstractDevice, 4>> &
  returnedElements() const {
    return ReturnedElements;
  }
  /// For a function returning a std::pair or std::tuple: where each of its
  /// elements lives, by position, joined over every return; none when some
  /// return is not built from its elements in place (`return {a, b};`).
  const std::optional<llvm::SmallVector<AbstractDevice, 4>> &
  returnedParts() const {
    return ReturnedParts;
  }
  /// Parameters whose memory the function reads on the host (directly or
  /// through a function it calls): it needs them on the CPU.
  const llvm::SmallVector<const ParmVarDecl *, 2> &hostParams() const {
    return HostParams;
  }

  /// Where \p D (a tensor or device variable, a parameter, a member, a
  /// module) lives just before \p At, a statement or expression of the body,
  /// joined over the paths that reach it. Why: the answer's Origin (the
  /// move, the factory), Factories, or Symbol (SameAs: wherever that one
  /// is). Unknown where \p At is not reached, not in the body, or the
  /// analysis gave up.
  AbstractDevice deviceBefore(const ValueDecl *D, const Stmt *At) const;
  /// Where \p E (a tensor, a device, or TensorOptions expression of the
  /// body) points just before the statement that evaluates it: `x.device()`
  /// and `d` after `auto d = x.device();` are both the device of 'x', until
  /// `d` is assigned again. Unknown where \p E is not reached, not in the
  /// body, or the analysis gave up.
  AbstractDevice deviceOf(const Expr *E) const;
  /// Where \p Param, a parameter of the analysed function, lives at every
  /// call of the function, when the translation unit holds all of them and
  /// they agree on a concrete device (a `static` helper whose callers all
  /// pass `.cpu()` results); unknown otherwise.
  AbstractDevice parameterFromCallers(const ParmVarDecl *Param) const;
  /// Whether some path of the body runs \p To after \p From (a later
  /// iteration of a loop counts). True where the analysis cannot say.
  bool mayRunAfter(const Stmt *From, const Stmt *To) const;
  /// Whether some path through the body runs \p B after \p A without
  /// going round a loop to do so (\p A comes first in the graph's reverse
  /// post-order). False where the analysis cannot say.
  bool precedes(const Stmt *A, const Stmt *B) const;
  /// Whether \p S runs on every path that runs \p Target: its block
  /// dominates or post-dominates \p Target's (a statement in a branch or
  /// loop that \p Target is not in does not). False where the analysis
  /// cannot say.
  bool runsWhenever(const Stmt *S, const Stmt *Target) const;
  /// The members of `*this` that some path of the function places or
  /// assigns, with where they live when it returns.
  std::vector<std::pair<const ValueDecl *, AbstractDevice>>
  membersAtExit() const;
  /// Where \p D lives when the function returns, if some path of the
  /// function places or assigns it (joined over the paths); unknown
  /// otherwise.
  AbstractDevice atExit(const ValueDecl *D) const;

private:
  std::vector<OpUse> Uses;
  std::vector<ModuleMove> Moves;
  const FunctionDecl *Function = nullptr;
  std::string GaveUp;
  AbstractDevice Returned;
  llvm::SmallVector<AbstractDevice, 2> EachReturned;
  std::optional<llvm::SmallVector<AbstractDevice, 4>> ReturnedElements;
  std::optional<llvm::SmallVector<AbstractDevice, 4>> ReturnedParts;
  llvm::SmallVector<const ParmVarDecl *, 2> HostParams;
  /// The settled states, kept for deviceBefore.
  struct Solution;
  std::shared_ptr<Solution> Solved;
  friend class DeviceTransfer;
};

// The op table's lookups (OpRuleLookup.cpp).

/// The entries of \p Rules that hold for libtorch \p LibtorchVersion, by
/// name; a later entry for the same name replaces an earlier one (a
/// project's RulesFile overrides the built-in table).
OpRuleIndex buildRuleIndex(const OpRuleSet &Rules,
                           const std::string &LibtorchVersion);

/// The module whose forward \p Call runs (`fc(x)`, `fc->forward(x)`, a
/// TorchScript `module.forward(inputs)`): the holder or module expression;
/// null for any other call.
const Expr *forwardedModule(const CallExpr *Call);
/// Whether \p Call runs the forward of a module of the program that this
/// unit does not define (`encoder_(x)` with `EncoderImpl::forward` in
/// another file).
bool runsUnseenModule(const CallExpr *Call);
/// The rule of \p Call's callee, if it is in \p Index; a module's forward
/// is looked up under the module's own class, and one the unit does not
/// define (runsUnseenModule) is strict.
std::optional<OpDeviceRule> opRuleOf(const CallExpr *Call,
                                     const OpRuleIndex &Index,
                                     std::string *Name = nullptr);
/// How many parts of a value of type \p T the flow follows one by one: the
/// elements of a `std::pair` or `std::tuple`, the data members of a plain
/// aggregate of the program that holds tensors; 0 for any other type.
unsigned partCount(QualType T);

/// opRuleOf's DeviceRule alone.
std::optional<DeviceRule> ruleOf(const CallExpr *Call, const OpRuleIndex &Index,
                                 std::string *Name = nullptr);

} // namespace clang::tidy::torch::device

#endif
