//===--- DeviceMigration.cpp - state moved to follow an input -------------===//
#include "device/findings/DeviceMigration.h"
#include "device/flow/TensorOptionsAnalysis.h"
#include "device/functions/FunctionParents.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchTypes.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::torch::device {
namespace {

bool isInputType(QualType T) {
  return isTensorType(T) || isDeviceType(T) || isDeviceTypeEnum(T) ||
         isTensorOptionsType(T);
}

/// True when argument \p Arg (passed for a parameter of type \p ParamT)
/// carries a device: a device, a tensor, options naming a device (or, unless
/// \p Provably, options of unknown origin).
bool carriesDevice(const Expr *Arg, QualType ParamT, const Stmt *Body,
                   bool Provably) {
  if (!Arg || llvm::isa<CXXDefaultArgExpr>(Arg))
    return false;
  if (isDeviceType(ParamT) || isDeviceTypeEnum(ParamT) ||
      isOptionalDeviceType(ParamT) || isTensorType(ParamT))
    return true;
  if (isTensorOptionsType(ParamT)) {
    const OptionsDevice Options = classifyOptions(Arg, Body);
    return Provably ? Options == OptionsDevice::HasDevice
                    : Options != OptionsDevice::NoDevice;
  }
  return false;
}

/// "stats.mean" for this->stats.mean; empty when \p E is not such a chain.
std::string memberChainName(const Expr *E, const FieldDecl *&Field) {
  std::string Name;
  Field = nullptr;
  for (int Depth = 0; E && Depth < 16; ++Depth) {
    E = ignoreWrappers(E);
    if (llvm::isa<CXXThisExpr>(E))
      return Name;
    const auto *Member = llvm::dyn_cast<MemberExpr>(E);
    const auto *FD =
        Member ? llvm::dyn_cast<FieldDecl>(Member->getMemberDecl()) : nullptr;
    if (!FD)
      return "";
    if (!Field)
      Field = FD;
    std::string Part = FD->getNameAsString();
    if (!Name.empty())
      Part.append(".").append(Name);
    Name = std::move(Part);
    E = Member->getBase();
  }
  return "";
}

bool isViewOrCopy(const CXXMethodDecl *M) {
  return M && M->getIdentifier() &&
         llvm::is_contained({"detach", "contiguous", "clone", "view", "reshape",
                             "flatten", "squeeze", "unsqueeze", "t",
                             "transpose", "permute", "expand", "expand_as",
                             "select", "narrow", "slice", "index"},
                            M->getName());
}

/// "parameters" when \p E names the variable of a range-for over the
/// module's own registered tensors (`for (auto &p : parameters())`, also
/// `this->buffers()` or a submodule's `fc->parameters()`); else empty.
std::string registeredTensorsLoop(const Expr *E, ASTContext &Ctx) {
  const auto *Ref = llvm::dyn_cast_or_null<DeclRefExpr>(E);
  const auto *Var = Ref ? llvm::dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var)
    return "";
  for (const DynTypedNode &P : parentsOf(*Var, Ctx)) {
    const auto *DS = P.get<DeclStmt>();
    if (!DS)
      continue;
    for (const DynTypedNode &Loop : parentsOf(*DS, Ctx)) {
      const auto *Range = Loop.get<CXXForRangeStmt>();
      if (!Range || Range->getLoopVariable() != Var)
        continue;
      const auto *Call = llvm::dyn_cast_or_null<CXXMemberCallExpr>(
          ignoreWrappers(Range->getRangeInit()));
      const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
      if (!Method || !Method->getIdentifier() ||
          !(Method->getName() == "parameters" ||
            Method->getName() == "buffers"))
        continue;
      const Expr *Object = calledObject(Call);
      if (Object && (llvm::isa<CXXThisExpr>(ignoreWrappers(Object)) ||
                     isRootedAtThis(Object)))
        return Method->getName().str();
    }
  }
  return "";
}

