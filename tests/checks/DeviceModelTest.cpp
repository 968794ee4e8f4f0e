// The device model's lattice (AbstractDevice: join, sameValue, what may be
// off the CPU, what provably differs; the state at a program point and a
// list's elements, joined where paths meet) and the conflict rules
// (findDeviceConflicts) on hand-built op uses: the facts every check reads.
#include "device/findings/DeviceConflicts.h"
#include "device/flow/DeviceFlow.h"
#include "device/flow/DeviceLattice.h"
#include "device/rules/OpRules.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>

namespace {

using namespace clang;
using namespace clang::tidy::torch::device;
using Kind = AbstractDevice::Kind;

/// Two parameters and two members to stand for SameAs symbols.
class DeviceModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = tooling::buildASTFromCode(R"cpp(
      struct Net { int left; int right; };
      void f(int x, int y) {}
    )cpp");
    ASSERT_TRUE(AST);
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls()) {
      if (const auto *Fn = llvm::dyn_cast<FunctionDecl>(D)) {
        X = Fn->getParamDecl(0);
        Y = Fn->getParamDecl(1);
        Factory = Fn->getBody();
      } else if (const auto *Net = llvm::dyn_cast<RecordDecl>(D)) {
        auto It = Net->field_begin();
        Left = *It++;
        Right = *It;
      }
    }
    ASSERT_TRUE(X && Y && Left && Right);
  }

  static AbstractDevice cpu(Tri ZeroDim) {
    return AbstractDevice::cpu(nullptr, false, ZeroDim);
  }
  static AbstractDevice cuda(int Index = -1) {
    return AbstractDevice::cuda(Index, nullptr);
  }
  static OpUse use(DeviceRule Rule, std::initializer_list<AbstractDevice> Ins) {
    OpUse U;
    U.Name = "op";
    U.Rule = Rule;
    for (const AbstractDevice &D : Ins) {
      OpInput In;
      In.Device = D;
      U.Inputs.push_back(In);
    }
    return U;
  }
  static OpUse list(DeviceRule Rule, std::initializer_list<AbstractDevice> Ins) {
    OpUse U;
    U.Name = "stack";
    U.Rule = Rule;
    OpInput In;
    In.IsList = true;
    In.Elements.append(Ins.begin(), Ins.end());
    U.Inputs.push_back(In);
    return U;
  }
  static size_t conflicts(const OpUse &U) {
    return findDeviceConflicts(llvm::ArrayRef<OpUse>(U)).size();
  }

  std::unique_ptr<ASTUnit> AST;
  const ValueDecl *X = nullptr, *Y = nullptr, *Left = nullptr, *Right = nullptr;
  /// Stands for a factory call (any statement will do as an origin).
  const Stmt *Factory = nullptr;
};

TEST_F(DeviceModelTest, JoinOfEqualValuesIsThatValue) {
  const AbstractDevice A = cuda(0);
  EXPECT_TRUE(AbstractDevice::join(A, A).sameValue(A));
  const AbstractDevice S = AbstractDevice::sameAs(X);
  EXPECT_TRUE(AbstractDevice::join(S, S).sameValue(S));
}

TEST_F(DeviceModelTest, JoinOfDifferentDevicesIsMaybe) {
  const AbstractDevice J = AbstractDevice::join(cpu(Tri::No), cuda());
  EXPECT_EQ(J.K, Kind::Maybe);
  EXPECT_TRUE(J.MayBeCpu);
  EXPECT_TRUE(J.MayBeNonCpu);
  EXPECT_TRUE(J.mayBeOffCpu());
  // Joining is symmetric in what it says.
  const AbstractDevice R = AbstractDevice::join(cuda(), cpu(Tri::No));
  EXPECT_EQ(R.MayBeCpu, J.MayBeCpu);
  EXPECT_EQ(R.MayBeNonCpu, J.MayBeNonCpu);
}

TEST_F(DeviceModelTest, UnknownAbsorbsAJoin) {
  EXPECT_EQ(AbstractDevice::join(AbstractDevice::unknown(), cuda()).K,
            Kind::Unknown);
  EXPECT_EQ(AbstractDevice::join(cpu(Tri::Yes), AbstractDevice::unknown()).K,
            Kind::Unknown);
}

TEST_F(DeviceModelTest, JoinKeepsDeviceLessOnlyWhenBothAre) {
  AbstractDevice A = AbstractDevice::cpu(nullptr, true, Tri::No);
  AbstractDevice B = cpu(Tri::No);
  EXPECT_FALSE(AbstractDevice::join(A, B).DeviceLess);
  EXPECT_TRUE(AbstractDevice::join(A, A).DeviceLess);
}

