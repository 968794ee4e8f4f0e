//===--- TransferSyntax.h - how the transfer reads the code ----*- C++ -*-===//
//
// The few readings of an expression that both halves of the transfer
// (DeviceTransfer.cpp, DeviceEvaluation.cpp, HostReads.cpp) share. Internal to
// the flow.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_TRANSFERSYNTAX_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_TRANSFERSYNTAX_H

#include "device/flow/DeviceLattice.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>

namespace clang::tidy::torch::device {

/// The tensor expression \p E stands for: past implicit wrappers, reference
/// aliases (`auto &y = x;`) and tensor copies (`Tensor(x)`).
const Expr *tensorOperand(const Expr *E);

/// The pointer \p Pointer derives from, past casts to another pointer type,
/// offsets (`p + n`) and the initialisers of local pointers (those \p Follows
/// accepts, when given: one pointed elsewhere later holds more than its
/// initialiser): a call such as `t.data_ptr<float>()`, a parameter, ...;
/// null for no pointer, or a local not followed.
const Expr *
pointerOrigin(const Expr *Pointer,
              llvm::function_ref<bool(const VarDecl *)> Follows = nullptr);

/// The tensor whose memory the pointer \p Pointer points into:
/// `t.data_ptr<T>()`, `t.data<T>()` (and the mutable and const forms), a
/// local pointer initialised so, `p + n`. Null for any other pointer.
const Expr *tensorOfPointer(const Expr *Pointer);

/// Where the memory a kernel argument \p Arg hands over comes from: its
/// pointerOrigin, or for a packed accessor passed by value, what the copied
/// local was initialised with.
const Expr *kernelArgumentOrigin(
    const Expr *Arg,
    llvm::function_ref<bool(const VarDecl *)> Follows = nullptr);

/// The tensor whose memory a kernel argument \p Arg hands over: a pointer
/// into it (tensorOfPointer) or a packed accessor of it
/// (`t.packed_accessor32<float, 2>()`), directly or through a local.
const Expr *tensorOfKernelArgument(const Expr *Arg);

/// The pointer \p Access returns (`t.data_ptr<float>()`) goes only to CUDA
/// kernel launches, as an argument or through a local pointer (`float *p =
/// t.data_ptr<float>(); kernel<<<g, b>>>(p)`, or `&p` in the `void *args[]` of
/// a runtime launch): memory handed to the GPU,
/// not read on the host.
bool handedToKernelsOnly(const CXXMemberCallExpr *Access, ASTContext &Ctx);

/// The variable or parameter \p E names, or a member of `this`: what the
/// state keeps a value for.
const ValueDecl *assignedDecl(const Expr *E);

/// The module variable a member access goes through: `net->fc1->weight`,
/// `net->parameters()`, `holder.get()->fc`; the object itself is named as
/// referencedObject names it.
const ValueDecl *moduleRoot(const Expr *E);
/// Whether \p D, the result of a run of the module \p Module, is where that
/// module is: the run's output (AbstractDevice::RunOutput).
bool isRunOutputOf(const AbstractDevice &D, const Expr *Module);

/// For a `std::vector` of records (pairs, tuples, the program's structs
/// with a tensor member): how many parts a record has; 0 for anything else.
unsigned recordListSize(QualType T);

/// The list \p E reads one element of (`v[i]`, `v.at(i)`, `v.front()`,
/// `v.back()`), or null.
const Expr *elementListOf(const Expr *E);

/// The container of modules whose element \p E is (`blocks[i]`,
/// `blocks.front()` of a `std::vector<Block>` variable, parameter or member of
/// *this), or null.
const ValueDecl *moduleContainerOf(const Expr *E);

/// A tensor member of a local aggregate that \p E reads or writes
/// (`batch.labels` with `Batch batch;` declared in the function): the
/// variable and the member, or none. Whether the flow may follow it is
/// isFieldsOnlyLocal's question.
std::optional<std::pair<const VarDecl *, const FieldDecl *>>
localAggregateField(const Expr *E);

/// The pair or tuple and the element `std::get<I>(t)` reads (`t` a
/// parameter, a local, a call returning one); none for any other call.
std::optional<std::pair<const Expr *, unsigned>>
tupleElementRead(const CallExpr *Call);

/// The variable \p E copies or moves whole (`b`, `std::move(b)`), or null.
const VarDecl *copiedVariable(const Expr *E);

/// True when the local \p VD is used in \p Body only through its data
/// members and returned (never passed, copied, assigned whole, captured or
/// called a method on) and is the only local of its type there: its members
/// change only by the assignments the flow sees, one variable per member.
bool isFieldsOnlyLocal(const VarDecl *VD, const Stmt *Body);

/// The list variable whose `begin()` (or \p Which) \p E calls.
const DeclRefExpr *rangeOwner(const Expr *E, llvm::StringRef Which = "begin");

/// What an argument was written as: through implicit conversions, an
/// initializer_list's backing array and converting constructors
/// (`IntArrayRef({1, 3})`, `ArrayRef(int64_t)`, `TensorIndex(Slice())`), the
/// braced list, the lone value or the empty `{}`; none past a few steps.
const Expr *spelledArgument(const Expr *E);

/// A function of libtorch's API (`torch::`, `at::`) that takes tensors and
/// returns one or a list of them, and no device or options that could place
/// the result elsewhere.
bool isUnlistedLibtorchOp(const FunctionDecl *Callee);

/// The device \p Init loads a TorchScript module onto, as written
/// (`torch::jit::load(path, device)`); null for a load with no device, or for
/// anything else.
const Expr *jitLoadDevice(const Expr *Init);

/// How many elements a `std::pair` or `std::tuple` type holds; 0 for any
/// other type.
unsigned tupleSize(QualType T);

/// The data members of a plain aggregate of the program that holds tensors
/// (`struct Batch { torch::Tensor images, labels; };`), in order; empty for
/// a module, a library type, a class with bases or one without a tensor.
llvm::SmallVector<const FieldDecl *, 4> aggregateFields(QualType T);

/// The elements \p E builds a pair or tuple of \p Size from, in order:
/// `{a, b}`, `std::make_pair(a, b)`, `std::make_tuple(a, b, c)`,
/// `std::tuple<...>(a, b)`, through a converting or moving construction;
/// empty for anything else.
llvm::SmallVector<const Expr *, 4> tupleParts(const Expr *E, unsigned Size);

/// The construction of the module \p VD holds, when its declaration makes
/// it from arguments that name no device (`Net net(3)`, `auto net =
/// Net(3)`, `std::make_shared<NetImpl>(3)`, a `Sequential` of submodules made
/// in place): on the CPU until it is moved. Not a copy of another module,
/// not an empty holder (`Net{nullptr}`), not `Net(device)`.
const Expr *builtModule(const VarDecl *VD);
/// A read of a checkpoint into a module: `torch::load(net, path[, device])`,
/// `net->load(archive)`.
struct ModuleLoad {
  const ValueDecl *Module = nullptr;
  /// The device given to the read; null where none is.
  const Expr *Device = nullptr;
};
std::optional<ModuleLoad> moduleLoadAt(const CallExpr *Call);

/// The same for a value assigned to a module (`model_ =
/// std::make_shared<Net>();`): the construction, or null.
const Expr *builtModuleValue(const Expr *Value);

/// The run of a TorchScript module whose output \p E reads as a tensor
/// (`m.forward(in).toTensor()`, `out.toTuple()->elements()[0].toTensor()`,
/// through locals holding the output or its tuple); null for anything else.
const CallExpr *scriptModuleRunOf(const Expr *E);

} // namespace clang::tidy::torch::device

#endif
