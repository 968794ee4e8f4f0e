//===--- DeviceContext.cpp - what in scope tells where code runs ----------===//
#include "device/flow/DeviceContext.h"
#include "device/DeviceModel.h"
#include "device/flow/DeviceUsage.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/Spelling.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::device {
namespace {

using Carrier = DeviceSource::Carrier;
using Origin = DeviceSource::Origin;

std::optional<Carrier> carrierOf(QualType T) {
  if (isTensorType(T))
    return Carrier::Tensor;
  if (isDeviceType(T) || isDeviceTypeEnum(T) || isDevicePointerType(T))
    return Carrier::Device;
  if (isModuleType(T))
    return Carrier::Module;
  return std::nullopt;
}

/// True when \p E (a tensor initializer) explicitly puts its tensor on a
/// device: .cuda(), .to(<device, tensor or options with a device>), or a
/// factory whose options carry a device.
bool placesOnDevice(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Member->getMethodDecl();
    const Expr *Object = Member->getImplicitObjectArgument();
    if (Method && Method->getIdentifier() && Object &&
        isTensorType(Object->getType())) {
      if (Method->getName() == "cuda")
        return true;
      if (Method->getName() == "to" && Member->getNumArgs() > 0) {
        QualType ArgT = Member->getArg(0)->getType();
        if (isDeviceType(ArgT) || isDeviceTypeEnum(ArgT) || isTensorType(ArgT))
          return true;
        if (isTensorOptionsType(ArgT) &&
            classifyOptions(Member->getArg(0), nullptr) !=
                OptionsDevice::NoDevice)
          return true;
      }
    }
  }
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    for (const Expr *Arg : Call->arguments())
      if (isTensorOptionsType(Arg->getType()) &&
          classifyOptions(Arg, nullptr) == OptionsDevice::HasDevice)
        return true;
  for (const Stmt *Child : S->children())
    if (placesOnDevice(Child))
      return true;
  return false;
}

void gatherLocals(const Stmt *S, const Stmt *Scope,
                  const llvm::DenseSet<const VarDecl *> &Asked,
                  std::vector<DeviceLocal> &Out) {
  if (!S)
    return;
  // Declarations sit in statements: an expression holds none, except in a
  // statement expression; a lambda's locals are not visible outside it.
  if (llvm::isa<Expr>(S) && !llvm::isa<StmtExpr>(S))
    return;
  if (isScopeStmt(S))
    Scope = S;
  if (const auto *DS = llvm::dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls()) {
      const auto *VD = llvm::dyn_cast<VarDecl>(D);
      std::optional<Carrier> What =
          VD ? carrierOf(VD->getType()) : std::nullopt;
      // A tensor placed on a device, or one whose device the code asks
      // (`m.options()`): the code follows it.
      if (VD && (What == Carrier::Device ||
                 (What == Carrier::Tensor &&
                  (placesOnDevice(VD->getInit()) || Asked.contains(VD)))))
        Out.push_back({VD, *What, Scope});
    }
  for (const Stmt *Child : S->children())
    gatherLocals(Child, Scope, Asked, Out);
}

/// The device-carrying locals of \p Body in source order, gathered once per
/// analysed function.
const std::vector<DeviceLocal> &deviceLocals(const Stmt *Body) {
  DeviceLocalsCache &Cache = DeviceModel::current().deviceLocals();
  const uint64_t Scope = currentFunctionScopeId();
  if (Scope == 0 || Scope != Cache.Scope) {
    Cache.ByBody.clear();
    Cache.Scope = Scope;
  }
  auto [It, Inserted] = Cache.ByBody.try_emplace(Body);
  if (Inserted)
    gatherLocals(Body, nullptr, localsAskedForDevice(Body), It->second);
  return It->second;
}

