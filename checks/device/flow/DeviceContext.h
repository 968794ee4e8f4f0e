//===--- DeviceContext.h - what in scope tells where code runs --*- C++ -*-===//
//
// A function that receives a tensor, a device or a module (or is a method of a
// class holding one) is device-aware: its tensors should follow that device. A
// device-less factory in such code meets that device. This collects the
// device sources visible at a statement and picks the one a fix should follow.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_DEVICECONTEXT_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_DEVICECONTEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <string>
#include <vector>

namespace clang::tidy::torch::device {

struct DeviceSource {
  enum class Carrier { Tensor, Device, Module };
  enum class Origin { Parameter, Member, Local };
  const ValueDecl *Decl = nullptr;
  Carrier What = Carrier::Tensor;
  Origin Where = Origin::Parameter;

  /// The expression naming this source's device at the point of use, e.g.
  /// "x.device()" or "device"; empty for modules (no cheap spelling).
  std::string deviceSpelling() const;
  /// A short description for notes, e.g. "parameter 'x'".
  std::string describe() const;
};

/// A local that carries a device: a torch::Device, or a tensor placed on a
/// device by its initializer; Scope is the innermost statement it is
/// visible in (null: the whole body).
struct DeviceLocal {
  const VarDecl *Var;
  DeviceSource::Carrier What;
  const Stmt *Scope;
};

/// The device-carrying locals of each body of the function being analysed,
/// gathered once per function (every placement asks, and a generated
/// function has thousands); the unit's DeviceModel keeps them.
struct DeviceLocalsCache {
  /// The FunctionParentScope they were gathered under; stale once it changes.
  uint64_t Scope = 0;
  llvm::DenseMap<const Stmt *, std::vector<DeviceLocal>> ByBody;
};

class DeviceContext {
public:
  /// Sources visible at \p At inside \p Fn: parameters, members of the
  /// enclosing class, torch::Device locals and tensor locals placed on a
  /// device, declared before \p At. Inside a lambda, the enclosing function's
  /// sources count only when the lambda captures by default.
  static DeviceContext collect(const FunctionDecl *Fn, const Stmt *At,
                               ASTContext &Ctx);

  bool empty() const { return Sources.empty(); }
  const llvm::SmallVector<DeviceSource, 4> &sources() const { return Sources; }

  /// The source a fix for \p At should follow: a tensor or device that \p At
  /// is combined with in the same expression, else the nearest device
  /// variable, else the first tensor parameter, else a placed local, else a
  /// member. May be a module (then no spelling exists), or null when empty.
  const DeviceSource *bestFor(const Stmt *At, ASTContext &Ctx) const;

private:
  llvm::SmallVector<DeviceSource, 4> Sources;
};

/// The device a fix passes to a checkpoint read at \p Load in \p Fn: the
/// nearest torch::Device variable, else a device parameter or member, else
/// a local tensor placed on a device; none where only tensor parameters or
/// modules are in scope (they do not show that the code runs on a device),
/// or where another variable hides the source's name at the load.
std::optional<DeviceSource>
deviceSourceForLoad(const FunctionDecl *Fn, const Stmt *Load, ASTContext &Ctx);

} // namespace clang::tidy::torch::device

#endif
