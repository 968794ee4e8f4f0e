//===--- ListEvaluation.cpp - the devices of tensors held together -------===//
//
// The part of DeviceTransfer's expression reading that sees containers: where
// the elements of a `std::vector<Tensor>`, a braced list, a TorchScript input
// vector or a list-returning op are; the parts of a pair or tuple; the
// tensor members of a local aggregate (`Batch batch;`).
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceTransfer.h"
#include "device/flow/TransferSyntax.h"
#include "utils/TorchTypes.h"

#include "clang/AST/ExprCXX.h"

namespace clang::tidy::torch::device {

using Kind = AbstractDevice::Kind;

ListValue DeviceTransfer::evalList(const Expr *E, const DeviceState &S) const {
  ListValue L;
  E = tensorOperand(E);
  if (const ValueDecl *Var = assignedDecl(E)) {
    auto It = S.Lists.find(Var);
    if (It != S.Lists.end())
      return It->second;
    L.Opaque = true;
    return L;
  }
  if (const auto *Init = llvm::dyn_cast_or_null<InitListExpr>(E)) {
    for (const Expr *Element : Init->inits())
      L.add(eval(Element, S));
    return L;
  }
  if (const auto *List = llvm::dyn_cast_or_null<CXXStdInitializerListExpr>(E))
    return evalList(List->getSubExpr(), S);
  if (const auto *Construct = llvm::dyn_cast_or_null<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 0)
      return L;
    if (Construct->getNumArgs() == 1 ||
        isTensorListType(Construct->getArg(0)->getType()))
      return evalList(Construct->getArg(0), S);
    if (Construct->isListInitialization()) {
      for (const Expr *Arg : Construct->arguments())
        L.add(eval(Arg, S));
      return L;
    }
  }
  if (const auto *Call = llvm::dyn_cast_or_null<CallExpr>(E)) {
    // _foreach_norm(list): each result on its input's device, 0-dim.
    if (ruleOf(Call, Index) == DeviceRule::NoCheck && Call->getNumArgs() > 0) {
      ListValue In = evalList(Call->getArg(0), S);
      for (AbstractDevice &D : In.Elements)
        D.ZeroDim = Tri::Yes;
      return In;
    }
    // A function of this translation unit that returns a list: its
    // elements, seen from here.
    if (const FunctionSummary *Summary = summaryOf(Call);
        Summary && Summary->ResultElements) {
      for (const AbstractDevice &Element : *Summary->ResultElements) {
        const AbstractDevice Here = resultAtCall(Element, Call, *Summary, S);
        if (Here.K == Kind::Unknown) {
          L.Opaque = true;
          return L;
        }
        L.add(Here);
      }
      return L;
    }
    // module->parameters(), buffers(): every element where the module is.
    if (const auto *Member = llvm::dyn_cast<CXXMemberCallExpr>(Call))
      if (const CXXMethodDecl *Method = Member->getMethodDecl();
          Method && Method->getIdentifier() &&
          (Method->getName() == "parameters" || Method->getName() == "buffers"))
        if (const ValueDecl *Module =
                moduleRoot(Member->getImplicitObjectArgument())) {
          L.add(lookup(Module, S));
          return L;
        }
    // A libtorch op that returns tensors (`torch::meshgrid({x, y})`,
    // `x.chunk(2)`, `torch::split(x, 2)`): each where the op computes, of
    // its inputs' rank but for unbind's.
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && isTensorListType(Callee->getReturnType()))
      if (std::optional<AbstractDevice> D = libtorchOpOutputs(Call, S)) {
        if (isNamed(Callee, "unbind"))
          D->ZeroDim = Tri::Unknown;
        L.Opaque = D->K == Kind::Unknown;
        if (!L.Opaque)
          L.add(*D);
        return L;
      }
  }
  L.Opaque = true;
  return L;
}

std::optional<AbstractDevice>
DeviceTransfer::libtorchOpOutputs(const CallExpr *Call,
                                  const DeviceState &S) const {
  const std::optional<DeviceRule> Rule = ruleOf(Call, Index);
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee ||
      !(isUnlistedLibtorchOp(Callee) || Rule ||
        isTensorMethod(llvm::dyn_cast<CXXMethodDecl>(Callee))) ||
      (Rule && !llvm::is_contained({DeviceRule::Strict, DeviceRule::CpuScalar,
                                    DeviceRule::Where},
                                   *Rule)))
    return std::nullopt;
  // A strict one (meshgrid) computes where its inputs are, having checked
  // they are together.
  return common(inputsOf(Call, S), Rule.value_or(DeviceRule::CpuScalar));
}

AbstractDevice DeviceTransfer::evalElement(const Expr *List,
                                           const DeviceState &S) const {
  return evalList(List, S).joined();
}

