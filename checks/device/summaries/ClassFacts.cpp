//===--- ClassFacts.cpp - members on entry to methods ---------------------===//
//
// The half of FunctionSummaries that reads a class as a whole: what its
// constructors (and the setup methods they call) leave in each member, what
// it registers with the module, and whether any other method moves or
// assigns a member after construction.
//
//===----------------------------------------------------------------------===//
#include "device/flow/DeviceUsage.h"
#include "device/functions/FunctionBodies.h"
#include "device/functions/FunctionParents.h"
#include "device/functions/LibraryCode.h"
#include "device/summaries/FunctionSummaries.h"
#include "utils/CallSite.h"
#include "utils/TorchObjects.h"
#include "utils/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SetVector.h"

namespace clang::tidy::torch::device {
namespace {

/// Whether \p S or a statement under it (outside nested lambdas) is one
/// for which \p Is holds.
bool containsStmt(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Is) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return false;
  if (Is(S))
    return true;
  for (const Stmt *Child : S->children())
    if (containsStmt(Child, Is))
      return true;
  return false;
}

/// The objects \p S hands to a registration (`register_buffer("m", mask_)`)
/// join \p Registered.
void collectRegisteredArguments(const Stmt *S,
                                llvm::DenseSet<const ValueDecl *> &Registered) {
  if (!S || llvm::isa<LambdaExpr>(S))
    return;
  if (isModuleRegistration(S))
    for (const Expr *Arg : llvm::cast<CallExpr>(S)->arguments())
      if (const ValueDecl *Object = referencedObject(writtenArgument(Arg)))
        Registered.insert(Object);
  for (const Stmt *Child : S->children())
    collectRegisteredArguments(Child, Registered);
}

/// The members of \p Class that its code registers with the module, so
/// that they move with it: passed to `register_buffer`/`register_parameter`
/// or assigned (initialised) from such a call.
llvm::DenseSet<const ValueDecl *>
registeredMembers(const CXXRecordDecl *Class) {
  llvm::DenseSet<const ValueDecl *> Registered;
  forEachObjectAssignment(Class, /*ConstructorsOnly=*/false,
                          [&](const ValueDecl *Object, const Expr *Value) {
                            if (containsStmt(Value, isModuleRegistration))
                              Registered.insert(Object);
                          });
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (Method->hasBody(Definition) && Definition)
      collectRegisteredArguments(Definition->getBody(), Registered);
  }
  return Registered;
}

} // namespace

/// Whether \p Method's code may place the members: not a static, deleted or
/// pure virtual method, nor a copy (a copy keeps the source's placement: it
/// proves nothing new).
static bool mayPlaceMembers(const CXXMethodDecl *Method) {
  const auto *Constructor = llvm::dyn_cast<CXXConstructorDecl>(Method);
  return !Method->isStatic() && !Method->isDeleted() &&
         !Method->isPureVirtual() &&
         !(Constructor && Constructor->isCopyOrMoveConstructor());
}

bool isMethodOutOfView(const CXXMethodDecl *Method) {
  const FunctionDecl *Definition = nullptr;
  return mayPlaceMembers(Method) &&
         (!Method->hasBody(Definition) || !Definition) &&
         (!Method->isImplicit() || llvm::isa<CXXConstructorDecl>(Method));
}

const llvm::DenseMap<const FieldDecl *, AbstractDevice> *
FunctionSummaries::factsOf(const RecordDecl *Record, ASTContext &Ctx) {
  reset(Ctx);
  const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(Record);
  if (!Class || !Class->hasDefinition())
    return nullptr;
  Class = Class->getDefinition();
  auto It = MemberFacts.find(Class);
  if (It == MemberFacts.end()) {
    learnClass(Class, Ctx);
    It = MemberFacts.find(Class);
  }
  return &It->second;
}

