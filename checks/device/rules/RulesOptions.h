//===--- RulesOptions.h - the options that choose the op rules -*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_DEVICE_RULES_RULESOPTIONS_H
#define TORCHLINT_CHECKS_DEVICE_RULES_RULESOPTIONS_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::torch::device {

/// The options that choose the rules of the device model, and so configure
/// every torch check at once: `LibtorchVersion` and `RulesFile`. Each may be
/// set for all checks (`CheckOptions: {RulesFile: ...}`) or under any torch
/// check's name: a rules file named under one check reaches all of them.
/// A relative RulesFile is resolved against the directory of the
/// `.clang-tidy` that names it, so that the editor and CI, started from
/// different directories, read the same file; a value given on the command
/// line (no `.clang-tidy` names it) is resolved against the working
/// directory.
struct RulesOptions {
  std::string LibtorchVersion = "2";
  /// Absolute paths of the project's rule files that load, in a stable order.
  std::vector<std::string> RulesFiles;
  /// What is wrong with the configuration, worded for the user; a bad rules
  /// file is left out and the rest still applies.
  std::vector<std::string> Problems;
  /// Set by the first check of the unit that reports Problems, so that they
  /// are reported once.
  mutable bool ProblemsReported = false;

  /// The options of \p Context; the unit's DeviceModel reads them once.
  static RulesOptions read(const ClangTidyContext &Context);

  /// Options that every torch check accepts, whichever check's name they
  /// are set under.
  static bool isModuleWide(llvm::StringRef Option);
};

} // namespace clang::tidy::torch::device

#endif
