//===--- ProjectLaunches.cpp - kernels launched across a project ----------===//
//
// The launch half of ProjectCalls.h. An extension's wrapper in one file often
// allocates a buffer and hands its `data_ptr` to a launcher defined in a `.cu`
// file (`void scale_launcher(const float *in, float *out, int n);` declared in
// a header). The wrapper's unit cannot see that the memory reaches a kernel,
// and the launcher's unit cannot see the buffer: the first records what it
// hands to functions of other units (a latent finding), the second its
// launchers, and the driver matches them.
//
//===----------------------------------------------------------------------===//
#include "device/findings/KernelInputChecks.h"
#include "device/findings/KernelLaunches.h"
#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {

const FunctionDecl *calleeOfAnotherUnit(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->isDefined() ||
      llvm::isa<CXXOperatorCallExpr, CUDAKernelCallExpr>(Call))
    return nullptr;
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(Callee->getLocation()) ||
      LibraryCode(SM).contains(Callee->getLocation()) ||
      projectName(Callee).empty())
    return nullptr;
  return Callee;
}

void forEachHandedTensor(
    const CallExpr &Call,
    llvm::function_ref<void(unsigned Param, const Expr *Tensor, bool Whole)>
        Visit) {
  const FunctionDecl *Callee = calleeOfAnotherUnit(&Call);
  if (!Callee)
    return;
  for (unsigned Param = 0; Param < Callee->getNumParams(); ++Param) {
    const Expr *Arg = argumentFor(&Call, Callee, Param);
    if (!Arg)
      continue;
    if (isTensorType(Arg->getType().getNonReferenceType()))
      Visit(Param, Arg, /*Whole=*/true);
    else if (const Expr *Tensor = tensorOfKernelArgument(Arg))
      Visit(Param, Tensor, /*Whole=*/false);
  }
}

std::vector<HandedElsewhere> handedElsewhere(const FunctionDecl *Fn,
                                             ASTContext &Ctx) {
  std::vector<HandedElsewhere> Handed;
  if (!Fn || !Fn->getBody())
    return Handed;
  forEachStmtRunInPlace(
      Fn, Ctx, [&](const Stmt &S, const FunctionDecl *Holder) {
        const auto *Call = llvm::dyn_cast<CallExpr>(&S);
        if (!calleeOfAnotherUnit(Call))
          return;
        // Where the call runs in Fn: itself, or the call of its lambda.
        const Stmt *At = Call;
        for (InPlaceCall Run{nullptr, Holder};
             Run.Holder && Run.Holder != Fn;) {
          const FunctionDecl *Lambda = Run.Holder;
          Run = inPlaceCallOf(Lambda, Ctx);
          At = Run.Call;
        }
        forEachHandedTensor(
            *Call, [&](unsigned Param, const Expr *Tensor, bool Whole) {
              if (!Whole && At &&
                  (Holder == Fn ||
                   !assignsIn(Holder->getBody(), referencedObject(Tensor))))
                Handed.push_back({Call, Param, Tensor, At});
            });
      });
  return Handed;
}

void recordUnitLaunchers(ASTContext &Ctx, ProjectCallFacts &Facts) {
  const SourceManager &SM = Ctx.getSourceManager();
  KernelLaunchers &Launchers = unitKernelLaunchers();
  // A unit that launches no kernel has no input that reaches one: most of a
  // project's units, spared the walk over their tensor parameters.
  bool Launches = false;
  forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    Launches = Launches || launchesCudaKernels(Fn);
  });
  if (!Launches)
    return;
  KernelInputChecks Inputs(Ctx);
  auto Launched = [&](unsigned Index, bool Unchecked, std::string Kernel,
                      const Stmt *Launch) {
    const SourceLocation At = SM.getFileLoc(Launch->getBeginLoc());
    return LaunchedParam{Index, Unchecked, std::move(Kernel),
                         SM.getFilename(At).str(), SM.getFileOffset(At)};
  };
  forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    std::string Name = projectName(Fn);
    if (Name.empty())
      return;
    ProjectLauncher Launcher;
    for (const KernelHandoff &Handoff : Launchers.handoffsOf(Fn))
      Launcher.Params.push_back(Launched(Handoff.Param, /*Unchecked=*/false,
                                         Handoff.Kernel, Handoff.Launch));
    // Reached in this unit: one that goes on to yet another unit is not.
    for (const UncheckedKernelInput &Input : Inputs.uncheckedInputs(Fn))
      if (!Input.Elsewhere)
        Launcher.Params.push_back(Launched(Input.Param->getFunctionScopeIndex(),
                                           /*Unchecked=*/true, Input.Kernel,
                                           Input.Handed));
    if (Launcher.Params.empty())
      return;
    Launcher.Function = std::move(Name);
    Facts.Launchers.push_back(std::move(Launcher));
  });
}

bool recordLaunchLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                               const CallExpr *Call,
                               llvm::ArrayRef<unsigned> Params, bool Unchecked,
                               ASTContext &Ctx) {
  ProjectCallFacts *Facts = projectCallFacts();
  if (!Facts || !Call)
    return false;
  std::optional<ConditionalFinding> Finding =
      latentFinding(Check, Loc, Call->getDirectCallee(), Params, "CPU", Ctx);
  if (!Finding)
    return false;
  Finding->OnLaunch = true;
  Finding->Unchecked = Unchecked;
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation At = SM.getFileLoc(Call->getBeginLoc());
  Finding->CallFile = SM.getFilename(At).str();
  Finding->CallOffset = SM.getFileOffset(At);
  Facts->Findings.push_back(std::move(*Finding));
  return true;
}

} // namespace clang::tidy::torch::device
