//===--- FunctionBodyCheck.h - the base of the torch-* checks --*- C++ -*-===//
#ifndef TORCHLINT_CHECKS_UTILS_FUNCTIONBODYCHECK_H
#define TORCHLINT_CHECKS_UTILS_FUNCTIONBODYCHECK_H

#include "device/DeviceModel.h"
#include "device/findings/FindingOwners.h"
#include "device/rules/RulesOptions.h"
#include "device/summaries/DeviceFlowConfig.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/utils/IncludeInserter.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::torch {

/// Base of the torch-* checks: each analyses user code one function or
/// lambda body at a time (forEachFunctionBody), within a FunctionParentScope.
/// clang-tidy matches over the whole translation unit, libtorch's headers
/// included: a matcher on every FunctionDecl cost more than the checks'
/// analysis (bench/), so the one matcher is translationUnitDecl() and the
/// walk skips libtorch's declarations whole (LibraryCode.h).
class FunctionBodyCheck : public ClangTidyCheck {
public:
  /// A check some of whose fixes need a header (the runtime library's,
  /// CUDA's) passes FixesAddIncludes: it gets the IncludeStyle option,
  /// includeHeader() and includeRuntime().
  FunctionBodyCheck(StringRef Name, ClangTidyContext *Context,
                    bool FixesAddIncludes = false);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CPlusPlus;
  }

protected:
  virtual void checkFunction(const FunctionDecl *Fn, ASTContext &Ctx) = 0;

  /// Whether the check still runs after a fatal error (a missing #include).
  /// clang then instantiates no more templates and calls lose their types,
  /// so checks that reason about where data lives stay silent; a check that
  /// needs only the statement itself (a discarded `t.to(d);`) keeps going.
  virtual bool runsAfterFatalError() const { return false; }

  /// The device flow of \p Fn. Where the analysis gave up on it, the
  /// DebugAnalysis option says so with a remark at the function.
  std::shared_ptr<const device::DeviceFlow>
  analyzeFlow(const device::DeviceFlowConfig &Config, const FunctionDecl *Fn,
              ASTContext &Ctx);

  /// Fix safety. A fix that cannot change what the program computes on any
  /// device (a device for a factory whose result meets that device, `t =`
  /// before a discarded `.to`) goes on the warning, and `--fix` applies it.
  /// A fix that changes where data lives on some path (replacing `.cuda()`,
  /// moving an operand, giving a load a device) is unsafe: under the option
  /// UnsafeFixes it goes on the warning too; otherwise the check emits the
  /// warning without it and then calls offerFixOnNote, whose note carries it
  /// (editors offer it as a quick fix, `--fix` leaves it).
  ///
  /// A template instantiated more than once in the file gets its fixes on a
  /// note too: its code serves types the fix was not made for (a `t = `
  /// that compiles for a `Tensor` does not for a `const Tensor &`).
  enum class FixSafety { Safe, Unsafe };
  bool fixOnWarning(FixSafety Safety) const {
    return !InSharedTemplate && (Safety == FixSafety::Safe || UnsafeFixes);
  }
  /// The note carrying \p Fixes when fixOnWarning kept them off the
  /// warning; nothing otherwise.
  /// \p Changes says what the fix changes that makes it unsafe.
  void offerFixOnNote(SourceLocation Loc, llvm::ArrayRef<FixItHint> Fixes,
                      FixSafety Safety, StringRef Changes = "where data lives");

  /// The header a fix that calls the runtime library needs.
  static constexpr llvm::StringLiteral RuntimeHeader =
      "<torchlint/torchlint.h>";
  /// The `#include` of \p Header (`<c10/cuda/CUDAException.h>`) that a fix
  /// adds to the file of \p Loc, in the IncludeStyle's place; none where the
  /// file includes it already (or the check was not made FixesAddIncludes).
  std::optional<FixItHint>
  includeHeader(SourceLocation Loc, const SourceManager &SM, StringRef Header);
  /// includeHeader for a fix that calls the runtime library.
  std::optional<FixItHint> includeRuntime(SourceLocation Loc,
                                          const SourceManager &SM) {
    return includeHeader(Loc, SM, RuntimeHeader);
  }
  /// The fix that calls \p RuntimeFunction (`torchlint::stack`) where \p
  /// Call calls a free function by name (`torch::stack(xs)`), keeping the
  /// arguments, with the runtime's #include. None for a callee that is not a
  /// plain name or is spelled in a macro.
  std::vector<FixItHint> callRuntimeInstead(const CallExpr *Call,
                                            llvm::StringRef RuntimeFunction,
                                            const SourceManager &SM);

  /// One defect, one warning: whether this check leaves \p Defect to the
  /// check that owns it (FindingOwners.h), because that one is enabled.
  bool leftToOwner(device::SharedDefect Defect) const {
    return Owners.leftToOwner(Defect, getID());
  }

  /// ClangTidyCheck::diag, reporting a template's defect once. Templates are
  /// analysed in their definition and again in each instantiation
  /// (forEachFunctionBody); every instantiation reports at the template's own
  /// spelling, so a warning an instantiation repeats (same place, same
  /// message) is dropped, with its notes.
  using ClangTidyCheck::diag;
  DiagnosticBuilder diag(SourceLocation Loc, StringRef Description,
                         DiagnosticIDs::Level Level = DiagnosticIDs::Warning);

  /// Checks that option \p Option holds valid regular expressions (\p
  /// Patterns, split at \p Separator when given); each bad one becomes a
  /// configuration problem.
  void validatePatterns(StringRef Option, StringRef Patterns,
                        char Separator = 0);

private:
  /// Configuration problems are errors at the top of the main file, so that
  /// the editor shows them as well as the command line: this check's own
  /// (options it does not have, bad patterns), and once per translation
  /// unit, by whichever check runs first, those of the options every check
  /// shares (RulesOptions).
  void reportConfiguration(ASTContext &Ctx);
  const ClangTidyContext &TidyContext;
  /// The unit's device model, which the unit's checks share: held while
  /// this check lives, made current while it analyses.
  std::shared_ptr<device::DeviceModel> Model;
  std::vector<std::string> OwnProblems;

  const bool DebugAnalysis;
  const bool UnsafeFixes;
  const device::FindingOwners Owners;
  std::optional<tidy::utils::IncludeInserter> FixIncludes;
  /// The warnings of this translation unit: where, and which message.
  std::set<std::pair<SourceLocation::UIntTy, std::string>> Reported;
  bool InInstantiation = false;
  bool InSharedTemplate = false;
};

} // namespace clang::tidy::torch

#endif