TEST_F(DeviceModelTest, JoinForgetsARankThePathsDisagreeOn) {
  EXPECT_EQ(AbstractDevice::join(cpu(Tri::Yes), cpu(Tri::No)).ZeroDim,
            Tri::Unknown);
  EXPECT_EQ(AbstractDevice::join(cpu(Tri::No), cpu(Tri::No)).ZeroDim, Tri::No);
}

TEST_F(DeviceModelTest, StateJoinMeetsVariablesPathByPath) {
  DeviceState Then, Else;
  Then.Reached = Else.Reached = true;
  Then.Vars[X] = cuda(0);
  Else.Vars[X] = cpu(Tri::No);
  Then.Vars[Y] = cuda(0); // Declared on one path only: that path's value.
  DeviceState Joined = Then;
  Joined.joinWith(Else);
  EXPECT_EQ(Joined.Vars[X].K, Kind::Maybe);
  EXPECT_TRUE(Joined.Vars[Y].sameValue(cuda(0)));
  // A path that is not reached adds nothing; joining into one takes it all.
  DeviceState Unreached;
  DeviceState Same = Then;
  Same.joinWith(Unreached);
  EXPECT_TRUE(Same.sameValue(Then));
  Unreached.joinWith(Then);
  EXPECT_TRUE(Unreached.sameValue(Then));
}

TEST_F(DeviceModelTest, ListJoinCollectsElementsUpToABound) {
  ListValue Left, Right;
  Left.add(AbstractDevice::sameAs(X));
  Left.add(AbstractDevice::sameAs(X)); // The same element once.
  Right.add(AbstractDevice::sameAs(Y));
  Left.addAll(Right);
  ASSERT_EQ(Left.Elements.size(), 2u);
  EXPECT_FALSE(Left.Opaque);
  // Past the bound the contents are no longer known, never silently cut.
  ListValue Many;
  for (int I = 0; I < 16; ++I)
    Many.add(cuda(I));
  EXPECT_TRUE(Many.Opaque);
  ListValue Unknown;
  Unknown.Opaque = true;
  Right.addAll(Unknown);
  EXPECT_TRUE(Right.Opaque);
}

TEST_F(DeviceModelTest, WhatMayBeOffTheCpu) {
  EXPECT_FALSE(cpu(Tri::No).mayBeOffCpu());
  EXPECT_FALSE(AbstractDevice::unknown().mayBeOffCpu());
  EXPECT_TRUE(cuda().mayBeOffCpu());
  EXPECT_TRUE(AbstractDevice::sameAs(X).mayBeOffCpu());
}

TEST_F(DeviceModelTest, OnlyConcreteDevicesProvablyDiffer) {
  EXPECT_TRUE(cpu(Tri::No).provablyDiffers(cuda()));
  EXPECT_TRUE(cuda(0).provablyDiffers(cuda(1)));
  // The current CUDA device may be cuda:0.
  EXPECT_FALSE(cuda(-1).provablyDiffers(cuda(0)));
  EXPECT_FALSE(cuda(0).provablyDiffers(cuda(0)));
  EXPECT_FALSE(AbstractDevice::sameAs(X).provablyDiffers(cpu(Tri::No)));
  EXPECT_FALSE(AbstractDevice::sameAs(X).provablyDiffers(AbstractDevice::sameAs(Y)));
}

TEST_F(DeviceModelTest, StrictRejectsAnyCpuOperandBesideDeviceData) {
  EXPECT_EQ(conflicts(use(DeviceRule::Strict, {cuda(), cpu(Tri::Yes)})), 1u);
  EXPECT_EQ(conflicts(use(DeviceRule::Strict, {AbstractDevice::sameAs(X),
                                               cpu(Tri::Unknown)})),
            1u);
  EXPECT_EQ(conflicts(use(DeviceRule::Strict, {cuda(0), cuda(1)})), 1u);
  EXPECT_EQ(conflicts(use(DeviceRule::Strict, {cuda(0), cuda(0)})), 0u);
  EXPECT_EQ(conflicts(use(DeviceRule::Strict, {cpu(Tri::No), cpu(Tri::No)})), 0u);
}

TEST_F(DeviceModelTest, CpuScalarExcusesOnlyWhatMayBeZeroDim) {
  EXPECT_EQ(conflicts(use(DeviceRule::CpuScalar, {cuda(), cpu(Tri::Yes)})), 0u);
  EXPECT_EQ(conflicts(use(DeviceRule::CpuScalar, {cuda(), cpu(Tri::Unknown)})), 0u);
  EXPECT_EQ(conflicts(use(DeviceRule::CpuScalar, {cuda(), cpu(Tri::No)})), 1u);
}

