//===--- DeviceMigration.h - devices negotiated in forward ------*- C++ -*-===//
//
// Seed 001: inside a module's forward path, devices are negotiated on every
// call instead of being fixed once, at set-up:
//
//  - state (a tensor member, a submodule, the module itself, its registered
//    parameters) is moved to follow an input: `mean_ = mean_.to(x.device())`,
//    `this->to(x.device())`;
//  - an input is moved to follow the state: `auto x =
//  input.to(mean_.device())`.
//
// A plain tensor member that keeps its moved copy (`C0 = C0.to(x.device())`)
// is placed lazily, once, where the data first comes: not a migration. A
// registered one is, and its copy leaves the module's registration behind.
//
// Either way every call pays a hidden copy when the devices differ, compiled
// or traced code bakes (or breaks on) the move, and a misplaced module or
// input is masked instead of failing. This decides, for a `.to()`/`type_as()`
// call, whether it is such a migration. It is a finding of its own; the
// fixes of discarded moves and fixed devices ask it so they never create one.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_DEVICEMIGRATION_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_DEVICEMIGRATION_H

#include "device/flow/DeviceFlow.h"
#include "device/summaries/DeviceFlowConfig.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy {
class ClangTidyCheck;
class ClangTidyContext;
} // namespace clang::tidy

namespace clang::tidy::torch::device {

/// Where a call sits in a class's forward path, or in another method that
/// runs per call on the data it receives (`update(x)`, `normalize(x)`).
struct ForwardPath {
  const FunctionDecl *Where = nullptr;   ///< The function holding the call.
  const CXXMethodDecl *Method = nullptr; ///< Its method (through lambdas).
  /// The forward method reaching it; null in a method no forward method
  /// reaches.
  const CXXMethodDecl *Entry = nullptr;
};

/// Module state: a member, the module itself, its registered tensors.
struct StateRef {
  /// The member, or null for the module itself / its registered tensors.
  const FieldDecl *Member = nullptr;
  bool IsModule = false; ///< A module (in-place `to`), not a tensor.
  /// "mean_", "stats.mean", "this", "parameters" or "buffers".
  std::string Name;

  /// "'mean_'", "module 'head'", "the module", "the module's parameters".
  std::string describe() const;
  /// True for "the module's parameters" (a plural subject).
  bool isRegisteredTensors() const { return !Member && Name != "this"; }
};

struct Migration {
  enum class Direction {
    StateFollowsInput, ///< `mean_ = mean_.to(x.device())`
    InputFollowsState, ///< `auto y = x.to(mean_.device())`
  };
  Direction Dir = Direction::StateFollowsInput;
  ForwardPath Path;
  StateRef State; ///< Moved (StateFollowsInput) or followed.
  /// The input parameter followed (StateFollowsInput) or moved (the parameter
  /// the moved variable derives from).
  const ParmVarDecl *Input = nullptr;
  std::string InputName; ///< The moved input as named at the call.
  /// The moved copy replaces a tensor member the module registered
  /// (`mean_ = mean_.to(x.device())` after `mean_ = register_buffer(...)`):
  /// the module keeps saving, loading and moving the old tensor.
  bool LeavesRegistration = false;
};

/// A note explaining that \p What ("assigning the result", "following
/// parameter 'x'") would create the migration \p M: why a fix is withheld.
void noteWouldMigrate(ClangTidyCheck &Check, const Migration &M,
                      llvm::StringRef What);

class MigrationFinder {
public:
  static constexpr llvm::StringLiteral DefaultForwardMethods =
      "forward;operator()";

  /// \p ForwardMethods: semicolon-separated method names
  /// (`forward;operator()`). \p AllowedNames: semicolon-separated regexes
  /// (anchored) of the names of tensors allowed to migrate (state or inputs).
  /// \p Flow: the device model asked which input a device comes from.
  MigrationFinder(llvm::StringRef ForwardMethods, llvm::StringRef AllowedNames,
                  DeviceFlowConfig Flow);

  /// Where \p Fn (a method, or a lambda inside one) sits in its class's
  /// forward path, if it does.
  std::optional<ForwardPath> forwardPath(const FunctionDecl *Fn);

  /// \p Fn as a method that runs per call outside the forward path: an
  /// instance method (not a constructor, destructor or assignment) of a
  /// class, or a lambda in one. There only state following an input tensor
  /// that the method also computes with is a migration (statistics moved
  /// in `update(x)`/`normalize(x)`); a method that takes a device, or a tensor
  /// only to read its device (`place(example)`), sets up.
  static std::optional<ForwardPath> perCallPath(const FunctionDecl *Fn);

  /// Where a move in \p Fn is judged: its forward path, else per call.
  std::optional<ForwardPath> migrationPath(const FunctionDecl *Fn);

  /// Whether state that follows \p Input's device at \p Path moves per
  /// call: always in a forward path; elsewhere only for an input tensor
  /// the method also computes with (not one it reads for its device).
  static bool followedPerCall(const ParmVarDecl *Input,
                              const ForwardPath &Path);

  /// True when \p D is an input of the forward path at \p Fn: a tensor,
  /// device or options parameter of \p Fn or of the lambdas and the method
  /// around it.
  static bool isInput(const ValueDecl *D, const FunctionDecl *Fn);

  /// \p Call (a tensor's `to`/`type_as` or a module's `to`) migrates in a
  /// forward path, in either direction; allowed names excluded. \p
  /// AssignedBack: judge it as if its result were assigned back to its
  /// receiver (a discarded move's fix), which keeps a plain member where
  /// the data first comes, as written assignments do.
  std::optional<Migration> analyse(const CXXMemberCallExpr *Call,
                                   const FunctionDecl *Fn, ASTContext &Ctx,
                                   bool AssignedBack = false);

  /// \p Call (`t.cuda()`, `t.to(torch::kCUDA)`, `m->to(torch::kCUDA)`) would
  /// migrate if its device were taken from \p Target instead (a fix's
  /// replacement): state following an input, or an input following state.
  std::optional<Migration> wouldMigrate(const CXXMemberCallExpr *Call,
                                        const FunctionDecl *Fn,
                                        const ValueDecl *Target,
                                        ASTContext &Ctx);

private:
  /// Methods of \p Class reachable from its forward methods through calls on
  /// `this`, each mapped to the forward method that reaches it.
  const llvm::DenseMap<const FunctionDecl *, const CXXMethodDecl *> &
  reachable(const CXXRecordDecl *Class);

  bool allowed(llvm::StringRef Name) const;

  /// The input of the forward path at \p Fn whose device \p E carries
  /// before its statement, as the device model sees it: `x.device()`,
  /// `x.options()`, `x.view(...)`, a local holding one of them.
  const ParmVarDecl *inputBehind(const Expr *E, const FunctionDecl *Fn,
                                 ASTContext &Ctx) const;

  /// The input that the moved tensor \p Object is (a parameter, a view of
  /// one, a local holding one), with \p Name as written at the move; none
  /// when either name is allowed to migrate.
  const ParmVarDecl *movedInput(const Expr *Object, const FunctionDecl *Fn,
                                ASTContext &Ctx, std::string &Name) const;

  DeviceFlowConfig Flow;

  std::vector<std::string> ForwardNames;
  std::vector<std::unique_ptr<llvm::Regex>> Allowed;
  llvm::DenseMap<const CXXRecordDecl *,
                 llvm::DenseMap<const FunctionDecl *, const CXXMethodDecl *>>
      Reachable;
};

} // namespace clang::tidy::torch::device

#endif