namespace {
/// A tensor member of a plain class that the class itself places off the
/// CPU (a fixed device, or the class's own device member), or, in a class
/// that holds a device or is given one to construct, makes on the CPU
/// without one; or a module member it
/// moves to a device itself, the CPU included; and that no code
/// outside the class can reassign: where every constructor (and method that
/// places it again) puts it, it is there in the methods, evidence of its
/// own, unlike a member that holds whatever its owner was handed. A class
/// that handles no device is the program's design: its device-less members
/// are not judged.
/// Whether a constructor of \p Class is given a device (`Mel(torch::Device
/// d)`): the class handles devices though it keeps none.
bool constructorTakesDevice(const RecordDecl *Class) {
  const auto *Record = llvm::dyn_cast_or_null<CXXRecordDecl>(Class);
  return Record &&
         llvm::any_of(Record->ctors(), [](const CXXConstructorDecl *C) {
           return llvm::any_of(C->parameters(), [](const ParmVarDecl *P) {
             return isDeviceLike(P->getType().getNonReferenceType());
           });
         });
}

/// Whether \p Device is where a constructor's device parameter is.
bool isConstructorDevice(const AbstractDevice &Device) {
  const auto *Param = Device.K == AbstractDevice::Kind::SameAs
                          ? llvm::dyn_cast_or_null<ParmVarDecl>(Device.Symbol)
                          : nullptr;
  return Param && isDeviceLike(Param->getType().getNonReferenceType()) &&
         llvm::isa<CXXConstructorDecl>(Param->getDeclContext());
}

bool isOwnPlacement(const FieldDecl *F, const AbstractDevice &Device) {
  // A module member the class moves itself (`actor_->to(torch::kCPU)` after
  // taking a copy) is placed by the class, the CPU included.
  const bool Module = isModuleType(F->getType());
  if ((!isTensorType(F->getType()) && !Module) || F->getAccess() == AS_public)
    return false;
  if (Device.K == AbstractDevice::Kind::Cuda ||
      Device.K == AbstractDevice::Kind::Other ||
      (Device.isCpu() && Module && !Device.DeviceLess) ||
      (Device.isCpu() && Device.DeviceLess &&
       (holdsDeviceMember(F->getParent()) ||
        constructorTakesDevice(F->getParent()))))
    return true;
  const auto *Member = Device.K == AbstractDevice::Kind::SameAs
                           ? llvm::dyn_cast_or_null<FieldDecl>(Device.Symbol)
                           : nullptr;
  return Member && Member->getParent() == F->getParent() &&
         isDeviceType(Member->getType());
}

/// Whether every constructor of \p Member's class leaves it as the default
/// constructor makes it (an undefined tensor), neither initialising nor
/// assigning it, nor calling a setup method (\p SetupEffects) that does.
bool leftUndefinedByConstructors(
    const FieldDecl *Member,
    const llvm::DenseMap<const FunctionDecl *,
                         llvm::DenseMap<const FieldDecl *, AbstractDevice>>
        &SetupEffects) {
  for (const auto &Setup : SetupEffects)
    if (Setup.second.count(Member))
      return false;
  bool Made = false;
  forEachObjectAssignment(
      llvm::cast<CXXRecordDecl>(Member->getParent()), /*ConstructorsOnly=*/true,
      [&](const ValueDecl *Object, const Expr *Value) {
        const auto *Construct =
            Value ? llvm::dyn_cast<CXXConstructExpr>(Value->IgnoreImplicit())
                  : nullptr;
        if (Object == Member && !(Construct && Construct->getNumArgs() == 0))
          Made = true;
      });
  return !Made;
}
} // namespace

AbstractDevice FunctionSummaries::memberOnEntry(const FieldDecl *Field,
                                                ASTContext &Ctx) {
  const auto *Facts = factsOf(Field ? Field->getParent() : nullptr, Ctx);
  if (!Facts)
    return AbstractDevice::unknown();
  auto Fact = Facts->find(Field);
  return Fact == Facts->end() ? AbstractDevice::unknown() : Fact->second;
}