llvm::SmallVector<AbstractDevice, 4>
DeviceTransfer::evalParts(const Expr *E, unsigned Size,
                          const DeviceState &S) const {
  llvm::SmallVector<AbstractDevice, 4> Parts;
  for (const Expr *Part : tupleParts(E, Size))
    Parts.push_back(eval(Part, S));
  if (const Expr *List = Parts.empty() ? elementListOf(E) : nullptr)
    Parts = recordListParts(List, Size, S);
  const VarDecl *Copied = Parts.empty() ? copiedVariable(E) : nullptr;
  // A pair or tuple parameter (`auto [h, c] = state;`): each element
  // wherever the caller put it.
  if (const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(Copied);
      Param && tupleSize(Param->getType()) == Size)
    for (unsigned I = 0; I < Size; ++I) {
      Parts.push_back(AbstractDevice::sameAs(Param));
      Parts.back().Part = static_cast<int>(I);
    }
  // A local aggregate returned or copied whole: its members as assigned.
  if (Parts.empty() && Copied && tracksFields(Copied)) {
    const auto Fields = aggregateFields(Copied->getType());
    if (Fields.size() == Size)
      for (const FieldDecl *Field : Fields) {
        auto It = S.Vars.find(Field);
        Parts.push_back(It != S.Vars.end() ? It->second
                                           : AbstractDevice::unknown());
      }
  }
  const auto *Call = llvm::dyn_cast_or_null<CallExpr>(stripWrappers(E));
  const FunctionSummary *Summary = Call ? summaryOf(Call) : nullptr;
  if (Parts.empty() && Summary && Summary->ResultParts &&
      Summary->ResultParts->size() == Size)
    for (const AbstractDevice &Part : *Summary->ResultParts)
      Parts.push_back(resultAtCall(Part, Call, *Summary, S));
  // Each part of what a module of another file returns: where it ran.
  if (Parts.empty() && Call && runsUnseenModule(Call))
    Parts.assign(Size, opResult(Call, DeviceRule::Strict, S));
  // A libtorch op's values and indices (`torch::sort(x, 1)`, `x.max(1)`):
  // where it computes, of a rank the op decides.
  if (std::optional<AbstractDevice> D =
          Parts.empty() && Call && tupleSize(Call->getType()) == Size
              ? libtorchOpOutputs(Call, S)
              : std::nullopt) {
    D->ZeroDim = Tri::Unknown;
    Parts.assign(Size, *D);
  }
  // A local pair or tuple the flow follows, its parts all in one place.
  if (const auto Kept = Parts.empty() && Copied && tupleSize(Copied->getType())
                            ? S.Vars.find(Copied)
                            : S.Vars.end();
      Kept != S.Vars.end() && Kept->second.K != Kind::Unknown)
    Parts.assign(Size, Kept->second);
  return Parts;
}

std::optional<AbstractDevice>
DeviceTransfer::evalTupleElement(const CallExpr *Call,
                                 const DeviceState &S) const {
  const auto Read = tupleElementRead(Call);
  if (!Read)
    return std::nullopt;
  const auto [Tuple, Index] = *Read;
  const auto Parts = evalParts(Tuple, tupleSize(Tuple->getType()), S);
  // Parts not followed: the call's other readings may still know it.
  if (Index >= Parts.size())
    return std::nullopt;
  return Parts[Index];
}

AbstractDevice
DeviceTransfer::agreedPart(llvm::ArrayRef<AbstractDevice> Parts) {
  if (Parts.empty() || llvm::any_of(Parts, [&](const AbstractDevice &Part) {
        return !Part.sameValue(Parts.front());
      }))
    return AbstractDevice::unknown();
  return Parts.front();
}

bool DeviceTransfer::assignTied(const Expr *LHS, const Expr *RHS,
                                DeviceState &S) const {
  const auto *Tie = llvm::dyn_cast_or_null<CallExpr>(tensorOperand(LHS));
  const FunctionDecl *Callee = Tie ? Tie->getDirectCallee() : nullptr;
  if (!Callee || !Callee->isInStdNamespace() || !isNamed(Callee, "tie"))
    return false;
  // Each tied variable gets its element, or nothing known where the
  // elements are not followed: what it held before is gone.
  const auto Parts = evalParts(RHS, Tie->getNumArgs(), S);
  for (unsigned I = 0; I < Tie->getNumArgs(); ++I) {
    const Expr *Arg = tensorOperand(Tie->getArg(I));
    const ValueDecl *Element = assignedDecl(Arg);
    if (!Element)
      Element = trackedField(Arg);
    if (Element && isTensorType(Element->getType()))
      S.Vars[Element] = I < Parts.size() ? Parts[I] : AbstractDevice::unknown();
  }
  return true;
}

bool DeviceTransfer::tracksFields(const VarDecl *Local) const {
  auto [It, New] = FieldsOnlyLocals.try_emplace(Local, false);
  if (New)
    It->second = Local->isLocalVarDecl() &&
                 !aggregateFields(Local->getType()).empty() &&
                 isFieldsOnlyLocal(Local, Body);
  return It->second;
}

