//===--- FunctionBodyCheck.cpp - the base of the torch-* checks -----------===//
#include "utils/FunctionBodyCheck.h"
#include "device/findings/ProjectCalls.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "device/rules/RulesOptions.h"
#include "utils/CallSite.h"

#include "llvm/Support/Regex.h"

using namespace clang::ast_matchers;

namespace clang::tidy::torch {

FunctionBodyCheck::FunctionBodyCheck(StringRef Name, ClangTidyContext *Context,
                                     bool FixesAddIncludes)
    : ClangTidyCheck(Name, Context),
      DebugAnalysis(Options.getLocalOrGlobal("DebugAnalysis", false)),
      UnsafeFixes(Options.getLocalOrGlobal("UnsafeFixes", false)),
      Owners(*Context), TidyContext(*Context),
      Model(device::DeviceModel::forContext(*Context)) {
  if (FixesAddIncludes)
    FixIncludes.emplace(
        Options.getLocalOrGlobal("IncludeStyle",
                                 tidy::utils::IncludeSorter::IS_LLVM),
        areDiagsSelfContained());
}

void FunctionBodyCheck::registerPPCallbacks(const SourceManager &,
                                            Preprocessor *PP, Preprocessor *) {
  if (FixIncludes)
    FixIncludes->registerPreprocessor(PP);
}

std::optional<FixItHint>
FunctionBodyCheck::includeHeader(SourceLocation Loc, const SourceManager &SM,
                                 StringRef Header) {
  if (!FixIncludes)
    return std::nullopt;
  return FixIncludes->createIncludeInsertion(SM.getFileID(Loc), Header);
}

void FunctionBodyCheck::validatePatterns(StringRef Option, StringRef Patterns,
                                         char Separator) {
  llvm::SmallVector<StringRef, 4> Parts;
  if (Separator)
    Patterns.split(Parts, Separator, -1, false);
  else
    Parts.push_back(Patterns);
  for (StringRef Pattern : Parts) {
    std::string Error;
    if (!Pattern.trim().empty() && !llvm::Regex(Pattern).isValid(Error))
      OwnProblems.push_back("option '" + (getID() + "." + Option).str() +
                            "': invalid regular expression '" + Pattern.str() +
                            "': " + Error);
  }
}

void FunctionBodyCheck::reportConfiguration(ASTContext &Ctx) {
  std::vector<std::string> Problems = std::move(OwnProblems);
  OwnProblems.clear();
  // Options set under this check's name that it does not have: a typo
  // would otherwise go unnoticed.
  ClangTidyOptions::OptionMap Known;
  storeOptions(Known);
  const std::string Prefix = (getID() + ".").str();
  std::vector<std::string> Unknown;
  for (const auto &Entry : TidyContext.getOptions().CheckOptions) {
    StringRef Key = Entry.getKey();
    if (Key.starts_with(Prefix) && !Known.count(Key) &&
        !device::RulesOptions::isModuleWide(Key.drop_front(Prefix.size())))
      Unknown.push_back(Key.str());
  }
  llvm::sort(Unknown);
  std::vector<std::string> OwnNames;
  for (const auto &Entry : Known)
    OwnNames.push_back(Entry.getKey().drop_front(Prefix.size()).str());
  llvm::sort(OwnNames);
  const std::string Names = llvm::join(OwnNames, ", ");
  for (const std::string &Key : Unknown)
    Problems.push_back("unknown option '" + Key + "' (" + getID().str() +
                       " has: " + Names +
                       "; every torch check: RulesFile, LibtorchVersion)");
  const device::RulesOptions &ModuleOptions = *Model->rulesOptions();
  if (!ModuleOptions.ProblemsReported) {
    ModuleOptions.ProblemsReported = true;
    Problems.insert(Problems.end(), ModuleOptions.Problems.begin(),
                    ModuleOptions.Problems.end());
  }
  const SourceManager &SM = Ctx.getSourceManager();
  for (const std::string &Problem : Problems)
    ClangTidyCheck::diag(SM.getLocForStartOfFile(SM.getMainFileID()),
                         "torchlint configuration: %0", DiagnosticIDs::Error)
        << Problem;
}

void FunctionBodyCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "DebugAnalysis", DebugAnalysis);
  Options.store(Opts, "UnsafeFixes", UnsafeFixes);
  if (FixIncludes)
    Options.store(Opts, "IncludeStyle", FixIncludes->getStyle());
}

DiagnosticBuilder FunctionBodyCheck::diag(SourceLocation Loc,
                                          StringRef Description,
                                          DiagnosticIDs::Level Level) {
  // An ignored warning takes its notes with it (DiagnosticsEngine drops a
  // note that follows an ignored diagnostic).
  if (Level == DiagnosticIDs::Warning &&
      !Reported.emplace(Loc.getRawEncoding(), Description.str()).second &&
      InInstantiation)
    Level = DiagnosticIDs::Ignored;
  return ClangTidyCheck::diag(Loc, Description, Level);
}

