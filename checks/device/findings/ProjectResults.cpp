//===--- ProjectResults.cpp - tensors returned across a project ----------===//
//
// The result half of ProjectCalls.h: a device-less tensor a function returns
// to callers in other units (latent in its own unit), and the calls whose
// results meet data off the CPU, which make it real.
//
//===----------------------------------------------------------------------===//
#include "device/findings/MeetingEvidence.h"
#include "device/findings/ProjectCalls.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/TransferSyntax.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {
namespace {

/// How many local variables' initializers resultCallOf follows back.
constexpr unsigned MaxResultHops = 8;

/// The call of a function other units may define whose result \p E is, with
/// the part of it (WholeResult, or the position in a returned pair or tuple):
/// the call itself, `std::get<k>` of it, a structured binding of it, or a
/// local variable initialised with one of these, a few levels.
const CallExpr *resultCallOf(const Expr *E, int &Part, unsigned Depth = 0) {
  E = tensorOperand(E);
  if (!E || Depth > MaxResultHops)
    return nullptr;
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(E)) {
    if (const auto *Binding = llvm::dyn_cast<BindingDecl>(Ref->getDecl())) {
      const auto *Whole = llvm::dyn_cast_or_null<DecompositionDecl>(
          Binding->getDecomposedDecl());
      if (!Whole || !Whole->getInit())
        return nullptr;
      const CallExpr *Call = resultCallOf(Whole->getInit(), Part, Depth + 1);
      if (!Call || Part != WholeResult)
        return nullptr;
      Part = static_cast<int>(llvm::find(Whole->bindings(), Binding) -
                              Whole->bindings().begin());
      return Call;
    }
    const auto *Local = llvm::dyn_cast<VarDecl>(Ref->getDecl());
    return Local && Local->isLocalVarDecl() && Local->getInit()
               ? resultCallOf(Local->getInit(), Part, Depth + 1)
               : nullptr;
  }
  const auto *Call = llvm::dyn_cast<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return nullptr;
  // `std::get<1>(f(x))`: that element of f's result.
  if (Callee->isInStdNamespace() && isNamed(Callee, "get") &&
      Call->getNumArgs() == 1)
    if (const TemplateArgumentList *Args =
            Callee->getTemplateSpecializationArgs();
        Args && Args->size() > 0 &&
        Args->get(0).getKind() == TemplateArgument::Integral) {
      const CallExpr *Whole = resultCallOf(Call->getArg(0), Part, Depth + 1);
      if (!Whole || Part != WholeResult)
        return nullptr;
      Part = static_cast<int>(Args->get(0).getAsIntegral().getExtValue());
      return Whole;
    }
  Part = WholeResult;
  return projectName(Callee).empty() ? nullptr : Call;
}

} // namespace

void recordResultMeetings(const FunctionDecl *Fn, const DeviceFlow &Flow,
                          FunctionSummaries *Summaries,
                          ProjectCallFacts &Facts) {
  ASTContext &Ctx = Fn->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  for (const OpUse &Use : Flow.opUses()) {
    if (!Use.Through.empty())
      continue;
    for (size_t I = 0; I < Use.Inputs.size(); ++I) {
      const OpInput &In = Use.Inputs[I];
      int Part = WholeResult;
      const CallExpr *Call =
          In.IsList || In.Device.K != AbstractDevice::Kind::Unknown
              ? nullptr
              : resultCallOf(In.E, Part);
      if (!Call)
        continue;
      // What if it were the device-less factory's full CPU tensor.
      OpUse AsFactory = Use;
      AbstractDevice &Made = AsFactory.Inputs[I].Device;
      Made = AbstractDevice::cpu(Call, /*DeviceLess=*/true, Tri::No);
      Made.Factories.push_back(Call);
      const bool Met = llvm::any_of(
          findDeviceConflicts(llvm::ArrayRef<OpUse>(AsFactory)),
          [&](const DeviceConflict &C) {
            return C.OddExpr == In.E &&
                   (showsOffCpu(C.Other) ||
                    offCpuEvidence(C.Other, Fn, Summaries, Ctx).reportable());
          });
      if (!Met)
        continue;
      const std::string Callee = projectName(Call->getDirectCallee());
      auto Recorded = llvm::find_if(Facts.Calls, [&](const ProjectCall &P) {
        return P.Callee == Callee && !P.MeetFile.empty() &&
               llvm::is_contained(P.ResultPartsMet, Part);
      });
      if (Recorded != Facts.Calls.end())
        continue; // One op names the meeting.
      ProjectCall Meeting;
      Meeting.Callee = Callee;
      Meeting.ResultPartsMet.push_back(Part);
      const SourceLocation CallAt = SM.getFileLoc(Call->getBeginLoc());
      Meeting.File = SM.getFilename(CallAt).str();
      Meeting.Offset = SM.getFileOffset(CallAt);
      const SourceLocation OpAt = SM.getFileLoc(Use.Call->getExprLoc());
      Meeting.MeetFile = SM.getFilename(OpAt).str();
      Meeting.MeetOffset = SM.getFileOffset(OpAt);
      Facts.Calls.push_back(std::move(Meeting));
    }
  }
}

std::vector<ReturnedFactory> returnedFactories(const FunctionDecl *Fn,
                                               FunctionSummaries &Summaries,
                                               ASTContext &Ctx) {
  std::vector<ReturnedFactory> Found;
  const FunctionDecl *Definition = Fn->getDefinition();
  if (!Definition || projectName(Fn).empty())
    return Found;
  const FunctionSummary *Summary = Summaries.ofDefinition(Definition, Ctx);
  if (!Summary)
    return Found;
  // A 0-dim one may be a scalar PyTorch lets meet device data. One returned
  // on some paths only (`if (first) return torch::ones(...);`) is what the
  // callers get on those.
  auto Add = [&](const AbstractDevice &D, int Part) {
    if (!D.fromDeviceLessFactory() || D.ZeroDim == Tri::Yes)
      return;
    for (const Stmt *Factory : D.Factories)
      if (const auto *Call = llvm::dyn_cast<CallExpr>(Factory);
          Call &&
          containsLocation(Ctx.getSourceManager(), Definition->getSourceRange(),
                           Call->getBeginLoc()))
        Found.push_back({Call, Part});
  };
  Add(Summary->Result, WholeResult);
  if (Summary->ResultParts)
    for (size_t Part = 0; Part < Summary->ResultParts->size(); ++Part)
      Add((*Summary->ResultParts)[Part], static_cast<int>(Part));
  return Found;
}

bool recordResultLatentFinding(llvm::StringRef Check, SourceLocation Loc,
                               const FunctionDecl *Fn, int Part,
                               ASTContext &Ctx) {
  ProjectCallFacts *Facts = projectCallFacts();
  if (!Facts || projectName(Fn).empty())
    return false;
  ConditionalFinding Finding =
      conditionalFinding(Check, Loc, Fn, AbstractDevice::unknown(), Ctx);
  Finding.Function = projectName(Fn);
  Finding.LatentBackend = CpuPlacement;
  Finding.OnResult = true;
  Finding.ResultPart = Part;
  Facts->Findings.push_back(std::move(Finding));
  return true;
}

} // namespace clang::tidy::torch::device
