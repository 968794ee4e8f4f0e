//===--- DeviceUsage.cpp - what code does with devices --------------------===//
#include "device/flow/DeviceUsage.h"
#include "device/flow/DeviceChoice.h"
#include "device/flow/KernelLaunchers.h"
#include "device/flow/LaunchSyntax.h"
#include "device/flow/TransferSyntax.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/LibraryCode.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"

namespace clang::tidy::torch::device {

bool holdsDeviceType(QualType T) {
  return isDeviceType(T) || isDeviceTypeEnum(T) || isOptionalDeviceType(T) ||
         isDevicePointerType(T);
}

const Expr *deviceSourceOf(const CallExpr &Call) {
  if (llvm::isa<CXXOperatorCallExpr>(Call))
    return nullptr;
  const auto *Method =
      llvm::dyn_cast_or_null<CXXMethodDecl>(Call.getDirectCallee());
  const bool Converts = isTensorMethod(Method) &&
                        (isNamed(Method, "to") || isNamed(Method, "type_as"));
  for (const Expr *Arg : Call.arguments()) {
    if (Converts && isTensorType(Arg->getType()))
      return Arg;
    // Through an implicit conversion too: `t.to(x.device())` passes the
    // device as TensorOptions.
    const auto *Query =
        llvm::dyn_cast<CXXMemberCallExpr>(Arg->IgnoreUnlessSpelledInSource());
    if (Query && isTensorMethod(Query->getMethodDecl()) &&
        (isNamed(Query->getMethodDecl(), "device") ||
         isNamed(Query->getMethodDecl(), "options")))
      return Query->getImplicitObjectArgument();
  }
  return nullptr;
}

/// Whether \p Call takes where data lives from a tensor (deviceSourceOf).
static bool followsDevice(const CallExpr &Call) {
  return deviceSourceOf(Call) != nullptr;
}

/// Whether \p S cannot complete: a throw, or a call of a function that never
/// returns (`c10::detail::torchCheckFail`, `__assert_fail`), last in a block.
bool neverCompletes(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Block = llvm::dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && neverCompletes(Block->body_back());
  if (const auto *E = llvm::dyn_cast<Expr>(S))
    S = ignoreWrappers(E);
  if (llvm::isa<CXXThrowExpr>(S))
    return true;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      return Callee->isNoReturn();
  return false;
}

/// An assertion (`TORCH_CHECK(x.is_cuda(), ...)`, `assert(...)`): an `if`
/// with no else whose branch never completes. Asserting a device states the
/// code's one device; it chooses nothing at run time.
bool isAssertion(const IfStmt &If) {
  return !If.getElse() && neverCompletes(If.getThen());
}

bool namesOneFixedDevice(const VarDecl *Var) {
  const auto *Fn = Var ? llvm::dyn_cast_or_null<FunctionDecl>(
                             Var->getParentFunctionOrMethod())
                       : nullptr;
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  if (!Body || !Var->hasLocalStorage() || !Var->getInit() ||
      Var->getType()->isReferenceType())
    return false;
  // Literals, enumerators and constants (torch::kCUDA) and the constructors
  // that combine them.
  bool Constant = true;
  forEachOwnDescendant(Var->getInit(), [&](const Stmt &S) {
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(&S)) {
      const auto *Named = llvm::dyn_cast<VarDecl>(Ref->getDecl());
      Constant &= llvm::isa<EnumConstantDecl>(Ref->getDecl()) ||
                  (Named && Named->isConstexpr());
    } else if (llvm::isa<CallExpr, AbstractConditionalOperator>(&S))
      Constant = false;
  });
  if (!Constant)
    return false;
  bool Assigned = false;
  forEachOwnDescendant(Body, [&](const Stmt &S) {
    const Expr *Target = nullptr;
    if (const auto *Op = llvm::dyn_cast<BinaryOperator>(&S);
        Op && Op->isAssignmentOp())
      Target = Op->getLHS();
    else if (const auto *Call = llvm::dyn_cast<CXXOperatorCallExpr>(&S);
             Call && Call->getOperator() == OO_Equal && Call->getNumArgs() > 0)
      Target = Call->getArg(0);
    if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
            Target ? Target->IgnoreParenImpCasts() : nullptr))
      Assigned |= Ref->getDecl() == Var;
  });
  return !Assigned;
}

