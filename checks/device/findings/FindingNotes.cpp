//===--- FindingNotes.cpp - the notes that explain a finding --------------===//
#include "device/findings/FindingNotes.h"
#include "utils/TorchTypes.h"

namespace clang::tidy::torch::device {

std::string opDisplayName(llvm::StringRef QualifiedName) {
  QualifiedName.consume_front("at::");
  return QualifiedName.str();
}

std::string calleeName(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  // `encoder(x)` runs the module's forward.
  if (Callee && llvm::isa<CXXOperatorCallExpr>(Call) && forwardedModule(Call))
    return "forward";
  return Callee ? Callee->getNameAsString() : std::string("the callee");
}

void noteCallPath(ClangTidyCheck &Check, const OpUse &Use) {
  if (Use.Through.empty())
    return;
  for (size_t I = 1; I < Use.Through.size(); ++I)
    Check.diag(Use.Through[I]->getExprLoc(), "'%0' passes it on to '%1' here",
               DiagnosticIDs::Note)
        << calleeName(Use.Through[I - 1]) << calleeName(Use.Through[I]);
  Check.diag(Use.Call->getExprLoc(), "'%0' calls '%1' here",
             DiagnosticIDs::Note)
      << calleeName(Use.Through.back()) << opDisplayName(Use.Name);
}

void noteDeviceOrigin(ClangTidyCheck &Check, const AbstractDevice &Device) {
  using Kind = AbstractDevice::Kind;
  if (Device.K == Kind::SameAs && Device.Symbol &&
      (isDeviceType(Device.Symbol->getType()) ||
       isDeviceTypeEnum(Device.Symbol->getType()))) {
    // A device value (`torch::Device device = ...`): it names a device.
    Check.diag(Device.Symbol->getLocation(),
               "'%0' may be any device (it is chosen at run time)",
               DiagnosticIDs::Note)
        << Device.Symbol->getNameAsString();
    return;
  }
  if (Device.K == Kind::SameAs && Device.Symbol) {
    const unsigned Why = llvm::isa<ParmVarDecl>(Device.Symbol) ? 0
                         : llvm::isa<FieldDecl>(Device.Symbol) ? 1
                                                               : 2;
    Check.diag(Device.Symbol->getLocation(),
               "'%0' may live on any device (%select{wherever the caller put "
               "it|wherever set-up put it|it is not moved in this function}1)",
               DiagnosticIDs::Note)
        << Device.Symbol->getNameAsString() << Why;
    return;
  }
  if (!Device.Origin || Device.K == Kind::Unknown)
    return;
  if (Device.HostContract) {
    Check.diag(Device.Origin->getBeginLoc(),
               "read on the host here, so the caller passes CPU data",
               DiagnosticIDs::Note);
    return;
  }
  // A module built here (`Net net(3)`, `std::make_shared<NetImpl>(d)`):
  // its missing move is the defect.
  if (const Expr *Built = Device.cpuModuleConstruction()) {
    Check.diag(Built->getBeginLoc(),
               "the module is built on the CPU here and not moved before it "
               "runs",
               DiagnosticIDs::Note);
    return;
  }
  // A condition the program stops on unless it holds (`TORCH_CHECK(
  // x.is_cuda())`): the device is asserted, not placed.
  const auto *Condition = llvm::dyn_cast<Expr>(Device.Origin);
  const bool Asserted = Condition && Device.K != Kind::Maybe &&
                        Condition->getType()->isBooleanType();
  Check.diag(Device.Origin->getBeginLoc(),
             Device.K == Kind::Maybe
                 ? "placed on another device on one path here"
             : Asserted ? "asserted to be on %0 here"
                        : "placed on %0 here",
             DiagnosticIDs::Note)
      << Device.describe();
}

void noteMeeting(ClangTidyCheck &Check, const DeviceConflict &Meeting) {
  if (Meeting.atKernelLaunch()) {
    Check.diag(Meeting.Use->site()->getExprLoc(),
               Meeting.Use->Through.empty()
                   ? "its memory is handed to the CUDA kernel '%0' here, "
                     "which runs on the GPU"
                   : "it is passed to '%1' here, which hands its memory to "
                     "the CUDA kernel '%0'",
               DiagnosticIDs::Note)
        << Meeting.Use->Name << calleeName(Meeting.Use->site());
    noteCallPath(Check, *Meeting.Use);
    return;
  }
  if (Meeting.Use->Through.empty()) {
    Check.diag(Meeting.Use->Call->getExprLoc(),
               "it meets a tensor on %0 in '%1'", DiagnosticIDs::Note)
        << Meeting.Other.describe() << opDisplayName(Meeting.Use->Name);
    return;
  }
  Check.diag(Meeting.Use->site()->getExprLoc(),
             "it is passed to '%0' here, where it meets a tensor on %1",
             DiagnosticIDs::Note)
      << calleeName(Meeting.Use->site()) << Meeting.Other.describe();
  noteCallPath(Check, *Meeting.Use);
}

} // namespace clang::tidy::torch::device
