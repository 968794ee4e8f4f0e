//===--- UncheckedKernelInputCheck.cpp ----------------------------------===//
#include "UncheckedKernelInputCheck.h"
#include "device/findings/FindingNotes.h"
#include "device/findings/ProjectCalls.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

namespace clang::tidy::torch {

UncheckedKernelInputCheck::UncheckedKernelInputCheck(StringRef Name,
                                                     ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context) {}

void UncheckedKernelInputCheck::registerPPCallbacks(
    const SourceManager &SM, Preprocessor *Unit, Preprocessor *ModuleExpander) {
  FunctionBodyCheck::registerPPCallbacks(SM, Unit, ModuleExpander);
  PP = Unit;
}

/// Whether the unit hands \p Fn to callers that may pass tensors on any
/// device: a pybind11 or torch::Library `def`. A registration for the CUDA
/// dispatch key (`m.impl` in `TORCH_LIBRARY_IMPL(ns, CUDA, m)`) is reached
/// only when its inputs are on CUDA.
static std::optional<device::Binding> everyDeviceBinding(const FunctionDecl *Fn,
                                                         ASTContext &Ctx) {
  std::optional<device::Binding> Bound =
      device::DeviceModel::current().unitCallers().bindingOf(Fn, Ctx);
  const auto *Method = llvm::dyn_cast_or_null<CXXMethodDecl>(
      Bound ? Bound->Call->getDirectCallee() : nullptr);
  if (!Method || device::isNamed(Method, "impl"))
    return std::nullopt;
  return Bound;
}

void UncheckedKernelInputCheck::checkFunction(const FunctionDecl *Fn,
                                              ASTContext &Ctx) {
  if (llvm::isa<CXXMethodDecl>(Fn) || !Fn->getBody())
    return;
  std::optional<device::Binding> Bound = everyDeviceBinding(Fn, Ctx);
  if (!Bound)
    return;
  if (InputsOf != &Ctx) {
    Inputs = std::make_unique<device::KernelInputChecks>(Ctx);
    InputsOf = &Ctx;
  }
  std::vector<device::UncheckedKernelInput> Unchecked =
      Inputs->uncheckedInputs(Fn);
  // One handed to a function of another unit is latent: a driver that sees
  // that unit keeps it where the function launches with it.
  auto Latent = std::stable_partition(
      Unchecked.begin(), Unchecked.end(),
      [](const device::UncheckedKernelInput &I) { return !I.Elsewhere; });
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto It = Latent; It != Unchecked.end(); ++It)
    if (device::recordLaunchLatentFinding(
            getID(), SM.getFileLoc(It->Param->getLocation()), It->Elsewhere,
            {It->ElsewhereParam}, /*Unchecked=*/true, Ctx))
      report(Fn, *Bound, llvm::ArrayRef(&*It, 1), Ctx);
  Unchecked.erase(Latent, Unchecked.end());
  if (!Unchecked.empty())
    report(Fn, *Bound, Unchecked, Ctx);
}

void UncheckedKernelInputCheck::report(
    const FunctionDecl *Fn, const device::Binding &Bound,
    llvm::ArrayRef<device::UncheckedKernelInput> Unchecked, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Names;
  for (const device::UncheckedKernelInput &Input : Unchecked)
    Names += (Names.empty() ? "'" : ", '") + Input.Param->getName().str() + "'";
  const device::UncheckedKernelInput &First = Unchecked.front();
  {
    auto Diag =
        First.Elsewhere
            ? diag(SM.getFileLoc(First.Param->getLocation()),
                   "tensor %1 reaches a CUDA kernel through '%2', defined in "
                   "another file, with no check that it is a CUDA tensor; "
                   "'%3' is called with tensors on any device, and a CPU "
                   "tensor hands the kernel host memory")
            : diag(SM.getFileLoc(First.Param->getLocation()),
                   "%select{tensor %1 reaches|tensors %1 reach}0 CUDA kernel "
                   "'%2' with no check that %select{it is a CUDA tensor|they "
                   "are CUDA tensors}0; '%3' is called with tensors on any "
                   "device, and a CPU tensor hands the kernel host memory");
    Diag << (Unchecked.size() > 1) << Names
         << (First.Elsewhere ? device::calleeName(First.Elsewhere)
                             : First.Kernel)
         << Fn->getName();
    // The checks go first in the body, where every parameter is in scope.
    const auto *Body = llvm::dyn_cast<CompoundStmt>(Fn->getBody());
    const Stmt *Before =
        Body && !Body->body_empty() ? Body->body_front() : nullptr;
    SourceLocation At = Before ? Before->getBeginLoc() : SourceLocation();
    // A statement that is a macro's expansion (`TORCH_CHECK(...)`): before
    // the macro's name.
    if (SourceLocation MacroBegin;
        At.isMacroID() && Lexer::isAtStartOfMacroExpansion(
                              At, SM, Ctx.getLangOpts(), &MacroBegin))
      At = MacroBegin;
    if (At.isValid() && !At.isMacroID() && PP &&
        PP->isMacroDefined("TORCH_CHECK")) {
      const StringRef Indent = Lexer::getIndentationForLine(At, SM);
      std::string Checks;
      for (const device::UncheckedKernelInput &Input : Unchecked) {
        const std::string Name = Input.Param->getName().str();
        Checks += "TORCH_CHECK(" + Name + ".is_cuda(), \"" + Name +
                  " must be a CUDA tensor\");\n" + Indent.str();
      }
      Diag << FixItHint::CreateInsertion(At, Checks);
    }
  }
  diag(SM.getFileLoc(Bound.Argument->getBeginLoc()), "'%0' is bound here",
       DiagnosticIDs::Note)
      << Fn->getName();
  for (const device::UncheckedKernelInput &Input : Unchecked) {
    for (const CallExpr *Call : Input.Through)
      diag(SM.getFileLoc(Call->getBeginLoc()), "%0 is passed on here",
           DiagnosticIDs::Note)
          << Input.Param;
    // The hand-over to another unit's function is noted by the driver,
    // with the launch there.
    if (!Input.Elsewhere)
      diag(SM.getFileLoc(Input.Handed->getBeginLoc()),
           Input.Launcher ? "the memory of %0 is passed to '%2' here, which "
                            "hands it to kernel '%1'"
                          : "the memory of %0 is handed to kernel '%1' here",
           DiagnosticIDs::Note)
          << Input.Param << Input.Kernel
          << (Input.Launcher ? device::calleeName(Input.Launcher) : "");
  }
}

} // namespace clang::tidy::torch
