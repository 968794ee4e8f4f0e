// device::forEachFunctionBody visits every user function and lambda body once,
// and a template's once per instantiation besides its definition, up to
// MaxInstantiations (checks/device/functions/FunctionBodies.h).
#include "device/functions/FunctionBodies.h"
#include "utils/CallSite.h"
#include "utils/FunctionBodyCheck.h"

#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

namespace {

using namespace clang;

constexpr const char *Code = R"cpp(
int outer(int n) {
  auto f = [n](int a) {
    auto g = [a] { return [a] { return a; }(); };
    return g() + n;
  };
  struct Local { int twice(int v) { return [v] { return 2 * v; }(); } };
  return f(n) + Local().twice(n);
}
template <typename T> T pattern(T t) { return [t] { return t; }(); }
int use() { return pattern(1) + pattern(2L); }
template <int N> int many() { return N; }
int useMany() {
  return many<1>() + many<2>() + many<3>() + many<4>() + many<5>() +
         many<6>() + many<7>() + many<8>() + many<9>() + many<10>();
}
template <typename T> struct Box { T get() { return T(); } T unused() { return T(); } };
int useBox() { return Box<int>().get() + Box<long>().get(); }
template <typename T> T unusedTemplate(T t) { return t; }
template <typename T> struct Node { template <typename U> friend struct Node; T value() { return T(); } };
int useNode() { return Node<int>().value() + Node<long>().value(); }
auto global = [](int x) { return [x] { return x; }(); };
struct Holder {
  int (*hook)(int) = [](int v) { return v; };
  friend int befriended() { return 0; }
  void later();
};
void Holder::later() {}
)cpp";

TEST(FunctionBodies, VisitsEachUserBodyOnceAndEachInstantiation) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"});
  std::map<std::string, int> Visits; // "name@line"
  int Lambdas = 0;
  tidy::torch::device::forEachFunctionBody(
      AST->getASTContext(), [&](const FunctionDecl *Fn) {
        const SourceManager &SM = AST->getSourceManager();
        const std::string Where =
            std::to_string(SM.getSpellingLineNumber(Fn->getLocation())) + ":" +
            std::to_string(SM.getSpellingColumnNumber(Fn->getLocation()));
        ++Visits[Fn->getNameAsString() + "@" + Where];
        if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
            Method && Method->getParent()->isLambda())
          ++Lambdas;
      });
  // A template's body: its definition and each instantiation, at most
  // MaxInstantiations of them; a member never used is not instantiated.
  const std::map<std::string, int> Templates = {
      {"pattern@10:25", 3}, {"operator()@10:47", 3},
      {"many@12:22", 9},    {"get@17:38", 3},
      {"unused@17:62", 1},  {"unusedTemplate@19:25", 1},
      {"value@20:81", 3}};
  static_assert(tidy::torch::device::MaxInstantiations == 8);
  for (const auto &[Body, Count] : Visits) {
    auto Template = Templates.find(Body);
    EXPECT_EQ(Count, Template == Templates.end() ? 1 : Template->second)
        << Body;
  }
  // outer, its three nested lambdas, Local::twice and its lambda, pattern
  // and its lambda, use, many, useMany, Box::get, Box::unused, useBox,
  // unusedTemplate, global's two lambdas, Holder's initializer lambda,
  // befriended, Holder::later, Node::value (its friend redeclaration of
  // Node walks no instantiation twice), useNode.
  EXPECT_EQ(Lambdas, 10); // pattern's lambda three times
  EXPECT_EQ(Visits.size(), 22u);
}

} // namespace

// inPlaceCallOf: a lambda written and called at once (as AT_DISPATCH_*
// expands) runs in the function around it; one kept in a variable does not.
TEST(FunctionBodies, FindsTheCallOfALambdaCalledInPlace) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(R"cpp(
int dispatched(int n) {
  return [&] { return [&] { return n + 1; }(); }();
}
int kept(int n) {
  auto later = [&] { return n; };
  return later();
}
template <typename F> int run(F &&f) { return f(); }
int handed(int n) { return run([&] { return n; }); }
template <typename T> T pattern(T n) { return [&] { return n; }(); }
int instantiates() { return pattern(1); }
)cpp",
                                        {"-std=c++17"});
  ASTContext &Ctx = AST->getASTContext();
  std::map<std::string, std::string> HolderOfLambdaAtLine;
  tidy::torch::device::forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    if (!tidy::torch::device::isLambdaCallOperator(Fn))
      return;
    const SourceManager &SM = AST->getSourceManager();
    const std::string Where =
        std::to_string(SM.getSpellingLineNumber(Fn->getLocation())) + ":" +
        std::to_string(SM.getSpellingColumnNumber(Fn->getLocation()));
    tidy::torch::device::InPlaceCall Run =
        tidy::torch::device::inPlaceCallOf(Fn, Ctx);
    HolderOfLambdaAtLine[Where] =
        !Run.Call                                               ? "kept"
        : tidy::torch::device::isLambdaCallOperator(Run.Holder) ? "lambda"
        : Run.Holder ? Run.Holder->getNameAsString()
                     : "none";
  });
  const std::map<std::string, std::string> Expected{
      {"3:10", "dispatched"},
      {"3:23", "lambda"},
      {"6:16", "kept"},
      {"10:32", "handed"},
      // The template's pattern (an unresolved call) and its instantiation.
      {"11:47", "pattern"}};
  EXPECT_EQ(HolderOfLambdaAtLine, Expected);
}
