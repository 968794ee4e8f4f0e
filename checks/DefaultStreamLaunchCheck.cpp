//===--- DefaultStreamLaunchCheck.cpp -----------------------------------===//
#include "DefaultStreamLaunchCheck.h"
#include "device/findings/KernelLaunches.h"
#include "device/flow/LaunchSyntax.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch {

DefaultStreamLaunchCheck::DefaultStreamLaunchCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context, /*FixesAddIncludes=*/true),
      CurrentStream(
          Options.get("CurrentStream", "at::cuda::getCurrentCUDAStream()")),
      CurrentStreamHeader(
          Options.get("CurrentStreamHeader", "<ATen/cuda/CUDAContext.h>")) {}

void DefaultStreamLaunchCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  FunctionBodyCheck::storeOptions(Opts);
  Options.store(Opts, "CurrentStream", CurrentStream);
  Options.store(Opts, "CurrentStreamHeader", CurrentStreamHeader);
}

void DefaultStreamLaunchCheck::checkFunction(const FunctionDecl *Fn,
                                             ASTContext &Ctx) {
  std::vector<device::KernelLaunchSite> Launches =
      device::ownKernelLaunches(Fn, Ctx);
  if (Launches.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  // Memory work left on the default stream would no longer be ordered with
  // a launch once it moves to another stream.
  const CallExpr *LeftBehind = device::defaultStreamMemoryWork(Fn, Ctx);
  const FixSafety Safety = LeftBehind ? FixSafety::Unsafe : FixSafety::Safe;
  // The stream named does not depend on a template's types: a safe fix goes
  // on the warning in a shared template too.
  const bool OnWarning = Safety == FixSafety::Safe || fixOnWarning(Safety);
  for (const device::KernelLaunchSite &Site : Launches) {
    const device::LaunchStream Stream = device::streamOf(Site.Launch, Ctx);
    if (Stream.Which == device::LaunchStream::Named)
      continue;
    // Only code that runs on PyTorch's tensors shares their streams.
    const Expr *Tensor = device::tensorHandedTo(Site, Ctx);
    if (!Tensor)
      continue;
    const SourceLocation Loc = SM.getFileLoc(Site.Launch->getBeginLoc());
    std::vector<FixItHint> Fixes =
        currentStreamFix(Site.Launch, Stream.Written, Ctx);
    {
      auto Diag =
          diag(Loc,
               "CUDA kernel '%0' is launched on the legacy default stream, "
               "not on PyTorch's current stream; it is not ordered with the "
               "work queued on its tensors when the caller uses a stream of "
               "its own or captures a CUDA graph")
          << device::kernelName(Site.Launch);
      if (!Fixes.empty() && OnWarning)
        Diag << Fixes;
    }
    diag(SM.getFileLoc(Tensor->getBeginLoc()),
         "it is handed the memory of this tensor", DiagnosticIDs::Note);
    if (LeftBehind)
      diag(SM.getFileLoc(LeftBehind->getBeginLoc()),
           "'%0' here stays on the default stream, no longer ordered with "
           "the launch once it runs on the current stream",
           DiagnosticIDs::Note)
          << LeftBehind->getDirectCallee()->getName();
    if (!Fixes.empty() && !OnWarning)
      offerFixOnNote(Loc, Fixes, Safety,
                     "the order of the launch and that memory work");
  }
}

std::vector<FixItHint> DefaultStreamLaunchCheck::currentStreamFix(
    const CUDAKernelCallExpr *Launch, const Expr *Written, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const CallExpr *Config = Launch->getConfig();
  std::vector<FixItHint> Fixes;
  if (Written) {
    const CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Written->getSourceRange()), SM,
        Ctx.getLangOpts());
    if (Range.isInvalid())
      return {};
    Fixes.push_back(FixItHint::CreateReplacement(Range, CurrentStream));
  } else {
    // `<<<grid, block>>>` or `<<<grid, block, shared>>>`: the stream goes
    // before the `>>>`, after a shared-memory size of 0 where none is given.
    const SourceLocation Close =
        device::editableLoc(Config->getRParenLoc(), SM);
    if (Close.isInvalid())
      return {};
    const bool SharedGiven = !llvm::isa<CXXDefaultArgExpr>(Config->getArg(2));
    Fixes.push_back(FixItHint::CreateInsertion(
        Close, (SharedGiven ? ", " : ", 0, ") + CurrentStream));
  }
  const bool PyTorchsStream =
      StringRef(CurrentStream).starts_with("at::cuda::") ||
      StringRef(CurrentStream).starts_with("c10::cuda::");
  if (!PyTorchsStream ||
      !device::declaresInC10Cuda(Ctx, "getCurrentCUDAStream"))
    if (auto Include =
            includeHeader(Launch->getBeginLoc(), SM, CurrentStreamHeader))
      Fixes.push_back(*Include);
  return Fixes;
}

} // namespace clang::tidy::torch