bool FunctionSummaries::placedWithGivenDevice(const FieldDecl *Field,
                                              ASTContext &Ctx) {
  const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(
      Field ? Field->getParent() : nullptr);
  if (!Class || !isTensorType(Field->getType()) ||
      isModuleType(recordType(Class)))
    return false;
  const AbstractDevice Placed = memberOnEntry(Field, Ctx);
  return Placed.K == AbstractDevice::Kind::SameAs && Placed.Symbol == Field;
}

const FieldDecl *FunctionSummaries::memberMadeBy(const CallExpr *Factory,
                                                 const CXXRecordDecl *Class,
                                                 ASTContext &Ctx) {
  // Registering is a module's: a plain class's CPU member is reported where
  // it meets device data, as any other factory.
  if (!Class || !isModuleType(recordType(Class)))
    return nullptr;
  if (const auto *Facts = factsOf(Class, Ctx))
    for (const auto &[Field, Device] : *Facts)
      if (Device.isCpu() && Device.DeviceLess &&
          llvm::is_contained(Device.Factories, Factory))
        return Field;
  return nullptr;
}

std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>>
FunctionSummaries::membersAtExit(const FunctionDecl *Definition,
                                 const CXXRecordDecl *Class, ASTContext &Ctx) {
  std::unique_ptr<DeviceFlow> Flow = analyseOther(Definition, Ctx);
  if (!Flow->gaveUp().empty())
    return std::nullopt; // What it does to the members is not known.
  llvm::DenseMap<const FieldDecl *, AbstractDevice> AtExit;
  for (const auto &[D, Device] : Flow->membersAtExit())
    if (const auto *F = llvm::dyn_cast<FieldDecl>(D);
        F && F->getParent() == Class)
      AtExit[F] = Device;
  return AtExit;
}

