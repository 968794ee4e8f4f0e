//===--- FunctionSummaries.cpp - what a call passes through a function ----===//
#include "utils/FunctionSummaries.h"
#include "utils/LibraryCode.h"
#include "utils/TorchTypes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::utils {
namespace {

/// The function \p Call runs, when that is decided at compile time.
const FunctionDecl *staticCallee(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return nullptr;
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Callee);
      Method && Method->isVirtual() && !Method->hasAttr<FinalAttr>() &&
      !Method->getParent()->hasAttr<FinalAttr>())
    return nullptr;
  return Callee;
}

/// Whether anything of \p Fn can carry a device across the call.
bool passesTensors(const FunctionDecl *Fn) {
  if (isTensorType(Fn->getReturnType()))
    return true;
  for (const ParmVarDecl *Param : Fn->parameters())
    if (isTensorType(Param->getType()))
      return true;
  return false;
}

bool isParamOf(const ValueDecl *D, const FunctionDecl *Fn) {
  const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(D);
  return Param && Param->getDeclContext() == Fn;
}

/// A parameter of \p Fn or a member of its class: what a call site can name.
bool isInterface(const AbstractDevice &D, const FunctionDecl *Fn) {
  if (D.K != AbstractDevice::Kind::SameAs || !D.Symbol)
    return false;
  if (isParamOf(D.Symbol, Fn))
    return true;
  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  return Method && llvm::isa<FieldDecl>(D.Symbol) &&
         !Method->isStatic();
}

} // namespace

const FunctionSummary *FunctionSummaries::of(const CallExpr *Call,
                                             ASTContext &Ctx) {
  if (Unit != Ctx.getTranslationUnitDecl()) {
    Unit = Ctx.getTranslationUnitDecl();
    Done.clear();
    InProgress.clear();
  }
  const FunctionDecl *Callee = staticCallee(Call);
  const FunctionDecl *Definition = nullptr;
  if (!Callee || !Callee->hasBody(Definition) || !Definition ||
      Definition->isDependentContext() || !passesTensors(Definition))
    return nullptr;
  auto It = Done.find(Definition);
  if (It != Done.end())
    return It->second.get();
  // A recursive call, or one nested past the limit, stays opaque.
  if (InProgress.contains(Definition) || InProgress.size() >= MaxDepth)
    return nullptr;
  if (LibraryCode(Ctx.getSourceManager()).contains(Definition->getLocation()) ||
      Ctx.getSourceManager().isInSystemHeader(Definition->getLocation())) {
    Done[Definition] = nullptr;
    return nullptr;
  }
  return summarise(Definition, Ctx);
}

const FunctionSummary *FunctionSummaries::summarise(const FunctionDecl *Fn,
                                                    ASTContext &Ctx) {
  InProgress.insert(Fn);
  std::unique_ptr<DeviceFlow> Flow =
      DeviceFlow::analyze(Fn, Ctx, RuleIndex, Options, this);
  InProgress.erase(Fn);
  std::unique_ptr<FunctionSummary> Summary;
  if (Flow->gaveUp().empty()) {
    Summary = std::make_unique<FunctionSummary>();
    Summary->Definition = Fn;
    Summary->HostParams = Flow->hostParams();
    for (const OpUse &Use : Flow->opUses()) {
      bool TakesParam = false;
      for (const OpInput &In : Use.Inputs) {
        TakesParam |= isParamOf(In.Device.Symbol, Fn) &&
                      In.Device.K == AbstractDevice::Kind::SameAs;
        for (const AbstractDevice &E : In.Elements)
          TakesParam |=
              isParamOf(E.Symbol, Fn) && E.K == AbstractDevice::Kind::SameAs;
      }
      if (TakesParam)
        Summary->Meetings.push_back(Use);
    }
    if (isInterface(Flow->returned(), Fn))
      Summary->Result = Flow->returned();
  }
  const FunctionSummary *Result = Summary.get();
  Done[Fn] = std::move(Summary);
  return Result;
}

} // namespace clang::tidy::torch::utils