llvm::DenseSet<const VarDecl *> localsAskedForDevice(const Stmt *Body) {
  llvm::DenseSet<const VarDecl *> Asked;
  auto Add = [&](const Expr *Tensor) {
    const auto *Ref =
        llvm::dyn_cast_or_null<DeclRefExpr>(tensorOperand(Tensor));
    if (const auto *Var =
            llvm::dyn_cast_or_null<VarDecl>(Ref ? Ref->getDecl() : nullptr);
        Var && Var->isLocalVarDecl() && !Var->getType()->isReferenceType() &&
        isTensorType(Var->getType()))
      Asked.insert(Var);
  };
  forEachOwnDescendant(Body, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    if (!Call)
      return;
    Add(deviceSourceOf(*Call));
    // A kernel runs where the memory it is handed lives.
    for (const KernelArguments &Handed :
         unitKernelLaunchers().argumentsOf(*Call))
      for (const Expr *Arg : Handed.Arguments)
        Add(tensorOfKernelArgument(Arg));
  });
  return Asked;
}

const CallExpr *
deviceFollowingCall(const FunctionDecl *Fn,
                    llvm::function_ref<bool(const CallExpr &)> Counts) {
  const CallExpr *Found = nullptr;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Call = llvm::dyn_cast<CallExpr>(&S);
    // An options builder (`torch::device(x.device())`, `opts.device(...)`)
    // is what a fix for a device-less factory writes: a fix must not make
    // the evidence for another finding, so only the code's own ways of
    // following a device count.
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (Call && !Found && followsDevice(*Call) &&
        !(Callee && isTensorOptionsType(Callee->getReturnType())) &&
        (!Counts || Counts(*Call)))
      Found = Call;
  });
  return Found;
}

bool holdsDeviceMember(const RecordDecl *Class) {
  if (!Class)
    return false;
  if (llvm::any_of(Class->fields(), [](const FieldDecl *Field) {
        return holdsDeviceType(Field->getType());
      }))
    return true;
  // Or inherits one (`this->device` of a trainer's base class template).
  const auto *Derived = llvm::dyn_cast<CXXRecordDecl>(Class);
  if (!Derived || !Derived->hasDefinition())
    return false;
  return llvm::any_of(
      Derived->getDefinition()->bases(), [](const CXXBaseSpecifier &Base) {
        const CXXRecordDecl *Record = Base.getType()->getAsCXXRecordDecl();
        return Record && Record->hasDefinition() &&
               holdsDeviceMember(Record->getDefinition());
      });
}

