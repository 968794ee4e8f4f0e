//===--- LibraryInstantiations.h - leave library-only templates alone -----===//
//
// At the end of a unit clang instantiates the bodies of every function
// template the unit used: the C++ library's, libtorch's and json's,
// instantiated with their own types (`torch::nn::ModuleHolder<LinearImpl>`'s
// constructor, `basic_json<>::parse<const char *>`), are most of a unit's
// time over the shared preamble. No check reads libtorch's or the standard
// library's bodies (a library body is never summarised); another library's
// is left out only where no tensor, device, options or module can pass
// through it, since a check may read it (the options a helper returns).
// None of the unit's code is in them. Where a template
// argument is the unit's own type (`std::make_shared<MyNet>`,
// `Cloneable<MyImpl>`), the instantiation is kept and its errors are
// reported as the compiler reports them. Left out: an error only such a body
// shows (`std::sort` over tensors, which have no `operator<` to bool), which
// the compiler building the project reports. Nothing is left out unless the
// unit's findings can only be torch-* ones (LintUnit's onlyTorchFindings): a
// compiler warning there would be reported, and other checks read bodies.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_RUN_LIBRARYINSTANTIATIONS_H
#define TORCHLINT_RUN_LIBRARYINSTANTIATIONS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace clang {
class Decl;
class Sema;
} // namespace clang

namespace torchlint::run {

// Takes out of \p S's queue the function instantiations that name only
// system headers' templates and types and that no check reads. Called after
// each top-level declaration and each function clang instantiated, never while
// clang reads a precompiled header.
class LibraryInstantiations {
public:
  void dropQueued(clang::Sema &S);

private:
  // Each function judged, and whether it is kept.
  llvm::DenseMap<const clang::Decl *, bool> Kept;
  // Include roots judged to hold libtorch's tree.
  llvm::StringMap<bool> Roots;
};

} // namespace torchlint::run

#endif