/// Adds device-carrying locals declared before \p At and in scope there (a
/// local's own initializer cannot name it).
void collectLocals(const Stmt *Body, SourceLocation At, const SourceManager &SM,
                   llvm::SmallVectorImpl<DeviceSource> &Out) {
  for (const DeviceLocal &L : deviceLocals(Body))
    if (SM.isBeforeInTranslationUnit(L.Var->getLocation(), At) &&
        !containsLocation(SM, L.Var->getSourceRange(), At) &&
        (!L.Scope || containsLocation(SM, L.Scope->getSourceRange(), At)))
      Out.push_back({L.Var, L.What, Origin::Local});
}

/// A device member that only ever holds its in-class initializer of
/// constants (`torch::Device device_ = torch::kCPU;` that no constructor or
/// method of its class, all in view, gives another value): it names that
/// device, and a fix that followed it would hard-code it.
bool holdsOnlyConstant(const FieldDecl *Field) {
  const Expr *Init = Field->getInClassInitializer();
  const auto *Class = llvm::dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!Init || !Class || Field->getAccess() == AS_public)
    return false;
  bool NamesVariable = false;
  forEachOwnDescendant(Init, [&](const Stmt &S) {
    const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S);
    const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    NamesVariable |= Var && !Var->isConstexpr();
  });
  if (NamesVariable)
    return false;
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (Method->isImplicit() || Method->isStatic())
      continue;
    if (!Method->hasBody(Definition) || !Definition)
      return false; // defined elsewhere: it may assign the member
    bool Assigns = false;
    if (const auto *Ctor = llvm::dyn_cast<CXXConstructorDecl>(Definition))
      for (const CXXCtorInitializer *Member : Ctor->inits())
        Assigns |= Member->isWritten() && Member->getMember() == Field;
    forEachOwnStmt(Definition, [&](const Stmt &S) {
      const auto Sides = assignmentSides(&S);
      Assigns |= Sides && referencedObject(Sides->first) == Field;
    });
    if (Assigns)
      return false;
  }
  return true;
}

void collectFunction(const FunctionDecl *Fn, SourceLocation At, ASTContext &Ctx,
                     llvm::SmallVectorImpl<DeviceSource> &Out) {
  if (!Fn)
    return;
  for (const ParmVarDecl *P : Fn->parameters())
    if (std::optional<Carrier> What = carrierOf(P->getType()))
      Out.push_back({P, *What, Origin::Parameter});

  const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
  const CXXRecordDecl *Class = Method ? Method->getParent() : nullptr;
  if (Class && Class->isLambda()) {
    collectLocals(Fn->getBody(), At, Ctx.getSourceManager(), Out);
    // Outer names are usable only if the lambda may capture them.
    if (Class->getLambdaCaptureDefault() != LCD_None)
      collectFunction(llvm::dyn_cast<FunctionDecl>(Class->getDeclContext()), At,
                      Ctx, Out);
    return;
  }
  if (Class && !Method->isStatic())
    for (const FieldDecl *F : Class->fields())
      if (std::optional<Carrier> What = carrierOf(F->getType());
          What && !(*What == Carrier::Device && holdsOnlyConstant(F)))
        Out.push_back({F, *What, Origin::Member});
  collectLocals(Fn->getBody(), At, Ctx.getSourceManager(), Out);
}

} // namespace

std::string DeviceSource::deviceSpelling() const {
  std::string Name = Decl->getNameAsString();
  switch (What) {
  case Carrier::Tensor:
    return Name + ".device()";
  case Carrier::Device:
    return isDevicePointerType(Decl->getType()) ? "*" + Name : Name;
  case Carrier::Module:
    return "";
  }
  return "";
}

std::string DeviceSource::describe() const {
  const char *Role = Where == Origin::Parameter ? "parameter"
                     : Where == Origin::Member  ? "member"
                                                : "local variable";
  return std::string(Role) + " '" + Decl->getNameAsString() + "'";
}

