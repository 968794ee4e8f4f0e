//===--- MixedDeviceOpCheck.cpp - torch-mixed-device-op -------------------===//
#include "MixedDeviceOpCheck.h"
#include "device/findings/DeviceConflicts.h"
#include "device/findings/FindingNotes.h"
#include "device/findings/HardcodedPlacement.h"
#include "device/findings/HostWork.h"
#include "device/findings/LostMoves.h"
#include "device/findings/MeetingEvidence.h"
#include "device/findings/ProjectCalls.h"
#include "device/fixes/DeviceFixes.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/DeviceUsage.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/FunctionBodyCheck.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {
namespace {

/// "stack" or "cat" for `torch::stack`/`at::cat` (ops the runtime has a
/// device-harmonising twin of), empty otherwise.
llvm::StringRef stackOrCat(llvm::StringRef Qualified) {
  for (llvm::StringRef Op : {"stack", "cat"})
    if (Qualified.ends_with(("::" + Op).str()))
      return Op;
  return {};
}

/// True for a tensor named by a variable, parameter or member: a fix can
/// spell its device.
bool isNamedTensor(const Expr *E) {
  E = device::stripWrappers(E);
  return E && device::isTensorType(E->getType()) &&
         (llvm::isa<DeclRefExpr>(E) ||
          (llvm::isa<MemberExpr>(E) &&
           llvm::isa<CXXThisExpr>(
               device::stripWrappers(llvm::cast<MemberExpr>(E)->getBase()))));
}

/// Says why a 0-dim CPU operand is rejected where `x + cpu0` would run: the
/// op takes no 0-dim CPU tensor beside device data, or only at other
/// operand positions (`logical_and(dev, cpu0)` runs, `logical_and(cpu0,
/// dev)` does not).
void noteNoCpuScalarExcuse(ClangTidyCheck &Check,
                           const device::DeviceConflict &C,
                           llvm::StringRef Op) {
  const device::OpUse &Use = *C.Use;
  if (!C.Odd.isCpu() || C.Odd.ZeroDim != device::Tri::Yes || !C.OddExpr ||
      (Use.Rule != device::DeviceRule::Strict &&
       Use.Rule != device::DeviceRule::CpuScalar))
    return;
  static constexpr llvm::StringLiteral Ordinals[] = {"first", "second", "third",
                                                     "fourth"};
  std::string Excused;
  for (unsigned Position = 0;
       Position < Use.Inputs.size() && Position < std::size(Ordinals);
       ++Position)
    if (Use.Rule == device::DeviceRule::CpuScalar &&
        Use.excusesCpuScalarAt(Position))
      Excused += (Excused.empty() ? "" : " or ") + Ordinals[Position].str();
  Check.diag(C.OddExpr->getExprLoc(),
             "'%0' takes %select{no 0-dim CPU tensor beside device data|a "
             "0-dim CPU tensor beside device data only as its %2 operand}1",
             DiagnosticIDs::Note)
      << Op << !Excused.empty() << Excused;
}

} // namespace

/// `torch::stack(xs)` becomes `torchlint::stack(xs)`, which moves every input
/// to one device first. Only for the free function called here (not inside a
/// callee), spelled outside macros, with no argument but the list and an
/// integer dimension (a named dimension has no runtime twin).
std::vector<FixItHint>
MixedDeviceOpCheck::harmonizedListFixes(const device::DeviceConflict &C,
                                        const SourceManager &SM) {
  const device::OpUse &Use = *C.Use;
  const llvm::StringRef Op = stackOrCat(Use.Name);
  if (!Use.Through.empty() || Op.empty() ||
      llvm::isa<CXXMemberCallExpr, CXXOperatorCallExpr>(Use.Call) ||
      Use.Call->getNumArgs() > 2 ||
      (Use.Call->getNumArgs() == 2 &&
       !Use.Call->getArg(1)->getType()->isIntegerType()))
    return {};
  return callRuntimeInstead(Use.Call, ("torchlint::" + Op).str(), SM);
}