TEST_F(DeviceModelTest, CpuScalarAtExcusesOnlyTheListedPositions) {
  // logical_and(dev, cpu0) runs on CUDA, logical_and(cpu0, dev) does not.
  OpUse Second = use(DeviceRule::CpuScalar, {cuda(), cpu(Tri::Yes)});
  Second.CpuScalarAt = 1u << 1;
  EXPECT_EQ(conflicts(Second), 0u);
  OpUse First = use(DeviceRule::CpuScalar, {cpu(Tri::Yes), cuda()});
  First.CpuScalarAt = 1u << 1;
  EXPECT_EQ(conflicts(First), 1u);
  // lerp(self, end, weight): the weight only.
  OpUse End = use(DeviceRule::CpuScalar, {cuda(), cpu(Tri::Yes), cuda()});
  End.CpuScalarAt = 1u << 2;
  EXPECT_EQ(conflicts(End), 1u);
  OpUse Weight = use(DeviceRule::CpuScalar, {cuda(), cuda(), cpu(Tri::Yes)});
  Weight.CpuScalarAt = 1u << 2;
  EXPECT_EQ(conflicts(Weight), 0u);
  // A listed position still needs a 0-dim tensor.
  Weight.Inputs[2].Device = cpu(Tri::No);
  EXPECT_EQ(conflicts(Weight), 1u);
}

TEST(OpRulesTest, ReadsPositionsAndVersionRanges) {
  OpRuleSet Rules;
  std::string Error;
  ASSERT_TRUE(parseOpRules(R"yaml(
version: 1
ops:
  - {name: lib::blend, rule: cpu_scalar, cpu_scalar_at: [0, 2], since: 2.1}
  - {name: lib::blend, rule: strict, before: 2.1}
)yaml",
                           "rules.yaml", Rules, Error))
      << Error;
  ASSERT_EQ(Rules.Rules.size(), 2u);
  EXPECT_EQ(Rules.Rules[0].CpuScalarAt, (1u << 0) | (1u << 2));
  EXPECT_TRUE(Rules.Rules[0].holdsFor("2.6"));
  EXPECT_FALSE(Rules.Rules[0].holdsFor("2"));
  EXPECT_TRUE(Rules.Rules[1].holdsFor("1.13"));
  EXPECT_FALSE(Rules.Rules[1].holdsFor("2.10"));
  // The index holds the entries of one version.
  EXPECT_EQ(buildRuleIndex(Rules, "2.6").lookup("lib::blend").Rule,
            DeviceRule::CpuScalar);
  EXPECT_EQ(buildRuleIndex(Rules, "2").lookup("lib::blend").Rule,
            DeviceRule::Strict);
}

TEST(OpRulesTest, ReadsWhetherAModuleStateJoinsItsInputs) {
  OpRuleSet Rules;
  std::string Error;
  ASSERT_TRUE(parseOpRules(R"yaml(
version: 1
ops:
  - {name: lib::LossImpl::forward, rule: strict, module_state: false}
  - {name: lib::LayerImpl::forward, rule: strict}
)yaml",
                           "rules.yaml", Rules, Error))
      << Error;
  const OpRuleIndex Index = buildRuleIndex(Rules, "2");
  EXPECT_FALSE(Index.lookup("lib::LossImpl::forward").ModuleState);
  EXPECT_TRUE(Index.lookup("lib::LayerImpl::forward").ModuleState);
}

TEST(OpRulesTest, VersionsCompareByComponent) {
  EXPECT_LT(compareLibtorchVersions("1.13", "2"), 0);
  EXPECT_EQ(compareLibtorchVersions("2", "2.0"), 0);
  EXPECT_LT(compareLibtorchVersions("2.9", "2.10"), 0);
  EXPECT_GT(compareLibtorchVersions("2.6.1", "2.6"), 0);
  EXPECT_EQ(compareLibtorchVersions("2.99999999999999999999", "2.99999999999999999999"), 0);
}

