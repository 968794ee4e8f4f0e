//===--- LintUnit.cpp - clang-tidy over one translation unit, in-process --===//
#include "LintUnit.h"
#include "LibraryInstantiations.h"
#include "RunFiles.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Stack.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <chrono>

using namespace clang;
using clang::tidy::ClangTidyContext;
using clang::tidy::ClangTidyError;
using clang::tidy::ClangTidyOptions;

namespace torchlint::run {
namespace {

// Hands ClangTool the one command it is to run.
class SingleCommandDatabase : public tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(tooling::CompileCommand Command)
      : Command(std::move(Command)) {}
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {Command};
  }

private:
  tooling::CompileCommand Command;
};

// A ClangTool over one command, on a file system of its own: ClangTool sets
// its working directory to the command's, which on the real file system
// would chdir the process.
class SingleCommandTool {
public:
  explicit SingleCommandTool(const tooling::CompileCommand &Command)
      : Database(Command),
        Tool(Database, {Command.Filename},
             std::make_shared<PCHContainerOperations>(),
             llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
                 llvm::vfs::createPhysicalFileSystem())) {
    Tool.setPrintErrorMessage(false);
  }
  tooling::ClangTool *operator->() { return &Tool; }

private:
  SingleCommandDatabase Database;
  tooling::ClangTool Tool;
};

// Every file the unit reads, system headers and the preamble's inputs
// included (not the .pch itself: it is built from those inputs).
class AllDependencies : public DependencyCollector {
public:
  bool needSystemDependencies() override { return true; }
  bool sawDependency(llvm::StringRef Filename, bool, bool, bool IsModuleFile,
                     bool IsMissing) override {
    return !IsModuleFile && !IsMissing && !Filename.starts_with("<");
  }
};

// What a unit's own code is: the main file and the user headers the header
// filter names; over the shared preamble, not the vtables libtorch's headers
// use.
struct UnitScope {
  std::optional<std::string> HeaderFilter;
  bool OverPreamble = false;
  // Whether the library's own template instantiations may be left out
  // (LibraryInstantiations.h): only where nothing but torchlint's checks
  // reports (onlyTorchFindings), as a compiler warning in such a body (a
  // deprecated name libtorch uses) is reported where the unit's code asked
  // for it, and other checks read library bodies.
  bool LeaveLibraryInstantiations = false;
};

// Whether what the unit's findings can be is up to torchlint's checks
// alone: every check \p Options enable is a torch-* one (no compiler warning,
// analyzer or other check that reads a library body), and \p CommandLine
// makes no warning an error.
bool onlyTorchFindings(const ClangTidyOptions &Options,
                       const std::vector<std::string> &CommandLine) {
  // The last glob that matches a name decides (clang-tidy's defaults come
  // first: "clang-diagnostic-*,clang-analyzer-*,-*,torch-*"): a glob that
  // may enable another check counts unless a later "-prefix*" covers it.
  const std::string Checks = Options.Checks.value_or("");
  llvm::SmallVector<llvm::StringRef> Globs;
  llvm::StringRef(Checks).split(Globs, ',');
  for (size_t I = 0; I < Globs.size(); ++I) {
    llvm::StringRef Glob = Globs[I].trim();
    if (Glob.empty() || Glob.starts_with("-") || Glob.starts_with("torch-"))
      continue;
    llvm::StringRef Literal = Glob.take_until([](char C) { return C == '*'; });
    bool Covered = llvm::any_of(
        llvm::ArrayRef(Globs).drop_front(I + 1), [&](llvm::StringRef Later) {
          Later = Later.trim();
          return Later.consume_front("-") && Later.consume_back("*") &&
                 !Later.contains('*') && Literal.starts_with(Later);
        });
    if (!Covered)
      return false;
  }
  return llvm::none_of(CommandLine, [](llvm::StringRef Arg) {
    return Arg.starts_with("-Werror") || Arg == "-pedantic-errors";
  });
}

// Restricts every later consumer's traversal to the declarations written in
// the main file (and in user headers the header filter names), as clangd
// does: without it the matchers walk all of libtorch, deserializing the
// whole precompiled preamble. Declarations from the preamble never reach
// HandleTopLevelDecl.
class MainFileScope : public SemaConsumer {
public:
  explicit MainFileScope(const UnitScope &Scope)
      : OverPreamble(Scope.OverPreamble),
        LeaveLibraryInstantiations(Scope.LeaveLibraryInstantiations) {
    if (Scope.HeaderFilter && !Scope.HeaderFilter->empty())
      Filter.emplace(*Scope.HeaderFilter);
  }

