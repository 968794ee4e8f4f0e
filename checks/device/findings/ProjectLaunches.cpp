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
#include "device/findings/ProjectCalls.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {

std::vector<HandedElsewhere> handedElsewhere(const FunctionDecl *Fn) {
  std::vector<HandedElsewhere> Handed;
  if (!Fn || !Fn->getBody())
    return Handed;
  const SourceManager &SM = Fn->getASTContext().getSourceManager();
  LibraryCode Library(SM);
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    // An operator's arguments do not line up with its parameters.
    if (!Callee || Callee->isDefined() ||
        llvm::isa<CXXOperatorCallExpr>(Call) ||
        SM.isInSystemHeader(Callee->getLocation()) ||
        Library.contains(Callee->getLocation()) || projectName(Callee).empty())
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
  forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    std::string Name = projectName(Fn);
    if (Name.empty())
      return;
    const llvm::SmallVector<KernelHandoff, 2> Handoffs =
        Launchers.handoffsOf(Fn);
    if (Handoffs.empty())
      return;
    ProjectLauncher Launcher;
    Launcher.Function = std::move(Name);
    for (const KernelHandoff &Handoff : Handoffs)
      Launcher.Params.push_back(Handoff.Param);
    Launcher.Kernel = Handoffs.front().Kernel;
    const SourceLocation At =
        SM.getFileLoc(Handoffs.front().Launch->getBeginLoc());
    Launcher.File = SM.getFilename(At).str();
    Launcher.Offset = SM.getFileOffset(At);
    Facts.Launchers.push_back(std::move(Launcher));
  });
}

bool recordLaunchLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                               const CallExpr *Call,
                               llvm::ArrayRef<unsigned> Params,
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
  Facts->Findings.push_back(std::move(Finding));
  return true;
}

} // namespace clang::tidy::torch::device