/// \p E without the views and copies around it: `mean_.detach()`,
/// `weights_[i]`, `x.contiguous()` name the same data.
const Expr *stripViews(const Expr *E) {
  E = ignoreWrappers(E);
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    if (const auto *View = llvm::dyn_cast<CXXMemberCallExpr>(E);
        View && View->getImplicitObjectArgument() &&
        isTensorType(View->getType()) && isViewOrCopy(View->getMethodDecl())) {
      E = ignoreWrappers(View->getImplicitObjectArgument());
      continue;
    }
    if (const auto *Index = llvm::dyn_cast<CXXOperatorCallExpr>(E);
        Index && Index->getOperator() == OO_Subscript &&
        Index->getNumArgs() > 0) {
      E = ignoreWrappers(Index->getArg(0));
      continue;
    }
    break;
  }
  return E;
}

/// The state the receiver \p Object of a move names, if any.
std::optional<StateRef> stateOf(const Expr *Object, bool OnModule,
                                ASTContext &Ctx) {
  if (!Object)
    return std::nullopt;
  const Expr *E = OnModule ? ignoreWrappers(Object) : stripViews(Object);
  // `auto &m = mean_; m = m.to(x.device());` moves the member.
  E = ignoreWrappers(throughReferenceAlias(E));
  if (const auto *Deref = llvm::dyn_cast<UnaryOperator>(E);
      Deref && Deref->getOpcode() == UO_Deref)
    E = ignoreWrappers(Deref->getSubExpr());
  StateRef State;
  State.IsModule = OnModule;
  if (llvm::isa<CXXThisExpr>(E)) {
    if (!OnModule)
      return std::nullopt;
    State.Name = "this";
    return State;
  }
  if (!OnModule) {
    // for (auto &p : parameters()) p.to(x.device())
    State.Name = registeredTensorsLoop(E, Ctx);
    if (!State.Name.empty())
      return State;
  }
  State.Name = memberChainName(E, State.Member);
  if (State.Name.empty() || !State.Member)
    return std::nullopt;
  return State;
}

/// The state \p S (a device-carrying argument) derives from: a member
/// (`mean_.device()`, `device_`, `weight.options()`), the module's registered
/// tensors, following locals to their initializers.
std::optional<StateRef> followedState(const Stmt *S, ASTContext &Ctx,
                                      int Depth) {
  if (!S || Depth > 8 || llvm::isa<LambdaExpr>(S))
    return std::nullopt;
  if (const auto *Member = llvm::dyn_cast<MemberExpr>(S);
      Member && llvm::isa<FieldDecl>(Member->getMemberDecl()) &&
      isRootedAtThis(Member->getBase()) &&
      (isInputType(Member->getType()) || isModuleType(Member->getType()) ||
       isOptionalDeviceType(Member->getType()))) {
    StateRef State;
    State.Name = memberChainName(Member, State.Member);
    if (!State.Name.empty() && State.Member)
      return State;
    return std::nullopt;
  }
  if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    const Expr *Object = calledObject(Call);
    if (Method && Method->getIdentifier() && Object &&
        (Method->getName() == "parameters" || Method->getName() == "buffers") &&
        (llvm::isa<CXXThisExpr>(ignoreWrappers(Object)) ||
         isRootedAtThis(Object))) {
      StateRef State;
      State.Name = Method->getName().str();
      return State;
    }
  }
  if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S)) {
    if (const auto *Var = llvm::dyn_cast<VarDecl>(Ref->getDecl());
        Var && !llvm::isa<ParmVarDecl>(Var) && Var->hasLocalStorage() &&
        Var->getInit())
      return followedState(Var->getInit(), Ctx, Depth + 1);
    return std::nullopt;
  }
  for (const Stmt *Child : S->children())
    if (std::optional<StateRef> Found = followedState(Child, Ctx, Depth + 1))
      return Found;
  return std::nullopt;
}