/// One defect, one warning: a conflict met inside a called function that
/// the callee (or one on the way to it), written in the same file, already
/// has in its own flow is reported there, where one fix repairs every call.
bool MixedDeviceOpCheck::reportedInCallee(const device::DeviceConflict &C,
                                          ASTContext &Ctx) const {
  const device::OpUse &Use = *C.Use;
  const SourceManager &SM = Ctx.getSourceManager();
  const FileID Here =
      SM.getFileID(SM.getExpansionLoc(Use.site()->getBeginLoc()));
  for (size_t I = 0; I < Use.Through.size(); ++I) {
    const FunctionDecl *Callee = Use.Through[I]->getDirectCallee();
    if (!Callee || !(Callee = Callee->getDefinition()) ||
        SM.getFileID(SM.getExpansionLoc(Callee->getLocation())) != Here)
      continue;
    const llvm::ArrayRef<const CallExpr *> Rest =
        llvm::ArrayRef(Use.Through).drop_front(I + 1);
    for (const device::DeviceConflict &Own :
         device::findDeviceConflicts(*Flow.analyze(Callee, Ctx)))
      if (Own.Use->Call == Use.Call && llvm::ArrayRef(Own.Use->Through) == Rest)
        return true;
  }
  return false;
}

/// Moves every operand on the odd device to the device of a named operand on
/// the other one, so that one run repairs the call; all or nothing.
std::vector<FixItHint>
MixedDeviceOpCheck::moveFixes(const device::DeviceConflict &C,
                              const SourceManager &SM) const {
  const device::OpUse &Use = *C.Use;
  const Expr *Target = nullptr;
  for (const device::OpInput &In : Use.Inputs)
    if (!In.IsList && In.Device.sameValue(C.Other) && isNamedTensor(In.E)) {
      Target = In.E;
      break;
    }
  if (!Target)
    return {};
  // Moving the self of an in-place op (`scatter_`, `add_`) would update a
  // temporary copy.
  const bool MutatesSelf = Use.Rule == device::DeviceRule::CpuScalarInPlace ||
                           Use.Rule == device::DeviceRule::IndexPut ||
                           Use.Rule == device::DeviceRule::MaskedFill ||
                           llvm::StringRef(Use.Name).ends_with("_");
  std::vector<FixItHint> Fixes;
  for (size_t I = 0; I < Use.Inputs.size(); ++I) {
    const device::OpInput &In = Use.Inputs[I];
    if (In.IsList || !In.Device.sameValue(C.Odd))
      continue;
    // A module's state (`net->forward(x)`): moving it at each run is no
    // repair; the module's own move is.
    if ((MutatesSelf && I == 0) || !In.E ||
        !device::isTensorType(In.E->getType()))
      return {};
    std::optional<FixItHint> Fix =
        device::moveToDeviceOfFix(In.E, Target, SM, getLangOpts());
    if (!Fix)
      return {};
    Fixes.push_back(*Fix);
  }
  return Fixes;
}

MixedDeviceOpCheck::MixedDeviceOpCheck(StringRef Name,
                                       ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context, /*FixesAddIncludes=*/true),
      Flow(device::DeviceFlowConfig::forContext(Context)),
      Migrations(device::FindingOwners::migrationFinder(Context)),
      Placements(
          device::FindingOwners::placementFinder(Context, Migrations.get())) {}

