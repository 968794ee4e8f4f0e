//===--- FactoryWithoutDeviceCheck.h - torch-factory-without-device -*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_FACTORYWITHOUTDEVICECHECK_H
#define TORCHLINT_CHECKS_FACTORYWITHOUTDEVICECHECK_H

#include "clang-tidy/ClangTidyCheck.h"
#include <string>
#include <vector>

namespace clang::tidy::torch {

/// Flags a torch:: factory (torch::tensor, zeros, ones, arange, ...) called
/// without a device in code that works with device-placed tensors: the
/// factory creates on the CPU and the first op with CUDA data throws
/// "Expected all tensors to be on the same device".
///
/// For the user-facing documentation see docs/checks/torch-factory-without-device.md.
class FactoryWithoutDeviceCheck : public ClangTidyCheck {
public:
  FactoryWithoutDeviceCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

  /// How the fix spells the device: torch::device(x.device()) keeps the
  /// factory's dtype; x.options() also adopts x's dtype and layout.
  enum class FixStyle { Device, Options };

private:
  FixStyle Style;
  std::vector<std::string> Factories;
};

} // namespace clang::tidy::torch

#endif
