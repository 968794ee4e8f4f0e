//===--- MissingDeviceGuardCheck.cpp ------------------------------------===//
#include "MissingDeviceGuardCheck.h"
#include "device/flow/LaunchSyntax.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch {

MissingDeviceGuardCheck::MissingDeviceGuardCheck(StringRef Name,
                                                 ClangTidyContext *Context)
    : FunctionBodyCheck(Name, Context, /*FixesAddIncludes=*/true) {}

/// The tensor variable \p Tensor names when a guard at \p Place can name it
/// too: a parameter of \p Fn, or a local declared earlier in that block.
static const VarDecl *followable(const Expr *Tensor, const FunctionDecl *Fn,
                                 const device::GuardPlace &Place) {
  const auto *Var =
      llvm::dyn_cast_or_null<VarDecl>(device::referencedObject(Tensor));
  if (!Var || !device::isTensorType(Var->getType().getNonReferenceType()))
    return nullptr;
  if (const auto *Param = llvm::dyn_cast<ParmVarDecl>(Var))
    return Param->getDeclContext() == Fn ? Var : nullptr;
  for (const Stmt *Earlier : Place.Block->body()) {
    if (Earlier == Place.Before)
      break;
    if (const auto *Decls = llvm::dyn_cast<DeclStmt>(Earlier))
      if (llvm::is_contained(Decls->decls(), Var))
        return Var;
  }
  return nullptr;
}

/// The name of the guard the fix declares.
static constexpr llvm::StringLiteral GuardName = "device_guard";

/// Whether \p Block itself declares a variable named \p Name: a guard of
/// that name there would not compile.
static bool declaresInBlock(const CompoundStmt &Block, StringRef Name) {
  for (const Stmt *Statement : Block.body())
    if (const auto *Decls = llvm::dyn_cast<DeclStmt>(Statement))
      for (const Decl *D : Decls->decls())
        if (const auto *Var = llvm::dyn_cast<VarDecl>(D);
            Var && Var->getIdentifier() && Var->getName() == Name)
          return true;
  return false;
}

void MissingDeviceGuardCheck::checkFunction(const FunctionDecl *Fn,
                                            ASTContext &Ctx) {
  std::vector<device::KernelLaunchSite> Launches =
      device::ownKernelLaunches(Fn, Ctx);
  if (Launches.empty())
    return;
  if (GuardsOf != &Ctx) {
    Guards = std::make_unique<device::DeviceGuards>(Ctx);
    GuardsOf = &Ctx;
  }
  std::vector<device::KernelLaunchSite> Unguarded;
  std::vector<const Expr *> Tensors;
  for (const device::KernelLaunchSite &Site : Launches)
    if (const Expr *Tensor = device::tensorHandedTo(Site, Ctx);
        Tensor && !Guards->isGuarded(Site)) {
      Unguarded.push_back(Site);
      Tensors.push_back(Tensor);
    }
  if (Unguarded.empty())
    return;

  const SourceManager &SM = Ctx.getSourceManager();
  const CUDAKernelCallExpr *First = Unguarded.front().Launch;
  const SourceLocation Loc = SM.getFileLoc(First->getBeginLoc());
  std::optional<device::GuardPlace> Place = Guards->placeFor(Fn, Unguarded);
  const VarDecl *Followed = nullptr;
  for (const Expr *Tensor : Tensors)
    if (Place && !Followed)
      Followed = followable(Tensor, Fn, *Place);
  {
    auto Diag = diag(Loc, "CUDA kernel '%0' is launched on tensors' memory "
                          "with no device guard; on tensors on another GPU "
                          "than the current one (cuda:1 while cuda:0 is "
                          "current) it runs on the wrong GPU")
                << device::kernelName(First);
    const SourceLocation At =
        Followed && !declaresInBlock(*Place->Block, GuardName)
            ? Place->Before->getBeginLoc()
            : SourceLocation();
    if (At.isValid() && !At.isMacroID()) {
      const StringRef Line = Lexer::getIndentationForLine(At, SM);
      Diag << FixItHint::CreateInsertion(
          At, ("const at::cuda::OptionalCUDAGuard " + GuardName + "(" +
               Followed->getName() + ".device());\n" + Line)
                  .str());
      if (!device::declaresInC10Cuda(Ctx, "OptionalCUDAGuard"))
        if (auto Include = includeHeader(At, SM, "<c10/cuda/CUDAGuard.h>"))
          Diag << *Include;
    }
  }
  diag(SM.getFileLoc(Tensors.front()->getBeginLoc()),
       "it is handed the memory of this tensor, whose device is not made "
       "current",
       DiagnosticIDs::Note);
  if (Unguarded.size() > 1)
    diag(SM.getFileLoc(Unguarded.back().Launch->getBeginLoc()),
         "the last of %0 launches here without a guard", DiagnosticIDs::Note)
        << static_cast<unsigned>(Unguarded.size());
}

} // namespace clang::tidy::torch
