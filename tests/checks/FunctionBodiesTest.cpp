// utils::forEachFunctionBody visits every user function and lambda body once,
// and no template instantiation (checks/utils/CheckHelpers.h).
#include "utils/CheckHelpers.h"

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
auto global = [](int x) { return [x] { return x; }(); };
struct Holder {
  int (*hook)(int) = [](int v) { return v; };
  friend int befriended() { return 0; }
  void later();
};
void Holder::later() {}
)cpp";

TEST(FunctionBodies, VisitsEachUserBodyOnceAndNoInstantiation) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"});
  std::map<std::string, int> Visits; // "name@line"
  int Lambdas = 0;
  tidy::torch::utils::forEachFunctionBody(
      AST->getASTContext(), [&](const FunctionDecl *Fn) {
        const SourceManager &SM = AST->getSourceManager();
        const std::string Where =
            std::to_string(SM.getSpellingLineNumber(Fn->getLocation())) +
            ":" +
            std::to_string(SM.getSpellingColumnNumber(Fn->getLocation()));
        ++Visits[Fn->getNameAsString() + "@" + Where];
        if (const auto *Method = llvm::dyn_cast<CXXMethodDecl>(Fn);
            Method && Method->getParent()->isLambda())
          ++Lambdas;
      });
  for (const auto &[Body, Count] : Visits)
    EXPECT_EQ(Count, 1) << Body;
  // outer, its three nested lambdas, Local::twice and its lambda, pattern
  // and its lambda (once, not per instantiation), use, global's two lambdas,
  // Holder's initializer lambda, befriended, Holder::later.
  EXPECT_EQ(Lambdas, 8);
  EXPECT_EQ(Visits.size(), 14u);
}

} // namespace
