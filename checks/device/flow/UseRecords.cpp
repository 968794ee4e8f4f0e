//===--- UseRecords.cpp - the uses of devices a statement records ---------===//
//
// The op calls a statement makes with their inputs' devices, the module moves
// it makes, and the CUDA kernels it launches. A kernel runs on the GPU: the
// tensors whose memory a launch hands it (`kernel<<<grid, block>>>(
// out.data_ptr<float>(), ...)`, a packed accessor, a local pointer into one),
// itself or through a launcher of the unit, must be there, whoever called
// the function. The launches inside lambdas
// called where they are written (AT_DISPATCH_* and the lambdas it calls) are
// recorded there, on the state there: the tensors they reach are the
// enclosing function's, captured. Kernels' bodies are not analysed; the launch
// is the boundary.
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceTransfer.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {

namespace {

/// An index list spelled out with nothing in it that gathers
/// (`{Slice(), 2, None}`, or `{Slice(), i}` for a tensor \p IsZeroDim
/// accepts: libtorch reads a 0-dim integer tensor as that integer): basic
/// indexing, which libtorch turns into views.
bool onlyBasicIndices(const Expr *Indices,
                      llvm::function_ref<bool(const Expr *)> IsZeroDim) {
  const auto *List =
      llvm::dyn_cast_or_null<InitListExpr>(spelledArgument(Indices));
  if (!List || List->getNumInits() == 0)
    return false;
  return llvm::none_of(List->inits(), [&](const Expr *Element) {
    const Expr *Index = spelledArgument(Element);
    return !Index || Index->getType()->isDependentType() ||
           (isTensorType(Index->getType()) && !IsZeroDim(Index));
  });
}

} // namespace

bool DeviceTransfer::record(const Stmt *Element, const DeviceState &S,
                            llvm::DenseSet<const CallExpr *> &Seen,
                            std::vector<OpUse> &Out,
                            std::vector<ModuleMove> &Moves,
                            unsigned Depth) const {
  recordKernelLaunches(Element, S, Seen, Out);
  if (!Element || llvm::isa<LambdaExpr>(Element))
    return true; // Lambdas are analysed as functions of their own.
  if (Depth > Options.Limits.MaxExprDepth)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Element)) {
    std::string Name;
    std::optional<OpDeviceRule> Op = opRuleOf(Call, Index, &Name);
    std::optional<DeviceRule> Rule;
    if (Op)
      Rule = Op->Rule;
    if (Rule && *Rule != DeviceRule::Factory &&
        *Rule != DeviceRule::InheritsDevice && Seen.insert(Call).second) {
      OpUse Use;
      Use.Call = Call;
      Use.Name = std::move(Name);
      Use.Rule = *Rule;
      Use.CpuScalarAt = Op->CpuScalarAt;
      // `t.index_put_({Slice(), 0}, v)`: with no tensor among the indices
      // (or only 0-dim ones, `argmax()`'s) libtorch selects a view and
      // copies into it (copy_ semantics).
      if (Use.Rule == DeviceRule::IndexPut && Call->getNumArgs() > 0 &&
          llvm::isa<CXXMemberCallExpr>(Call) &&
          onlyBasicIndices(Call->getArg(0), [&](const Expr *Index) {
            return eval(Index, S).ZeroDim == Tri::Yes;
          }))
        Use.Rule = DeviceRule::Copy;
      Use.Inputs = inputsOf(Call, S);
      Out.push_back(std::move(Use));
    }
    if (!Rule && Seen.insert(Call).second) {
      // A module move, in the state before the statement that makes it.
      for (ModuleMove &Move : moduleMovesAt(Call, S))
        Moves.push_back(std::move(Move));
      // Where the arguments meet inside a function of this translation unit.
      if (const FunctionSummary *Summary = summaryOf(Call))
        for (const OpUse &Meeting : Summary->Meetings)
          Out.push_back(meetingAtCall(Meeting, Call, *Summary, S));
    }
  }
  for (const Stmt *Child : Element->children())
    if (!record(Child, S, Seen, Out, Moves, Depth + 1))
      return false;
  return true;
}

void DeviceTransfer::recordKernelLaunches(
    const Stmt *Element, const DeviceState &S,
    llvm::DenseSet<const CallExpr *> &Seen, std::vector<OpUse> &Out,
    unsigned Depth, const Stmt *Lambda) const {
  if (!Element || Depth > Options.Limits.MaxExprDepth)
    return;
  const auto *Call = llvm::dyn_cast<CallExpr>(Element);
  const std::vector<KernelArguments> HandedAll =
      Call ? unitKernelLaunchers().argumentsOf(*Call)
           : std::vector<KernelArguments>();
  // A launch is recorded once. So is a launcher's call, which record() still
  // sees for the summary of what else its function does.
  const bool Recorded = !HandedAll.empty() &&
                        (HandedAll.front().Through.empty()
                             ? !Seen.insert(Call).second
                             : llvm::any_of(Out, [&](const OpUse &Use) {
                                 return Use.Rule == DeviceRule::KernelLaunch &&
                                        Use.site() == Call;
                               }));
  if (!Recorded) {
    for (const KernelArguments &Handed : HandedAll) {
      OpUse Use;
      Use.Call = Handed.Launch;
      Use.Through.assign(Handed.Through.begin(), Handed.Through.end());
      Use.Rule = DeviceRule::KernelLaunch;
      Use.Name = Handed.Kernel;
      for (const Expr *Arg : Handed.Arguments)
        if (const Expr *Tensor = tensorOfKernelArgument(Arg))
          Use.Inputs.push_back(
              {Tensor, assignsIn(Lambda, referencedObject(Tensor))
                           ? AbstractDevice::unknown()
                           : eval(Tensor, S)});
      if (!Use.Inputs.empty())
        Out.push_back(std::move(Use));
    }
  }
  // A lambda called where it is written (`[&] { ... }()`, as AT_DISPATCH_*
  // expands): its launches run here, on this state. One kept to be called
  // later may run on another.
  if (const LambdaExpr *Called = lambdaCalledInPlace(*Element))
    recordKernelLaunches(Called->getBody(), S, Seen, Out, Depth + 1,
                         Lambda ? Lambda : Called->getBody());
  // Outside lambdas, record() walks the children itself.
  if (Depth > 0 && !llvm::isa<LambdaExpr>(Element))
    for (const Stmt *Child : Element->children())
      recordKernelLaunches(Child, S, Seen, Out, Depth + 1, Lambda);
}

} // namespace clang::tidy::torch::device