  // The shared preamble holds only libtorch's headers, and clang leaves the
  // vtables they use to be defined at the end of every unit over it: the
  // virtual functions of libtorch's class templates, instantiated again for
  // each unit (1.3 s of the 1.5 s a unit takes over the preamble). No check
  // looks into them: taking them from the preamble's reader before Sema asks
  // for them skips that work. The vtables the unit's own code uses are
  // still defined.
  void InitializeSema(Sema &S) override {
    TheSema = &S;
    if (!OverPreamble)
      return;
    if (auto *Preamble = llvm::dyn_cast_or_null<ExternalSemaSource>(
            S.getASTContext().getExternalSource())) {
      llvm::SmallVector<ExternalVTableUse, 0> LibraryVTables;
      Preamble->ReadUsedVTables(LibraryVTables);
    }
  }

  // From the parser, and from clang at the end of each function it
  // instantiated: points where Sema's queue may be changed.
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    HandleInterestingDecl(Group);
    if (TheSema && LeaveLibraryInstantiations)
      Library.dropQueued(*TheSema);
    return true;
  }

  // Also from a precompiled header's reader, in the middle of whatever
  // deserialized them (Sema's own walk of its queues among them).
  void HandleInterestingDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (inScope(D))
        Decls.push_back(D);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Ctx.setTraversalScope(Decls);
  }

private:
  bool inScope(const Decl *D) const {
    const SourceManager &SM = D->getASTContext().getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(D->getLocation());
    if (Loc.isInvalid())
      return false;
    if (SM.isWrittenInMainFile(Loc))
      return true;
    if (!Filter || SM.isInSystemHeader(Loc))
      return false;
    OptionalFileEntryRef File = SM.getFileEntryRefForID(SM.getFileID(Loc));
    return File && Filter->match(File->getName());
  }

  std::optional<llvm::Regex> Filter;
  bool OverPreamble;
  bool LeaveLibraryInstantiations;
  std::vector<Decl *> Decls;
  Sema *TheSema = nullptr;
  LibraryInstantiations Library;
};

class LintAction : public ASTFrontendAction {
public:
  LintAction(tidy::ClangTidyASTConsumerFactory &Checks,
             std::shared_ptr<AllDependencies> Dependencies, UnitScope Scope)
      : Checks(Checks), Dependencies(std::move(Dependencies)),
        Scope(std::move(Scope)) {}

  bool BeginInvocation(CompilerInstance &CI) override {
    CI.addDependencyCollector(Dependencies);
    return true;
  }

  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef File) override {
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    // MultiplexConsumer calls its consumers in order: the scope is set
    // before the checks' matchers run.
    Consumers.push_back(std::make_unique<MainFileScope>(Scope));
    Consumers.push_back(Checks.createASTConsumer(CI, File));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  tidy::ClangTidyASTConsumerFactory &Checks;
  std::shared_ptr<AllDependencies> Dependencies;
  UnitScope Scope;
};

class LintActionFactory : public tooling::FrontendActionFactory {
public:
  LintActionFactory(tidy::ClangTidyASTConsumerFactory &Checks,
                    std::shared_ptr<AllDependencies> Dependencies,
                    UnitScope Scope)
      : Checks(Checks), Dependencies(std::move(Dependencies)),
        Scope(std::move(Scope)) {}

  // As clang-tidy: code guarded by __clang_analyzer__ is linted too.
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // No "N warnings generated." lines: the findings are the report.
    Invocation->getDiagnosticOpts().ShowCarets = false;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<LintAction>(Checks, Dependencies, Scope);
  }

private:
  tidy::ClangTidyASTConsumerFactory &Checks;
  std::shared_ptr<AllDependencies> Dependencies;
  UnitScope Scope;
};

// Diagnostics and fixes name files relative to the build directory when the
// compile command does; reports and the cache want one absolute spelling.
void makePathsAbsolute(tooling::DiagnosticMessage &Message,
                       llvm::StringRef Directory) {
  if (!Message.FilePath.empty())
    Message.FilePath = absolutePath(Directory, Message.FilePath);
  for (auto &Range : Message.Ranges)
    Range.FilePath = absolutePath(Directory, Range.FilePath);
  llvm::StringMap<tooling::Replacements> Fixes;
  for (const auto &FileFix : Message.Fix)
    for (const tooling::Replacement &R : FileFix.second) {
      std::string Path = absolutePath(Directory, R.getFilePath());
      llvm::consumeError(Fixes[Path].add(tooling::Replacement(
          Path, R.getOffset(), R.getLength(), R.getReplacementText())));
    }
  Message.Fix = std::move(Fixes);
}