/// True when \p Call's result replaces the tensor member \p State names
/// (`mean_ = mean_.to(x.device())`, guarded or not): the next call finds it
/// in place, so it moves once per change of the data's device.
bool keptInMember(const CXXMemberCallExpr *Call, const StateRef &State,
                  ASTContext &Ctx) {
  if (State.IsModule || !State.Member)
    return false;
  const auto Sides = assignmentSides(wrappedParent(Call, Ctx).get<Stmt>());
  if (!Sides || ignoreWrappers(Sides->second) != Call)
    return false;
  const FieldDecl *Target = nullptr;
  // `auto &m = mean_; m = m.to(x.device());` keeps it too.
  const Expr *Kept = ignoreWrappers(throughReferenceAlias(Sides->first));
  return memberChainName(Kept, Target) == State.Name && Target == State.Member;
}

} // namespace

std::string StateRef::describe() const {
  if (Name == "this")
    return "the module";
  if (isRegisteredTensors())
    return "the module's " + Name;
  if (IsModule)
    return "module '" + Name + "'";
  return "'" + Name + "'";
}

MigrationFinder::MigrationFinder(llvm::StringRef ForwardMethods,
                                 llvm::StringRef AllowedNames,
                                 DeviceFlowConfig Flow)
    : Flow(std::move(Flow)) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  ForwardMethods.split(Parts, ';', -1, false);
  for (llvm::StringRef Name : Parts)
    if (!Name.trim().empty())
      ForwardNames.push_back(Name.trim().str());
  Parts.clear();
  AllowedNames.split(Parts, ';', -1, false);
  for (llvm::StringRef Pattern : Parts) {
    Pattern = Pattern.trim();
    if (Pattern.empty())
      continue;
    auto Re = std::make_unique<llvm::Regex>(("^(" + Pattern + ")$").str());
    if (Re->isValid())
      Allowed.push_back(std::move(Re));
  }
}

const ParmVarDecl *MigrationFinder::movedInput(const Expr *Object,
                                               const FunctionDecl *Fn,
                                               ASTContext &Ctx,
                                               std::string &Name) const {
  const auto *Moved = llvm::dyn_cast_or_null<DeclRefExpr>(stripViews(Object));
  const ParmVarDecl *Input = Moved ? inputBehind(Object, Fn, Ctx) : nullptr;
  if (!Input)
    return nullptr;
  Name = Moved->getDecl()->getNameAsString();
  return allowed(Name) || allowed(Input->getName()) ? nullptr : Input;
}

const ParmVarDecl *MigrationFinder::inputBehind(const Expr *E,
                                                const FunctionDecl *Fn,
                                                ASTContext &Ctx) const {
  const AbstractDevice D = Flow.analyze(Fn, Ctx)->deviceOf(E);
  const auto *Param = D.K == AbstractDevice::Kind::SameAs
                          ? llvm::dyn_cast_or_null<ParmVarDecl>(D.Symbol)
                          : nullptr;
  return Param && isInput(Param, Fn) ? Param : nullptr;
}

bool MigrationFinder::allowed(llvm::StringRef Name) const {
  for (const auto &Re : Allowed)
    if (Re->match(Name))
      return true;
  return false;
}

bool MigrationFinder::isInput(const ValueDecl *D, const FunctionDecl *Fn) {
  const auto *Param = llvm::dyn_cast_or_null<ParmVarDecl>(D);
  if (!Param || !isInputType(Param->getType()))
    return false;
  const auto *Owner = llvm::dyn_cast<FunctionDecl>(Param->getDeclContext());
  // The parameters of Fn and of the lambdas and the method around it.
  for (int Depth = 0; Fn && Depth < 32; ++Depth) {
    if (Owner && Owner->getCanonicalDecl() == Fn->getCanonicalDecl())
      return true;
    if (!isLambdaCallOperator(Fn))
      return false;
    const DeclContext *Ctx =
        llvm::cast<CXXMethodDecl>(Fn)->getParent()->getDeclContext();
    while (Ctx && !llvm::isa<FunctionDecl>(Ctx))
      Ctx = Ctx->getParent();
    Fn = Ctx ? llvm::cast<FunctionDecl>(Ctx) : nullptr;
  }
  return false;
}