const FieldDecl *DeviceTransfer::trackedField(const Expr *E) const {
  const auto Field = localAggregateField(E);
  return Field && tracksFields(Field->first) ? Field->second : nullptr;
}

void DeviceTransfer::initAggregate(const VarDecl *Local, DeviceState &S) const {
  if (!tracksFields(Local))
    return;
  const auto Fields = aggregateFields(Local->getType());
  const auto Parts = Local->getInit()
                         ? evalParts(Local->getInit(), Fields.size(), S)
                         : llvm::SmallVector<AbstractDevice, 4>();
  for (size_t I = 0; I < Fields.size(); ++I)
    if (isTensorType(Fields[I]->getType()))
      S.Vars[Fields[I]] =
          I < Parts.size() ? Parts[I] : AbstractDevice::unknown();
}

llvm::SmallVector<AbstractDevice, 4>
DeviceTransfer::recordListParts(const Expr *List, unsigned Size,
                                const DeviceState &S) const {
  llvm::SmallVector<AbstractDevice, 4> Parts;
  const ValueDecl *Var = assignedDecl(List);
  if (!Var || recordListSize(Var->getType()) != Size)
    return Parts;
  for (unsigned I = 0; I < Size; ++I) {
    auto It = S.PartLists.find({Var, I});
    Parts.push_back(It != S.PartLists.end() ? It->second.joined()
                                            : AbstractDevice::unknown());
  }
  return Parts;
}

void DeviceTransfer::initList(const VarDecl *Local, DeviceState &S) const {
  const Expr *Init = Local->getInit();
  if (isTensorListType(Local->getType())) {
    S.Lists[Local] = Init ? evalList(Init, S) : ListValue();
    return;
  }
  // A list of records starts empty (`std::vector<Step> steps;`); one made
  // from anything else holds what the flow does not see.
  const auto *Construct = llvm::dyn_cast_or_null<CXXConstructExpr>(
      Init ? stripWrappers(Init) : nullptr);
  const bool Empty = !Init || (Construct && Construct->getNumArgs() == 0);
  for (unsigned I = 0, Size = recordListSize(Local->getType()); I < Size; ++I) {
    ListValue &Part = S.PartLists[{Local, I}];
    Part = ListValue();
    Part.Opaque = !Empty;
  }
}

void DeviceTransfer::transferListCall(const CXXMemberCallExpr *Member,
                                      DeviceState &S) const {
  const CXXMethodDecl *Method = Member->getMethodDecl();
  const ValueDecl *List = assignedDecl(Member->getImplicitObjectArgument());
  if (!Method || !Method->getIdentifier() || !List)
    return;
  const llvm::StringRef Name = Method->getName();
  const bool Adds = Name == "push_back" || Name == "emplace_back";
  // A local list of records: each part of what is added, as a list.
  if (const unsigned Size = recordListSize(List->getType());
      Size && S.PartLists.count({List, 0})) {
    llvm::SmallVector<AbstractDevice, 4> Parts;
    if (Adds && Member->getNumArgs() == Size && Size > 1)
      for (const Expr *Arg : Member->arguments()) // emplace_back(a, b)
        Parts.push_back(eval(Arg, S));
    else if (Adds && Member->getNumArgs() == 1)
      Parts = evalParts(Member->getArg(0), Size, S);
    for (unsigned I = 0; I < Size; ++I) {
      ListValue &Part = S.PartLists[{List, I}];
      if (Name == "clear" && Member->getNumArgs() == 0)
        Part = ListValue();
      else if (Adds && I < Parts.size())
        Part.add(Parts[I]);
      else if (Adds || Name == "insert" || Name == "emplace")
        Part.Opaque = true;
    }
    return;
  }
  if (!isTensorListType(List->getType()))
    return;
  // A member list holds what other methods left in it until cleared here.
  if (llvm::isa<FieldDecl>(List) && !S.Lists.count(List))
    S.Lists[List].Opaque = true;
  if (Member->getNumArgs() == 0 && Name == "clear")
    S.Lists[List] = ListValue();
  if (Member->getNumArgs() == 1 && Adds)
    S.Lists[List].add(eval(Member->getArg(0), S));
  // list.insert(pos, other.begin(), other.end()): other's elements join.
  if (Name == "insert" && Member->getNumArgs() == 3) {
    const DeclRefExpr *From = rangeOwner(Member->getArg(1));
    const DeclRefExpr *To = rangeOwner(Member->getArg(2), "end");
    ListValue &Into = S.Lists[List];
    if (From && To && From->getDecl() == To->getDecl())
      Into.addAll(evalList(From, S));
    else
      Into.Opaque = true;
  }
}

} // namespace clang::tidy::torch::device
