//===--- NvccCommands.cpp - nvcc compile commands as clang's -------------===//
#include "NvccCommands.h"
#include "InstallPrefix.h"
#include "run/RunFiles.h"

#include "clang/Basic/Cuda.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

#include <cstdlib>

namespace torchlint {
namespace {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

/// What an nvcc option means to the host code clang parses.
enum class NvccAction {
  Include,       // -I
  SystemInclude, // -isystem
  Define,        // -D
  Undefine,      // -U
  PreInclude,    // -include
  Std,           // -std=
  Optimize,      // -O
  Debug,         // -g
  NoWarnings,    // -w
  Language,      // -x cu
  GpuArch,       // -arch, -code: sm_XX lists
  GenerateCode,  // -gencode arch=compute_XX,code=sm_XX
  HostOptions,   // -Xcompiler a,b
  DefaultStream, // --default-stream per-thread
  OptionsFile,   // --options-file F
  Compile,       // -c, -dc, -dw
  Drop,          // device code generation, outputs, dependencies
};

struct NvccOption {
  llvm::StringLiteral Long;  // --name
  llvm::StringLiteral Short; // -name
  bool TakesValue;
  NvccAction Action;
};

// nvcc's options as `nvcc --help` lists them. Every option that takes a value
// must be here, or its value would be read as an input file.
constexpr NvccOption NvccOptions[] = {
    {"include-path", "I", true, NvccAction::Include},
    {"system-include", "isystem", true, NvccAction::SystemInclude},
    {"define-macro", "D", true, NvccAction::Define},
    {"undefine-macro", "U", true, NvccAction::Undefine},
    {"pre-include", "include", true, NvccAction::PreInclude},
    {"std", "std", true, NvccAction::Std},
    {"optimize", "O", true, NvccAction::Optimize},
    {"debug", "g", false, NvccAction::Debug},
    {"disable-warnings", "w", false, NvccAction::NoWarnings},
    {"x", "x", true, NvccAction::Language},
    {"gpu-architecture", "arch", true, NvccAction::GpuArch},
    {"gpu-code", "code", true, NvccAction::GpuArch},
    {"generate-code", "gencode", true, NvccAction::GenerateCode},
    {"compiler-options", "Xcompiler", true, NvccAction::HostOptions},
    {"default-stream", "default-stream", true, NvccAction::DefaultStream},
    {"options-file", "optf", true, NvccAction::OptionsFile},
    {"compile", "c", false, NvccAction::Compile},
    {"device-c", "dc", false, NvccAction::Compile},
    {"device-w", "dw", false, NvccAction::Compile},
    // Outputs, dependency files, tools and libraries.
    {"output-file", "o", true, NvccAction::Drop},
    {"output-directory", "odir", true, NvccAction::Drop},
    {"dependency-output", "MF", true, NvccAction::Drop},
    {"dependency-target-name", "MT", true, NvccAction::Drop},
    {"generate-dependency-targets", "MP", false, NvccAction::Drop},
    {"generate-dependencies", "M", false, NvccAction::Drop},
    {"generate-nonsystem-dependencies", "MM", false, NvccAction::Drop},
    {"generate-dependencies-with-compile", "MD", false, NvccAction::Drop},
    {"generate-nonsystem-dependencies-with-compile", "MMD", false,
     NvccAction::Drop},
    {"library", "l", true, NvccAction::Drop},
    {"library-path", "L", true, NvccAction::Drop},
    {"compiler-bindir", "ccbin", true, NvccAction::Drop},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false,
     NvccAction::Drop},
    {"archiver-binary", "arbin", true, NvccAction::Drop},
    {"cudart", "cudart", true, NvccAction::Drop},
    {"cudadevrt", "cudadevrt", true, NvccAction::Drop},
    {"libdevice-directory", "ldir", true, NvccAction::Drop},
    {"target-directory", "target-dir", true, NvccAction::Drop},
    {"use-local-env", "use-local-env", false, NvccAction::Drop},
    {"linker-options", "Xlinker", true, NvccAction::Drop},
    {"archive-options", "Xarchive", true, NvccAction::Drop},
    {"ptxas-options", "Xptxas", true, NvccAction::Drop},
    {"nvlink-options", "Xnvlink", true, NvccAction::Drop},
    {"fatbin-options", "Xfatbin", true, NvccAction::Drop},
    {"Xcudafe", "Xcudafe", true, NvccAction::Drop},
    {"keep", "keep", false, NvccAction::Drop},
    {"keep-dir", "keep-dir", true, NvccAction::Drop},
    {"save-temps", "save-temps", false, NvccAction::Drop},
    {"clean-targets", "clean", false, NvccAction::Drop},
    {"run-args", "run-args", true, NvccAction::Drop},
    {"time", "time", true, NvccAction::Drop},
    {"verbose", "v", false, NvccAction::Drop},
    {"dryrun", "dryrun", false, NvccAction::Drop},
    {"threads", "t", true, NvccAction::Drop},
    {"split-compile", "split-compile", true, NvccAction::Drop},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler",
     false, NvccAction::Drop},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", false,
     NvccAction::Drop},
    {"forward-unknown-opts", "forward-unknown-opts", false, NvccAction::Drop},
    // What nvcc builds: the unit is parsed for its host code whatever it is.
    {"device-link", "dlink", false, NvccAction::Drop},
    {"link", "link", false, NvccAction::Drop},
    {"lib", "lib", false, NvccAction::Drop},
    {"run", "run", false, NvccAction::Drop},
    {"ptx", "ptx", false, NvccAction::Drop},
    {"cubin", "cubin", false, NvccAction::Drop},
    {"fatbin", "fatbin", false, NvccAction::Drop},
    {"optix-ir", "optix-ir", false, NvccAction::Drop},
    {"preprocess", "E", false, NvccAction::Drop},
    {"cuda", "cuda", false, NvccAction::Drop},
    {"dlink-time-opt", "dlto", false, NvccAction::Drop},
    {"gen-opt-lto", "gen-opt-lto", false, NvccAction::Drop},
    {"shared", "shared", false, NvccAction::Drop},
    // Device code generation and nvcc's own diagnostics.
    {"device-debug", "G", false, NvccAction::Drop},
    {"generate-line-info", "lineinfo", false, NvccAction::Drop},
    {"profile", "pg", false, NvccAction::Drop},
    {"optimization-info", "opt-info", true, NvccAction::Drop},
    {"dopt", "dopt", true, NvccAction::Drop},
    {"no-exceptions", "noeh", false, NvccAction::Drop},
    {"machine", "m", true, NvccAction::Drop},
    {"relocatable-device-code", "rdc", true, NvccAction::Drop},
    {"entries", "e", true, NvccAction::Drop},
    {"maxrregcount", "maxrregcount", true, NvccAction::Drop},
    {"use_fast_math", "use_fast_math", false, NvccAction::Drop},
    {"ftz", "ftz", true, NvccAction::Drop},
    {"prec-div", "prec-div", true, NvccAction::Drop},
    {"prec-sqrt", "prec-sqrt", true, NvccAction::Drop},
    {"fmad", "fmad", true, NvccAction::Drop},
    {"extra-device-vectorization", "extra-device-vectorization", false,
     NvccAction::Drop},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", false,
     NvccAction::Drop},
    {"extended-lambda", "extended-lambda", false, NvccAction::Drop},
    {"expt-extended-lambda", "expt-extended-lambda", false, NvccAction::Drop},
    {"no-host-device-initializer-list", "nohdinitlist", false,
     NvccAction::Drop},
    {"no-host-device-move-forward", "nohdmoveforward", false, NvccAction::Drop},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", true,
     NvccAction::Drop},
    {"ftemplate-depth", "ftemplate-depth", true, NvccAction::Drop},
    {"static-global-template-stub", "static-global-template-stub", true,
     NvccAction::Drop},
    {"device-entity-has-hidden-visibility",
     "device-entity-has-hidden-visibility", true, NvccAction::Drop},
    {"extensible-whole-program", "ewp", false, NvccAction::Drop},
    {"keep-device-functions", "keep-device-functions", false, NvccAction::Drop},
    {"source-in-ptx", "src-in-ptx", false, NvccAction::Drop},
    {"restrict", "restrict", false, NvccAction::Drop},
    {"jump-table-density", "jump-table-density", true, NvccAction::Drop},
    {"no-compress", "no-compress", false, NvccAction::Drop},
    {"compress-mode", "compress-mode", true, NvccAction::Drop},
    {"frandom-seed", "frandom-seed", true, NvccAction::Drop},
    {"fdevice-syntax-only", "fdevice-syntax-only", false, NvccAction::Drop},
    {"fdevice-time-trace", "fdevice-time-trace", true, NvccAction::Drop},
    {"resource-usage", "res-usage", false, NvccAction::Drop},
    {"Werror", "Werror", true, NvccAction::Drop},
    {"Wreorder", "Wreorder", false, NvccAction::Drop},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", false,
     NvccAction::Drop},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", false,
     NvccAction::Drop},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", false,
     NvccAction::Drop},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false,
     NvccAction::Drop},
    {"display-error-number", "err-no", false, NvccAction::Drop},
    {"no-display-error-number", "no-err-no", false, NvccAction::Drop},
    {"diag-error", "diag-error", true, NvccAction::Drop},
    {"diag-suppress", "diag-suppress", true, NvccAction::Drop},
    {"diag_suppress", "diag_suppress", true, NvccAction::Drop},
    {"diag-warn", "diag-warn", true, NvccAction::Drop},
};

