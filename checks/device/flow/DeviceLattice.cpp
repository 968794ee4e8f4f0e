//===--- DeviceLattice.cpp - what the flow knows of a value's device ------===//
#include "device/flow/DeviceLattice.h"
#include "utils/TorchTypes.h"

#include <utility>

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

AbstractDevice AbstractDevice::cpu(const Stmt *Origin, bool DeviceLess,
                                   Tri ZeroDim) {
  AbstractDevice D;
  D.K = Kind::Cpu;
  D.Origin = Origin;
  D.DeviceLess = DeviceLess;
  D.ZeroDim = ZeroDim;
  if (DeviceLess && Origin)
    D.Factories.push_back(Origin);
  return D;
}

AbstractDevice AbstractDevice::cuda(int Index, const Stmt *Origin) {
  AbstractDevice D;
  D.K = Kind::Cuda;
  D.CudaIndex = Index;
  D.Origin = Origin;
  return D;
}

AbstractDevice AbstractDevice::sameAs(const ValueDecl *Symbol) {
  AbstractDevice D;
  D.K = Kind::SameAs;
  D.Symbol = Symbol;
  return D;
}

bool AbstractDevice::isModuleLocalFromElsewhere() const {
  return K == Kind::SameAs && llvm::isa_and_nonnull<VarDecl>(Symbol) &&
         !llvm::isa<ParmVarDecl>(Symbol) && isModuleType(Symbol->getType());
}

const Expr *AbstractDevice::cpuModuleConstruction() const {
  const auto *Built = llvm::dyn_cast_or_null<Expr>(Origin);
  return isCpu() && Built && isModuleType(Built->getType()) ? Built : nullptr;
}

bool AbstractDevice::mayBeOffCpu() const {
  return K == Kind::Cuda || K == Kind::Other || K == Kind::SameAs ||
         (K == Kind::Maybe && MayBeNonCpu);
}

bool AbstractDevice::provablyDiffers(const AbstractDevice &O) const {
  auto Concrete = [](const AbstractDevice &D) {
    return D.K == Kind::Cpu || D.K == Kind::Cuda;
  };
  if (!Concrete(*this) || !Concrete(O))
    return false;
  if (K != O.K)
    return true;
  // cuda (the current device) may be cuda:0: only two explicit indices differ.
  return K == Kind::Cuda && CudaIndex >= 0 && O.CudaIndex >= 0 &&
         CudaIndex != O.CudaIndex;
}

bool AbstractDevice::sameValue(const AbstractDevice &O) const {
  return samePlace(O) && DeviceLess == O.DeviceLess &&
         HostContract == O.HostContract && ZeroDim == O.ZeroDim &&
         Origin == O.Origin && Factories == O.Factories &&
         RunOutput == O.RunOutput && FollowsAccelerator == O.FollowsAccelerator;
}

bool AbstractDevice::samePlace(const AbstractDevice &O) const {
  return K == O.K && CudaIndex == O.CudaIndex && Symbol == O.Symbol &&
         Part == O.Part && MayBeNonCpu == O.MayBeNonCpu &&
         MayBeCpu == O.MayBeCpu && AlsoSymbols == O.AlsoSymbols &&
         OffCpuThrough == O.OffCpuThrough;
}

