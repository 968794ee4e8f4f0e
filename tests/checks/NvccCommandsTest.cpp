// nvcc compile commands read as clang's (tool/NvccCommands.h): the command
// lines CMake's CUDA language and torch.utils.cpp_extension write, each
// option nvcc has read the way nvcc reads it.
#include "NvccCommands.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace torchlint {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsSupersetOf;
using ::testing::Not;

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

void writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  fs::create_directories(path::parent_path(Path));
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC) << Path.str();
  OS << Text;
}

/// A toolkit laid out as NVIDIA's: bin/nvcc, include/cuda_runtime.h, and
/// include/cccl and texture_fetch_functions.h as asked.
class FakeToolkit {
public:
  explicit FakeToolkit(bool HasTextureHeader, bool HasCccl = false) {
    EXPECT_FALSE(fs::createUniqueDirectory("nvcc-test", Dir));
    llvm::SmallString<256> Real;
    fs::real_path(Dir, Real);
    Dir = Real;
    writeFile(root() + "/bin/nvcc", "#!/bin/sh\n");
    writeFile(root() + "/include/cuda_runtime.h", "");
    if (HasTextureHeader)
      writeFile(root() + "/include/texture_fetch_functions.h", "");
    if (HasCccl)
      fs::create_directories(root() + "/include/cccl");
  }
  ~FakeToolkit() { fs::remove_directories(Dir); }
  std::string root() const { return std::string(Dir) + "/cuda"; }
  std::string nvcc() const { return root() + "/bin/nvcc"; }
  std::string dir() const { return std::string(Dir); }

private:
  llvm::SmallString<256> Dir;
};

std::vector<std::string> translate(std::vector<std::string> Args,
                                   llvm::StringRef File = "/src/op.cu",
                                   llvm::StringRef Directory = "/build") {
  return clangCommandForNvcc(Args, Directory, File,
                             CudaToolkit{"/opt/cuda", "/shim"});
}