// Short options nvcc also accepts with the value joined: -I/usr/include,
// -DNAME=1, -O3.
constexpr llvm::StringLiteral JoinedShortOptions[] = {"isystem", "I", "D", "U",
                                                      "O",       "L", "l"};

const NvccOption *lookupOption(llvm::StringRef Name, bool Long) {
  for (const NvccOption &Option : NvccOptions)
    if (Name == Option.Long || (!Long && Name == Option.Short))
      return &Option;
  return nullptr;
}

/// The nvcc binary a command runs: its first word, or its second behind a
/// compiler launcher.
std::optional<size_t> nvccIndex(llvm::ArrayRef<std::string> CommandLine) {
  for (size_t I = 0; I < CommandLine.size() && I < 2; ++I) {
    llvm::StringRef Name = path::filename(CommandLine[I]);
    if (Name == "nvcc")
      return I;
    if (Name != "ccache" && Name != "sccache")
      return std::nullopt;
  }
  return std::nullopt;
}

bool isToolkitRoot(llvm::StringRef Root) {
  llvm::SmallString<256> Header(Root);
  path::append(Header, "include", "cuda_runtime.h");
  return fs::exists(Header);
}

/// <root> of <root>/bin/nvcc, through symbolic links.
std::optional<std::string> rootOfNvcc(llvm::StringRef Nvcc) {
  llvm::SmallString<256> Real;
  if (fs::real_path(Nvcc, Real))
    return std::nullopt;
  llvm::StringRef Root = path::parent_path(path::parent_path(Real));
  if (Root.empty() || !isToolkitRoot(Root))
    return std::nullopt;
  return Root.str();
}