std::vector<std::string> withConfiguredArgs(const ClangTidyOptions &Options,
                                            std::vector<std::string> Args) {
  // The same placement as clang-tidy: ExtraArgsBefore after the compiler.
  if (Options.ExtraArgsBefore) {
    auto At = Args.begin();
    if (At != Args.end() && !llvm::StringRef(*At).starts_with("-"))
      ++At;
    Args.insert(At, Options.ExtraArgsBefore->begin(),
                Options.ExtraArgsBefore->end());
  }
  if (Options.ExtraArgs)
    Args.insert(Args.end(), Options.ExtraArgs->begin(),
                Options.ExtraArgs->end());
  return Args;
}

UnitResult lintOnce(const tooling::CompileCommand &Command,
                    const LintSettings &Settings,
                    llvm::StringRef PrecompiledPreamble) {
  UnitResult Result;
  Result.File = Command.Filename;
  auto Start = std::chrono::steady_clock::now();

  ClangTidyContext Context(Settings.MakeOptionsProvider(),
                           Settings.AllowAlphaCheckers);
  ClangTidyOptions Options = Context.getOptionsForFile(Command.Filename);
  tidy::ClangTidyDiagnosticConsumer Consumer(
      Context, /*ExternalDiagEngine=*/nullptr,
      /*RemoveIncompatibleErrors=*/true, Settings.FixesFromNotes);
  DiagnosticsEngine Diags(new DiagnosticIDs(), new DiagnosticOptions(),
                          &Consumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Diags);

  tooling::CompileCommand Adjusted = Command;
  Adjusted.CommandLine = withConfiguredArgs(Options, Command.CommandLine);
  SingleCommandTool Tool(Adjusted);
  Tool->appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());
  if (!PrecompiledPreamble.empty())
    Tool->appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        {"-include-pch", PrecompiledPreamble.str()},
        tooling::ArgumentInsertPosition::END));
  Tool->setDiagnosticConsumer(&Consumer);

  tidy::ClangTidyASTConsumerFactory Checks(Context);
  auto Dependencies = std::make_shared<AllDependencies>();
  LintActionFactory Factory(
      Checks, Dependencies,
      UnitScope{Options.HeaderFilterRegex, !PrecompiledPreamble.empty(),
                onlyTorchFindings(Options, Adjusted.CommandLine)});
  int Status = Tool->run(&Factory);

  Result.Diagnostics = Consumer.take();
  for (ClangTidyError &Diag : Result.Diagnostics) {
    makePathsAbsolute(Diag.Message, Command.Directory);
    for (auto &Note : Diag.Notes)
      makePathsAbsolute(Note, Command.Directory);
  }
  for (llvm::StringRef Path : Dependencies->getDependencies())
    Result.Dependencies.push_back(absolutePath(Command.Directory, Path));
  std::sort(Result.Dependencies.begin(), Result.Dependencies.end());
  Result.Dependencies.erase(
      std::unique(Result.Dependencies.begin(), Result.Dependencies.end()),
      Result.Dependencies.end());
  // Status 1 with compiler errors is a finding; without any diagnostic it
  // means the unit never ran (a missing file, an unusable command).
  if (Status != 0 && !Result.hasCompilerErrors()) {
    Result.ToolFailed = true;
    Result.FailureMessage = "clang could not process the compile command";
  }
  Result.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Result;
}

// No check reads libtorch's own code, and parsing the bodies of its plain
// functions is much of a preamble's cost; a template's body is kept: the
// unit instantiates it, and an error there is the unit's.
class KeepTemplateBodies : public ASTConsumer {
public:
  bool shouldSkipFunctionBody(Decl *D) override {
    const FunctionDecl *Function = D->getAsFunction();
    return !Function || !Function->isTemplated();
  }
};

class GeneratePreambleAction : public GeneratePCHAction {
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef File) override {
    std::unique_ptr<ASTConsumer> Generator =
        GeneratePCHAction::CreateASTConsumer(CI, File);
    if (!Generator)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::move(Generator));
    Consumers.push_back(std::make_unique<KeepTemplateBodies>());
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }
};

class GeneratePreambleFactory : public tooling::FrontendActionFactory {
public:
  GeneratePreambleFactory(llvm::StringRef Header, llvm::StringRef Output,
                          llvm::StringRef Depfile)
      : Header(Header), Output(Output), Depfile(Depfile) {}

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    makePreambleCompile(*Invocation, Header, Output, Depfile);
    // Once here, not at the end of every unit over the preamble.
    Invocation->getLangOpts().PCHInstantiateTemplates = true;
    return FrontendActionFactory::runInvocation(Invocation, Files,
                                                PCHContainerOps, DiagConsumer);
  }

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<GeneratePreambleAction>();
  }

private:
  llvm::StringRef Header, Output, Depfile;
};