AbstractDevice AbstractDevice::join(const AbstractDevice &A,
                                    const AbstractDevice &B) {
  if (A.sameValue(B))
    return A;
  for (const auto &[Moved, Skipped] : {std::pair(&A, &B), std::pair(&B, &A)})
    if (Moved->K == Kind::SameAs && Moved->FollowsAccelerator &&
        Skipped->isCpu())
      return *Moved;
  const bool SameDevice = A.K == B.K && A.CudaIndex == B.CudaIndex &&
                          A.Symbol == B.Symbol && A.Part == B.Part &&
                          A.K != Kind::Maybe;
  if (SameDevice) {
    AbstractDevice D = A;
    // Where the value is on every path: the symbols both paths name.
    llvm::erase_if(D.AlsoSymbols, [&](const ValueDecl *Also) {
      return !llvm::is_contained(B.AlsoSymbols, Also);
    });
    D.DeviceLess = A.DeviceLess && B.DeviceLess;
    D.HostContract = A.HostContract && B.HostContract;
    D.RunOutput = A.RunOutput && B.RunOutput;
    D.FollowsAccelerator = A.FollowsAccelerator && B.FollowsAccelerator;
    for (const Stmt *F : B.Factories)
      if (!llvm::is_contained(D.Factories, F))
        D.Factories.push_back(F);
    if (!D.DeviceLess)
      D.Factories.clear();
    if (A.ZeroDim != B.ZeroDim)
      D.ZeroDim = Tri::Unknown;
    return D;
  }
  if (A.K == Kind::Unknown || B.K == Kind::Unknown)
    return unknown();
  AbstractDevice D;
  D.K = Kind::Maybe;
  D.MayBeNonCpu = A.mayBeOffCpu() || B.mayBeOffCpu();
  D.MayBeCpu = A.isCpu() || B.isCpu() || (A.K == Kind::Maybe && A.MayBeCpu) ||
               (B.K == Kind::Maybe && B.MayBeCpu);
  // Why it may be off the CPU: the move or placement on that path.
  D.Origin = A.mayBeOffCpu() && A.Origin   ? A.Origin
             : B.mayBeOffCpu() && B.Origin ? B.Origin
             : A.Origin                    ? A.Origin
                                           : B.Origin;
  // Where one path is the CPU, that path's rank decides whether an op may
  // take it as a CPU scalar: the other path is not on the CPU.
  if (A.isCpu() != B.isCpu())
    D.ZeroDim = A.isCpu() ? A.ZeroDim : B.ZeroDim;
  else
    D.ZeroDim = A.ZeroDim == B.ZeroDim ? A.ZeroDim : Tri::Unknown;
  // What the paths off the CPU are: symbols only, or a concrete device.
  bool Concrete = false;
  for (const AbstractDevice *Side : {&A, &B}) {
    if (!Side->mayBeOffCpu())
      continue;
    llvm::SmallVector<const ValueDecl *, 3> Through;
    if (Side->K == Kind::SameAs) {
      Through.push_back(Side->Symbol);
      Through.append(Side->AlsoSymbols.begin(), Side->AlsoSymbols.end());
    } else if (Side->K == Kind::Maybe) {
      Through.append(Side->OffCpuThrough.begin(), Side->OffCpuThrough.end());
    }
    Concrete |= Through.empty() || llvm::is_contained(Through, nullptr);
    for (const ValueDecl *Symbol : Through)
      if (!llvm::is_contained(D.OffCpuThrough, Symbol))
        D.OffCpuThrough.push_back(Symbol);
  }
  if (Concrete)
    D.OffCpuThrough.clear();
  // A path that still holds a device-less factory's CPU tensor is remembered:
  // moving on one branch only does not fix the other.
  for (const AbstractDevice *Side : {&A, &B})
    if ((Side->isCpu() && Side->DeviceLess) || Side->K == Kind::Maybe)
      for (const Stmt *F : Side->Factories)
        if (!llvm::is_contained(D.Factories, F))
          D.Factories.push_back(F);
  return D;
}

std::string AbstractDevice::describe() const {
  switch (K) {
  case Kind::Cpu:
    return "cpu";
  case Kind::Cuda:
    return CudaIndex >= 0 ? "cuda:" + std::to_string(CudaIndex) : "cuda";
  case Kind::Other:
    return "a non-CPU device";
  case Kind::SameAs:
    return "the device of '" + Symbol->getNameAsString() + "'";
  case Kind::Maybe:
    return "a device that depends on the path taken";
  case Kind::Unknown:
    break;
  }
  return "an unknown device";
}
} // namespace clang::tidy::torch::device
