// device::parentsOf inside a FunctionParentScope must answer as
// ASTContext::getParents does (the whole-TU map it replaces, see
// checks/device/functions/FunctionParents.h), for every node of the function, from the
// scope's own map.
#include "device/DeviceModel.h"
#include "device/summaries/DeviceFlowConfig.h"
#include "device/rules/RulesOptions.h"
#include "device/functions/FunctionParents.h"
#include "utils/CallSite.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace {

using namespace clang;
using tidy::torch::device::enclosingNamedFunction;
using tidy::torch::device::FunctionParentScope;
using tidy::torch::device::parentsOf;

/// Every Decl and Stmt below a node, as ParentMapContext sees them (implicit
/// code and instantiations included).
class NodeCollector : public RecursiveASTVisitor<NodeCollector> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitStmt(Stmt *S) {
    Nodes.push_back(DynTypedNode::create(*S));
    return true;
  }
  bool VisitDecl(Decl *D) {
    Nodes.push_back(DynTypedNode::create(*D));
    if (auto *Fn = llvm::dyn_cast<FunctionDecl>(D);
        Fn && Fn->doesThisDeclarationHaveABody())
      Functions.push_back(Fn);
    return true;
  }
  std::vector<DynTypedNode> Nodes;
  std::vector<FunctionDecl *> Functions;
};

template <typename NodeList> std::vector<const void *> keys(const NodeList &Nodes) {
  std::vector<const void *> Keys;
  for (const DynTypedNode &N : Nodes)
    Keys.push_back(N.getMemoizationData());
  std::sort(Keys.begin(), Keys.end());
  return Keys;
}

constexpr const char *Code = R"cpp(
struct Stats {
  int count;
  double mean = 0.5;
  explicit Stats(int n) : count(n * 2) {}
  int twice() const { return [this] { return count + count; }(); }
};
template <typename T> T add(T a, T b) { return a + b; }
int use(int n) {
  int total = 0;
  for (int i = 0; i < n; ++i) {
    auto f = [&total, k = i * 2](int j) {
      total += j + k;
      return [j] { return j; }();
    };
    if (i % 2)
      total += f(i);
    else
      total -= add(i, 1) + add<long>(i, 2);
  }
  switch (n) {
  case 1:
    return Stats(n).twice();
  default:
    break;
  }
  try {
    throw n;
  } catch (int e) {
    total += e;
  }
  struct Local { static int one() { return 1; } };
  return (total ?: Local::one()) + (n > 0 ? 1 : 2);
}
)cpp";

TEST(FunctionParents, AnswersAsTheASTContextForEveryNodeOfItsFunction) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  NodeCollector All;
  All.TraverseAST(Ctx);

  int Compared = 0;
  for (FunctionDecl *Fn : All.Functions) {
    if (enclosingNamedFunction(Fn) != Fn || Fn->getParent()->isRecord() &&
                                                llvm::cast<CXXRecordDecl>(
                                                    Fn->getParent())
                                                    ->isLocalClass())
      continue; // Lambdas and local classes are part of their function.
    NodeCollector InFunction;
    InFunction.TraverseDecl(Fn);
    std::vector<const void *> Inside = keys(InFunction.Nodes);
    FunctionParentScope Scope(Fn, Ctx);
    for (const DynTypedNode &Node : InFunction.Nodes) {
      if (Node.getMemoizationData() == Fn)
        continue; // The scope ends at the function itself.
      std::optional<llvm::ArrayRef<DynTypedNode>> Scoped = Scope.lookup(Node);
      ASSERT_TRUE(Scoped.has_value())
          << Fn->getNameAsString() << ": a node outside the scope: "
          << Node.getNodeKind().asStringRef().str();
      EXPECT_EQ(keys(*Scoped), keys(parentsOf(Node, Ctx)));
      // The whole-TU answer, restricted to the function.
      std::vector<DynTypedNode> Expected;
      bool UnderTypeLoc = false;
      for (const DynTypedNode &Parent : Ctx.getParents(Node)) {
        UnderTypeLoc |= !Parent.getMemoizationData();
        if (std::binary_search(Inside.begin(), Inside.end(),
                               Parent.getMemoizationData()))
          Expected.push_back(Parent);
      }
      if (UnderTypeLoc) {
        // Not recorded: the Decl above the TypeLoc answers.
        ASSERT_EQ(Scoped->size(), 1u);
        EXPECT_NE((*Scoped)[0].get<Decl>(), nullptr);
        continue;
      }
      EXPECT_EQ(keys(*Scoped), keys(Expected))
          << Fn->getNameAsString() << ": parents of a "
          << Node.getNodeKind().asStringRef().str();
      ++Compared;
    }
  }
  EXPECT_GT(Compared, 150); // 196 when written
}

