//===--- DeviceTransfer.h - how statements move devices ---------*- C++ -*-===//
//
// The transfer functions of the device flow: what a statement does to the
// state (a `.to()`, a factory, an assignment, a module move, a call of a
// summarised function), the device of an expression in a state, and the op
// calls a statement makes with their inputs' devices. The solver
// (DeviceFlow.cpp) runs them to a fixed point over the CFG. Internal to the
// flow: checks ask DeviceFlow.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_DEVICETRANSFER_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_DEVICETRANSFER_H

#include "device/flow/CalleeSummaries.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/DeviceFlow.h"

#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseSet.h"

namespace clang::tidy::torch::device {

class DeviceTransfer {
public:
  DeviceTransfer(const Stmt *Body, ASTContext &Ctx, const OpRuleIndex &Index,
                 const DeviceFlowOptions &Options, CalleeSummaries *Summaries)
      : Body(Body), Ctx(Ctx), Index(Index), Options(Options),
        Summaries(Summaries) {}

  void collectRangeFors(const Stmt *S) {
    if (!S || llvm::isa<LambdaExpr>(S))
      return;
    if (const auto *For = llvm::dyn_cast<CXXForRangeStmt>(S))
      RangeForVars[For->getLoopVariable()] = For->getRangeInit();
    for (const Stmt *Child : S->children())
      collectRangeFors(Child);
  }

  /// Notes the local tensors \p Body takes a device from (`x.options()`,
  /// `y.to(x)`): the code expects them anywhere.
  void collectAskedLocals(const Stmt *Body);

  AbstractDevice eval(const Expr *E, const DeviceState &S) const;
  AbstractDevice evalDevice(const Expr *E, const DeviceState &S) const;
  /// Where `torch::jit::load(path, device)` \p Loaded puts a script module;
  /// with no device, where it was saved, which the code does not say.
  AbstractDevice loadedScriptModule(const Expr *Loaded,
                                    const DeviceState &S) const;
  AbstractDevice lookupIn(const ValueDecl *D, const DeviceState &S) const {
    return lookup(D, S);
  }