void FunctionBodyCheck::offerFixOnNote(SourceLocation Loc,
                                       llvm::ArrayRef<FixItHint> Fixes,
                                       FixSafety Safety, StringRef Changes) {
  if (fixOnWarning(Safety) || Fixes.empty())
    return;
  auto Note = diag(Loc,
                   "suggested fix; %select{it changes %1|this template is "
                   "instantiated for other types too}0, so '--fix' leaves it "
                   "to you%select{ (UnsafeFixes: true applies it)|}0",
                   DiagnosticIDs::Note);
  Note << InSharedTemplate << Changes;
  for (const FixItHint &Fix : Fixes)
    Note << Fix;
}

std::vector<FixItHint>
FunctionBodyCheck::callRuntimeInstead(const CallExpr *Call,
                                      llvm::StringRef RuntimeFunction,
                                      const SourceManager &SM) {
  const auto *Callee =
      llvm::dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImplicit());
  if (!Callee || Callee->getBeginLoc().isMacroID() ||
      Callee->getEndLoc().isMacroID())
    return {};
  std::vector<FixItHint> Fixes = {FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(Callee->getSourceRange()),
      RuntimeFunction)};
  if (std::optional<FixItHint> Include =
          includeRuntime(Call->getBeginLoc(), SM))
    Fixes.push_back(*Include);
  return Fixes;
}

std::shared_ptr<const device::DeviceFlow>
FunctionBodyCheck::analyzeFlow(const device::DeviceFlowConfig &Config,
                               const FunctionDecl *Fn, ASTContext &Ctx) {
  std::shared_ptr<const device::DeviceFlow> Facts = Config.analyze(Fn, Ctx);
  if (DebugAnalysis && !Facts->gaveUp().empty())
    diag(Fn->getLocation(), "device analysis gave up on %0: %1",
         DiagnosticIDs::Remark)
        << Fn << Facts->gaveUp();
  return Facts;
}

namespace {

/// Limits clang-tidy's walk of the unit to the user's top-level declarations,
/// as clangd does for the main file. Matching runs this at the unit's node,
/// before its children are walked: without it the walk visits (and reads
/// back from a precompiled header) every declaration of libtorch's headers,
/// most of a unit's time, where no diagnostic is shown unless SystemHeaders
/// asks for them. A scope someone already limited is kept.
void limitTraversalToUserCode(ASTContext &Ctx, bool SystemHeaders) {
  const std::vector<Decl *> Scope = Ctx.getTraversalScope();
  if (SystemHeaders || Scope.size() != 1 ||
      !llvm::isa<TranslationUnitDecl>(Scope.front()))
    return;
  device::LibraryCode Library(Ctx.getSourceManager());
  std::vector<Decl *> UserDecls;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (!Library.contains(D->getLocation()))
      UserDecls.push_back(D);
  Ctx.setTraversalScope(UserDecls);
}

} // namespace

void FunctionBodyCheck::registerMatchers(MatchFinder *Finder) {
  Finder->addMatcher(translationUnitDecl().bind("torch-tu"), this);
}

void FunctionBodyCheck::check(const MatchFinder::MatchResult &Result) {
  if (!Result.Nodes.getNodeAs<TranslationUnitDecl>("torch-tu"))
    return;
  ASTContext &Ctx = *Result.Context;
  device::DeviceModel::Analysing Analysing(*Model);
  limitTraversalToUserCode(
      Ctx, TidyContext.getOptions().SystemHeaders.value_or(false));
  reportConfiguration(Ctx);
  // A driver's project facts (ProjectCalls.h) need every call of the unit:
  // after a fatal error some were never parsed, whatever this check does.
  if (device::ProjectCallFacts *Facts = device::projectCallFacts();
      Facts && !Facts->Analysed &&
      !Ctx.getDiagnostics().hasFatalErrorOccurred())
    device::recordUnitFacts(Ctx, *Facts);
  // After a fatal error (a missing #include) Sema instantiates no more
  // templates: `t.data_ptr<float>()` has no body, calls lose their types, and
  // what the analysis would conclude is a guess (runsAfterFatalError).
  if (Ctx.getDiagnostics().hasFatalErrorOccurred() && !runsAfterFatalError()) {
    if (DebugAnalysis)
      diag(Ctx.getSourceManager().getLocForStartOfFile(
               Ctx.getSourceManager().getMainFileID()),
           "device analysis skipped this file: it has a fatal error",
           DiagnosticIDs::Remark);
    return;
  }
  Reported.clear();
  device::forEachFunctionBody(Ctx, [&](const FunctionDecl *Fn) {
    // Each function is analysed with its own parent map (FunctionParents.h).
    device::FunctionParentScope Parents(Fn, Ctx);
    InInstantiation = device::isInstantiated(Fn);
    InSharedTemplate = InInstantiation && device::instantiationsAround(Fn) > 1;
    checkFunction(Fn, Ctx);
    // What this function passes to functions other units may define, for a
    // driver that judges findings by the whole project's calls: once per
    // unit, whichever torch check is enabled.
    if (device::ProjectCallFacts *Facts = device::projectCallFacts();
        Facts && !Fn->isDependentContext() && Model->firstToRecordCallsOf(Fn))
      device::recordProjectCalls(Fn, *Model->flowConfig().analyze(Fn, Ctx),
                                 Model->flowConfig().Summaries.get(), *Facts);
  });
  InInstantiation = InSharedTemplate = false;
}

} // namespace clang::tidy::torch