TEST(FunctionParents, OutsideEveryScopeTheASTContextAnswers) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs("int f() { return 1; }", {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Fn = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<FunctionDecl>(D))
      Fn = F;
  ASSERT_NE(Fn, nullptr);
  const DynTypedNodeList Parents = parentsOf(*Fn->getBody(), Ctx);
  ASSERT_EQ(Parents.size(), 1u);
  EXPECT_EQ(Parents[0].get<FunctionDecl>(), Fn);
}

// A function analysed for its summary is another function than the one in
// scope: it gets a scope of its own, or each climb in it would build the
// whole translation unit's map (with libtorch included, seconds per file).
TEST(FunctionParents, SummariesClimbWithinTheFunctionTheyAnalyse) {
  constexpr const char *Calls = R"cpp(
#include <torch/torch.h>
torch::Tensor scale(const torch::Tensor &x, bool gpu) {
  torch::Device device = gpu ? torch::kCUDA : torch::kCPU;
  torch::Tensor w = torch::ones({3}, torch::TensorOptions().device(device));
  auto sum = (x * w).sum().item<float>();
  return x.mul(sum).to(device);
}
torch::Tensor run(const torch::Tensor &batch) {
  return scale(batch, batch.is_cuda()) + scale(batch.cpu(), false);
}
)cpp";
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Calls, {"-std=c++17", "-isystem", TORCHLINT_FAST_INCLUDES});
  ASSERT_NE(AST, nullptr);
  ASSERT_FALSE(AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Ctx = AST->getASTContext();
  const FunctionDecl *Run = nullptr;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<FunctionDecl>(D);
        F && F->getName() == "run")
      Run = F;
  ASSERT_NE(Run, nullptr);
  const tidy::torch::device::DeviceFlowConfig Config =
      tidy::torch::device::DeviceFlowConfig::builtIn();
  const uint64_t Before = tidy::torch::device::wholeUnitParentLookups();
  FunctionParentScope Scope(Run, Ctx);
  std::shared_ptr<const tidy::torch::device::DeviceFlow> Flow =
      Config.analyze(Run, Ctx);
  EXPECT_EQ(Flow->gaveUp(), "");
  EXPECT_EQ(tidy::torch::device::wholeUnitParentLookups(), Before);

  // A configuration of other rules has an analysis of its own.
  const tidy::torch::device::DeviceFlowConfig Older =
      tidy::torch::device::DeviceFlowConfig::withRules("1.13", {});
  EXPECT_NE(Older.Summaries, Config.Summaries);
  EXPECT_NE(Older.analyze(Run, Ctx), Flow);
}

// One model per unit: the checks clang-tidy makes for a unit share it (and
// so one analysis of each function), and the next unit gets a new one.
TEST(DeviceModel, TheChecksOfOneUnitShareItsModelAndTheNextUnitGetsANewOne) {
  using tidy::torch::device::DeviceFlowConfig;
  using tidy::torch::device::DeviceModel;
  tidy::ClangTidyContext Context(std::make_unique<tidy::DefaultOptionsProvider>(
      tidy::ClangTidyGlobalOptions(), tidy::ClangTidyOptions::getDefaults()));
  std::shared_ptr<DeviceModel> First = DeviceModel::forContext(Context);
  std::shared_ptr<DeviceModel> Second = DeviceModel::forContext(Context);
  EXPECT_EQ(First, Second);
  ASSERT_NE(First->rulesOptions(), nullptr);
  EXPECT_EQ(First->rulesOptions()->LibtorchVersion, "2");
  EXPECT_EQ(DeviceFlowConfig::forContext(&Context).Summaries,
            First->flowConfig().Summaries);

  const std::weak_ptr<DeviceModel> Ended = First;
  First.reset();
  Second.reset();
  EXPECT_TRUE(Ended.expired());
  std::shared_ptr<DeviceModel> Next = DeviceModel::forContext(Context);
  EXPECT_NE(Next->flowConfig().Summaries, nullptr);

  // While a check analyses, its unit's model is the current one.
  EXPECT_NE(&DeviceModel::current(), Next.get());
  {
    DeviceModel::Analysing Analysing(*Next);
    EXPECT_EQ(&DeviceModel::current(), Next.get());
  }
  EXPECT_NE(&DeviceModel::current(), Next.get());
}

} // namespace