  /// Parameters the function reads on the host by contract: their memory is
  /// dereferenced (`*t.data_ptr<float>()`, `t.data<int>()[i]`) or accessed
  /// (`t.accessor<float, 2>()`), directly or through a value computed from
  /// them. A CUDA tensor there would crash, so they are CPU tensors. Each
  /// maps to the first read found (or the call whose callee reads it).
  llvm::DenseMap<const ValueDecl *, const Stmt *> HostParams;
  /// Adds to HostParams the parameters behind the host reads in \p Element,
  /// evaluated in \p S; true when one was new.
  bool findHostReads(const Stmt *Element, const DeviceState &S,
                     unsigned Depth = 0);
  ListValue evalList(const Expr *E, const DeviceState &S) const;
  /// Where an element of the list \p List is: its elements joined.
  AbstractDevice evalElement(const Expr *List, const DeviceState &S) const;
  /// Where each element of the pair or tuple \p E (of \p Size elements)
  /// lives, by position: built in place (`std::make_pair(a, b)`), returned
  /// by a function of the translation unit or by a libtorch op
  /// (`torch::sort(x, 1)`), or a local one the flow follows; empty when not
  /// known.
  llvm::SmallVector<AbstractDevice, 4> evalParts(const Expr *E, unsigned Size,
                                                 const DeviceState &S) const;
  /// Where the element `std::get<I>(t)` reads lives, for \p Call such a
  /// read of a pair whose parts the flow follows; none otherwise.
  std::optional<AbstractDevice> evalTupleElement(const CallExpr *Call,
                                                 const DeviceState &S) const;
  /// What the flow keeps of a local pair or tuple given \p Parts: where
  /// they all are, when they agree; unknown otherwise.
  static AbstractDevice agreedPart(llvm::ArrayRef<AbstractDevice> Parts);
  /// What every caller in the translation unit passes for \p Param
  /// (CalleeSummaries::parameterFromCallers); unknown without summaries.
  AbstractDevice parameterFromCallers(const ParmVarDecl *Param) const {
    return Summaries ? Summaries->parameterFromCallers(Param, Ctx)
                     : AbstractDevice::unknown();
  }
  void transfer(const Stmt *Element, DeviceState &S) const;
  /// Where the declaration of the local aggregate \p Local puts its tensor
  /// members: its initializer's parts (`Batch b = make_batch(d);`,
  /// `Batch b{x, y};`), none for a default-constructed one.
  void initAggregate(const VarDecl *Local, DeviceState &S) const;
  /// Where the declaration of the local list \p Local (of tensors, or of
  /// records: pairs, tuples, the program's structs) puts its elements.
  void initList(const VarDecl *Local, DeviceState &S) const;
  /// What a call on a local list does to its elements (`push_back`,
  /// `emplace_back`, `insert`, `clear`).
  void transferListCall(const CXXMemberCallExpr *Member, DeviceState &S) const;
  /// One element of the control-flow graph: a statement, or a constructor's
  /// member initializer (`mask_(torch::ones({n}))` places the tensor member
  /// as an assignment in the body would). Other elements change nothing.
  void transfer(const CFGElement &Element, DeviceState &S) const;
  /// Records the op calls and module moves in \p Element; false when it is
  /// nested deeper than the limit (the caller then gives up on the
  /// function).
  bool record(const Stmt *Element, const DeviceState &S,
              llvm::DenseSet<const CallExpr *> &Seen, std::vector<OpUse> &Out,
              std::vector<ModuleMove> &Moves, unsigned Depth = 0) const;
  /// Records the CUDA kernel launch \p Element is, or those in the lambda it
  /// calls in place (on the enclosing state \p S, but for what the lambda,
  /// \p Lambda's body once inside, assigns), as uses of their tensors'
  /// memory.
  void recordKernelLaunches(const Stmt *Element, const DeviceState &S,
                            llvm::DenseSet<const CallExpr *> &Seen,
                            std::vector<OpUse> &Out, unsigned Depth = 0,
                            const Stmt *Lambda = nullptr) const;
  /// The modules \p Call moves in place, evaluated in \p S; what the
  /// transfer applies and the flow records.
  llvm::SmallVector<ModuleMove, 1> moduleMovesAt(const CallExpr *Call,
                                                 const DeviceState &S) const;

private:
  /// Where the result of the op \p Call under \p Rule lives: common() of its
  /// inputs; a module run on data of unknown place gives the module's place,
  /// marked as its output (RunOutput), not a tensor of the module's own.
  AbstractDevice opResult(const CallExpr *Call, DeviceRule Rule,
                          const DeviceState &S) const;
  /// Where the result of an op under \p Rule over the inputs \p Written
  /// lives (a list's elements count one by one).
  AbstractDevice common(const llvm::SmallVectorImpl<OpInput> &Written,
                        DeviceRule Rule) const;
  llvm::SmallVector<OpInput, 3> inputsOf(const CallExpr *Call,
                                         const DeviceState &S) const;
  AbstractDevice evalCall(const CallExpr *Call, const DeviceState &S) const;
  /// A tensor move (`to`, `cuda`, `cpu`) under a run-time device choice:
  /// unknown, or, guarded by a test of its own target, where that is.
  AbstractDevice moveUnderChoice(const CXXMemberCallExpr *Move,
                                 const DeviceChoiceGuard &Guard,
                                 const AbstractDevice &Receiver,
                                 const DeviceState &S) const;
  AbstractDevice evalTo(const CXXMemberCallExpr *Call,
                        const AbstractDevice &Receiver,
                        const DeviceState &S) const;
  /// For `std::tie(a, b) = RHS`: gives each tied variable its element of
  /// \p RHS and says true; false for any other assignment.
  bool assignTied(const Expr *LHS, const Expr *RHS, DeviceState &S) const;
  /// The parts of the elements of the local list of records \p List (of
  /// \p Size parts), each joined over the elements: what `preds[i]`,
  /// `preds.back()` and the variable of `for (auto &[a, b] : preds)` hold.
  /// Empty when \p List is not such a list the flow follows.
  llvm::SmallVector<AbstractDevice, 4>
  recordListParts(const Expr *List, unsigned Size, const DeviceState &S) const;
  /// Where a libtorch op returning several tensors (a list, a pair or a
  /// tuple: `torch::split(x, 2)`, `torch::sort(x, 1)`) computes them, from
  /// its inputs; none for a call that is no such op.
  std::optional<AbstractDevice> libtorchOpOutputs(const CallExpr *Call,
                                                  const DeviceState &S) const;
  /// A tensor member of an object other than `this` (`holder.x`).
  AbstractDevice evalHeldMember(const MemberExpr *Member) const;
  AbstractDevice evalOptions(const Expr *Options, const DeviceState &S,
                             const Stmt *Origin) const;
  AbstractDevice lookup(const ValueDecl *D, const DeviceState &S) const;
  /// The member of a local aggregate \p E names (`batch.labels`), when the
  /// flow follows it as a variable (isFieldsOnlyLocal); null otherwise.
  const FieldDecl *trackedField(const Expr *E) const;
  /// Whether the flow follows the members of the local \p Local.
  bool tracksFields(const VarDecl *Local) const;
  mutable llvm::DenseMap<const VarDecl *, bool> FieldsOnlyLocals;
  const FunctionSummary *summaryOf(const CallExpr *Call) const {
    return Summaries ? Summaries->of(Call, Ctx) : nullptr;
  }
  AbstractDevice atCall(const AbstractDevice &D, const CallExpr *Call,
                        const FunctionSummary &Callee, const DeviceState &S,
                        const Expr **Arg = nullptr) const;
  /// What a callee's result \p D (a parameter's or member's device, or a
  /// concrete one it made) is at \p Call.
  AbstractDevice resultAtCall(const AbstractDevice &D, const CallExpr *Call,
                              const FunctionSummary &Callee,
                              const DeviceState &S) const;
  OpUse meetingAtCall(const OpUse &Meeting, const CallExpr *Call,
                      const FunctionSummary &Callee,
                      const DeviceState &S) const;

  /// The analysed body: local TensorOptions variables are followed in it.
  const Stmt *Body;
  ASTContext &Ctx;
  const OpRuleIndex &Index;
  DeviceFlowOptions Options;
  CalleeSummaries *Summaries;
  llvm::DenseMap<const VarDecl *, const Expr *> RangeForVars;
  llvm::DenseSet<const VarDecl *> AskedLocals;
  /// What the local tensor \p Var holds after it is given \p Value: a
  /// value from code the flow cannot see into is wherever it lives when the
  /// code asks where that is.
  AbstractDevice heldBy(const VarDecl *Var, AbstractDevice Value) const {
    return Value.K == AbstractDevice::Kind::Unknown && AskedLocals.count(Var)
               ? AbstractDevice::sameAs(Var)
               : Value;
  }

public:
  /// Members are not yet placed when a constructor starts.
  bool InConstructor = false;
};

} // namespace clang::tidy::torch::device

#endif
