//===--- CalleeSummaries.h - what the flow needs of a callee --*- C++ -*-===//
//
// The flow of one function applies what the functions it calls do, and reads
// where a parameter or member lives from outside it. It asks through this
// interface; summaries/FunctionSummaries answers by analysing those
// functions with the flow in turn, so the flow never depends on how.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_CALLEESUMMARIES_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_CALLEESUMMARIES_H

#include "device/flow/DeviceFlow.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace clang::tidy::torch::device {

/// What a call passes through a function, in terms of its parameters and
/// its class's members.
struct FunctionSummary {
  /// The definition summarised: its parameters are the ones named below.
  const FunctionDecl *Definition = nullptr;
  /// Parameters whose memory the function reads on the host.
  llvm::SmallVector<const ParmVarDecl *, 2> HostParams;
  /// The op calls (in the function or in what it calls) where a parameter
  /// meets another parameter or a member.
  std::vector<OpUse> Meetings;
  /// Where the result lives: the device of a parameter or member, or
  /// unknown.
  AbstractDevice Result;
  /// For a function returning a list of tensors: where its elements live
  /// (each the device of a parameter or member, or a concrete device);
  /// none when that is not known.
  std::optional<llvm::SmallVector<AbstractDevice, 4>> ResultElements;
  /// For a function returning a std::pair or std::tuple: where each element
  /// lives, by position (a parameter's or member's device, a concrete one,
  /// or unknown); none when no element is known.
  std::optional<llvm::SmallVector<AbstractDevice, 4>> ResultParts;
  /// A module parameter the function moves in place on every path through
  /// it (`m->to(d)`, itself or through a function it calls), and where it
  /// leaves it: a parameter's device (`d`), a concrete one, or unknown. The
  /// device's Origin is the move.
  struct ModuleMoveEffect {
    const ParmVarDecl *Module = nullptr;
    AbstractDevice Device;
  };
  llvm::SmallVector<ModuleMoveEffect, 1> MovedModules;
};

/// What the flow of a function asks about code outside its body.
class CalleeSummaries {
public:
  virtual ~CalleeSummaries() = default;

  /// The summary of the function \p Call calls, or null when it has none
  /// (recursive, virtual, library code, or past the analysis' limits).
  virtual const FunctionSummary *of(const CallExpr *Call, ASTContext &Ctx) = 0;

  /// Where \p Param lives at every call of its function, when the
  /// translation unit holds them all and they agree on a concrete device;
  /// unknown otherwise.
  virtual AbstractDevice parameterFromCallers(const ParmVarDecl *Param,
                                              ASTContext &Ctx) = 0;

  /// Where the member \p Field of `*this` lives when a method (not a
  /// constructor) of its class starts; unknown when that is not decided by
  /// the class's constructors alone.
  virtual AbstractDevice memberOnEntry(const FieldDecl *Field,
                                       ASTContext &Ctx) = 0;
};

} // namespace clang::tidy::torch::device

#endif
