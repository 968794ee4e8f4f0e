//===--- HeldModules.h - where a plain class's module lives -----*- C++ -*-===//
//
// A module a plain class (not a module) holds is where that class's code puts
// it, as the class's tensor members are. What the unit shows of that code
// decides whether the module is evidence that data meeting it may be off the
// CPU: a class that moves or loads it onto a device says so; one that builds
// it and never moves it keeps it on the CPU; one that takes it from its
// creator, or whose set-up the unit sees only in part, leaves it where code
// out of view put it; one that loads it from a file leaves it where the file
// was saved.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_HELDMODULES_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_HELDMODULES_H

#include "clang/AST/Decl.h"

#include <optional>

namespace clang::tidy::torch::device {

enum class HeldModulePlace {
  /// Moved or loaded off the CPU by the class (`model_->to(device_)`,
  /// `torch::load(model_, path, device)`).
  PlacedOffCpu,
  /// Built by the class (`policy(size)`, `std::make_shared<Net>()`, a copy
  /// of another module it built) and never moved or loaded: on the CPU.
  KeptOnCpu,
  /// Filled from a file without a device (`torch::load(model_, path)`) and
  /// never moved: where the file was saved, which the checkpoint-load
  /// findings judge where the module runs.
  LoadedWhereSaved,
  /// Taken from a parameter of a constructor or set-up method, or set up
  /// by code the unit does not see: where that code put it.
  WhereGiverPut,
  /// None of these shown (a public member of an aggregate its creator
  /// fills): a module, movable by design.
  Movable,
};

/// Where \p Member lives, for a module member of a plain class; nothing for
/// any other member. A class template's instantiation holds only the
/// methods a use instantiated, and its own code is dependent: its modules
/// are Movable.
std::optional<HeldModulePlace> heldModulePlace(const FieldDecl *Member);

} // namespace clang::tidy::torch::device

#endif
