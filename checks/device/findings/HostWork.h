//===--- HostWork.h - data the code reads or keeps on the host -*- C++ -*-===//
//
// A CPU placement in code that otherwise follows its data is deliberate when
// what happens to the result is host work: it is read back (`item`,
// `data_ptr`, accessors, `<<`, `torch::save`), handed to host code (a
// standard container, a helper of the user's that returns no tensor, an
// inference method's caller), or worked on there and read back later. This
// is recognised by following the data, not by the spelling of the move.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FINDINGS_HOSTWORK_H
#define TORCHLINT_CHECKS_DEVICE_FINDINGS_HOSTWORK_H

#include "device/flow/DeviceFlow.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {

/// Whether the value of \p E (a tensor on the host) goes to host work: read
/// back, handed to host code, stored into a local or container whose uses
/// do so, or put through ops that run on the host and then read back.
/// \p Depth counts the steps followed (ops and locals), up to a bound.
bool consumedByHost(const Expr *E, const FunctionDecl *Fn, ASTContext &Ctx,
                    int Depth = 0);

/// Every use of \p Target in \p Fn (after \p After, when it is valid) reads
/// it back on the host, and there is one.
bool usesReadBack(const ValueDecl *Target, SourceLocation After,
                  const FunctionDecl *Fn, ASTContext &Ctx, int Depth = 0);

/// Host code in \p Fn reads or writes \p Var's memory, or a view's of it,
/// through a raw pointer or an accessor (`f.read(buf[i].data_ptr(), n)`):
/// the data must be on the host there.
bool holdsHostMemory(const ValueDecl *Var, const FunctionDecl *Fn,
                     ASTContext &Ctx);

/// \p Factory's tensor is stored where host code reads or writes its memory
/// (`auto buf = torch::zeros({n}); f.read(buf.data_ptr(), ...)`): a host
/// buffer by design, wherever the data goes afterwards.
bool madeForHostMemory(const CallExpr *Factory, ASTContext &Ctx);

/// Whether every device-less factory \p Factories lists made a host buffer
/// (madeForHostMemory): giving those factories a device would make host code
/// touch device memory, so such a tensor meeting device data is the op's
/// defect (a move is missing), not the factories'.
bool madeForHostMemoryOnly(llvm::ArrayRef<const Stmt *> Factories,
                           ASTContext &Ctx);

/// `y.detach().cpu()`, `y.detach().to(torch::kCPU)`: a result taken out of
/// the autograd graph and to the host, the idiom for collecting outputs
/// there (`c = torch::cat({c, y.detach().cpu()})`). Nothing trains on it.
bool movesDetached(const CXXMemberCallExpr *Move);

/// \p Consumer moves a module to the CPU, and a later move of the same
/// module somewhere else runs whenever it does: a visit to the host.
bool isHostVisit(const Expr *Consumer, const DeviceFlow &Facts);

/// The tensor \p E is taken from, through methods of that tensor alone
/// (`x.slice(0, 0, 4).float()`, `x[0]`): moving \p E to its device moves
/// nothing.
const Expr *viewedTensor(const Expr *E);

} // namespace clang::tidy::torch::device

#endif