void MixedDeviceOpCheck::checkFunction(const FunctionDecl *Fn,
                                       ASTContext &Ctx) {
  const std::shared_ptr<const device::DeviceFlow> Facts =
      analyzeFlow(Flow, Fn, Ctx);

  if (!HostOnlyProgram)
    HostOnlyProgram = device::isHostOnlyProgram(Ctx);
  // One defect, one warning: data passed to a call meets the callee's state
  // at each op it goes through; the call that passes it is the defect.
  llvm::SmallDenseSet<std::pair<const CallExpr *, const Stmt *>, 4>
      ReportedCalls;
  // Nor is a module built on the CPU and never moved whose outputs meet
  // device data at several ops: the missing move is the defect.
  llvm::SmallPtrSet<const Stmt *, 4> ReportedCpuModules;
  for (const device::DeviceConflict &C : device::findDeviceConflicts(*Facts)) {
    // In a program that names no device but the CPU every tensor lives
    // there: only devices the code itself names can differ.
    if (!C.Provable && *HostOnlyProgram)
      continue;
    // A host buffer (filled through its data) meeting data that lives off
    // the CPU by itself (a module's state, data placed with a device) lacks
    // a move: the op's defect, which the factory check leaves. Meeting a
    // member or parameter, it is the program's host work.
    if (C.fromDeviceLessFactory() &&
        leftToOwner(device::SharedDefect::DeviceLessFactoryMeetsDevice) &&
        !(device::madeForHostMemoryOnly(C.Odd.Factories, Ctx) &&
          device::showsOffCpu(C.Other)))
      continue;
    if (leftToOwner(device::SharedDefect::LostMoveMeetsDevice) &&
        device::lostMoveBefore(C, *Facts, Fn, Ctx))
      continue;
    // A conflict on a hard-coded placement is the placement's defect. One
    // that is latent (no evidence the code is device-neutral) owns only what
    // may conflict with "wherever the caller put it"; two devices that
    // provably meet are a defect here all the same.
    if (Placements &&
        leftToOwner(device::SharedDefect::HardcodedPlacementMeetsDevice) &&
        (device::isHardcodedPlacement(C.Odd, *Placements, Fn, Ctx,
                                      C.Provable) ||
         device::isHardcodedPlacement(C.Other, *Placements, Fn, Ctx,
                                      C.Provable)))
      continue;
    // An op inside a called function is reported at the call, where the
    // arguments that meet there are chosen, unless the callee reports it.
    if (reportedInCallee(C, Ctx))
      continue;
    const CallExpr *Call = C.Use->site();
    // Data that only may be elsewhere is a defect on evidence: the code
    // places or chooses devices, holds a module, or a caller passes such
    // data. "Wherever the caller put it" alone is latent: a driver that sees
    // the project's calls keeps it where one passes data off the CPU.
    device::OffCpuEvidence Evidence;
    if (!C.Provable) {
      Evidence = device::offCpuEvidence(C.Other, Fn, Flow.Summaries.get(), Ctx);
      // Two values that each are wherever they were put (two modules handed
      // over): either one shown off the CPU shows they may differ.
      if (!Evidence.reportable() &&
          C.Odd.K == device::AbstractDevice::Kind::SameAs)
        Evidence = device::strongerEvidence(
            std::move(Evidence),
            device::offCpuEvidence(C.Odd, Fn, Flow.Summaries.get(), Ctx));
      if (Evidence.K == device::OffCpuEvidence::Kind::None ||
          (Evidence.K == device::OffCpuEvidence::Kind::CallersDecide &&
           !device::recordLatentFinding(getID(), Call->getExprLoc(), Fn,
                                        Evidence.Params, "CPU", Ctx)))
        continue;
    }
    const bool Through = !C.Use->Through.empty();
    if (Through && !ReportedCalls.insert({Call, C.Odd.Origin}).second)
      continue;
    if (const Expr *Built = C.Odd.isCpu() ? C.Odd.cpuModuleConstruction()
                                          : C.Other.cpuModuleConstruction();
        Built && !ReportedCpuModules.insert(Built).second)
      continue;
    const std::string Callee = device::calleeName(Call);
    const std::string Op = device::opDisplayName(C.Use->Name);
    // Name the two devices in a stable order, whatever the operand order.
    std::string First = C.Odd.describe(), Second = C.Other.describe();
    if (Second < First)
      std::swap(First, Second);
    // A kernel is handed a pointer: moving the tensor would hand it a
    // temporary's memory, so the launch gets no fix.
    const bool Launch = C.atKernelLaunch();
    const auto Fixes = Launch ? std::vector<FixItHint>()
                       : C.InList
                           ? harmonizedListFixes(C, Ctx.getSourceManager())
                           : moveFixes(C, Ctx.getSourceManager());
    {
      auto Diag =
          diag(Call->getExprLoc(),
               Launch     ? "CUDA kernel '%0' is handed the memory of a tensor "
                            "%select{that may be |}1on the CPU"
                            "%select{| in this call of '%5'}4"
               : C.InList ? "'%0' gathers tensors that %select{may be|are}1 "
                            "on different devices (%2 and %3)"
                            "%select{| in this call of '%5'}4"
                          : "operands of '%0' %select{may be|are}1 on "
                            "different devices (%2 and %3)"
                            "%select{| in this call of '%5'}4")
          << Op << C.Provable << First << Second << Through << Callee;
      if (fixOnWarning(FixSafety::Unsafe))
        for (const FixItHint &Fix : Fixes)
          Diag << Fix;
    }
    if (const llvm::StringRef ListOp = stackOrCat(C.Use->Name);
        C.InList && !ListOp.empty())
      diag(Call->getExprLoc(),
           "torchlint::%0 from %1 moves every input to one device first",
           DiagnosticIDs::Note)
          << ListOp << RuntimeHeader;
    offerFixOnNote(Call->getExprLoc(), Fixes, FixSafety::Unsafe);
    noteNoCpuScalarExcuse(*this, C, Op);
    device::noteCallPath(*this, *C.Use);
    device::noteDeviceOrigin(*this, C.Odd);
    device::noteDeviceOrigin(*this, C.Other);
    if (Evidence.Call)
      device::noteCallerData(*this, *Evidence.Call);
  }
}

} // namespace clang::tidy::torch