TEST(OpRulesTest, RejectsMalformedPositionsAndVersions) {
  const auto Fails = [](const char *Entry, const char *Message) {
    OpRuleSet Rules;
    std::string Error;
    const std::string Text = std::string("version: 1\nops:\n  - ") + Entry + "\n";
    EXPECT_FALSE(parseOpRules(Text, "rules.yaml", Rules, Error)) << Entry;
    EXPECT_NE(Error.find(Message), std::string::npos) << Error;
    EXPECT_EQ(Error.rfind("rules.yaml:3:", 0), 0u) << Error;
  };
  Fails("{name: f, rule: strict, cpu_scalar_at: [1]}", "belongs to rule cpu_scalar");
  Fails("{name: f, rule: cpu_scalar, cpu_scalar_at: [32]}", "operand position");
  Fails("{name: f, rule: cpu_scalar, cpu_scalar_at: [x]}", "operand position");
  Fails("{name: f, rule: cpu_scalar, cpu_scalar_at: []}", "list of operand positions");
  Fails("{name: f, rule: cpu_scalar, cpu_scalar_at: 1}", "list of operand positions");
  Fails("{name: f, rule: strict, since: two}", "libtorch version");
  Fails("{name: f, rule: strict, module_state: false}", "belongs to a module's forward");
  Fails("{name: lib::LossImpl::forward, rule: strict, module_state: no}", "true or false");
  Fails("{name: f, rule: strict, since: 2., before: 3}", "libtorch version");
  Fails("{name: f, rule: strict, since: 2, before: 1.13}", "later version");
  Fails("{name: f, rule: strict, sinse: 2}", "unknown key 'sinse'");
}

TEST_F(DeviceModelTest, ConflictNamesTheCpuOperandAsOdd) {
  const OpUse U = use(DeviceRule::Strict, {cuda(), cpu(Tri::No)});
  const auto Found = findDeviceConflicts(llvm::ArrayRef<OpUse>(U));
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_TRUE(Found[0].Odd.isCpu());
  EXPECT_EQ(Found[0].Other.K, Kind::Cuda);
  EXPECT_TRUE(Found[0].Provable);
  // Against a parameter the devices only may differ.
  const OpUse V = use(DeviceRule::Strict, {AbstractDevice::sameAs(X), cpu(Tri::No)});
  EXPECT_FALSE(findDeviceConflicts(llvm::ArrayRef<OpUse>(V))[0].Provable);
}

TEST_F(DeviceModelTest, IndexAllowsCpuIndicesOnADeviceSelf) {
  EXPECT_EQ(conflicts(use(DeviceRule::Index, {cuda(), cpu(Tri::No)})), 0u);
  EXPECT_EQ(conflicts(use(DeviceRule::Index, {cpu(Tri::No), cuda()})), 1u);
}

TEST_F(DeviceModelTest, InPlaceSelfHasNoScalarExcuse) {
  // cpu0.add_(dev) throws: the 0-dim CPU self is the output.
  EXPECT_EQ(conflicts(use(DeviceRule::CpuScalarInPlace, {cpu(Tri::Yes), cuda()})), 1u);
  // dev.add_(cpu0) is the CPU-scalar exception.
  EXPECT_EQ(conflicts(use(DeviceRule::CpuScalarInPlace, {cuda(), cpu(Tri::Yes)})), 0u);
}

TEST_F(DeviceModelTest, CopyAndNoCheckNeverConflict) {
  EXPECT_EQ(conflicts(use(DeviceRule::Copy, {cuda(), cpu(Tri::No)})), 0u);
  EXPECT_EQ(conflicts(use(DeviceRule::NoCheck, {cuda(), cpu(Tri::No)})), 0u);
}

TEST_F(DeviceModelTest, ListElementsFromDifferentModulesMayDiffer) {
  // Members are not modules here: two different members are not compared.
  EXPECT_EQ(conflicts(list(DeviceRule::Strict, {AbstractDevice::sameAs(Left),
                                                AbstractDevice::sameAs(Right)})),
            0u);
  EXPECT_EQ(conflicts(list(DeviceRule::Strict, {cuda(), cpu(Tri::No)})), 1u);
}

TEST_F(DeviceModelTest, DeviceLessFactoryConflictsBelongToTheFactory) {
  const AbstractDevice Made = AbstractDevice::cpu(Factory, true, Tri::No);
  const OpUse U = use(DeviceRule::Strict, {AbstractDevice::sameAs(X), Made});
  const auto Found = findDeviceConflicts(llvm::ArrayRef<OpUse>(U));
  ASSERT_EQ(Found.size(), 1u);
  EXPECT_TRUE(Found[0].fromDeviceLessFactory());
  // Once it took part in an op with data placed elsewhere it is not the
  // factory's alone.
  AbstractDevice Mixed = Made;
  Mixed.clearDeviceLess();
  const OpUse V = use(DeviceRule::Strict, {AbstractDevice::sameAs(X), Mixed});
  EXPECT_FALSE(findDeviceConflicts(llvm::ArrayRef<OpUse>(V))[0].fromDeviceLessFactory());
}

} // namespace
