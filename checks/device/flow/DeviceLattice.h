//===--- DeviceLattice.h - a value's abstract device ------------*- C++ -*-===//
//
// The lattice of the device flow: an abstract device per tensor (with the
// provenance that notes print), a list's possible element devices, and the
// state at a program point (every tracked variable's value), with the joins
// taken where paths of the CFG meet. docs/design.md explains the choices.
//
//===----------------------------------------------------------------------===//
#ifndef TORCHLINT_CHECKS_DEVICE_FLOW_DEVICELATTICE_H
#define TORCHLINT_CHECKS_DEVICE_FLOW_DEVICELATTICE_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace clang::tidy::torch::device {

enum class Tri : uint8_t { No, Yes, Unknown };

/// The abstract device of one tensor (or the device a torch::Device names).
struct AbstractDevice {
  enum class Kind : uint8_t {
    Unknown, ///< Nothing known (an opaque call, an untracked variable).
    Cpu,     ///< Definitely the CPU.
    Cuda,    ///< Definitely CUDA; CudaIndex -1 means the current device.
    Other,   ///< Definitely another concrete device (mps, meta, ...).
    SameAs,  ///< Wherever Symbol (a parameter, member, module) lives.
    Maybe,   ///< Different on different paths (a branch moved it).
  };
  Kind K = Kind::Unknown;
  int CudaIndex = -1;
  const ValueDecl *Symbol = nullptr;
  /// For SameAs of a pair or tuple parameter: the element (`std::get<1>(s)`);
  /// -1 for the whole value.
  int Part = -1;
  /// For SameAs from an op over several parameters or members: the others.
  /// The op ran, so they live where Symbol does; a caller that passes
  /// device-less tensors for them learns every factory at once.
  llvm::SmallVector<const ValueDecl *, 2> AlsoSymbols;
  /// For Cpu: made by a factory without a device (the factory is Origin).
  bool DeviceLess = false;
  /// For Cpu: a parameter the function reads on the host, so its callers
  /// must pass CPU data. The placement is the callers', not this function's.
  bool HostContract = false;
  /// For Maybe: one of the joined paths is not the CPU.
  bool MayBeNonCpu = false;
  /// For Maybe: one of the joined paths is the CPU.
  bool MayBeCpu = false;
  /// For Maybe: the symbols whose devices the paths off the CPU are, when
  /// each such path is "wherever a symbol is" (a parameter, member,
  /// module); empty when one is a concrete device. Evidence is judged on
  /// them as on a SameAs.
  llvm::SmallVector<const ValueDecl *, 2> OffCpuThrough;
  Tri ZeroDim = Tri::Unknown;
  /// Where the value got its device: a factory, .to(), .cuda(), a parameter.
  const Stmt *Origin = nullptr;
  /// For DeviceLess: every device-less factory call the value was made from
  /// (`a * b` of two such factories names both, so one fix run repairs all).
  llvm::SmallVector<const Stmt *, 2> Factories;
  /// For SameAs a module: an output of a run of that module, which is where
  /// the module is (the run succeeded), but not a tensor reached through it,
  /// so two modules' outputs are not two modules' own tensors that may have
  /// been moved apart.
  bool RunOutput = false;
  /// For SameAs: moved to Symbol's device under a test that Symbol is on a
  /// GPU (`if (d.is_cuda()) t = t.to(d);`). The path that skips the move
  /// runs where Symbol is not a GPU, so a CPU value there is where Symbol is.
  bool FollowsAccelerator = false;

  static AbstractDevice unknown() { return {}; }
  static AbstractDevice cpu(const Stmt *Origin, bool DeviceLess = false,
                            Tri ZeroDim = Tri::Unknown);
  static AbstractDevice cuda(int Index, const Stmt *Origin);
  static AbstractDevice sameAs(const ValueDecl *Symbol);