const llvm::DenseMap<const FunctionDecl *, const CXXMethodDecl *> &
MigrationFinder::reachable(const CXXRecordDecl *Class) {
  Class = Class->getCanonicalDecl();
  auto Found = Reachable.find(Class);
  if (Found != Reachable.end())
    return Found->second;
  llvm::DenseMap<const FunctionDecl *, const CXXMethodDecl *> &Map =
      Reachable[Class];
  const CXXRecordDecl *Def = Class->getDefinition();
  if (!Def)
    return Map;

  llvm::SmallVector<std::pair<const FunctionDecl *, const CXXMethodDecl *>, 8>
      Work;
  for (const CXXMethodDecl *M : Def->methods()) {
    if (M->isStatic())
      continue;
    const std::string Name = M->getNameAsString();
    if (!llvm::is_contained(ForwardNames, Name))
      continue;
    const FunctionDecl *Body = M->getDefinition();
    if (Body && Map.try_emplace(Body->getCanonicalDecl(), M).second)
      Work.push_back({Body, M});
  }
  while (!Work.empty()) {
    auto [Fn, Entry] = Work.pop_back_val();
    llvm::SmallVector<const Stmt *, 32> Stack{Fn->getBody()};
    while (!Stack.empty()) {
      const Stmt *S = Stack.pop_back_val();
      if (!S)
        continue;
      if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
        const CXXMethodDecl *Callee = Call->getMethodDecl();
        const Expr *Object = Call->getImplicitObjectArgument();
        if (Callee && Object &&
            llvm::isa<CXXThisExpr>(ignoreWrappers(Object)) &&
            Callee->getParent()->getCanonicalDecl() == Class)
          if (const FunctionDecl *Body = Callee->getDefinition())
            if (Map.try_emplace(Body->getCanonicalDecl(), Entry).second)
              Work.push_back({Body, Entry});
      }
      for (const Stmt *Child : S->children())
        Stack.push_back(Child);
    }
  }
  return Map;
}

std::optional<ForwardPath>
MigrationFinder::forwardPath(const FunctionDecl *Fn) {
  const auto *Method =
      llvm::dyn_cast_or_null<CXXMethodDecl>(enclosingNamedFunction(Fn));
  if (!Method || Method->isStatic() || !Method->getParent() ||
      Method->getParent()->isLambda())
    return std::nullopt;
  const auto &Map = reachable(Method->getParent());
  auto It = Map.find(Method->getCanonicalDecl());
  if (It == Map.end())
    return std::nullopt;
  return ForwardPath{Fn, Method, It->second};
}

std::optional<ForwardPath>
MigrationFinder::perCallPath(const FunctionDecl *Fn) {
  const auto *Method =
      llvm::dyn_cast_or_null<CXXMethodDecl>(enclosingNamedFunction(Fn));
  if (!Method || Method->isStatic() || !Method->getParent() ||
      Method->getParent()->isLambda() ||
      llvm::isa<CXXConstructorDecl, CXXDestructorDecl>(Method) ||
      Method->isCopyAssignmentOperator() || Method->isMoveAssignmentOperator())
    return std::nullopt;
  return ForwardPath{Fn, Method, nullptr};
}

