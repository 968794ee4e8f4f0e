//===--- DeviceFixes.cpp - fix-its that give data its device --------------===//
#include "device/fixes/DeviceFixes.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::torch::device {
namespace {

/// "torch::" or "at::", whichever namespace the factory was called from, so
/// the inserted torch::device(...) needs no new include.
std::string namespacePrefix(const FunctionDecl *Factory) {
  return qualifiedName(Factory).rfind("at::", 0) == 0 ? "at::" : "torch::";
}

/// The options argument as the user wrote it: through an implicit conversion
/// (kFloat -> TensorOptions) to the converted expression.
const Expr *writtenOptions(const Expr *Arg) {
  const Expr *E = Arg->IgnoreImplicit()->IgnoreParenImpCasts();
  // An implicit conversion or copy: the user wrote the argument inside.
  if (const auto *Construct = llvm::dyn_cast<CXXConstructExpr>(E))
    if (!llvm::isa<CXXTemporaryObjectExpr>(Construct) &&
        Construct->getNumArgs() == 1)
      return Construct->getArg(0)->IgnoreImplicit()->IgnoreParenImpCasts();
  return E;
}

/// True when `.device(...)` can be appended to \p E without parentheses.
bool isPostfixExpression(const Expr *E) {
  return llvm::isa<CallExpr, DeclRefExpr, ParenExpr, MemberExpr,
                   CXXTemporaryObjectExpr, CXXFunctionalCastExpr>(E);
}

} // namespace

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

/// The fix that gives the call \p Call a device \p Device, or none when the
/// call's spelling cannot be edited safely.
std::optional<FixItHint>
factoryDeviceFix(const CallExpr *Call, unsigned OptionsIndex,
                 const FunctionDecl *Factory, const std::string &Device,
                 const std::string &WholeOptions, const SourceManager &SM,
                 const LangOptions &LangOpts) {
  if (Call->getBeginLoc().isMacroID() || Call->getRParenLoc().isMacroID())
    return std::nullopt;
  const std::string Ns = namespacePrefix(Factory);
  const Expr *Arg = Call->getArg(OptionsIndex);

  if (llvm::isa<CXXDefaultArgExpr>(Arg)) {
    // Appending is only possible when every earlier argument was written.
    for (unsigned I = 0; I < OptionsIndex; ++I)
      if (llvm::isa<CXXDefaultArgExpr>(Call->getArg(I)))
        return std::nullopt;
    std::string Options =
        WholeOptions.empty() ? Ns + "device(" + Device + ")" : WholeOptions;
    return FixItHint::CreateInsertion(Call->getRParenLoc(),
                                      (OptionsIndex > 0 ? ", " : "") + Options);
  }

  const Expr *Written = writtenOptions(Arg);
  CharSourceRange Range =
      CharSourceRange::getTokenRange(Written->getSourceRange());
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return std::nullopt;
  if (const auto *Init = llvm::dyn_cast<InitListExpr>(Written);
      Init && Init->getNumInits() == 0)
    return FixItHint::CreateReplacement(Range, Ns + "device(" + Device + ")");

  const std::string Text = Lexer::getSourceText(Range, SM, LangOpts).str();
  if (Text.empty())
    return std::nullopt;
  if (isTensorOptionsType(Written->getType())) {
    if (isPostfixExpression(Written))
      return FixItHint::CreateInsertion(
          Lexer::getLocForEndOfToken(Written->getEndLoc(), 0, SM, LangOpts),
          ".device(" + Device + ")");
    return FixItHint::CreateReplacement(Range, "(" + Text + ").device(" +
                                                   Device + ")");
  }
  if (isScalarTypeEnum(Written->getType()))
    return FixItHint::CreateReplacement(Range, Ns + "dtype(" + Text +
                                                   ").device(" + Device + ")");
  return FixItHint::CreateReplacement(Range, Ns + "TensorOptions(" + Text +
                                                 ").device(" + Device + ")");
}

/// Whether \p Call is the whole value a constructor of \p Member's class
/// gives it (`mask_ = torch::ones(...)`, `mask_(torch::ones(...))`), which
/// a registration can wrap.
bool isWholeValueOf(const CallExpr *Call, const FieldDecl *Member) {
  bool Whole = false;
  forEachObjectAssignment(llvm::cast<CXXRecordDecl>(Member->getParent()),
                          /*ConstructorsOnly=*/true,
                          [&](const ValueDecl *Object, const Expr *Value) {
                            Whole |= Object == Member &&
                                     ignoreWrappers(Value) == Call;
                          });
  return Whole;
}

/// Wraps \p Call, a member's whole value, in `register_buffer("mask", ...)`.
std::vector<FixItHint> registerAsBuffer(const CallExpr *Call,
                                        const FieldDecl *Member,
                                        ASTContext &Ctx) {
  const SourceLocation Begin = Call->getBeginLoc(), End = Call->getEndLoc();
  if (Begin.isMacroID() || End.isMacroID())
    return {};
  // The buffer's name in the state dict: `mask_`, `m_mask` and `_mask` are
  // "mask".
  llvm::StringRef Name = Member->getName();
  Name.consume_front("m_");
  Name = Name.trim('_');
  if (Name.empty())
    Name = Member->getName();
  return {FixItHint::CreateInsertion(
              Begin, ("register_buffer(\"" + Name + "\", ").str()),
          FixItHint::CreateInsertion(
              Lexer::getLocForEndOfToken(End, 0, Ctx.getSourceManager(),
                                         Ctx.getLangOpts()),
              ")")};
}

} // namespace clang::tidy::torch::device
