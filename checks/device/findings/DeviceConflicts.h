//===--- DeviceConflicts.h - op calls PyTorch would reject ------*- C++ -*-===//
//
// Applies each op's device rule (checks/device/rules/torch-ops.yaml) to the
// inputs' abstract devices recorded by DeviceFlow. The mixed-device and the
// device-less factory findings read the result; a conflict whose odd input
// comes from a device-less factory is the factory's defect (its fix repairs
// it), every other one a mixed-device op (FindingOwners decides).
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_DEVICECONFLICTS_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_DEVICECONFLICTS_H

#include "device/flow/DeviceFlow.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang::tidy::torch::device {

struct DeviceConflict {
  const OpUse *Use = nullptr;
  /// The input that PyTorch would reject (the CPU one, where one is).
  AbstractDevice Odd;
  const Expr *OddExpr = nullptr; ///< Null for list elements not written inline.
  /// An input on a device the odd one does not match.
  AbstractDevice Other;
  const Expr *OtherExpr = nullptr;
  bool Provable = false; ///< Both devices concrete and different.
  bool InList = false;   ///< Both inputs are elements of one list argument.

  /// True when the odd input was made by a factory without a device: the
  /// factory check reports it, with a fix at the factory.
  bool fromDeviceLessFactory() const { return Odd.fromDeviceLessFactory(); }
  /// The odd input's memory is handed to a CUDA kernel.
  bool atKernelLaunch() const {
    return Use && Use->Rule == DeviceRule::KernelLaunch;
  }
};

/// Every op call in \p Flow whose inputs PyTorch rejects or may reject.
std::vector<DeviceConflict> findDeviceConflicts(const DeviceFlow &Flow);

/// What an input is taken to be before its op's rule is applied.
using InputView = llvm::function_ref<AbstractDevice(const AbstractDevice &)>;
/// The same for op uses from anywhere (a unit test builds its own), each
/// input seen through \p View when one is given (what if this value lived
/// elsewhere).
std::vector<DeviceConflict> findDeviceConflicts(llvm::ArrayRef<OpUse> Uses,
                                                InputView View = nullptr);

} // namespace clang::tidy::torch::device

#endif