namespace {

/// True when \p Param is used in its function for more than where it lives: a
/// use other than `.device()`, `.options()`, `.is_cuda()`, `.get_device()` or
/// `.is_cpu()`. A method that computes with the tensor runs per call on it.
bool computesWith(const ParmVarDecl *Param) {
  const auto *Fn = llvm::dyn_cast<FunctionDecl>(Param->getDeclContext());
  const Stmt *Body = Fn ? Fn->getBody() : nullptr;
  unsigned Uses = 0, Queries = 0;
  llvm::SmallVector<const Stmt *, 32> Stack{Body};
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    if (!S)
      continue;
    if (const auto *Ref = llvm::dyn_cast<DeclRefExpr>(S);
        Ref && Ref->getDecl() == Param)
      ++Uses;
    if (const auto *Call = llvm::dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      const auto *Object = llvm::dyn_cast_or_null<DeclRefExpr>(
          ignoreWrappers(Call->getImplicitObjectArgument()));
      if (Object && Object->getDecl() == Param && isDeviceQuery(Method))
        ++Queries;
    }
    for (const Stmt *Child : S->children())
      Stack.push_back(Child);
  }
  return Uses > Queries;
}

} // namespace

std::optional<ForwardPath>
MigrationFinder::migrationPath(const FunctionDecl *Fn) {
  if (std::optional<ForwardPath> Path = forwardPath(Fn))
    return Path;
  return perCallPath(Fn);
}

bool MigrationFinder::followedPerCall(const ParmVarDecl *Input,
                                      const ForwardPath &Path) {
  return Path.Entry || (isTensorType(Input->getType()) && computesWith(Input));
}

namespace {

/// Which kind of move \p Call is: a tensor's or a module's, or neither.
enum class MoveKind { None, Tensor, Module };
MoveKind moveKind(const CXXMemberCallExpr *Call, bool WithCudaCpu) {
  const CXXMethodDecl *Callee = Call ? Call->getMethodDecl() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return MoveKind::None;
  const llvm::StringRef Name = Callee->getName();
  const QualType Class = recordType(Callee->getParent());
  if (isTensorType(Class))
    return Name == "to" || Name == "type_as" ||
                   (WithCudaCpu && (Name == "cuda" || Name == "cpu"))
               ? MoveKind::Tensor
               : MoveKind::None;
  if (Name == "to" && isModuleType(Class))
    return MoveKind::Module;
  return MoveKind::None;
}

const Expr *movedObject(const CXXMemberCallExpr *Call, MoveKind Kind) {
  return Kind == MoveKind::Module ? calledObject(Call)
                                  : Call->getImplicitObjectArgument();
}

} // namespace

std::optional<Migration> MigrationFinder::analyse(const CXXMemberCallExpr *Call,
                                                  const FunctionDecl *Fn,
                                                  ASTContext &Ctx,
                                                  bool AssignedBack) {
  const MoveKind Kind = moveKind(Call, /*WithCudaCpu=*/false);
  if (Kind == MoveKind::None || !Fn)
    return std::nullopt;
  std::optional<ForwardPath> Path = migrationPath(Fn);
  if (!Path)
    return std::nullopt;
  const CXXMethodDecl *Callee = Call->getMethodDecl();
  const Expr *Object = movedObject(Call, Kind);
  auto ParamType = [&](unsigned I) {
    return I < Callee->getNumParams() ? Callee->getParamDecl(I)->getType()
                                      : Call->getArg(I)->getType();
  };

  Migration Result;
  Result.Path = *Path;
  if (std::optional<StateRef> State =
          stateOf(Object, Kind == MoveKind::Module, Ctx)) {
    if (allowed(State->Name) ||
        (State->Member && allowed(State->Member->getName())))
      return std::nullopt;
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (!carriesDevice(Call->getArg(I), ParamType(I), Fn->getBody(),
                         /*Provably=*/false))
        continue;
      if (const ParmVarDecl *Input = inputBehind(Call->getArg(I), Fn, Ctx)) {
        if (!followedPerCall(Input, *Path))
          continue;
        if (AssignedBack ? State->Member && !State->IsModule
                         : keptInMember(Call, *State, Ctx)) {
          // A plain member placed lazily where the data first comes.
          if (!isRegisteredWithModule(State->Member))
            return std::nullopt;
          Result.LeavesRegistration = true;
        }
        Result.Dir = Migration::Direction::StateFollowsInput;
        Result.State = *State;
        Result.Input = Input;
        Result.InputName = Input->getNameAsString();
        return Result;
      }
    }
    return std::nullopt;
  }
  // Outside a forward path, moving data to the object's device is how a
  // caller-friendly method (`predict(x)`) is written: not judged.
  if (Kind != MoveKind::Tensor || !Path->Entry)
    return std::nullopt;
  std::string Name;
  const ParmVarDecl *Input = movedInput(Object, Fn, Ctx, Name);
  if (!Input)
    return std::nullopt;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    if (!carriesDevice(Call->getArg(I), ParamType(I), Fn->getBody(),
                       /*Provably=*/true))
      continue;
    if (std::optional<StateRef> State =
            followedState(Call->getArg(I), Ctx, 0)) {
      Result.Dir = Migration::Direction::InputFollowsState;
      Result.State = *State;
      Result.Input = Input;
      Result.InputName = Name;
      return Result;
    }
  }
  return std::nullopt;
}

