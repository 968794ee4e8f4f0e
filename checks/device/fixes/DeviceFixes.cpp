//===--- DeviceFixes.cpp - fix-its that move a tensor ---------------------===//
#include "device/fixes/DeviceFixes.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch::utils {

std::optional<FixItHint> moveToDeviceOfFix(const Expr *Odd, const Expr *Other,
                                           const SourceManager &SM,
                                           const LangOptions &LangOpts) {
  if (!Odd || !Other)
    return std::nullopt;
  const Expr *Target = Other->IgnoreImplicit()->IgnoreParenImpCasts();
  const ValueDecl *Named = nullptr;
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(Target))
    Named = Ref->getDecl();
  else if (const auto *Member = llvm::dyn_cast<MemberExpr>(Target);
           Member &&
           llvm::isa<CXXThisExpr>(
               Member->getBase()->IgnoreImplicit()->IgnoreParenImpCasts()))
    Named = Member->getMemberDecl();
  if (!Named || !isTensorType(Named->getType()))
    return std::nullopt;

  const Expr *Written = Odd->IgnoreImplicit()->IgnoreParenImpCasts();
  const SourceRange Range = Written->getSourceRange();
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return std::nullopt;
  const std::string Move = ".to(" + Named->getNameAsString() + ".device())";
  if (llvm::isa<CallExpr, DeclRefExpr, ParenExpr, MemberExpr>(Written) &&
      !llvm::isa<CXXOperatorCallExpr>(Written))
    return FixItHint::CreateInsertion(
        Lexer::getLocForEndOfToken(Range.getEnd(), 0, SM, LangOpts), Move);
  const std::string Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(Range), SM, LangOpts)
          .str();
  if (Text.empty())
    return std::nullopt;
  return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range),
                                      "(" + Text + ")" + Move);
}

/// The fix that passes \p Device to the read of \p Load.
std::optional<FixItHint> readDeviceFix(const CheckpointLoad &Load,
                                       const std::string &Device) {
  const CallExpr *Read = Load.Read;
  if (Device.empty() || Read->getBeginLoc().isMacroID() ||
      Read->getRParenLoc().isMacroID())
    return std::nullopt;
  if (Load.Device.What == ReadDevice::ExplicitNone) {
    const SourceRange Range = Load.Device.NoneArg->getSourceRange();
    if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
      return std::nullopt;
    return FixItHint::CreateReplacement(CharSourceRange::getTokenRange(Range),
                                        Device);
  }
  return FixItHint::CreateInsertion(Read->getRParenLoc(), ", " + Device);
}

} // namespace clang::tidy::torch::utils