/// The sm_XX names in an -arch/-code/-gencode value, compute_XX read as
/// sm_XX: `arch=compute_80,code=[compute_80,sm_80]` gives sm_80 twice.
void collectGpuArchs(llvm::StringRef Value, std::vector<std::string> &Archs) {
  for (llvm::StringRef Prefix : {"sm_", "compute_"}) {
    for (size_t At = Value.find(Prefix); At != llvm::StringRef::npos;
         At = Value.find(Prefix, At + 1)) {
      llvm::StringRef Rest = Value.substr(At + Prefix.size());
      llvm::StringRef Number =
          Rest.take_while([](char C) { return llvm::isAlnum(C); });
      if (!Number.empty())
        Archs.push_back(("sm_" + Number).str());
    }
  }
}

/// The first architecture clang knows (host code needs one; clang 19's
/// default, sm_52, is older than recent toolkits support).
std::string gpuArchFor(llvm::ArrayRef<std::string> Archs) {
  for (const std::string &Arch : Archs)
    if (clang::StringToOffloadArch(Arch) != clang::OffloadArch::UNKNOWN)
      return Arch;
  return "sm_80";
}

/// Host compiler options as clang's driver reads them: those it knows,
/// rendered as it would pass them on; the rest (and stray inputs) dropped.
std::vector<std::string> clangKnownOptions(llvm::ArrayRef<std::string> Host) {
  std::vector<const char *> Argv;
  for (const std::string &Arg : Host)
    Argv.push_back(Arg.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
  llvm::opt::InputArgList Parsed = Table.ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
  std::vector<std::string> Known;
  for (const llvm::opt::Arg *Parsed_ : Parsed) {
    const llvm::opt::Option &Option = Parsed_->getOption();
    if (Option.getKind() == llvm::opt::Option::UnknownClass ||
        Option.getKind() == llvm::opt::Option::InputClass)
      continue;
    llvm::opt::ArgStringList Rendered;
    Parsed_->render(Parsed, Rendered);
    Known.insert(Known.end(), Rendered.begin(), Rendered.end());
  }
  return Known;
}

/// Whether \p Arg names \p File, as written or relative to \p Directory.
bool namesFile(llvm::StringRef Arg, llvm::StringRef Directory,
               llvm::StringRef File) {
  return Arg == File || run::absolutePath(Directory, Arg) ==
                            run::absolutePath(Directory, File);
}

/// One nvcc command line read into clang's terms.
class NvccReader {
public:
  NvccReader(llvm::StringRef Directory, llvm::StringRef File)
      : Directory(Directory), File(File) {}

  void read(llvm::ArrayRef<std::string> Args, unsigned Depth = 0) {
    for (size_t I = 0; I < Args.size(); ++I) {
      llvm::StringRef Arg = Args[I];
      // Inputs only from here on (clang writes `-- file` where it fills in
      // a file's command from another's); the file goes last anyway.
      if (Arg == "--")
        return;
      if (!Arg.starts_with("-") || Arg == "-") {
        // The unit's file goes last, after its language; other inputs are
        // dropped with the host options clang does not know.
        if (!namesFile(Arg, Directory, File))
          Host.push_back(Arg.str());
        continue;
      }
      const bool Long = Arg.starts_with("--");
      llvm::StringRef NameAndValue = Arg.drop_front(Long ? 2 : 1);
      auto [Name, Joined] = NameAndValue.split('=');
      const NvccOption *Option = lookupOption(Name, Long);
      std::string Value = Joined.str();
      if (!Option && !Long) {
        for (llvm::StringRef Short : JoinedShortOptions)
          if (NameAndValue.starts_with(Short)) {
            Option = lookupOption(Short, /*Long=*/false);
            Value = NameAndValue.drop_front(Short.size()).str();
            break;
          }
      } else if (Option && Option->TakesValue && !NameAndValue.contains('=')) {
        if (I + 1 >= Args.size())
          continue; // A value-taking option at the end: nvcc would refuse.
        Value = Args[++I];
      }
      if (!Option) {
        // Forwarded to the host compiler (-forward-unknown-to-host-compiler).
        Host.push_back(Arg.str());
        continue;
      }
      apply(*Option, Value, Depth);
    }
  }

  std::vector<std::string>
  clangCommand(const std::optional<CudaToolkit> &Toolkit) const {
    const bool Cuda =
        Language ? *Language == "cuda"
                 : llvm::is_contained({".cu", ".cuh"}, path::extension(File));
    std::vector<std::string> Out = {"clang++"};
    if (Cuda) {
      Out.insert(Out.end(),
                 {"--cuda-host-only", "--cuda-gpu-arch=" + gpuArchFor(GpuArchs),
                  "-nocudalib", "--no-cuda-version-check",
                  "-Wno-unknown-cuda-version"});
      if (Toolkit)
        Out.push_back("--cuda-path=" + Toolkit->Root);
    } else if (Toolkit) {
      // nvcc puts the toolkit's headers on every unit's path; clang's CUDA
      // mode does so itself.
      Out.insert(Out.end(), {"-isystem", Toolkit->Root + "/include"});
    }
    if (Toolkit) {
      if (!Toolkit->MissingHeadersDir.empty())
        Out.insert(Out.end(), {"-isystem", Toolkit->MissingHeadersDir});
      llvm::SmallString<256> Cccl(Toolkit->Root);
      path::append(Cccl, "include", "cccl");
      if (fs::is_directory(Cccl))
        Out.insert(Out.end(), {"-isystem", std::string(Cccl)});
    }
    Out.insert(Out.end(), Translated.begin(), Translated.end());
    for (std::string &Option : clangKnownOptions(Host))
      Out.push_back(std::move(Option));
    if (Cuda)
      Out.insert(Out.end(), {"-x", "cuda"});
    else if (Language)
      Out.insert(Out.end(), {"-x", *Language});
    Out.push_back(File.str());
    return Out;
  }

private:
  void apply(const NvccOption &Option, llvm::StringRef Value, unsigned Depth) {
    switch (Option.Action) {
    case NvccAction::Include:
      Translated.insert(Translated.end(), {"-I", Value.str()});
      return;
    case NvccAction::SystemInclude:
      Translated.insert(Translated.end(), {"-isystem", Value.str()});
      return;
    case NvccAction::Define:
      Translated.push_back(("-D" + Value).str());
      return;
    case NvccAction::Undefine:
      Translated.push_back(("-U" + Value).str());
      return;
    case NvccAction::PreInclude:
      Translated.insert(Translated.end(), {"-include", Value.str()});
      return;
    case NvccAction::Std:
      Translated.push_back(("-std=" + Value).str());
      return;
    case NvccAction::Optimize:
      Translated.push_back(("-O" + Value).str());
      return;
    case NvccAction::Debug:
      Translated.push_back("-g");
      return;
    case NvccAction::NoWarnings:
      Translated.push_back("-w");
      return;
    case NvccAction::Language:
      // `cu` as nvcc spells it; `cuda` and `cuda-header` as clang's driver
      // does, where clang filled in a header's command from a unit's.
      if (Value == "cu" || Value == "cuda" || Value == "cuda-header")
        Language = "cuda";
      else if (Value == "c" || Value == "c++")
        Language = Value.str();
      return;
    case NvccAction::GpuArch:
    case NvccAction::GenerateCode:
      collectGpuArchs(Value, GpuArchs);
      return;
    case NvccAction::HostOptions: {
      // A comma-separated list that nvcc hands to the host compiler through
      // a shell: cpp_extension writes --compiler-options "'-fPIC'".
      llvm::SmallVector<llvm::StringRef> Items;
      Value.split(Items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
      llvm::BumpPtrAllocator Alloc;
      llvm::StringSaver Saver(Alloc);
      for (llvm::StringRef Item : Items) {
        llvm::SmallVector<const char *> Words;
        llvm::cl::TokenizeGNUCommandLine(Item, Saver, Words);
        for (const char *Word : Words)
          Host.emplace_back(Word);
      }
      return;
    }
    case NvccAction::DefaultStream:
      if (Value == "per-thread")
        Translated.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
      return;
    case NvccAction::OptionsFile:
      readOptionsFile(Value, Depth);
      return;
    case NvccAction::Compile:
      Translated.push_back("-c");
      return;
    case NvccAction::Drop:
      return;
    }
  }

  void readOptionsFile(llvm::StringRef Name, unsigned Depth) {
    if (Depth > 8)
      return; // Files naming each other.
    auto Buffer =
        llvm::MemoryBuffer::getFile(run::absolutePath(Directory, Name));
    if (!Buffer)
      return;
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *> Words;
    llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Words);
    std::vector<std::string> Args(Words.begin(), Words.end());
    read(Args, Depth + 1);
  }

  llvm::StringRef Directory;
  llvm::StringRef File;
  std::optional<std::string> Language;
  std::vector<std::string> GpuArchs;
  std::vector<std::string> Translated;
  std::vector<std::string> Host;
};

class NvccReadingDatabase : public CompilationDatabase {
public:
  NvccReadingDatabase(std::unique_ptr<CompilationDatabase> Owned,
                      const CompilationDatabase &Base,
                      llvm::StringRef MissingHeadersDir)
      : Owned(std::move(Owned)), Base(Base),
        MissingHeadersDir(MissingHeadersDir) {}

  std::vector<CompileCommand>
  getCompileCommands(llvm::StringRef FilePath) const override {
    return read(Base.getCompileCommands(FilePath));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base.getAllFiles();
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return read(Base.getAllCompileCommands());
  }

private:
  std::vector<CompileCommand> read(std::vector<CompileCommand> Commands) const {
    for (CompileCommand &Command : Commands)
      Command = asClangCommand(std::move(Command), MissingHeadersDir);
    return Commands;
  }

  std::unique_ptr<CompilationDatabase> Owned;
  const CompilationDatabase &Base;
  std::string MissingHeadersDir;
};

} // namespace

