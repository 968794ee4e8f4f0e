//===--- DeviceGuards.cpp - which GPU a launch runs on -------------------===//
#include "device/findings/DeviceGuards.h"
#include "device/DeviceModel.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"

#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {

/// How far a launch is followed out of its function for a guard: through
/// lambdas called in place and the calls of launchers.
constexpr unsigned MaxGuardingCallers = 4;
/// How many enclosing statements are searched from a launch to its
/// function.
constexpr unsigned MaxEnclosingStatements = 256;

static bool isDeviceGuardClass(const CXXRecordDecl *Class) {
  if (!Class || !Class->getIdentifier())
    return false;
  const DeclContext *Namespace = Class->getEnclosingNamespaceContext();
  const auto *Inner = llvm::dyn_cast<NamespaceDecl>(Namespace);
  if (!Inner)
    return false;
  // c10:: and c10::cuda:: (at:: and at::cuda:: name the same classes).
  const auto *Outer = llvm::dyn_cast<NamespaceDecl>(Inner->getParent());
  const bool InC10 =
      Inner->getName() == "c10" ||
      (Inner->getName() == "cuda" && Outer && Outer->getName() == "c10");
  return InC10 &&
         llvm::StringSwitch<bool>(Class->getName())
             .Cases("CUDAGuard", "OptionalCUDAGuard", "CUDAStreamGuard",
                    "OptionalCUDAStreamGuard", "CUDAMultiStreamGuard", true)
             .Cases("DeviceGuard", "OptionalDeviceGuard", "StreamGuard",
                    "OptionalStreamGuard", true)
             .Default(false);
}

bool setsCurrentDevice(const Stmt &S) {
  // A guard is active in the block that declares it, so only a declaration
  // that is this statement counts; `cudaSetDevice` lasts, wherever it is.
  if (const auto *Decls = llvm::dyn_cast<DeclStmt>(&S))
    for (const Decl *D : Decls->decls())
      if (const auto *Var = llvm::dyn_cast<VarDecl>(D);
          Var &&
          isDeviceGuardClass(
              Var->getType().getNonReferenceType()->getAsCXXRecordDecl()))
        return true;
  bool Sets = false;
  forEachOwnDescendant(&S, [&](const Stmt &Inner) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&Inner);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    Sets |= Callee && Callee->getIdentifier() &&
            llvm::StringSwitch<bool>(Callee->getName())
                .Cases("cudaSetDevice", "set_device", "SetDevice",
                       "MaybeSetDevice", true)
                .Default(false);
  });
  return Sets;
}

/// The statement that holds \p Node in its function: its parent statement,
/// or for a variable's initializer, the declaration statement.
static const Stmt *enclosingStatement(const Stmt *Node, ASTContext &Ctx) {
  DynTypedNodeList Parents = parentsOf(*Node, Ctx);
  if (Parents.empty())
    return nullptr;
  if (const auto *Parent = Parents[0].get<Stmt>())
    return Parent;
  if (const auto *Var = Parents[0].get<VarDecl>()) {
    DynTypedNodeList Above = parentsOf(*Var, Ctx);
    return Above.empty() ? nullptr : Above[0].get<DeclStmt>();
  }
  return nullptr;
}

bool DeviceGuards::isGuarded(const KernelLaunchSite &Site) {
  // A launcher the unit never calls: an entry point it binds for Python or
  // the dispatcher is called unguarded; one other units call may be guarded
  // there (latent, as a finding that depends on callers).
  return holdsOnTheWayOut(
      Site.Launch, Site.Holder,
      [&](const Stmt *Point, const FunctionDecl *) {
        return guardedInBlocks(Point);
      },
      [&](const FunctionDecl *Launcher) {
        return !DeviceModel::current().unitCallers().bindingOf(Launcher, Ctx);
      },
      Ctx, MaxGuardingCallers);
}

bool DeviceGuards::guardedInBlocks(const Stmt *Point) {
  const Stmt *Current = Point;
  for (unsigned Up = 0; Current && Up < MaxEnclosingStatements; ++Up) {
    const Stmt *Parent = enclosingStatement(Current, Ctx);
    if (const auto *Block = llvm::dyn_cast_or_null<CompoundStmt>(Parent))
      for (const Stmt *Earlier : Block->body()) {
        if (Earlier == Current)
          break;
        if (setsCurrentDevice(*Earlier))
          return true;
      }
    Current = Parent;
  }
  return false;
}

/// Whether \p S acts on the current CUDA device: it calls the CUDA runtime
/// (`cuda...`) or asks c10 for a stream (`getCurrentCUDAStream`).
static bool usesCurrentDevice(const Stmt &S) {
  bool Uses = false;
  forEachDescendantWithLambdas(&S, [&](const Stmt &Inner) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&Inner);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || !Callee->getIdentifier())
      return;
    const StringRef Name = Callee->getName();
    Uses |= Name.starts_with("cuda") || Name.ends_with("CUDAStream") ||
            Name.starts_with("getStreamFromPool");
  });
  return Uses;
}

/// The statements enclosing \p Point in \p Fn itself, innermost first: a
/// point in a lambda called in place continues at the lambda's call.
static llvm::SmallVector<const Stmt *, 16>
enclosingInFunction(const Stmt *Point, const FunctionDecl *Holder,
                    const FunctionDecl *Fn, ASTContext &Ctx) {
  llvm::SmallVector<const Stmt *, 16> Chain;
  while (Holder && Holder != Fn) {
    InPlaceCall Run = inPlaceCallOf(Holder, Ctx);
    if (!Run.Call)
      return {};
    Point = Run.Call;
    Holder = Run.Holder;
  }
  for (unsigned Up = 0; Point && Up < MaxEnclosingStatements; ++Up) {
    Chain.push_back(Point);
    Point = enclosingStatement(Point, Ctx);
  }
  return Chain;
}

std::optional<GuardPlace>
DeviceGuards::placeFor(const FunctionDecl *Fn,
                       llvm::ArrayRef<KernelLaunchSite> Launches) {
  // The innermost block of Fn that encloses every launch.
  llvm::SmallVector<llvm::SmallVector<const Stmt *, 16>, 4> Chains;
  for (const KernelLaunchSite &Site : Launches) {
    Chains.push_back(enclosingInFunction(Site.Launch, Site.Holder, Fn, Ctx));
    if (Chains.back().empty())
      return std::nullopt;
  }
  for (const Stmt *Candidate : Chains.front()) {
    const auto *Block = llvm::dyn_cast<CompoundStmt>(Candidate);
    if (!Block)
      continue;
    const Stmt *First = nullptr;
    bool HoldsAll = true;
    for (const auto &Chain : Chains) {
      auto In = llvm::find(Chain, Block);
      if (In == Chain.end() || In == Chain.begin()) {
        HoldsAll = false;
        break;
      }
      // The statement of Block that holds this launch.
      const Stmt *Child = *(In - 1);
      for (const Stmt *Statement : Block->body())
        if (Statement == Child || Statement == First) {
          First = Statement;
          break;
        }
    }
    if (!HoldsAll || !First)
      continue;
    // Before an earlier statement that already acts on the current device
    // (fetches its stream, calls the CUDA runtime): it must see the guarded
    // one too.
    for (const Stmt *Statement : Block->body()) {
      if (Statement == First || usesCurrentDevice(*Statement))
        return GuardPlace{Block, Statement};
    }
    return GuardPlace{Block, First};
  }
  return std::nullopt;
}

} // namespace clang::tidy::torch::device
