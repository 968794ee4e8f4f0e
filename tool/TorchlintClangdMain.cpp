//===--- TorchlintClangdMain.cpp - clangd with the torch module -----------===//
//
// clangd cannot load clang-tidy plugins; editors get the torch-* checks from a
// clangd that links them. Debian ships libclangdMain.a without headers.
//
//===----------------------------------------------------------------------===//
namespace clang::clangd {
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd
namespace clang::tidy {
extern volatile int TorchModuleAnchorSource;
} // namespace clang::tidy

int main(int Argc, char *Argv[]) {
  (void)clang::tidy::TorchModuleAnchorSource;
  return clang::clangd::clangdMain(Argc, Argv);
}
