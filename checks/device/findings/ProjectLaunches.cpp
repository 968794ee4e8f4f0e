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
#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {

const FunctionDecl *calleeOfAnotherUnit(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Callee->isDefined() || llvm::isa<CXXOperatorCallExpr>(Call))
    return nullptr;
  const SourceManager &SM = Callee->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(Callee->getLocation()) ||
      LibraryCode(SM).contains(Callee->getLocation()) ||
      projectName(Callee).empty())
    return nullptr;
  return Callee;
}

std::vector<HandedElsewhere> handedElsewhere(const FunctionDecl *Fn) {
  std::vector<HandedElsewhere> Handed;
  if (!Fn || !Fn->getBody())
    return Handed;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    const FunctionDecl *Callee = calleeOfAnotherUnit(Call);
    if (!Callee)
      return;
    for (unsigned Param = 0; Param < Callee->getNumParams(); ++Param)
      if (const Expr *Arg = argumentFor(Call, Callee, Param))
        if (const Expr *Tensor = tensorOfKernelArgument(Arg))
          Handed.push_back({Call, Param, Tensor});
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
  forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    std::string Name = projectName(Fn);
    if (Name.empty())
      return;
    ProjectLauncher Launcher;
    const Stmt *Launch = nullptr;
    for (const KernelHandoff &Handoff : Launchers.handoffsOf(Fn)) {
      Launcher.Params.push_back(Handoff.Param);
      if (!Launch) {
        Launch = Handoff.Launch;
        Launcher.Kernel = Handoff.Kernel;
      }
    }
    // Reached in this unit: one that goes on to yet another unit is not.
    for (const UncheckedKernelInput &Input : Inputs.uncheckedInputs(Fn))
      if (!Input.Elsewhere) {
        Launcher.UncheckedParams.push_back(
            Input.Param->getFunctionScopeIndex());
        if (!Launch) {
          Launch = Input.Handed;
          Launcher.Kernel = Input.Kernel;
        }
      }
    if (!Launch)
      return;
    Launcher.Function = std::move(Name);
    const SourceLocation At = SM.getFileLoc(Launch->getBeginLoc());
    Launcher.File = SM.getFilename(At).str();
    Launcher.Offset = SM.getFileOffset(At);
    Facts.Launchers.push_back(std::move(Launcher));
  });
}

bool recordLaunchLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                               const CallExpr *Call,
                               llvm::ArrayRef<unsigned> Params, bool Unchecked,
                               ASTContext &Ctx) {
  ProjectCallFacts *Facts = projectCallFacts();
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Facts || projectName(Callee).empty() || Params.empty())
    return false;
  ConditionalFinding Finding =
      conditionalFinding(Check, Loc, nullptr, AbstractDevice::unknown(), Ctx);
  Finding.Function = projectName(Callee);
  Finding.Params.assign(Params.begin(), Params.end());
  Finding.LatentBackend = CpuPlacement;
  Finding.OnLaunch = true;
  Finding.Unchecked = Unchecked;
  Facts->Findings.push_back(std::move(Finding));
  return true;
}

} // namespace clang::tidy::torch::device
