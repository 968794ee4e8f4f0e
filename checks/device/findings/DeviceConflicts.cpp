//===--- DeviceConflicts.cpp - op calls PyTorch would reject --------------===//
#include "device/findings/DeviceConflicts.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/TorchTypes.h"

namespace clang::tidy::torch::device {
namespace {

struct Operand {
  AbstractDevice Device;
  const Expr *E = nullptr;
  unsigned Position = 0; ///< Among the op's tensor operands, self first.
};

/// The rule one operand is judged by: a CpuScalar op whose table entry lists
/// where a 0-dim CPU tensor may join (`cpu_scalar_at`) is strict elsewhere.
DeviceRule ruleAt(const OpUse &Use, unsigned Position) {
  if (Use.Rule == DeviceRule::CpuScalar && !Use.excusesCpuScalarAt(Position))
    return DeviceRule::Strict;
  return Use.Rule;
}

/// A CPU operand that the op's rule does not excuse.
bool isRejectedCpu(const AbstractDevice &D, DeviceRule Rule) {
  // CPU on some path (moved on one branch only) counts as CPU data.
  const bool MaybeCpu = D.K == AbstractDevice::Kind::Maybe && D.MayBeCpu;
  if (!D.isCpu() && !MaybeCpu)
    return false;
  switch (Rule) {
  case DeviceRule::CpuScalar:
  case DeviceRule::Where:
  case DeviceRule::MaskedFill:
  case DeviceRule::IndexPut:
    // A 0-dim CPU tensor may join; only a known non-scalar is an error.
    return D.ZeroDim == Tri::No;
  default:
    return true;
  }
}

/// Whether \p A and \p B were computed with a common tensor or module
/// (`a(x)` and `b(x)` both ran on `x`): the ops ran, so they are together.
bool metTogether(const AbstractDevice &A, const AbstractDevice &B) {
  llvm::SmallVector<const ValueDecl *, 3> OfA{A.Symbol};
  OfA.append(A.AlsoSymbols.begin(), A.AlsoSymbols.end());
  if (llvm::is_contained(OfA, B.Symbol))
    return true;
  return llvm::any_of(B.AlsoSymbols, [&](const ValueDecl *D) {
    return llvm::is_contained(OfA, D);
  });
}

/// Whether \p A and \p B are submodules one module registers: they move
/// with it.
bool submodulesOfOneModule(const ValueDecl *A, const ValueDecl *B) {
  const auto *FieldA = llvm::dyn_cast<FieldDecl>(A);
  const auto *FieldB = llvm::dyn_cast<FieldDecl>(B);
  return FieldA && FieldB && FieldA->getParent() == FieldB->getParent() &&
         isRegisteredWithModule(FieldA) && isRegisteredWithModule(FieldB);
}

/// Two list elements gathered from different modules (gradient norms): each
/// module may have been moved on its own, unless the ops that made them ran on
/// common data or one module holds both.
bool fromDifferentModules(const AbstractDevice &A, const AbstractDevice &B) {
  return A.K == AbstractDevice::Kind::SameAs &&
         B.K == AbstractDevice::Kind::SameAs && !A.RunOutput && !B.RunOutput &&
         A.Symbol != B.Symbol && isModuleType(A.Symbol->getType()) &&
         isModuleType(B.Symbol->getType()) && !metTogether(A, B) &&
         !submodulesOfOneModule(A.Symbol, B.Symbol);
}

/// A parameter read on the host meeting another parameter: both placements
/// are the callers' (who must pass CPU data for both), not a defect here.
bool bothFromCallers(const AbstractDevice &HostSide,
                     const AbstractDevice &Other) {
  return HostSide.HostContract && Other.K == AbstractDevice::Kind::SameAs &&
         llvm::isa_and_nonnull<ParmVarDecl>(Other.Symbol);
}

std::optional<DeviceConflict> pairConflict(const Operand &A, DeviceRule RuleA,
                                           const Operand &B, DeviceRule RuleB) {
  auto Make = [](const Operand &Odd, const Operand &Other, bool Provable) {
    DeviceConflict C;
    C.Odd = Odd.Device;
    C.OddExpr = Odd.E;
    C.Other = Other.Device;
    C.OtherExpr = Other.E;
    C.Provable = Provable;
    return C;
  };
  if (isRejectedCpu(A.Device, RuleA) && B.Device.mayBeOffCpu() &&
      !bothFromCallers(A.Device, B.Device))
    return Make(A, B, A.Device.provablyDiffers(B.Device));
  if (isRejectedCpu(B.Device, RuleB) && A.Device.mayBeOffCpu() &&
      !bothFromCallers(B.Device, A.Device))
    return Make(B, A, A.Device.provablyDiffers(B.Device));
  if (RuleA == DeviceRule::Strict && RuleB == DeviceRule::Strict &&
      A.Device.provablyDiffers(B.Device))
    return Make(A, B, true); // cuda:0 with cuda:1
  return std::nullopt;
}

std::optional<DeviceConflict> pairConflict(const Operand &A, const Operand &B,
                                           DeviceRule Rule) {
  return pairConflict(A, Rule, B, Rule);
}

/// Whether the call \p Made, or a local it reads, names `pinned_memory`.
bool namesPinnedMemory(const Stmt *Made, int Depth = 0) {
  if (!Made || Depth > 2)
    return false;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Made);
      Call && isNamed(Call->getDirectCallee(), "pinned_memory"))
    return true;
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Made))
    if (const auto *Local = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        Local && Local->hasLocalStorage())
      return namesPinnedMemory(Local->getInit(), Depth + 1);
  return llvm::any_of(Made->children(), [&](const Stmt *Child) {
    return namesPinnedMemory(Child, Depth);
  });
}

