//===--- DeviceUsage.cpp - what code does with devices --------------------===//
#include "device/flow/DeviceUsage.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/ModuleMoves.h"
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::utils {

static bool isNamed(const NamedDecl *D, llvm::StringRef Name) {
  return D && D->getIdentifier() && D->getName() == Name;
}

/// The enumerator's name of a c10 DeviceType constant (kCUDA, reached as
/// torch::kCUDA or at::kCUDA, or DeviceType::CUDA): "CUDA"; none for any
/// other declaration, a user's variable of type DeviceType included.
static std::optional<llvm::StringRef> deviceTypeName(const ValueDecl *D) {
  if (!D || !D->getIdentifier() || !isDeviceTypeEnum(D->getType()))
    return std::nullopt;
  llvm::StringRef Name = D->getName();
  if (const auto *Var = llvm::dyn_cast<VarDecl>(D)) {
    const auto *NS = llvm::dyn_cast<NamespaceDecl>(
        Var->getDeclContext()->getRedeclContext());
    if (!Var->hasGlobalStorage() || !NS || !NS->getIdentifier() ||
        NS->getName() != "c10" || !Name.consume_front("k"))
      return std::nullopt;
  } else if (!llvm::isa<EnumConstantDecl>(D)) {
    return std::nullopt;
  }
  return Name;
}

bool isDeviceTypeConstant(const ValueDecl *D) {
  return deviceTypeName(D).has_value();
}

std::string backendOfConstant(const ValueDecl *D) {
  return llvm::StringSwitch<std::string>(deviceTypeName(D).value_or(""))
      .Case("CPU", "CPU")
      .Case("CUDA", "CUDA")
      .Case("MPS", "MPS")
      .Case("HIP", "HIP")
      .Case("XPU", "XPU")
      .Default("");
}

std::string backendOfString(const StringLiteral *S) {
  if (!S || !S->isOrdinary())
    return "";
  llvm::StringRef Text = S->getString();
  llvm::StringRef Type = Text.split(':').first;
  return llvm::StringSwitch<std::string>(Type)
      .Case("cpu", "CPU")
      .Case("cuda", "CUDA")
      .Case("mps", "MPS")
      .Case("hip", "HIP")
      .Case("xpu", "XPU")
      .Default("");
}

bool holdsDeviceType(QualType T) {
  return isDeviceType(T) || isDeviceTypeEnum(T) || isOptionalDeviceType(T) ||
         isDevicePointerType(T);
}

/// Whether \p Call takes where data lives from a tensor: an argument
/// `x.device()` or `x.options()`, or `y.to(x)` / `y.type_as(x)`. Printing
/// `x.device()` follows nothing.
static bool followsDevice(const CallExpr &Call) {
  if (llvm::isa<CXXOperatorCallExpr>(Call))
    return false;
  const auto *Method =
      llvm::dyn_cast_or_null<CXXMethodDecl>(Call.getDirectCallee());
  const bool Converts = isTensorMethod(Method) &&
                        (isNamed(Method, "to") || isNamed(Method, "type_as"));
  for (const Expr *Arg : Call.arguments()) {
    if (Converts && isTensorType(Arg->getType()))
      return true;
    const auto *Query = llvm::dyn_cast<CXXMemberCallExpr>(ignoreWrappers(Arg));
    if (Query && isTensorMethod(Query->getMethodDecl()) &&
        (isNamed(Query->getMethodDecl(), "device") ||
         isNamed(Query->getMethodDecl(), "options")))
      return true;
  }
  return false;
}

void addDeviceUsage(const FunctionDecl *Fn, DeviceUsage &Usage) {
  for (const ParmVarDecl *Param : Fn->parameters())
    Usage.HandlesDevices |= holdsDeviceType(Param->getType());
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn))
    for (const FieldDecl *Field : Method->getParent()->fields())
      Usage.HandlesDevices |= holdsDeviceType(Field->getType());
  for (const ModuleMove &M : collectModuleMoves(Fn->getBody()))
    if (llvm::isa_and_nonnull<FieldDecl>(M.Module) && !M.ToCpu)
      if (const auto *Ref =
              llvm::dyn_cast_or_null<DeclRefExpr>(ignoreWrappers(M.Device)))
        Usage.OwnStateOnCuda |= backendOfConstant(Ref->getDecl()) == "CUDA";
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    if (const auto *DS = llvm::dyn_cast<DeclStmt>(&S))
      for (const Decl *D : DS->decls())
        if (const auto *Var = llvm::dyn_cast<VarDecl>(D))
          Usage.HandlesDevices |= holdsDeviceType(Var->getType());
    std::string Backend;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S))
      Backend = backendOfConstant(Ref->getDecl());
    else if (const auto *Str = llvm::dyn_cast<StringLiteral>(&S))
      Backend = backendOfString(Str);
    else if (const auto *Call = llvm::dyn_cast<CallExpr>(&S)) {
      const auto *Callee =
          llvm::dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
      if (Callee && isTensorMethod(Callee) && isNamed(Callee, "cuda"))
        Backend = "CUDA";
      Usage.HandlesDevices |= followsDevice(*Call);
    }
    if (const auto *If = llvm::dyn_cast<IfStmt>(&S))
      Usage.HandlesDevices |= isDeviceChoiceCondition(If->getCond());
    else if (const auto *Ternary =
                 llvm::dyn_cast<AbstractConditionalOperator>(&S))
      Usage.HandlesDevices |= isDeviceChoiceCondition(Ternary->getCond());
    if (Backend == "CUDA")
      ++Usage.CudaPlacements;
    if (!Backend.empty() && Backend != "CPU")
      Usage.Accelerators.insert(Backend);
  });
}


DeviceUsage unitDeviceUsage(ASTContext &Ctx) {
  DeviceUsage Usage;
  forEachFunctionBody(
      Ctx, [&](const FunctionDecl *Fn) { addDeviceUsage(Fn, Usage); });
  return Usage;
}

} // namespace clang::tidy::torch::utils