/// Whether the unit's errors could come from the preamble not fitting it.
bool mayBePreambleMismatch(const UnitResult &Result) {
  if (Result.ToolFailed)
    return true;
  // clang names the precompiled header when it does not fit; an error with
  // no place is not the unit's own either.
  for (const ClangTidyError &Diag : Result.Diagnostics)
    if (Diag.DiagnosticName == "clang-diagnostic-error" &&
        (Diag.Message.FilePath.empty() ||
         llvm::StringRef(Diag.Message.Message)
             .contains_insensitive("precompiled") ||
         llvm::StringRef(Diag.Message.Message).contains("PCH") ||
         llvm::StringRef(Diag.Message.Message).contains("AST file")))
      return true;
  return false;
}

} // namespace

UnitResult lintUnit(const tooling::CompileCommand &Command,
                    const LintSettings &Settings,
                    llvm::StringRef PrecompiledPreamble) {
  noteBottomOfStack();
  UnitResult Result;
  Result.File = Command.Filename;
  auto Run = [&](llvm::StringRef Preamble) {
    // Recorded outside the crash recovery, which skips destructors.
    std::optional<tidy::torch::device::ProjectCallFacts> Facts;
    std::optional<tidy::torch::device::ProjectCallRecording> Recording;
    if (Settings.RecordProjectCalls)
      Recording.emplace(Facts.emplace());
    llvm::CrashRecoveryContext Recovery;
    if (!Recovery.RunSafely(
            [&] { Result = lintOnce(Command, Settings, Preamble); })) {
      Result = UnitResult();
      Result.File = Command.Filename;
      Result.ToolFailed = true;
      Result.FailureMessage = "crashed while linting";
      return;
    }
    if (Facts)
      for (auto &Finding : Facts->Findings)
        Finding.File = absolutePath(Command.Directory, Finding.File);
    Result.ProjectCalls = std::move(Facts);
  };
  Run(PrecompiledPreamble);
  // A preamble that does not fit the unit (a flag it was not built with, a
  // header changed since) shows as a compiler error: then lint without it,
  // so the preamble never changes what is found. Code that does not compile
  // on its own is not linted twice.
  if (!PrecompiledPreamble.empty() && mayBePreambleMismatch(Result))
    Run({});
  return Result;
}

namespace {

bool compileInProcess(const PreambleRequest &Request, llvm::StringRef Compiler,
                      llvm::StringRef Header, llvm::StringRef Output,
                      llvm::StringRef Depfile) {
  noteBottomOfStack();
  tooling::CompileCommand Command;
  Command.Directory = Request.Directory;
  Command.Filename = Header.str();
  // The driver's name chooses its mode and builtin headers, as the units'.
  Command.CommandLine.push_back(Compiler.empty() ? "clang++" : Compiler.str());
  Command.CommandLine.insert(Command.CommandLine.end(), Request.Flags.begin(),
                             Request.Flags.end());
  Command.CommandLine.push_back(Header.str());
  SingleCommandTool Tool(Command);
  IgnoringDiagConsumer Quiet;
  Tool->setDiagnosticConsumer(&Quiet);
  GeneratePreambleFactory Factory(Header, Output, Depfile);
  bool Built = false;
  llvm::CrashRecoveryContext Recovery;
  return Recovery.RunSafely([&] { Built = Tool->run(&Factory) == 0; }) && Built;
}

} // namespace

bool compilePreamble(llvm::StringRef Self, const PreambleRequest &Request,
                     llvm::StringRef Compiler, llvm::StringRef Header,
                     llvm::StringRef Output, llvm::StringRef Depfile) {
  std::vector<llvm::StringRef> Args{
      Self,   BuildPreambleFlag, Request.Directory, Header,
      Output, Depfile,           Compiler};
  Args.insert(Args.end(), Request.Flags.begin(), Request.Flags.end());
  std::string Error;
  return llvm::sys::ExecuteAndWait(Self, Args, std::nullopt, {}, 0, 0,
                                   &Error) == 0;
}

int buildPreambleMain(llvm::ArrayRef<const char *> Args) {
  if (Args.size() < 5)
    return 2;
  PreambleRequest Request;
  Request.Directory = Args[0];
  Request.Flags.assign(Args.begin() + 5, Args.end());
  return compileInProcess(Request, Args[4], Args[1], Args[2], Args[3]) ? 0 : 1;
}

ClangTidyOptions optionsFor(const LintSettings &Settings,
                            llvm::StringRef File) {
  ClangTidyContext Context(Settings.MakeOptionsProvider(),
                           Settings.AllowAlphaCheckers);
  return Context.getOptionsForFile(File);
}

} // namespace torchlint::run