void addDeviceUsage(const FunctionDecl *Fn, DeviceUsage &Usage) {
  for (const ParmVarDecl *Param : Fn->parameters())
    Usage.HandlesDevices |= holdsDeviceType(Param->getType());
  if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn))
    Usage.HandlesDevices |= holdsDeviceMember(Method->getParent());
  // `net_->to(torch::kCUDA)`: a module member moved to CUDA by name.
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    const auto *Move = llvm::dyn_cast<CXXMemberCallExpr>(&S);
    if (!Move || !isNamed(Move->getMethodDecl(), "to") ||
        Move->getNumArgs() == 0 || !isModuleMethod(Move->getMethodDecl()) ||
        !llvm::isa_and_nonnull<FieldDecl>(
            referencedObject(Move->getImplicitObjectArgument())))
      return;
    if (const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(
            ignoreWrappers(writtenArgument(Move->getArg(0)))))
      Usage.OwnStateOnCuda |= backendOfConstant(Ref->getDecl()) == "CUDA";
  });
  // What an assertion's failing branch does (formatting its message with
  // `x.device()`) handles no device either.
  llvm::DenseSet<const Stmt *> InAssertion;
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    if (const auto *If = llvm::dyn_cast<IfStmt>(&S); If && isAssertion(*If)) {
      llvm::SmallVector<const Stmt *, 16> Work{If->getThen()};
      while (!Work.empty()) {
        const Stmt *Inner = Work.pop_back_val();
        if (Inner && InAssertion.insert(Inner).second)
          Work.append(Inner->child_begin(), Inner->child_end());
      }
    }
  });
  forEachOwnStmt(Fn, [&](const Stmt &S) {
    if (InAssertion.contains(&S))
      return;
    if (const auto *DS = llvm::dyn_cast<DeclStmt>(&S))
      for (const Decl *D : DS->decls())
        if (const auto *Var = llvm::dyn_cast<VarDecl>(D))
          Usage.HandlesDevices |=
              holdsDeviceType(Var->getType()) && !namesOneFixedDevice(Var);
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
      Usage.HandlesDevices |=
          !isAssertion(*If) && isDeviceChoiceCondition(If->getCond());
    else if (const auto *Ternary =
                 llvm::dyn_cast<AbstractConditionalOperator>(&S))
      // It chooses a device, options, a tensor or a module;
      // `device.is_cuda() ? "yes" : "no"` only reports the device.
      Usage.HandlesDevices |= isDeviceChoiceCondition(Ternary->getCond()) &&
                              (holdsDeviceType(Ternary->getType()) ||
                               isTensorOptionsType(Ternary->getType()) ||
                               isTensorType(Ternary->getType()) ||
                               isModuleType(Ternary->getType()));
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

namespace {

/// Whether the main file's code (with \p WithUserHeaders, also the headers
/// it includes that are neither libtorch's nor the system's, as one unit of
/// a whole project) names a device other than the CPU, and whether it
/// defines `main`. Every declaration is
/// visited, not only function bodies: `const torch::Device
/// kDevice(torch::kCUDA);` at namespace scope names one too.
class DeviceMentions : public RecursiveASTVisitor<DeviceMentions> {
public:
  DeviceMentions(const SourceManager &SM, bool WithUserHeaders)
      : SM(SM), Library(SM), WithUserHeaders(WithUserHeaders) {}

  bool TraverseDecl(Decl *D) {
    // Only the program's own code: libtorch's headers name every device.
    if (D && !llvm::isa<TranslationUnitDecl>(D) && !isOwnCode(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *Fn) {
    if (Fn->isMain() && Fn->hasBody())
      HasMain = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    // kCUDA, DeviceType::CUDA, c10::kMPS, ... (kMeta too: not the CPU).
    NamesDevice |= isDeviceTypeConstant(Ref->getDecl()) &&
                   backendOfConstant(Ref->getDecl()) != "CPU";
    return !NamesDevice;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // `x.cuda()`, `net->cuda()`, and `torch::cuda::is_available()`.
    NamesDevice |=
        Callee &&
        ((llvm::isa<CXXMethodDecl>(Callee) && isNamed(Callee, "cuda")) ||
         Callee->getQualifiedNameAsString().find("::cuda::") !=
             std::string::npos);
    return !NamesDevice;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    // `torch::Device(name)`: only a literal naming the CPU is known here; a
    // name read at run time may be any device.
    if (!isDeviceType(Construct->getType()) || Construct->getNumArgs() == 0)
      return true;
    const Expr *Arg = writtenArgument(Construct->getArg(0));
    // A copy of another device: within one file it may come from another
    // (`Device d = pick_device();`); across the whole project it was named
    // where it was made.
    if (Arg && WithUserHeaders && isDeviceType(Arg->getType()))
      return true;
    if (Arg &&
        (Arg->getType()->isPointerType() || Arg->getType()->isRecordType()))
      NamesDevice |=
          backendOfString(llvm::dyn_cast<StringLiteral>(Arg)) != "CPU";
    return !NamesDevice;
  }
  bool VisitStringLiteral(StringLiteral *Literal) {
    if (!Literal->isOrdinary())
      return true;
    const std::string Backend = backendOfString(Literal);
    // Also "--device cuda" in a usage text: the program knows of devices.
    NamesDevice |= (!Backend.empty() && Backend != "CPU") ||
                   Literal->getString().contains("cuda") ||
                   Literal->getString().contains("mps");
    return !NamesDevice;
  }

  bool HasMain = false;
  bool NamesDevice = false;

private:
  bool isOwnCode(SourceLocation Loc) {
    const SourceLocation At = SM.getExpansionLoc(Loc);
    if (SM.isInMainFile(At))
      return true;
    return WithUserHeaders && At.isValid() && !SM.isInSystemHeader(At) &&
           !Library.contains(At);
  }

  const SourceManager &SM;
  LibraryCode Library;
  bool WithUserHeaders;
};

} // namespace

bool isHostOnlyProgram(ASTContext &Ctx) {
  DeviceMentions Mentions(Ctx.getSourceManager(), /*WithUserHeaders=*/false);
  Mentions.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (!Mentions.HasMain || Mentions.NamesDevice)
    return false;
  // A device the program's own headers name (a global `DEVICE` chosen at
  // run time in a header-only project) is the program's too.
  return !ownCodeDevices(Ctx).NamesDevice;
}

OwnCodeDevices ownCodeDevices(ASTContext &Ctx) {
  DeviceMentions Mentions(Ctx.getSourceManager(), /*WithUserHeaders=*/true);
  Mentions.TraverseDecl(Ctx.getTranslationUnitDecl());
  return {Mentions.NamesDevice, Mentions.HasMain};
}

bool launchesCudaKernels(const FunctionDecl *Fn) {
  bool Launches = false;
  if (Fn)
    forEachDescendantWithLambdas(Fn->getBody(), [&](const Stmt &S) {
      if (const auto *Call = llvm::dyn_cast<CallExpr>(&S))
        Launches |= !unitKernelLaunchers().argumentsOf(*Call).empty();
    });
  return Launches;
}

} // namespace clang::tidy::torch::device
