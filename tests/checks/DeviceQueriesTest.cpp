// The queries every check asks of the device model (DeviceFlow): where a
// variable lives before a statement and why (deviceBefore), where an
// expression points (deviceOf), and whether one statement may run after
// another (mayRunAfter), on a small function compiled against the fake
// libtorch headers.
#include "device/summaries/DeviceFlowConfig.h"
#include "device/flow/DeviceUsage.h"
#include "device/functions/FunctionParents.h"
#include "device/summaries/FunctionSummaries.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>

namespace {

using namespace clang;
using namespace clang::tidy::torch::device;
using Kind = AbstractDevice::Kind;

constexpr const char *Code = R"cpp(
#include <torch/torch.h>
torch::Tensor step(const torch::Tensor &x) {
  auto d = x.device();
  auto w = torch::ones({3});
  if (x.dim() > 2)
    w = w.cuda();
  d = torch::Device(torch::kCPU);
  auto y = w.to(d);
  return x + y;
}
)cpp";

/// The statements of the function, found by what they spell.
struct Finder : RecursiveASTVisitor<Finder> {
  const CXXMemberCallExpr *Cuda = nullptr, *To = nullptr;
  const DeclStmt *DeclY = nullptr;
  const ReturnStmt *Return = nullptr;
  const DeclRefExpr *DArg = nullptr;
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const std::string Name = Call->getMethodDecl()->getNameAsString();
    if (Name == "cuda")
      Cuda = Call;
    if (Name == "to")
      To = Call;
    return true;
  }
  /// The last reference to `d` in source order: the argument of `to`.
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl()->getName() == "d")
      DArg = Ref;
    return true;
  }
  bool VisitDeclStmt(DeclStmt *S) {
    if (const auto *V = llvm::dyn_cast<VarDecl>(S->getSingleDecl());
        V && V->getName() == "y")
      DeclY = S;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) {
    Return = S;
    return true;
  }
};

/// \p Source compiled against the fake libtorch headers.
std::unique_ptr<ASTUnit> parse(const char *Source) {
  return tooling::buildASTFromCodeWithArgs(
      Source, {"-std=c++17", "-isystem", TORCHLINT_FAST_INCLUDES});
}

/// The definition of the function \p Name at the top of the file.
const FunctionDecl *functionNamed(ASTContext &Ctx, llvm::StringRef Name) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<FunctionDecl>(D);
        F && F->getName() == Name && F->hasBody())
      return F;
  return nullptr;
}

TEST(DeviceQueries, AnswerWhereAndWhyBeforeAStatement) {
  std::unique_ptr<ASTUnit> AST = parse(Code);
  ASSERT_NE(AST, nullptr);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Step = functionNamed(Ctx, "step");
  ASSERT_NE(Step, nullptr);
  Finder Found;
  Found.TraverseDecl(const_cast<FunctionDecl *>(Step));
  ASSERT_TRUE(Found.Cuda && Found.To && Found.DeclY && Found.Return &&
              Found.DArg);

  const DeviceFlowConfig Config = DeviceFlowConfig::builtIn();
  FunctionParentScope Scope(Step, Ctx);
  std::shared_ptr<const DeviceFlow> Flow = Config.analyze(Step, Ctx);
  ASSERT_EQ(Flow->gaveUp(), "");

  // w is CPU on one path and CUDA on the other when y is declared (the
  // branch is on a shape: one on a device flag would be a run-time choice,
  // which the model leaves unknown on purpose); the
  // answer names the move that takes it off the CPU.
  const ValueDecl *W = llvm::cast<DeclRefExpr>(
                           Found.Cuda->getImplicitObjectArgument()->IgnoreImplicit())
                           ->getDecl();
  const AbstractDevice BeforeY = Flow->deviceBefore(W, Found.DeclY);
  EXPECT_EQ(BeforeY.K, Kind::Maybe);
  EXPECT_TRUE(BeforeY.MayBeCpu && BeforeY.MayBeNonCpu);
  EXPECT_EQ(BeforeY.Origin, Found.Cuda);
  // Before the cuda() call, w is the device-less factory's CPU tensor.
  const AbstractDevice BeforeCuda = Flow->deviceBefore(W, Found.Cuda);
  EXPECT_EQ(BeforeCuda.K, Kind::Cpu);
  EXPECT_TRUE(BeforeCuda.DeviceLess);

  // `d` was x's device, then assigned the CPU: the argument of `to` is the
  // CPU, not x's device.
  EXPECT_EQ(Flow->deviceOf(Found.DArg).K, Kind::Cpu);
  // y is on the CPU: whatever w was, `to(d)` put it there.
  const ValueDecl *Y =
      llvm::cast<VarDecl>(Found.DeclY->getSingleDecl());
  EXPECT_EQ(Flow->deviceBefore(Y, Found.Return).K, Kind::Cpu);
  // x is the caller's: it lives wherever x does.
  const ValueDecl *X = Step->getParamDecl(0);
  const AbstractDevice AtReturn = Flow->deviceBefore(X, Found.Return);
  EXPECT_EQ(AtReturn.K, Kind::SameAs);
  EXPECT_EQ(AtReturn.Symbol, X);

  // Order on the CFG: the move may run before the return, not after it.
  EXPECT_TRUE(Flow->mayRunAfter(Found.Cuda, Found.Return));
  EXPECT_FALSE(Flow->mayRunAfter(Found.Return, Found.Cuda));
}