std::optional<CudaToolkit> findCudaToolkit(llvm::StringRef Nvcc,
                                           llvm::StringRef MissingHeadersDir) {
  std::optional<std::string> Root;
  if (Nvcc.contains('/'))
    Root = rootOfNvcc(Nvcc);
  else if (auto OnPath =
               llvm::sys::findProgramByName(Nvcc.empty() ? "nvcc" : Nvcc))
    Root = rootOfNvcc(*OnPath);
  for (const char *Variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Value = std::getenv(Variable);
        !Root && Value && isToolkitRoot(Value))
      Root = Value;
  if (!Root && isToolkitRoot("/usr/local/cuda"))
    Root = "/usr/local/cuda";
  if (!Root)
    return std::nullopt;
  CudaToolkit Toolkit{*Root, ""};
  // clang 19's CUDA wrappers include texture_fetch_functions.h, which
  // CUDA 13 dropped.
  llvm::SmallString<256> Texture(*Root);
  path::append(Texture, "include", "texture_fetch_functions.h");
  if (!fs::exists(Texture))
    Toolkit.MissingHeadersDir = MissingHeadersDir.str();
  return Toolkit;
}

bool isNvccCommand(llvm::ArrayRef<std::string> CommandLine) {
  return nvccIndex(CommandLine).has_value();
}