llvm::DenseMap<const FieldDecl *, AbstractDevice>
FunctionSummaries::keptByMethods(const CXXRecordDecl *Class,
                                 llvm::ArrayRef<ReplacedMember> Members,
                                 ASTContext &Ctx) {
  // Where each may be: where the constructors leave it, or, for a member
  // they leave undefined, on CUDA, on the CPU (a module moved there), or on
  // one of the class's devices; the first that is the class's own placement
  // is tried first.
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<AbstractDevice, 4>>
      Candidates;
  llvm::SetVector<const FunctionDecl *> Methods;
  llvm::DenseMap<const FieldDecl *, llvm::ArrayRef<const FunctionDecl *>>
      PlacingMethods;
  for (const ReplacedMember &M : Members) {
    PlacingMethods[M.Member] = M.PlacingMethods;
    auto &Options = Candidates[M.Member];
    if (M.FromConstructors.Origin)
      Options.push_back(M.FromConstructors);
    else {
      Options.push_back(AbstractDevice::cuda(-1, nullptr));
      if (isModuleType(M.Member->getType()))
        Options.push_back(AbstractDevice::cpu(nullptr));
      for (const FieldDecl *Field : Class->fields())
        if (isDeviceType(Field->getType()))
          Options.push_back(AbstractDevice::sameAs(Field));
    }
    llvm::erase_if(Options, [&](const AbstractDevice &Option) {
      return !isOwnPlacement(M.Member, Option);
    });
    if (Options.empty())
      Candidates.erase(M.Member);
    else
      Methods.insert(M.PlacingMethods.begin(), M.PlacingMethods.end());
  }
  // Induction over the members together: with each where it is assumed to
  // be on entry, does every method that places one leave it there again? A
  // member that breaks its assumption tries its next place, or is dropped,
  // until the assumptions hold (each round drops or changes one at least).
  llvm::DenseMap<const FieldDecl *, AbstractDevice> Kept;
  llvm::DenseSet<const FunctionDecl *> SummarisedBefore;
  for (const auto &Entry : Done)
    SummarisedBefore.insert(Entry.first);
  while (!Candidates.empty()) {
    llvm::DenseMap<const FieldDecl *, AbstractDevice> Assumed;
    for (const auto &[Member, Options] : Candidates)
      Assumed[Member] = Options.front();
    MemberFacts[Class] = Assumed;
    Kept = Assumed;
    llvm::DenseSet<const FieldDecl *> Broken;
    for (const FunctionDecl *Method : Methods) {
      auto AtExit = membersAtExit(Method, Class, Ctx);
      for (auto &[Member, Device] : Kept) {
        if (!llvm::is_contained(PlacingMethods[Member], Method))
          continue;
        if (!AtExit) {
          Broken.insert(Member); // What it leaves there is not known.
          continue;
        }
        auto Exit = AtExit->find(Member);
        if (Exit == AtExit->end())
          continue; // Left as it was on entry.
        AbstractDevice Joined = AbstractDevice::join(Device, Exit->second);
        if (Joined.K != Device.K || Joined.DeviceLess != Device.DeviceLess) {
          Broken.insert(Member);
          continue;
        }
        Joined.Origin = Device.Origin ? Device.Origin : Exit->second.Origin;
        Device = Joined;
      }
    }
    for (const FieldDecl *Member : Broken) {
      auto &Options = Candidates[Member];
      Options.erase(Options.begin());
      if (Options.empty())
        Candidates.erase(Member);
    }
    if (Broken.empty())
      break;
    Kept.clear();
  }
  // What the trials summarised assumed places that may not hold.
  MemberFacts[Class].clear();
  llvm::SmallVector<const FunctionDecl *, 8> Trial;
  for (const auto &Entry : Done)
    if (!SummarisedBefore.contains(Entry.first))
      Trial.push_back(Entry.first);
  for (const FunctionDecl *Fn : Trial)
    Done.erase(Fn);
  FromCallers.clear();
  llvm::DenseMap<const FieldDecl *, AbstractDevice> Placed;
  for (const auto &[Member, Device] : Kept)
    if (Device.Origin) // Where it was put, for the notes.
      Placed[Member] = Device;
  return Placed;
}