constexpr const char *CallersCode = R"cpp(
#include <torch/torch.h>
torch::Tensor opaque();
static torch::Tensor helper(const torch::Tensor &a, const torch::Tensor &b) {
  return a * 2 + b;
}
torch::Tensor use(const torch::Tensor &x) {
  auto h = x.cpu();
  auto picked = h.index_select(0, opaque());
  auto best = (torch::argmax(x) % 3).to(torch::kLong);
  return helper(picked, x) + helper(h, x) + best;
}
)cpp";

TEST(DeviceQueries, OpResultsAndCallersAnswerWhatTheInputsLeaveOpen) {
  std::unique_ptr<ASTUnit> AST = parse(CallersCode);
  ASSERT_NE(AST, nullptr);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Use = functionNamed(Ctx, "use");
  const FunctionDecl *Helper = functionNamed(Ctx, "helper");
  ASSERT_TRUE(Use && Helper);
  const auto *Body = llvm::cast<CompoundStmt>(Use->getBody());
  const Stmt *Return = Body->body_back();
  auto Local = [&](unsigned Index) {
    return llvm::cast<VarDecl>(
        llvm::cast<DeclStmt>(Body->body_begin()[Index])->getSingleDecl());
  };

  const DeviceFlowConfig Config = DeviceFlowConfig::builtIn();
  {
    FunctionParentScope Scope(Use, Ctx);
    std::shared_ptr<const DeviceFlow> Flow = Config.analyze(Use, Ctx);
    ASSERT_EQ(Flow->gaveUp(), "");
    // index_select is strict: it ran with a host self, so the index (from
    // an opaque call) was on the host too, and so is the result, which
    // keeps the move as its origin.
    const AbstractDevice Picked = Flow->deviceBefore(Local(1), Return);
    EXPECT_EQ(Picked.K, Kind::Cpu);
    EXPECT_EQ(Picked.Origin, Local(0)->getInit()->IgnoreImplicit());
    // A whole-tensor argmax is 0-dim on x's device; arithmetic with a C++
    // scalar and a dtype change keep it 0-dim.
    const AbstractDevice Best = Flow->deviceBefore(Local(2), Return);
    EXPECT_EQ(Best.K, Kind::SameAs);
    EXPECT_EQ(Best.ZeroDim, Tri::Yes);
  }
  FunctionParentScope Scope(Helper, Ctx);
  std::shared_ptr<const DeviceFlow> Flow = Config.analyze(Helper, Ctx);
  ASSERT_EQ(Flow->gaveUp(), "");
  // helper is static: its two calls are all there are. Both pass host data
  // for a; for b they pass x, which lives wherever use's callers put it.
  EXPECT_EQ(Flow->parameterFromCallers(Helper->getParamDecl(0)).K, Kind::Cpu);
  EXPECT_EQ(Flow->parameterFromCallers(Helper->getParamDecl(1)).K,
            Kind::Unknown);
  // use has external linkage: other files may call it.
  FunctionParentScope UseScope(Use, Ctx);
  EXPECT_EQ(Config.analyze(Use, Ctx)
                ->parameterFromCallers(Use->getParamDecl(0))
                .K,
            Kind::Unknown);
}

constexpr const char *MovesCode = R"cpp(
#include <torch/torch.h>
void place(torch::nn::Linear &m, torch::Device d) { m->to(d); }
void prepare(torch::nn::Linear &m, torch::Device d) { m->train(); place(m, d); }
void place_if(torch::nn::Linear &m, torch::Device d) {
  if (!d.is_cuda())
    return;
  m->to(d);
}
void use(torch::nn::Linear &net, torch::Device device) {
  prepare(net, device);
  place_if(net, device);
  net->eval();
}
)cpp";

TEST(DeviceQueries, ModuleMovesThroughHelpersAreMovesAtTheCall) {
  std::unique_ptr<ASTUnit> AST = parse(MovesCode);
  ASSERT_NE(AST, nullptr);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Use = functionNamed(Ctx, "use");
  ASSERT_TRUE(Use);
  const auto *Body = llvm::cast<CompoundStmt>(Use->getBody());
  const auto *Prepare = llvm::cast<CallExpr>(Body->body_begin()[0]);
  const Stmt *Last = Body->body_back();
  const ParmVarDecl *Net = Use->getParamDecl(0);

  const DeviceFlowConfig Config = DeviceFlowConfig::builtIn();
  FunctionParentScope Scope(Use, Ctx);
  std::shared_ptr<const DeviceFlow> Flow = Config.analyze(Use, Ctx);
  ASSERT_EQ(Flow->gaveUp(), "");
  // prepare moves its module on every path (through place): after the call
  // net lives on the caller's device, and the call is why. place_if moves
  // only on some paths, so it changes nothing.
  const AbstractDevice Moved = Flow->deviceBefore(Net, Last);
  EXPECT_EQ(Moved.K, Kind::SameAs);
  EXPECT_EQ(Moved.Symbol, Use->getParamDecl(1));
  EXPECT_EQ(Moved.Origin, Prepare);

  // The flow records the call among the body's module moves; place_if,
  // which moves only on some paths, is none.
  const std::vector<ModuleMove> &Moves = Flow->moduleMoves();
  ASSERT_EQ(Moves.size(), 1u);
  EXPECT_EQ(Moves[0].Call, Prepare);
  EXPECT_EQ(Moves[0].Module, Net);
  EXPECT_EQ(Moves[0].By, functionNamed(Ctx, "prepare"));
  ASSERT_NE(Moves[0].Device, nullptr);
  EXPECT_EQ(llvm::cast<DeclRefExpr>(Moves[0].Device->IgnoreImplicit())->getDecl(),
            Use->getParamDecl(1));
  EXPECT_FALSE(Moves[0].ToCpu);
}

