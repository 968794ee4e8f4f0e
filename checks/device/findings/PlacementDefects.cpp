//===--- PlacementDefects.cpp - what a fixed device does wrong ------------===//
#include "device/findings/PlacementDefects.h"
#include "device/findings/PlacementSites.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "device/functions/UnitCallers.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/DenseMap.h"

namespace clang::tidy::torch::device {
namespace {

/// Functions with more parameters are not followed into (argument lists of
/// generated code).
constexpr unsigned MaxCalleeParams = 16;

/// Whether \p A and \p B are one parameter: the same declaration, or the
/// same one of a template and of its instantiation.
bool sameParameter(const ValueDecl *A, const ParmVarDecl *B) {
  const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(A);
  if (!Param || !B || Param == B)
    return Param == B && B;
  auto Pattern = [](const ParmVarDecl *P) -> const Decl * {
    const auto *Fn = llvm::dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!Fn)
      return nullptr;
    if (const FunctionDecl *From = Fn->getTemplateInstantiationPattern())
      Fn = From;
    return Fn->getCanonicalDecl();
  };
  return Param->getFunctionScopeIndex() == B->getFunctionScopeIndex() &&
         Pattern(Param) && Pattern(Param) == Pattern(B);
}

/// Whether \p A and \p B are the same code: one node, or the same spelling
/// in a template and its instantiation.
bool sameCode(const Stmt *A, const Stmt *B) {
  return A && B &&
         (A == B || (A->getSourceRange() == B->getSourceRange() &&
                     A->getStmtClass() == B->getStmtClass()));
}

/// Whether a value was placed by a placement: its move, the call given its
/// device, or a factory given it inline (`torch::ones({3}, torch::kCUDA)`).
class PlacedBy {
public:
  PlacedBy(const HardcodedPlacement &P, ASTContext &Ctx) : P(P) {
    bool Pinned = false;
    if (!P.Move)
      OptionsFor = optionsDestination(P.Consumer, Ctx, Pinned);
  }
  bool operator()(const AbstractDevice &D) const {
    if (!D.Origin || D.K == AbstractDevice::Kind::SameAs ||
        D.K == AbstractDevice::Kind::Unknown)
      return false;
    if (sameCode(D.Origin, P.Move) || sameCode(D.Origin, P.Consumer) ||
        sameCode(D.Origin, OptionsFor) ||
        (P.Written &&
         P.Written->getSourceRange().fullyContains(D.Origin->getSourceRange())))
      return true;
    const auto *Made = llvm::dyn_cast<CallExpr>(D.Origin);
    if (!Made || !P.Written)
      return false;
    if (Made->getSourceRange().fullyContains(P.Written->getSourceRange()))
      return true;
    // Or options kept in a local: `auto o = TensorOptions().device(kCPU);
    // torch::rand(n, o)`.
    return llvm::any_of(Made->arguments(), [&](const Expr *Arg) {
      const Expr *Passed = ignoreWrappers(Arg);
      if (const auto *Copy = llvm::dyn_cast<CXXConstructExpr>(Passed);
          Copy && Copy->getNumArgs() == 1)
        Passed = ignoreWrappers(Copy->getArg(0));
      const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Passed);
      const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      return Var && Var->hasLocalStorage() && Var->getInit() &&
             Var->getInit()->getSourceRange().fullyContains(
                 P.Written->getSourceRange());
    });
  }

private:
  const HardcodedPlacement &P;
  const CallExpr *OptionsFor = nullptr;
};

} // namespace

/// The module a placement moves in place (`net->to(torch::kCUDA)`), if any.
const ValueDecl *movedModule(const Expr *Consumer) {
  const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(Consumer);
  if (!Call || !isNamed(Call->getMethodDecl(), "to") ||
      isTensorMethod(Call->getMethodDecl()))
    return nullptr;
  const ValueDecl *Module = moduleRoot(Call->getImplicitObjectArgument());
  return Module && isModuleType(Module->getType()) ? Module : nullptr;
}

