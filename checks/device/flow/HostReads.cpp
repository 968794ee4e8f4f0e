//===--- HostReads.cpp - the tensors a statement reads on the host --------===//
//
// Host work is recognised by what happens to a tensor's memory: read through
// `data_ptr`/`data`/`accessor` and the pointers made from them, copied out with
// `memcpy`/`std::copy`, or wrapped in a host container or image. A parameter
// read so needs its data on the CPU (DeviceFlow::hostParams).
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceTransfer.h"
#include "device/flow/TransferSyntax.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

namespace {

/// The tensor whose memory \p E reads on the host, if it does: `*p`/`p[i]`
/// of `t.data_ptr<T>()`/`t.data<T>()`, `t.accessor<T, N>()`, or the pointer
/// handed to a host copy (`memcpy`, `std::copy`) or wrapped in a host
/// container or image (`std::vector<float>(p, p + n)`, `cv::Mat(h, w, type,
/// p)`). A pointer handed to anything else (a CUDA kernel) says nothing.
const Expr *hostReadTensor(const Stmt *E) {
  if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
      Deref && Deref->getOpcode() == UO_Deref)
    return tensorOfPointer(Deref->getSubExpr());
  if (const auto *Subscript = llvm::dyn_cast<ArraySubscriptExpr>(E))
    return tensorOfPointer(Subscript->getBase());
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    if (isTensorMethod(Method) && Method->getIdentifier() &&
        Method->getName() == "accessor")
      return Call->getImplicitObjectArgument();
    return nullptr;
  }
  llvm::ArrayRef<const Expr *> Args;
  if (const auto *Call = llvm::dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() ||
        !llvm::is_contained({"memcpy", "memmove", "copy", "copy_n"},
                            Callee->getName()) ||
        !(Callee->getDeclContext()->getRedeclContext()->isTranslationUnit() ||
          isInTopNamespace(Callee, "std")))
      return nullptr;
    Args = llvm::ArrayRef(Call->getArgs(), Call->getNumArgs());
  } else if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E)) {
    const CXXRecordDecl *Class = Construct->getConstructor()->getParent();
    if (!isInTopNamespace(Class, "std") && !isInTopNamespace(Class, "cv"))
      return nullptr;
    Args = llvm::ArrayRef(Construct->getArgs(), Construct->getNumArgs());
  }
  for (const Expr *Arg : Args)
    if (const Expr *Tensor = tensorOfPointer(Arg))
      return Tensor;
  return nullptr;
}

} // namespace

bool DeviceTransfer::findHostReads(const Stmt *Element, const DeviceState &S,
                                   unsigned Depth) {
  // Past the depth limit, record() gives up on the function anyway.
  if (!Element || llvm::isa<LambdaExpr>(Element) ||
      Depth > Options.Limits.MaxExprDepth)
    return false;
  bool Found = false;
  auto AddParam = [&](const AbstractDevice &D) {
    if (D.K == Kind::SameAs && llvm::isa_and_nonnull<ParmVarDecl>(D.Symbol))
      Found |= HostParams.try_emplace(D.Symbol, Element).second;
  };
  if (const Expr *Tensor = hostReadTensor(Element))
    AddParam(eval(Tensor, S));
  // An argument that the called function reads on the host.
  if (const auto *Call = llvm::dyn_cast<CallExpr>(Element))
    if (const FunctionSummary *Summary = summaryOf(Call))
      for (const ParmVarDecl *Param : Summary->HostParams)
        AddParam(atCall(AbstractDevice::sameAs(Param), Call, *Summary, S));
  for (const Stmt *Child : Element->children())
    Found |= findHostReads(Child, S, Depth + 1);
  return Found;
}

} // namespace clang::tidy::torch::device