DeviceContext DeviceContext::collect(const FunctionDecl *Fn, const Stmt *At,
                                     ASTContext &Ctx) {
  DeviceContext Result;
  if (Fn && At)
    collectFunction(Fn, At->getBeginLoc(), Ctx, Result.Sources);
  return Result;
}

const DeviceSource *DeviceContext::bestFor(const Stmt *At,
                                           ASTContext &Ctx) const {
  if (Sources.empty())
    return nullptr;
  auto Find = [&](const ValueDecl *D) -> const DeviceSource * {
    for (const DeviceSource &S : Sources)
      if (S.Decl == D && S.What != Carrier::Module)
        return &S;
    return nullptr;
  };

  // 1. A tensor or device the expression is combined with: `x * ones(...)`.
  DynTypedNode Node = DynTypedNode::create(*At);
  for (int Step = 0; Step < 6; ++Step) {
    auto Parents = parentsOf(Node, Ctx);
    if (Parents.empty())
      break;
    Node = Parents[0];
    const auto *Call = Node.get<CallExpr>();
    if (!Call) {
      if (!Node.get<Expr>())
        break; // Reached a statement: stop at the full expression.
      continue;
    }
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
      if (const DeviceSource *S =
              Find(namedDecl(Member->getImplicitObjectArgument())))
        return S;
    // `filters_ = torch::rand(...)`: what is assigned is no source of its
    // own value.
    const auto *Op = llvm::dyn_cast<CXXOperatorCallExpr>(Call);
    const bool Assigns = Op && Op->isAssignmentOp();
    for (const Expr *Arg : llvm::drop_begin(Call->arguments(), Assigns))
      if (const DeviceSource *S = Find(namedDecl(Arg)))
        return S;
  }

  auto First = [&](Carrier What, Origin Where) -> const DeviceSource * {
    for (const DeviceSource &S : Sources)
      if (S.What == What && S.Where == Where)
        return &S;
    return nullptr;
  };
  // 2. The nearest device variable (locals are collected in source order).
  for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
    if (It->What == Carrier::Device && It->Where == Origin::Local)
      return &*It;
  for (const auto &[What, Where] :
       {std::pair{Carrier::Device, Origin::Parameter},
        std::pair{Carrier::Tensor, Origin::Parameter},
        std::pair{Carrier::Tensor, Origin::Local},
        std::pair{Carrier::Tensor, Origin::Member},
        std::pair{Carrier::Device, Origin::Member}})
    if (const DeviceSource *S = First(What, Where))
      return S;
  return &Sources.front();
}

/// The device source a fix should spell: the nearest torch::Device variable,
/// else a device parameter or member, else a local tensor placed on a device.
/// Tensor parameters and modules do not count: they do not show that the
/// code runs on a device. Sources whose name another variable hides at the
/// load are skipped.
std::optional<DeviceSource>
deviceSourceForLoad(const FunctionDecl *Fn, const Stmt *Load, ASTContext &Ctx) {
  const DeviceContext Context = DeviceContext::collect(Fn, Load, Ctx);
  const SourceLocation At = Load->getBeginLoc();
  llvm::SmallVector<const DeviceSource *, 4> Sources;
  for (const DeviceSource &S : Context.sources())
    if (isNameUsableAt(S.Decl, Fn, At, Ctx))
      Sources.push_back(&S);
  for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
    if ((*It)->What == DeviceSource::Carrier::Device &&
        (*It)->Where == DeviceSource::Origin::Local)
      return **It;
  for (Origin Where :
       {DeviceSource::Origin::Parameter, DeviceSource::Origin::Member})
    for (const DeviceSource *S : Sources)
      if (S->What == DeviceSource::Carrier::Device && S->Where == Where)
        return *S;
  for (auto It = Sources.rbegin(); It != Sources.rend(); ++It)
    if ((*It)->What == DeviceSource::Carrier::Tensor &&
        (*It)->Where == DeviceSource::Origin::Local)
      return **It;
  return std::nullopt;
}

} // namespace clang::tidy::torch::device
