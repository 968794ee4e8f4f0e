//===--- HostOnlyProgram.cpp - a program that names no device -------------===//
#include "device/functions/HostOnlyProgram.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::torch::utils {

namespace {

class DeviceMentions : public RecursiveASTVisitor<DeviceMentions> {
public:
  explicit DeviceMentions(const SourceManager &SM) : SM(SM) {}

  bool TraverseDecl(Decl *D) {
    // Only the program's own code: libtorch's headers name every device.
    if (D && !llvm::isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *Fn) {
    if (Fn->isMain() && Fn->hasBody())
      HasMain = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *Constant = llvm::dyn_cast<EnumConstantDecl>(Ref->getDecl());
    if (Constant && isDeviceTypeEnum(Constant->getType()) &&
        Constant->getName() != "CPU" && Constant->getName() != "kCPU")
      NamesDevice = true;
    return !NamesDevice;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (Method && Method->getIdentifier() && Method->getName() == "cuda")
      NamesDevice = true;
    return !NamesDevice;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getQualifiedNameAsString().find("::cuda::") !=
                      std::string::npos)
      NamesDevice = true;
    return !NamesDevice;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    // `torch::Device(name)`: a device chosen by a string (a literal that
    // names the CPU is the only one known here).
    if (isDeviceType(Construct->getType()) && Construct->getNumArgs() > 0) {
      const Expr *Arg = Construct->getArg(0)->IgnoreImplicit();
      if (const auto *Inner = llvm::dyn_cast<CXXConstructExpr>(Arg);
          Inner && Inner->getNumArgs() > 0)
        Arg = Inner->getArg(0)->IgnoreImplicit();
      if (Arg->getType()->isPointerType() || Arg->getType()->isRecordType()) {
        const auto *Literal = llvm::dyn_cast<StringLiteral>(Arg);
        if (!Literal || !Literal->getString().starts_with("cpu"))
          NamesDevice = true;
      }
    }
    return !NamesDevice;
  }
  bool VisitStringLiteral(StringLiteral *Literal) {
    if (Literal->getCharByteWidth() == 1 &&
        (Literal->getString().contains("cuda") ||
         Literal->getString().contains("mps")))
      NamesDevice = true;
    return !NamesDevice;
  }

  bool HasMain = false;
  bool NamesDevice = false;

private:
  const SourceManager &SM;
};

} // namespace

bool isHostOnlyProgram(ASTContext &Ctx) {
  DeviceMentions Mentions(Ctx.getSourceManager());
  Mentions.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Mentions.HasMain && !Mentions.NamesDevice;
}

} // namespace clang::tidy::torch::utils
