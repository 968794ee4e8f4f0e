//===--- UncheckedKernelLaunchCheck.cpp ---------------------------------===//
#include "UncheckedKernelLaunchCheck.h"
#include "device/flow/LaunchSyntax.h"
#include "device/flow/TransferSyntax.h"
#include "utils/CallSite.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::torch {

UncheckedKernelLaunchCheck::UncheckedKernelLaunchCheck(
    StringRef Name, ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context, /*FixesAddIncludes=*/true),
      LaunchCheck(Options.get("LaunchCheck", "C10_CUDA_KERNEL_LAUNCH_CHECK()")),
      LaunchCheckHeader(
          Options.get("LaunchCheckHeader", "<c10/cuda/CUDAException.h>")) {}

void UncheckedKernelLaunchCheck::storeOptions(
    ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "LaunchCheck", LaunchCheck);
  Options.store(Opts, "LaunchCheckHeader", LaunchCheckHeader);
}

void UncheckedKernelLaunchCheck::registerPPCallbacks(
    const SourceManager &SM, Preprocessor *Unit, Preprocessor *ModuleExpander) {
  FunctionBodyCheck::registerPPCallbacks(SM, Unit, ModuleExpander);
  PP = Unit;
}

void UncheckedKernelLaunchCheck::checkFunction(const FunctionDecl *Fn,
                                               ASTContext &Ctx) {
  std::vector<device::KernelLaunchSite> Launches =
      device::ownKernelLaunches(Fn, Ctx);
  if (Launches.empty())
    return;
  // What is known of the unit's calls and bodies holds for its whole AST.
  if (ChecksOf != &Ctx) {
    ErrorChecks = std::make_unique<device::LaunchErrorChecks>(Ctx);
    ChecksOf = &Ctx;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  for (const device::KernelLaunchSite &Site : Launches) {
    if (ErrorChecks->isChecked(Site))
      continue;
    const CUDAKernelCallExpr *Launch = Site.Launch;
    const SourceLocation Loc = SM.getFileLoc(Launch->getBeginLoc());
    std::optional<FixItHint> Fix = checkAfter(Launch, Ctx);
    auto Diag =
        diag(Loc, "CUDA kernel '%0' is launched without a check of the launch "
                  "error; a launch that fails (a bad grid or block size, too "
                  "much shared memory, no code for this GPU) is reported by "
                  "whichever CUDA call comes next, far from here")
        << device::kernelName(Launch);
    // The statement added does not depend on a template's types, so it
    // goes on the warning in a shared template too.
    if (Fix) {
      Diag << *Fix;
      // `C10_CUDA_KERNEL_LAUNCH_CHECK` of `C10_CUDA_KERNEL_LAUNCH_CHECK()`.
      const StringRef Macro = StringRef(LaunchCheck).take_while([](char C) {
        return isAsciiIdentifierContinue(C);
      });
      if (!PP || !PP->isMacroDefined(Macro))
        if (auto Include = includeHeader(Loc, SM, LaunchCheckHeader))
          Diag << *Include;
    }
  }
}

std::optional<FixItHint>
UncheckedKernelLaunchCheck::checkAfter(const CUDAKernelCallExpr *Launch,
                                       ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const SourceLocation Begin = device::editableLoc(Launch->getBeginLoc(), SM);
  const SourceLocation End = device::editableLoc(Launch->getEndLoc(), SM);
  if (Begin.isInvalid() || End.isInvalid())
    return std::nullopt;
  // Only a launch that is a statement of a block: elsewhere (the body of an
  // unbraced `if`) a statement after it would run on other paths too.
  if (!device::wrappedParent(Launch, Ctx).get<CompoundStmt>())
    return std::nullopt;
  const SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(End, tok::semi, SM, Ctx.getLangOpts(),
                                    /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isInvalid())
    return std::nullopt;
  return FixItHint::CreateInsertion(
      AfterSemi,
      ("\n" + Lexer::getIndentationForLine(Begin, SM) + LaunchCheck + ";")
          .str());
}

} // namespace clang::tidy::torch