void FunctionSummaries::learnClass(const CXXRecordDecl *Class,
                                   ASTContext &Ctx) {
  // While the class is learnt, its own methods see no facts.
  MemberFacts[Class];
  if (LibraryCode(Ctx.getSourceManager()).contains(Class->getLocation()) ||
      Ctx.getSourceManager().isInSystemHeader(Class->getLocation()))
    return;
  llvm::DenseMap<const FieldDecl *, AbstractDevice> Facts;
  // The methods (not constructors) that leave each member placed anew.
  llvm::DenseMap<const FieldDecl *, llvm::SmallVector<const FunctionDecl *, 2>>
      Placed;
  unsigned Constructors = 0;
  bool Opaque = false;
  auto MembersAtExit = [&](const FunctionDecl *Definition) {
    return membersAtExit(Definition, Class, Ctx);
  };
  // Setup methods a constructor calls on `this` (`init()`) place members as
  // the constructor does.
  llvm::DenseSet<const FunctionDecl *> InitMethods;
  for (const CXXConstructorDecl *Declared : Class->ctors()) {
    const FunctionDecl *Definition = nullptr;
    if (Declared->hasBody(Definition) && Definition &&
        !Declared->isCopyOrMoveConstructor())
      for (const FunctionDecl *Init : setupMethodsOf(Definition))
        InitMethods.insert(Init);
  }
  llvm::DenseMap<const FunctionDecl *,
                 llvm::DenseMap<const FieldDecl *, AbstractDevice>>
      InitAtExit;
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (isMethodOutOfView(Method))
      Opaque = true;
    if (!mayPlaceMembers(Method) || !Method->hasBody(Definition) || !Definition)
      continue;
    if (llvm::isa<CXXConstructorDecl>(Method))
      continue; // Below, once the setup methods are known.
    std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>> AtExit =
        MembersAtExit(Definition);
    if (!AtExit) {
      Opaque = true;
      continue;
    }
    if (InitMethods.contains(Definition)) {
      InitAtExit[Definition] = std::move(*AtExit);
      continue;
    }
    for (const auto &Entry : *AtExit)
      Placed[Entry.first].push_back(Definition);
  }
  // A setup method's placements hold in its caller, unless the caller
  // places the member again after the call.
  const SourceManager &SM = Ctx.getSourceManager();
  std::function<void(const FunctionDecl *,
                     llvm::DenseMap<const FieldDecl *, AbstractDevice> &,
                     unsigned)>
      ApplySetupCalls =
          [&](const FunctionDecl *Caller,
              llvm::DenseMap<const FieldDecl *, AbstractDevice> &AtExit,
              unsigned Depth) {
            if (Depth >= 3)
              return;
            std::vector<const CXXMemberCallExpr *> Calls;
            ownMethodCalls(Caller->getBody(), Class, Calls);
            for (const CXXMemberCallExpr *Call : Calls) {
              const FunctionDecl *Callee = nullptr;
              if (!Call->getMethodDecl()->hasBody(Callee) || !Callee ||
                  !InitAtExit.count(Callee))
                continue;
              llvm::DenseMap<const FieldDecl *, AbstractDevice> Effects =
                  InitAtExit.lookup(Callee);
              ApplySetupCalls(Callee, Effects, Depth + 1);
              for (const auto &[F, Device] : Effects) {
                auto [Known, New] = AtExit.try_emplace(F, Device);
                if (!New && !(Known->second.Origin &&
                              SM.isBeforeInTranslationUnit(
                                  Call->getBeginLoc(),
                                  Known->second.Origin->getBeginLoc())))
                  Known->second = Device;
              }
            }
          };
  for (const CXXConstructorDecl *Declared : Class->ctors()) {
    const FunctionDecl *Definition = nullptr;
    if (Declared->isDeleted() || Declared->isCopyOrMoveConstructor() ||
        !Declared->hasBody(Definition) || !Definition)
      continue;
    std::optional<llvm::DenseMap<const FieldDecl *, AbstractDevice>> AtExit =
        MembersAtExit(Definition);
    if (!AtExit) {
      Opaque = true;
      continue;
    }
    ApplySetupCalls(Definition, *AtExit, 0);
    // A member a constructor leaves alone lives wherever it was made.
    for (auto &[F, Device] : Facts)
      if (!AtExit->count(F))
        Device = AbstractDevice::unknown();
    for (const auto &[F, Device] : *AtExit) {
      auto [Known, New] = Facts.try_emplace(F, Device);
      if (New && Constructors > 0)
        Known->second = AbstractDevice::unknown(); // an earlier one did not
      else if (!New)
        Known->second = AbstractDevice::join(Known->second, Device);
    }
    ++Constructors;
  }
  if (Opaque || Constructors == 0)
    return;
  const bool IsModule = isModuleType(recordType(Class));
  // A plain class's own tensor that methods place again (a `reset()` that
  // reallocates it) keeps its place if each of them leaves it there. (Its
  // trials may learn other classes: the facts are taken after them.)
  llvm::DenseMap<const FieldDecl *, AbstractDevice> Replaced;
  if (!IsModule) {
    llvm::SmallVector<ReplacedMember, 4> Members;
    for (const auto &[F, PlacingMethods] : Placed) {
      auto Fact = Facts.find(F);
      const bool FromConstructors = Fact != Facts.end() && Fact->second.Origin;
      if (FromConstructors || leftUndefinedByConstructors(F, InitAtExit))
        Members.push_back(
            {F, PlacingMethods,
             FromConstructors ? Fact->second : AbstractDevice::unknown()});
    }
    if (!Members.empty())
      Replaced = keptByMethods(Class, Members, Ctx);
  }
  auto &Out = MemberFacts[Class];
  Out.insert(Replaced.begin(), Replaced.end());
  llvm::DenseSet<const ValueDecl *> Registered;
  if (IsModule)
    Registered = registeredMembers(Class);
  for (auto [F, Device] : Facts) {
    if (Placed.count(F))
      continue;
    // A plain class's tensor that its constructors place with the device
    // they are given (`window_ = w.to(device)`) is on the class's device in
    // its methods, wherever its creator chose: kept as such
    // (placedWithGivenDevice).
    if (!IsModule && isTensorType(F->getType()) &&
        F->getAccess() != AS_public && isConstructorDevice(Device)) {
      const Stmt *Why = Device.Origin;
      Device = AbstractDevice::sameAs(F);
      Device.Origin = Why;
      Out[F] = Device;
      continue;
    }
    if (!Device.Origin)
      continue;
    // A module's registered submodule moves with the module: where its
    // constructor built or put it, on every path or on some, says nothing
    // of where it is in the methods.
    if (IsModule && isModuleType(F->getType()) && Registered.contains(F))
      continue;
    // A module built here is on the CPU only while nothing moves it: not
    // when it is a module's own submodule (it moves with the module), nor
    // when the class hands it out (`return model_;`) to code that may.
    if (Device.cpuModuleConstruction() && (IsModule || handsOutMember(F)))
      continue;
    // A tensor member of a module that every constructor makes on the CPU
    // and never registers stays there when the module moves. A registered
    // one moves with the module, wherever that goes later; one of a plain
    // class lives wherever its owner's callers need it (not judged).
    if (IsModule && isTensorType(F->getType()) && !Registered.contains(F) &&
        Device.isCpu() && Device.DeviceLess) {
      Out[F] = Device;
      continue;
    }
    if (!IsModule && isOwnPlacement(F, Device)) {
      Out[F] = Device;
      continue;
    }
    if (!isModuleType(F->getType()))
      continue;
    // A constructor's parameter means nothing in another method, and a
    // device the analysis cannot follow (`*device_ptr`) is still a move: the
    // member stays where the constructor put it, which the move shows.
    if (Device.K == AbstractDevice::Kind::Unknown ||
        (Device.K == AbstractDevice::Kind::SameAs &&
         llvm::isa<ParmVarDecl>(Device.Symbol))) {
      const Stmt *Why = Device.Origin;
      Device = AbstractDevice::sameAs(F);
      Device.Origin = Why;
    }
    Out[F] = Device;
  }
}