TEST(NvccCommands, RecognisesNvccDirectlyOrBehindALauncher) {
  EXPECT_TRUE(isNvccCommand({"/usr/local/cuda/bin/nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(isNvccCommand({"nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(isNvccCommand({"/usr/bin/ccache", "nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(isNvccCommand({"sccache", "/opt/cuda/bin/nvcc", "a.cu"}));
  EXPECT_FALSE(isNvccCommand({"/usr/bin/c++", "-c", "a.cpp"}));
  EXPECT_FALSE(isNvccCommand({"ccache", "g++", "-c", "nvcc.cpp"}));
  EXPECT_FALSE(isNvccCommand({}));
}

// What CMake's CUDA language writes for a target with an include directory,
// a system include, a definition and position-independent code.
TEST(NvccCommands, CMakeCudaLanguageCommand) {
  EXPECT_THAT(
      translate({"/opt/cuda/bin/nvcc", "-forward-unknown-to-host-compiler",
                 "-DWITH_CUDA", "-I/src/include", "-isystem", "/torch/include",
                 "--generate-code=arch=compute_86,code=[compute_86,sm_86]",
                 "-Xcompiler=-fPIC", "-std=c++17", "-x", "cu", "-c",
                 "/src/op.cu", "-o", "CMakeFiles/ops.dir/op.cu.o"}),
      ElementsAre("clang++", "--cuda-host-only", "--cuda-gpu-arch=sm_86",
                  "-nocudalib", "--no-cuda-version-check",
                  "-Wno-unknown-cuda-version", "--cuda-path=/opt/cuda",
                  "-isystem", "/shim", "-DWITH_CUDA", "-I", "/src/include",
                  "-isystem", "/torch/include", "-std=c++17", "-c", "-fPIC",
                  "-x", "cuda", "/src/op.cu"));
}

// What torch.utils.cpp_extension's build.ninja runs, as `ninja -t compdb`
// writes it: one shell command, its host options quoted for a second shell.
TEST(NvccCommands, CppExtensionCommandThroughTheJsonDatabase) {
  const char *Json = R"json([{"directory": "/ext/build/temp",
    "file": "/ext/src/op.cu",
    "command": "/opt/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output /ext/build/temp/op.o.d -I/ext/torch/include -isystem /usr/include/python3.11 -c -c /ext/src/op.cu -o /ext/build/temp/op.o -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF2_OPERATORS__ --expt-relaxed-constexpr --compiler-options ''\"'\"'-fPIC'\"'\"'' -O3 -DTORCH_API_INCLUDE_EXTENSION_H '-DPYBIND11_COMPILER_TYPE=\"_gcc\"' -DTORCH_EXTENSION_NAME=_C -gencode=arch=compute_90,code=compute_90 -gencode=arch=compute_90,code=sm_90 -std=c++17"}])json";
  std::string Error;
  auto Base = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Json, Error, clang::tooling::JSONCommandLineSyntax::Gnu);
  ASSERT_TRUE(Base) << Error;
  auto Reading = readingNvccCommands(std::move(Base), "/shim");
  auto Commands = Reading->getCompileCommands("/ext/src/op.cu");
  ASSERT_EQ(Commands.size(), 1u);
  const std::vector<std::string> &Args = Commands[0].CommandLine;
  EXPECT_EQ(Args.front(), "clang++");
  EXPECT_THAT(
      Args, IsSupersetOf({"--cuda-host-only", "--cuda-gpu-arch=sm_90", "-fPIC",
                          "-O3", "-std=c++17", "-D__CUDA_NO_HALF_OPERATORS__",
                          "-DPYBIND11_COMPILER_TYPE=\"_gcc\"",
                          "-DTORCH_EXTENSION_NAME=_C"}));
  for (const char *NvccOnly :
       {"--expt-relaxed-constexpr", "--generate-dependencies-with-compile",
        "/ext/build/temp/op.o.d", "/ext/build/temp/op.o", "-o"})
    EXPECT_THAT(Args, Not(Contains(NvccOnly)));
  EXPECT_THAT(std::vector<std::string>(Args.end() - 3, Args.end()),
              ElementsAre("-x", "cuda", "/ext/src/op.cu"));
  EXPECT_EQ(Reading->getAllCompileCommands()[0].CommandLine, Args);
}

// nvcc's options that take a value take it in every spelling, so no value
// is read as an input or as a host option.
TEST(NvccCommands, ValuesOfNvccOptionsAreNotInputs) {
  EXPECT_THAT(
      translate({"nvcc", "-ccbin", "/usr/bin/g++-12", "-Xptxas", "-v",
                 "--threads", "4", "-Werror", "all-warnings", "-o", "op.o",
                 "-maxrregcount=64", "-lineinfo", "-G", "--use_fast_math", "-c",
                 "/src/op.cu"}),
      ElementsAre("clang++", "--cuda-host-only", "--cuda-gpu-arch=sm_80",
                  "-nocudalib", "--no-cuda-version-check",
                  "-Wno-unknown-cuda-version", "--cuda-path=/opt/cuda",
                  "-isystem", "/shim", "-c", "-x", "cuda", "/src/op.cu"));
}

TEST(NvccCommands, LongAndJoinedSpellings) {
  EXPECT_THAT(translate({"nvcc", "--include-path", "inc", "--define-macro=A=1",
                         "--undefine-macro", "B", "--system-include=/sys",
                         "--pre-include", "pre.h", "--std", "c++20", "-O2",
                         "--optimize", "1", "-DC", "-Iother", "-isystem/sys2",
                         "--compile", "op.cu"},
                        "op.cu"),
              IsSupersetOf({"-I", "inc", "-DA=1", "-UB", "-isystem", "/sys",
                            "-include", "pre.h", "-std=c++20", "-O2", "-O1",
                            "-DC", "other", "/sys2", "-c"}));
}

TEST(NvccCommands, ArchitectureClangKnowsOrADefault) {
  auto ArchOf = [](std::vector<std::string> Args) {
    for (const std::string &Arg : translate(Args))
      if (llvm::StringRef(Arg).starts_with("--cuda-gpu-arch="))
        return Arg;
    return std::string();
  };
  EXPECT_EQ(ArchOf({"nvcc", "-arch=sm_75", "-c", "/src/op.cu"}),
            "--cuda-gpu-arch=sm_75");
  EXPECT_EQ(ArchOf({"nvcc", "-arch", "compute_70", "-code", "sm_70,compute_70",
                    "-c", "/src/op.cu"}),
            "--cuda-gpu-arch=sm_70");
  // Newer than clang 19 knows, or nvcc's own choices: host code needs only
  // one that clang and the toolkit both accept.
  EXPECT_EQ(ArchOf({"nvcc", "-gencode", "arch=compute_120,code=sm_120", "-c",
                    "/src/op.cu"}),
            "--cuda-gpu-arch=sm_80");
  EXPECT_EQ(ArchOf({"nvcc", "-arch=native", "-c", "/src/op.cu"}),
            "--cuda-gpu-arch=sm_80");
}

TEST(NvccCommands, HostOptionsClangKnowsArePassedOn) {
  auto Args = translate({"nvcc", "-Xcompiler", "-fPIC,-Wall,-fno-such-option",
                         "--compiler-options=-fopenmp", "-march=native",
                         "-fno-such-option-either", "-c", "/src/op.cu"});
  EXPECT_THAT(Args,
              IsSupersetOf({"-fPIC", "-Wall", "-fopenmp", "-march=native"}));
  EXPECT_THAT(Args, Not(Contains("-fno-such-option")));
  EXPECT_THAT(Args, Not(Contains("-fno-such-option-either")));
}

TEST(NvccCommands, PerThreadDefaultStreamIsTheMacroNvccDefines) {
  EXPECT_THAT(
      translate({"nvcc", "--default-stream", "per-thread", "-c", "/src/op.cu"}),
      Contains("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1"));
  EXPECT_THAT(
      translate({"nvcc", "--default-stream=legacy", "-c", "/src/op.cu"}),
      Not(Contains("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1")));
}

// A C++ unit built by nvcc is host code with the toolkit's headers on its
// path; -x cu makes any file CUDA.
TEST(NvccCommands, LanguageFollowsNvcc) {
  auto Host = translate({"nvcc", "-c", "/src/bind.cpp"}, "/src/bind.cpp");
  EXPECT_THAT(Host, Not(Contains("--cuda-host-only")));
  EXPECT_THAT(Host, Not(Contains("cuda")));
  EXPECT_THAT(Host, IsSupersetOf({"-isystem", "/opt/cuda/include"}));
  EXPECT_EQ(Host.back(), "/src/bind.cpp");
  auto Cuda =
      translate({"nvcc", "-x", "cu", "-c", "/src/kern.cpp"}, "/src/kern.cpp");
  EXPECT_THAT(Cuda, Contains("--cuda-host-only"));
  EXPECT_THAT(std::vector<std::string>(Cuda.end() - 3, Cuda.end()),
              ElementsAre("-x", "cuda", "/src/kern.cpp"));
  // A header's command filled in by clang from a unit's (clangd, or
  // torchlint -p on a file the database lacks): clang's own -x spelling.
  for (const char *ClangSpelling : {"cuda", "cuda-header"})
    EXPECT_THAT(translate({"nvcc", "-x", ClangSpelling, "-c", "/src/k.cuh"},
                          "/src/k.cuh"),
                Contains("--cuda-host-only"));
  EXPECT_THAT(translate({"nvcc", "-c", "/src/k.cuh"}, "/src/k.cuh"),
              Contains("--cuda-host-only"));
  // clang ends such a command with `-- file`: the language still precedes
  // the file, after no `--`.
  auto Filled = translate({"nvcc", "-DA", "-x", "cuda", "--", "/src/new.cu"},
                          "/src/new.cu");
  EXPECT_THAT(Filled, Not(Contains("--")));
  EXPECT_THAT(std::vector<std::string>(Filled.end() - 3, Filled.end()),
              ElementsAre("-x", "cuda", "/src/new.cu"));
}

TEST(NvccCommands, OptionsFilesRelativeToTheDirectory) {
  FakeToolkit Scratch(/*HasTextureHeader=*/true);
  writeFile(Scratch.dir() + "/build/includes.rsp",
            "-I\"/src/with space\" -DFROM_FILE --options-file nested.rsp\n");
  writeFile(Scratch.dir() + "/build/nested.rsp", "-DNESTED");
  EXPECT_THAT(
      translate({"nvcc", "--options-file", "includes.rsp", "-c", "/src/op.cu"},
                "/src/op.cu", Scratch.dir() + "/build"),
      IsSupersetOf({"-I", "/src/with space", "-DFROM_FILE", "-DNESTED"}));
}

TEST(NvccCommands, ToolkitOfTheCommandsNvcc) {
  FakeToolkit Cuda13(/*HasTextureHeader=*/false, /*HasCccl=*/true);
  auto Found = findCudaToolkit(Cuda13.nvcc(), "/shim");
  ASSERT_TRUE(Found);
  EXPECT_EQ(Found->Root, Cuda13.root());
  EXPECT_EQ(Found->MissingHeadersDir, "/shim");
  // Through a symbolic link, as /usr/bin/nvcc often is.
  std::string Link = Cuda13.dir() + "/nvcc-link";
  ASSERT_FALSE(fs::create_link(Cuda13.nvcc(), Link));
  ASSERT_TRUE(findCudaToolkit(Link, "/shim"));
  EXPECT_EQ(findCudaToolkit(Link, "/shim")->Root, Cuda13.root());

  clang::tooling::CompileCommand Command(
      "/build", "/src/op.cu", {Cuda13.nvcc(), "-c", "/src/op.cu"}, "op.o");
  auto Args = asClangCommand(Command, "/shim").CommandLine;
  EXPECT_THAT(Args, Contains("--cuda-path=" + Cuda13.root()));
  EXPECT_THAT(Args, IsSupersetOf({std::string("/shim"),
                                  Cuda13.root() + "/include/cccl"}));

  FakeToolkit Cuda12(/*HasTextureHeader=*/true);
  auto Older = findCudaToolkit(Cuda12.nvcc(), "/shim");
  ASSERT_TRUE(Older);
  EXPECT_EQ(Older->MissingHeadersDir, "");
}

TEST(NvccCommands, OtherCommandsAsTheyAre) {
  clang::tooling::CompileCommand Command(
      "/build", "/src/a.cpp", {"/usr/bin/c++", "-I/inc", "-c", "/src/a.cpp"},
      "a.o");
  EXPECT_EQ(asClangCommand(Command, "/shim").CommandLine, Command.CommandLine);
}

} // namespace
} // namespace torchlint