std::optional<Migration>
MigrationFinder::wouldMigrate(const CXXMemberCallExpr *Call,
                              const FunctionDecl *Fn, const ValueDecl *Target,
                              ASTContext &Ctx) {
  const MoveKind Kind = moveKind(Call, /*WithCudaCpu=*/true);
  if (Kind == MoveKind::None || !Fn || !Target)
    return std::nullopt;
  std::optional<ForwardPath> Path = migrationPath(Fn);
  if (!Path)
    return std::nullopt;
  const Expr *Object = movedObject(Call, Kind);
  Migration Result;
  Result.Path = *Path;
  if (std::optional<StateRef> State =
          stateOf(Object, Kind == MoveKind::Module, Ctx)) {
    if (!isInput(Target, Fn) || allowed(State->Name) ||
        (State->Member && allowed(State->Member->getName())))
      return std::nullopt;
    if (!followedPerCall(llvm::cast<ParmVarDecl>(Target), *Path))
      return std::nullopt;
    Result.Dir = Migration::Direction::StateFollowsInput;
    Result.State = *State;
    Result.Input = llvm::cast<ParmVarDecl>(Target);
    Result.InputName = Target->getNameAsString();
    return Result;
  }
  const auto *Member = llvm::dyn_cast<FieldDecl>(Target);
  if (Kind != MoveKind::Tensor || !Member || !Path->Entry)
    return std::nullopt;
  std::string Name;
  const ParmVarDecl *Input = movedInput(Object, Fn, Ctx, Name);
  if (!Input)
    return std::nullopt;
  Result.Dir = Migration::Direction::InputFollowsState;
  Result.State.Member = Member;
  Result.State.Name = Member->getNameAsString();
  Result.Input = Input;
  Result.InputName = Name;
  return Result;
}

void noteWouldMigrate(ClangTidyCheck &Check, const Migration &M,
                      llvm::StringRef What) {
  if (!M.Input || !M.Path.Method)
    return;
  if (M.Dir == Migration::Direction::StateFollowsInput) {
    Check.diag(M.Input->getLocation(),
               "%0 would move %1 to the device of input '%2' on every call of "
               "'%3'; place %select{it|them}4 on %select{its|their}4 device "
               "once, at set-up",
               DiagnosticIDs::Note)
        << What << M.State.describe() << M.InputName
        << M.Path.Method->getNameAsString() << M.State.isRegisteredTensors();
    return;
  }
  Check.diag(M.State.Member ? M.State.Member->getLocation()
                            : M.Input->getLocation(),
             "%0 would move input '%1' to the device of %2 on every call of "
             "'%3'; leave placing the data to the caller",
             DiagnosticIDs::Note)
      << What << M.InputName << M.State.describe()
      << M.Path.Method->getNameAsString();
}

} // namespace clang::tidy::torch::device