constexpr const char *MaybeMovedCode = R"cpp(
#include <torch/torch.h>
void restore(torch::nn::Linear &net, bool warm, int epochs) {
  if (warm)
    net->to(torch::kCUDA);
  net->eval();
  for (int i = 0; i < epochs; ++i) {
    net->train();
    net->to(torch::kCPU);
  }
  net->zero_grad();
}
)cpp";

TEST(DeviceQueries, AModuleMovedOnSomePathsMayBeMoved) {
  std::unique_ptr<ASTUnit> AST = parse(MaybeMovedCode);
  ASSERT_NE(AST, nullptr);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Restore = functionNamed(Ctx, "restore");
  ASSERT_TRUE(Restore);
  const auto *Body = llvm::cast<CompoundStmt>(Restore->getBody());
  const Stmt *Eval = Body->body_begin()[1];
  const Stmt *ZeroGrad = Body->body_back();
  const ParmVarDecl *Net = Restore->getParamDecl(0);

  const DeviceFlowConfig Config = DeviceFlowConfig::builtIn();
  FunctionParentScope Scope(Restore, Ctx);
  std::shared_ptr<const DeviceFlow> Flow = Config.analyze(Restore, Ctx);
  ASSERT_EQ(Flow->gaveUp(), "");
  const std::vector<ModuleMove> &Moves = Flow->moduleMoves();
  ASSERT_EQ(Moves.size(), 2u);
  const ModuleMove &ToCuda = Moves[0], &ToCpu = Moves[1];
  EXPECT_EQ(ToCuda.Module, Net);
  EXPECT_EQ(ToCuda.Target.K, Kind::Cuda);
  EXPECT_TRUE(ToCpu.ToCpu);
  // Moved on one path, not on the other: maybe on CUDA, and why.
  const AbstractDevice AfterIf = Flow->deviceBefore(Net, Eval);
  EXPECT_EQ(AfterIf.K, Kind::Maybe);
  EXPECT_TRUE(AfterIf.MayBeNonCpu);
  EXPECT_EQ(AfterIf.Origin, ToCuda.Call);
  // The order of the graph, and which statement runs whenever another does.
  EXPECT_TRUE(Flow->precedes(ToCuda.Call, ToCpu.Call));
  EXPECT_FALSE(Flow->precedes(ToCpu.Call, ToCuda.Call));
  EXPECT_TRUE(Flow->runsWhenever(Eval, ToCuda.Call));
  EXPECT_FALSE(Flow->runsWhenever(ToCuda.Call, Eval));
  EXPECT_FALSE(Flow->runsWhenever(ToCpu.Call, ZeroGrad));
  EXPECT_TRUE(Flow->runsWhenever(ZeroGrad, ToCpu.Call));
  EXPECT_TRUE(Flow->mayRunAfter(ToCpu.Call, ToCpu.Call));
}

// A header-only program: main.cpp names no device, the project header it
// includes chooses one at run time. The program is not host-only; with the
// header naming only the CPU, it is.
TEST(DeviceQueries, AProgramIsHostOnlyOnlyWhenItsOwnHeadersNameNoDevice) {
  constexpr const char *Main = R"cpp(
#include <torch/torch.h>
#include "config.h"
int main() { auto x = torch::ones({2}, kDevice); }
)cpp";
  auto HostOnly = [&](const char *Header) {
    std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
        Main,
        {"-std=c++17", "-isystem", TORCHLINT_FAST_INCLUDES, "-I/project"},
        "/project/main.cpp", "utils_test",
        std::make_shared<PCHContainerOperations>(),
        tooling::getClangStripDependencyFileAdjuster(),
        {{"/project/config.h", Header}});
    EXPECT_TRUE(AST);
    return AST && isHostOnlyProgram(AST->getASTContext());
  };
  EXPECT_FALSE(HostOnly(R"cpp(
#pragma once
inline torch::Device kDevice =
    torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
)cpp"));
  EXPECT_TRUE(HostOnly(R"cpp(
#pragma once
inline torch::Device kDevice = torch::kCPU;
)cpp"));
}

} // namespace