  bool isCpu() const { return K == Kind::Cpu; }
  /// A device-less factory's CPU tensor on every path (Cpu, DeviceLess) or
  /// on some (a Maybe that still names the factories).
  bool fromDeviceLessFactory() const {
    return !Factories.empty() && (isCpu() ? DeviceLess : K == Kind::Maybe);
  }
  /// Wherever a module the code holds in a local came from (a call's result,
  /// a copy): where that other code put it, which says nothing here.
  bool isModuleLocalFromElsewhere() const;
  /// For Cpu: the construction of a module built on the CPU and not moved
  /// since (`Net net(3)`, `std::make_shared<NetImpl>(d)`), when that is
  /// where the value got its place; null otherwise.
  const Expr *cpuModuleConstruction() const;
  /// The value no longer comes straight from a device-less factory.
  void clearDeviceLess() {
    DeviceLess = false;
    Factories.clear();
  }
  /// Lives, or may live, somewhere other than the CPU: a CUDA tensor, a
  /// parameter, member or module, or a branch that moved it off the CPU.
  bool mayBeOffCpu() const;
  /// Both sides are concrete and different (cpu vs cuda, cuda:0 vs cuda:1).
  bool provablyDiffers(const AbstractDevice &Other) const;
  bool sameValue(const AbstractDevice &Other) const;
  /// The same place, wherever the value came from (its origin and
  /// factories aside).
  bool samePlace(const AbstractDevice &Other) const;
  static AbstractDevice join(const AbstractDevice &A, const AbstractDevice &B);
  /// "cpu", "cuda:1", "the device of 'x'", ...
  std::string describe() const;
};

constexpr unsigned MaxListElements = 8;

struct ListValue {
  llvm::SmallVector<AbstractDevice, 4> Elements;
  bool Opaque = false; ///< Contents not known (a parameter, an opaque call).

  /// Where an element is: the elements joined; unknown for an opaque or
  /// empty list.
  AbstractDevice joined() const {
    if (Opaque || Elements.empty())
      return AbstractDevice::unknown();
    AbstractDevice Joined = Elements.front();
    for (const AbstractDevice &Element : llvm::drop_begin(Elements))
      Joined = AbstractDevice::join(Joined, Element);
    return Joined;
  }

  void add(const AbstractDevice &D) {
    for (const AbstractDevice &E : Elements)
      if (E.sameValue(D))
        return;
    if (Elements.size() >= MaxListElements)
      Opaque = true;
    else
      Elements.push_back(D);
  }
  /// Joins \p O's elements (and its opacity) into this list.
  void addAll(const ListValue &O) {
    Opaque |= O.Opaque;
    for (const AbstractDevice &E : O.Elements)
      add(E);
  }
  bool sameValue(const ListValue &O) const {
    if (Opaque != O.Opaque || Elements.size() != O.Elements.size())
      return false;
    for (size_t I = 0; I < Elements.size(); ++I)
      if (!Elements[I].sameValue(O.Elements[I]))
        return false;
    return true;
  }
};

/// One part of the elements of a local list of records
/// (`std::vector<std::tuple<float, Tensor>>`, a vector of the program's
/// structs): the list and the part's position.
using RecordPart = std::pair<const ValueDecl *, unsigned>;

struct DeviceState {
  llvm::DenseMap<const ValueDecl *, AbstractDevice> Vars;
  llvm::DenseMap<const ValueDecl *, ListValue> Lists;
  /// For a local list of records: where each tensor part of its elements is.
  llvm::DenseMap<RecordPart, ListValue> PartLists;
  bool Reached = false;

  bool sameValue(const DeviceState &O) const {
    if (Reached != O.Reached || Vars.size() != O.Vars.size() ||
        Lists.size() != O.Lists.size() ||
        PartLists.size() != O.PartLists.size())
      return false;
    for (const auto &[D, L] : PartLists) {
      auto It = O.PartLists.find(D);
      if (It == O.PartLists.end() || !It->second.sameValue(L))
        return false;
    }
    for (const auto &[D, V] : Vars) {
      auto It = O.Vars.find(D);
      if (It == O.Vars.end() || !It->second.sameValue(V))
        return false;
    }
    for (const auto &[D, L] : Lists) {
      auto It = O.Lists.find(D);
      if (It == O.Lists.end() || !It->second.sameValue(L))
        return false;
    }
    return true;
  }

  /// Merges \p O into this state at a join point of the CFG.
  void joinWith(const DeviceState &O) {
    if (!O.Reached)
      return;
    if (!Reached) {
      *this = O;
      return;
    }
    for (const auto &[D, V] : O.Vars) {
      auto It = Vars.find(D);
      // A variable declared on one path only keeps that path's value.
      if (It == Vars.end())
        Vars[D] = V;
      else
        It->second = AbstractDevice::join(It->second, V);
    }
    for (const auto &[D, L] : O.Lists)
      Lists[D].addAll(L);
    for (const auto &[D, L] : O.PartLists)
      PartLists[D].addAll(L);
  }
};

/// stripWrappers, and also through copies and moves of tensors: a copy is

} // namespace clang::tidy::torch::device

#endif