/// A CPU tensor in page-locked memory (`torch::empty(n,
/// torch::TensorOptions().pinned_memory(true))`): a kernel may read and
/// write it in place (zero-copy), by design.
bool inPinnedMemory(const AbstractDevice &D) {
  return !D.Factories.empty() && llvm::all_of(D.Factories, [](const Stmt *F) {
    return namesPinnedMemory(F);
  });
}

/// The operands a rule compares: for index-like rules, self against the
/// others in the way that rule allows.
void conflictsOf(const OpUse &Use, InputView View,
                 std::vector<DeviceConflict> &Out) {
  if (Use.Rule == DeviceRule::Copy || Use.Rule == DeviceRule::NoCheck)
    return;
  llvm::SmallVector<Operand, 4> Operands;
  for (const OpInput &In : Use.Inputs) {
    if (In.IsList) {
      // Elements of one list are compared among themselves first.
      for (size_t I = 0; I < In.Elements.size(); ++I)
        for (size_t J = I + 1; J < In.Elements.size(); ++J) {
          Operand A{View(In.Elements[I]),
                    I < In.ElementExprs.size() ? In.ElementExprs[I] : nullptr};
          Operand B{View(In.Elements[J]),
                    J < In.ElementExprs.size() ? In.ElementExprs[J] : nullptr};
          std::optional<DeviceConflict> C = pairConflict(A, B, Use.Rule);
          if (!C && fromDifferentModules(A.Device, B.Device)) {
            C = DeviceConflict();
            C->Odd = B.Device;
            C->OddExpr = B.E;
            C->Other = A.Device;
            C->OtherExpr = A.E;
          }
          if (C) {
            C->Use = &Use;
            C->InList = true;
            Out.push_back(*C);
            return;
          }
        }
      // A strict op's list meets its other tensors too (a TorchScript
      // module's inputs, its parameters).
      if (Use.Rule == DeviceRule::Strict && Use.Inputs.size() > 1)
        for (size_t I = 0; I < In.Elements.size(); ++I)
          Operands.push_back(
              {View(In.Elements[I]),
               I < In.ElementExprs.size() ? In.ElementExprs[I] : nullptr,
               static_cast<unsigned>(&In - Use.Inputs.begin())});
      continue;
    }
    Operands.push_back({View(In.Device), In.E,
                        static_cast<unsigned>(&In - Use.Inputs.begin())});
  }

  switch (Use.Rule) {
  case DeviceRule::KernelLaunch:
    // The kernel runs on the GPU: a CPU tensor's memory there is a host
    // pointer. A tensor of the launch that may be there names the device.
    // Each such tensor is a defect of its own (two device-less outputs).
    for (const Operand &Odd : Operands)
      if (isRejectedCpu(Odd.Device, DeviceRule::Strict) &&
          !inPinnedMemory(Odd.Device)) {
        DeviceConflict C;
        C.Use = &Use;
        C.Odd = Odd.Device;
        C.OddExpr = Odd.E;
        // Where the kernel runs, noted at the launch (noteMeeting).
        C.Other = AbstractDevice::cuda(-1, /*Origin=*/nullptr);
        for (const Operand &Other : Operands)
          if (&Other != &Odd && !Other.Device.samePlace(Odd.Device) &&
              Other.Device.mayBeOffCpu() && !C.OtherExpr)
            C.OtherExpr = Other.E;
        // On the CPU on some paths only: the kernel may be handed it.
        C.Provable = Odd.Device.isCpu();
        Out.push_back(C);
      }
    return;
  case DeviceRule::Index: {
    // CPU indices are fine on any self; device indices on a CPU self are not.
    if (Operands.size() < 2 || !Operands[0].Device.isCpu())
      return;
    for (size_t I = 1; I < Operands.size(); ++I)
      if (Operands[I].Device.K == AbstractDevice::Kind::Cuda) {
        DeviceConflict C;
        C.Use = &Use;
        C.Odd = Operands[0].Device;
        C.OddExpr = Operands[0].E;
        C.Other = Operands[I].Device;
        C.OtherExpr = Operands[I].E;
        C.Provable = true;
        Out.push_back(C);
        return;
      }
    return;
  }
  case DeviceRule::CpuScalarInPlace:
    // The self is the output: a 0-dim CPU self does not join a device op.
    for (size_t I = 1; I < Operands.size(); ++I)
      if (auto C = pairConflict(Operands[0], DeviceRule::Strict, Operands[I],
                                DeviceRule::CpuScalar)) {
        C->Use = &Use;
        Out.push_back(*C);
        return;
      }
    return;
  case DeviceRule::IndexPut:
  case DeviceRule::MaskedFill:
    // Every operand is compared with self, under the rule's 0-dim excuse;
    // masked_fill's mask (the first argument) has none.
    for (size_t I = 1; I < Operands.size(); ++I)
      if (auto C = pairConflict(Operands[0], Operands[I],
                                Use.Rule == DeviceRule::MaskedFill && I == 1
                                    ? DeviceRule::Strict
                                    : Use.Rule)) {
        C->Use = &Use;
        Out.push_back(*C);
        return;
      }
    return;
  default:
    for (size_t I = 0; I < Operands.size(); ++I)
      for (size_t J = I + 1; J < Operands.size(); ++J)
        if (auto C =
                pairConflict(Operands[I], ruleAt(Use, Operands[I].Position),
                             Operands[J], ruleAt(Use, Operands[J].Position))) {
          C->Use = &Use;
          Out.push_back(*C);
          return;
        }
  }
}

} // namespace

std::vector<DeviceConflict> findDeviceConflicts(llvm::ArrayRef<OpUse> Uses,
                                                InputView View) {
  const auto AsRecorded = [](const AbstractDevice &D) { return D; };
  std::vector<DeviceConflict> Conflicts;
  for (const OpUse &Use : Uses)
    conflictsOf(Use, View ? View : InputView(AsRecorded), Conflicts);
  return Conflicts;
}

std::vector<DeviceConflict> findDeviceConflicts(const DeviceFlow &Flow) {
  // A parameter that every caller in the translation unit fills with host
  // data is host data: the function is a host helper, not device-neutral
  // code, and what it combines with that parameter cannot be "on another
  // device" (no conflict is claimed from the callers' side either).
  auto View = [&Flow](const AbstractDevice &D) {
    if (D.K == AbstractDevice::Kind::SameAs)
      if (const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(D.Symbol);
          Param && Flow.parameterFromCallers(Param).isCpu())
        return AbstractDevice::unknown();
    return D;
  };
  return findDeviceConflicts(Flow.opUses(), View);
}

} // namespace clang::tidy::torch::device
