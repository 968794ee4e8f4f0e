//===--- OpRules.h - libtorch op device rules, as data ----------*- C++ -*-===//
//
// What PyTorch allows and rejects per op lives in YAML (checks/device/rules/),
// not in code: rule changes between libtorch versions are data changes. This
// header is plain C++ so the yaml-cpp loader (built with RTTI) and the checks
// (built without, like Debian's LLVM) can share it.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_RULES_OPRULES_H
#define TORCHLINT_CHECKS_DEVICE_RULES_OPRULES_H

#include <string>
#include <vector>

namespace clang::tidy::torch::device {

/// How an op treats the devices of its tensor inputs.
enum class DeviceRule {
  Factory, ///< Creates on the CPU unless its TensorOptions name a device.
  InheritsDevice,   ///< Result follows an input's device (zeros_like, new_*).
  Strict,           ///< Every tensor input on one device.
  CpuScalar,        ///< Strict, but one 0-dim CPU tensor may join.
  CpuScalarInPlace, ///< CpuScalar for inputs; the in-place self has no excuse.
  Where,            ///< Strict before libtorch 2.0; 0-dim inputs moved since.
  Index,            ///< CPU index tensors allowed on any self.
  IndexPut,         ///< Indices and a 0-dim value are moved to self's device.
  MaskedFill,       ///< Mask on self's device; a 0-dim CPU value allowed.
  Copy,             ///< Any cross-device copy allowed.
  NoCheck,          ///< No device check; each result on its input's device.
  /// A CUDA kernel's launch (`kernel<<<grid, block>>>(...)`), not an op of
  /// the table: the kernel runs on the GPU, so every tensor whose memory it
  /// is handed (`t.data_ptr<T>()`, a packed accessor) must be there.
  KernelLaunch,
};

/// The operand positions (0 = self or the first tensor argument, counting
/// tensor operands only) where a CpuScalar op takes a 0-dim CPU tensor beside
/// device data, as a bit set. Where PyTorch's behaviour depends on the
/// position (`logical_and(cpu0, dev)` throws on CUDA, `logical_and(dev,
/// cpu0)` runs), a rule lists the positions; otherwise any one operand may be.
using OperandPositions = unsigned;
constexpr OperandPositions AnyOperand = ~0u;
constexpr unsigned MaxListedOperand = 31;

/// How one op treats its operands' devices: the rule, and for CpuScalar the
/// positions where a 0-dim CPU operand is excused.
struct OpDeviceRule {
  DeviceRule Rule = DeviceRule::Strict;
  OperandPositions CpuScalarAt = AnyOperand;
  /// For a module's forward: whether the module's own parameters and buffers
  /// join its inputs (false for losses, which hold none by default).
  bool ModuleState = true;

  /// Whether a 0-dim CPU tensor at operand \p Position may join device data.
  bool excusesCpuScalarAt(unsigned Position) const {
    return Position <= MaxListedOperand && (CpuScalarAt >> Position) & 1u;
  }
};

struct OpRule {
  std::string Name; ///< Qualified, e.g. "torch::stack" or "at::Tensor::add".
  DeviceRule Rule = DeviceRule::Strict;
  OperandPositions CpuScalarAt = AnyOperand; ///< `cpu_scalar_at: [1]`.
  bool ModuleState = true;                   ///< `module_state: false`.
  /// The libtorch versions the entry holds for: `since: 2` (inclusive) and
  /// `before: 2` (exclusive); empty means unbounded. Where PyTorch changed an
  /// op's behaviour, the table has one entry per range.
  std::string Since, Before;

  /// Whether the entry holds for libtorch \p Version ("1.13", "2", "2.6").
  bool holdsFor(const std::string &Version) const;
};

struct OpRuleSet {
  std::vector<OpRule> Rules;

  /// Names of the ops with \p Rule, each "torch::f" also as "at::f" (the
  /// torch:: functions forward to, or are, the at:: ones).
  std::vector<std::string> namesWith(DeviceRule Rule) const;
};

/// Parses rule YAML \p Text (named \p FileName in errors) into \p Out,
/// appending. Returns false with \p Error set to "file:line:col: message" on
/// malformed input; never throws.
bool parseOpRules(const std::string &Text, const std::string &FileName,
                  OpRuleSet &Out, std::string &Error);

/// Reads and parses the file \p Path (see parseOpRules).
bool loadOpRulesFile(const std::string &Path, OpRuleSet &Out,
                     std::string &Error);

/// The rules shipped with torchlint (checks/device/rules/torch-ops.yaml,
/// compiled in).
const OpRuleSet &builtinOpRules();

/// The built-in rules plus a project's own files (RulesOptions); a file
/// that does not load is left out (RulesOptions reports it).
OpRuleSet rulesWithProjectFiles(const std::vector<std::string> &ProjectFiles);

/// True for a LibtorchVersion option value below 2 ("1.13"); version 2 and
/// later moves 0-dim inputs of where().
bool isLibtorchBefore2(const std::string &Version);

/// Compares two libtorch versions component by component ("1.13" < "2" ==
/// "2.0" < "2.6"); a missing component counts as 0. Returns <0, 0 or >0.
int compareLibtorchVersions(const std::string &A, const std::string &B);

} // namespace clang::tidy::torch::device

#endif