/// A module the caller handed over (a parameter), moved by \p Consumer: the
/// caller's module is left there, whatever device the caller runs it on.
const ValueDecl *callersModuleMovedBy(const Stmt *Consumer) {
  const ValueDecl *Module = movedModule(llvm::dyn_cast_or_null<Expr>(Consumer));
  return llvm::isa_and_nonnull<ParmVarDecl>(Module) ? Module : nullptr;
}

std::optional<PlacementMeeting> placementMeetingOf(const HardcodedPlacement &P,
                                                   const FunctionDecl *Fn,
                                                   bool FollowsData,
                                                   const DeviceFlowConfig &Flow,
                                                   ASTContext &Ctx) {
  const PlacedBy PlacedHere(P, Ctx);
  llvm::DenseMap<const ParmVarDecl *, bool> PlacedByCallers;
  auto Unfixed = [&](const AbstractDevice &D) -> const ValueDecl * {
    if (D.K != AbstractDevice::Kind::SameAs)
      return callersModuleMovedBy(D.Origin);
    const ValueDecl *Symbol = D.Symbol;
    if (!Symbol ||
        !(isTensorType(Symbol->getType()) || isModuleParameter(Symbol)))
      return nullptr;
    if (P.Caller && sameParameter(Symbol, P.Caller->Parameter))
      return Symbol;
    const auto *Param = llvm::dyn_cast<ParmVarDecl>(Symbol);
    if (Param &&
        (FollowsData ||
         (P.Latent &&
          llvm::is_contained(P.LatentParams, Param->getFunctionScopeIndex()))))
      return Symbol;
    // A parameter of the function a lambda is in, placed elsewhere by a
    // caller of that function. Asked once per parameter: the conflict search
    // views every op input.
    if (Param) {
      auto [It, First] = PlacedByCallers.try_emplace(Param, false);
      if (First && Flow.Summaries)
        It->second =
            Flow.Summaries
                ->callerPlacing(
                    Param,
                    [&](const AbstractDevice &Passed) {
                      return isModuleParameter(Param)
                                 ? modulePlacedElsewhere(Passed, P.Backend)
                                 : placedElsewhere(Passed, P.Backend);
                    },
                    Ctx)
                .has_value();
      return It->second ? Symbol : nullptr;
    }
    return FollowsData && llvm::isa<FieldDecl>(Symbol) ? Symbol : nullptr;
  };
  const bool OnCpu = P.Backend == "CPU";
  // A template is analysed in its instantiations, where its types are known.
  if (const FunctionTemplateDecl *Template = Fn->getDescribedFunctionTemplate())
    for (const FunctionDecl *Instance : Template->specializations())
      if (Instance->hasBody())
        if (std::optional<PlacementMeeting> M = placementMeeting(
                *Flow.analyze(Instance, Ctx), PlacedHere, OnCpu, Unfixed))
          return M;
  const std::shared_ptr<const DeviceFlow> Facts = Flow.analyze(Fn, Ctx);
  if (std::optional<PlacementMeeting> M =
          placementMeeting(*Facts, PlacedHere, OnCpu, Unfixed))
    return M;
  // Or in a module run on it (a module of the project, whose rows are not
  // in the op table): its parameters go wherever the module is moved.
  std::optional<PlacementMeeting> Found;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    const Expr *Module = Call ? forwardedModule(Call) : nullptr;
    const std::optional<OpDeviceRule> Rule =
        Module ? opRuleOf(Call, Flow.RuleIndex) : std::nullopt;
    const ValueDecl *Held =
        Module && (!Rule || Rule->ModuleState) ? moduleRoot(Module) : nullptr;
    if (Found || !Held ||
        llvm::none_of(Call->arguments(), [&](const Expr *Arg) {
          return Arg != Module && PlacedHere(Facts->deviceOf(Arg));
        }))
      return;
    const AbstractDevice Where = Facts->deviceBefore(Held, Call);
    const bool Fixed = Where.K == AbstractDevice::Kind::Cpu ||
                       Where.K == AbstractDevice::Kind::Cuda ||
                       Where.K == AbstractDevice::Kind::Other;
    if (Where.K == AbstractDevice::Kind::Unknown ||
        (Fixed && (Where.isCpu() == OnCpu)) ||
        (!Fixed && isModuleParameter(Held) &&
         !Unfixed(AbstractDevice::sameAs(Held))))
      return;
    Found = PlacementMeeting{
        {}, Fixed ? Where : AbstractDevice::sameAs(Held), Call};
  });
  if (Found)
    return Found;
  // Or in a function of the unit it is passed to, one call deep
  // (`get_rays(pose.to(torch::kCUDA))`, where the rays meet data on the
  // renderer's device).
  LibraryCode Library(Ctx.getSourceManager());
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const FunctionDecl *Definition = nullptr;
    if (Found || !Callee || !Callee->hasBody(Definition) || !Definition ||
        Definition == Fn || Definition->getNumParams() > MaxCalleeParams ||
        Library.contains(Definition->getLocation()))
      return;
    for (const ParmVarDecl *Param : Definition->parameters()) {
      const Expr *Arg = argumentFor(Param, Call, Definition);
      if (!Arg || !isTensorType(Param->getType()) ||
          !PlacedHere(Facts->deviceOf(Arg)))
        continue;
      auto StandsForPlaced = [Param](const AbstractDevice &D) {
        return D.Symbol == Param;
      };
      auto UnfixedThere = [&](const AbstractDevice &D) -> const ValueDecl * {
        return FollowsData && D.K == AbstractDevice::Kind::SameAs &&
                       llvm::isa_and_nonnull<ParmVarDecl, FieldDecl>(
                           D.Symbol) &&
                       isTensorType(D.Symbol->getType())
                   ? D.Symbol
                   : nullptr;
      };
      if ((Found = placementMeeting(*Flow.analyze(Definition, Ctx),
                                    StandsForPlaced, OnCpu, UnfixedThere)))
        return;
    }
  });
  if (Found)
    return Found;
  // Or, for a module member the placement moves, in the other methods of
  // its class: where the class's code leaves the member, it runs there
  // (`model_->to(torch::kCUDA)` in a constructor, `model_->forward(x)` in
  // `detect`).
  const auto *Member =
      llvm::dyn_cast_or_null<FieldDecl>(movedModule(P.Consumer));
  const auto *Class =
      Member ? llvm::dyn_cast<CXXRecordDecl>(Member->getParent()) : nullptr;
  if (!Class)
    return std::nullopt;
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (llvm::isa<CXXConstructorDecl>(Method) || !Method->hasBody(Definition) ||
        !Definition || Definition == Fn)
      continue;
    if ((Found = placementMeeting(*Flow.analyze(Definition, Ctx), PlacedHere,
                                  OnCpu, Unfixed)))
      return Found;
  }
  return std::nullopt;
}

bool placementEscapes(HardcodedPlacement &P, const FunctionDecl *Fn,
                      const DeviceFlowConfig &Flow, ASTContext &Ctx) {
  const PlacedBy PlacedHere(P, Ctx);
  const std::shared_ptr<const DeviceFlow> Facts = Flow.analyze(Fn, Ctx);
  // Handed out by one return is enough (`return cache[key] = placed;` beside
  // a cache hit's return).
  llvm::SmallVector<AbstractDevice, 4> Returned(Facts->eachReturned());
  for (const auto &Parts : {Facts->returnedParts(), Facts->returnedElements()})
    if (Parts)
      Returned.append(Parts->begin(), Parts->end());
  if (llvm::any_of(Returned, PlacedHere))
    return P.Escapes = true;
  for (const auto &[Member, Device] : Facts->membersAtExit())
    if ((isTensorType(Member->getType()) ||
         isTensorOptionsType(Member->getType())) &&
        PlacedHere(Device)) {
      P.KeptIn = Member;
      return P.Escapes = true;
    }
  return false;
}

} // namespace clang::tidy::torch::device