std::vector<std::string>
clangCommandForNvcc(llvm::ArrayRef<std::string> CommandLine,
                    llvm::StringRef Directory, llvm::StringRef File,
                    const std::optional<CudaToolkit> &Toolkit) {
  NvccReader Reader(Directory, File);
  const size_t Nvcc = nvccIndex(CommandLine).value_or(0);
  Reader.read(CommandLine.drop_front(Nvcc + 1));
  return Reader.clangCommand(Toolkit);
}

CompileCommand asClangCommand(CompileCommand Command,
                              llvm::StringRef MissingHeadersDir) {
  std::optional<size_t> Nvcc = nvccIndex(Command.CommandLine);
  if (!Nvcc)
    return Command;
  // A path (not a name to look up on PATH) is the command directory's.
  std::string NvccPath = Command.CommandLine[*Nvcc];
  if (llvm::StringRef(NvccPath).contains('/'))
    NvccPath = run::absolutePath(Command.Directory, NvccPath);
  Command.CommandLine = clangCommandForNvcc(
      Command.CommandLine, Command.Directory, Command.Filename,
      findCudaToolkit(NvccPath, MissingHeadersDir));
  return Command;
}

std::unique_ptr<CompilationDatabase>
readingNvccCommands(std::unique_ptr<CompilationDatabase> Base,
                    llvm::StringRef MissingHeadersDir) {
  if (!Base)
    return nullptr;
  const CompilationDatabase &Ref = *Base;
  return std::make_unique<NvccReadingDatabase>(std::move(Base), Ref,
                                               MissingHeadersDir);
}

std::unique_ptr<CompilationDatabase>
readingNvccCommands(const CompilationDatabase &Base,
                    llvm::StringRef MissingHeadersDir) {
  return std::make_unique<NvccReadingDatabase>(nullptr, Base,
                                               MissingHeadersDir);
}

std::string installedCudaHeadersDir(void *AddressInBinary) {
  llvm::SmallString<256> Dir = installPrefix(AddressInBinary);
  path::append(Dir, "share", "torchlint", "cuda-headers");
  return std::string(Dir);
}

} // namespace torchlint