bool isRegisteredWithModule(const FieldDecl *Member) {
  const auto *Class = llvm::dyn_cast_or_null<CXXRecordDecl>(
      Member ? Member->getParent() : nullptr);
  return Class && isModuleType(recordType(Class)) &&
         registeredMembers(Class).contains(Member);
}

void forEachObjectAssignment(
    const CXXRecordDecl *Class, bool ConstructorsOnly,
    llvm::function_ref<void(const ValueDecl *, const Expr *)> Visit) {
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || llvm::isa<LambdaExpr>(S))
      return;
    if (const auto Sides = assignmentSides(S))
      if (const ValueDecl *Object = referencedObject(Sides->first))
        Visit(Object, Sides->second);
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  for (const CXXMethodDecl *Method : Class->methods()) {
    const FunctionDecl *Definition = nullptr;
    if (!Method->hasBody(Definition) || !Definition)
      continue;
    const auto *Constructor = llvm::dyn_cast<CXXConstructorDecl>(Definition);
    if (ConstructorsOnly && !Constructor)
      continue;
    if (Constructor)
      for (const CXXCtorInitializer *Init : Constructor->inits())
        if (Init->getMember() && Init->getInit())
          Visit(Init->getMember(), Init->getInit());
    Walk(Definition->getBody());
  }
}

} // namespace clang::tidy::torch::device
