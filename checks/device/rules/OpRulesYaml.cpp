//===--- OpRulesYaml.cpp - read op device rules with yaml-cpp -------------===//
//
// Built with RTTI and exceptions (yaml-cpp reports errors by throwing), apart
// from the checks, which follow Debian's LLVM and have neither RTTI nor a use
// for exceptions. Every yaml-cpp exception is turned into an error string here.
//
//===----------------------------------------------------------------------===//
#include "device/rules/OpRules.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace clang::tidy::torch::device {
namespace {

#include "TorchOpsYaml.inc" // const char BuiltinOpRulesYaml[]

const std::map<std::string, DeviceRule> &ruleNames() {
  static const std::map<std::string, DeviceRule> Names = {
      {"factory", DeviceRule::Factory},
      {"inherits_device", DeviceRule::InheritsDevice},
      {"strict", DeviceRule::Strict},
      {"cpu_scalar", DeviceRule::CpuScalar},
      {"cpu_scalar_inplace", DeviceRule::CpuScalarInPlace},
      {"where", DeviceRule::Where},
      {"index", DeviceRule::Index},
      {"index_put", DeviceRule::IndexPut},
      {"masked_fill", DeviceRule::MaskedFill},
      {"copy", DeviceRule::Copy},
      {"no_check", DeviceRule::NoCheck},
  };
  return Names;
}

std::string where(const std::string &FileName, const YAML::Mark &Mark) {
  // yaml-cpp counts from 0; editors and compilers from 1.
  return FileName + ":" + std::to_string(Mark.line + 1) + ":" +
         std::to_string(Mark.column + 1) + ": ";
}

/// Thrown inside this file only, to carry a positioned message out.
struct RuleError {
  std::string Message;
};

std::string requireString(const YAML::Node &Entry, const char *Key,
                          const std::string &FileName) {
  const YAML::Node Value = Entry[Key];
  if (!Value || !Value.IsScalar() || Value.Scalar().empty())
    throw RuleError{where(FileName, Entry.Mark()) + "entry needs a '" + Key +
                    "' string"};
  return Value.Scalar();
}

bool isVersion(const std::string &Text) {
  if (Text.empty() || Text.front() == '.' || Text.back() == '.')
    return false;
  for (size_t I = 0; I < Text.size(); ++I)
    if (!std::isdigit(static_cast<unsigned char>(Text[I])) &&
        !(Text[I] == '.' && Text[I - 1] != '.'))
      return false;
  return true;
}

std::string optionalVersion(const YAML::Node &Entry, const char *Key,
                            const std::string &FileName) {
  const YAML::Node Value = Entry[Key];
  if (!Value)
    return "";
  if (!Value.IsScalar() || !isVersion(Value.Scalar()))
    throw RuleError{where(FileName, Value.Mark()) + "'" + Key +
                    "' needs a libtorch version such as 2 or 1.13"};
  return Value.Scalar();
}

OperandPositions operandPositions(const YAML::Node &List,
                                  const std::string &FileName) {
  if (!List.IsSequence() || List.size() == 0)
    throw RuleError{where(FileName, List.Mark()) +
                    "'cpu_scalar_at' needs a list of operand positions, "
                    "such as [1]"};
  OperandPositions Positions = 0;
  for (const YAML::Node &Item : List) {
    const std::string Text = Item.IsScalar() ? Item.Scalar() : "";
    const bool Number =
        !Text.empty() && Text.size() <= 2 &&
        std::all_of(Text.begin(), Text.end(),
                    [](unsigned char C) { return std::isdigit(C); });
    const unsigned long Position = Number ? std::stoul(Text) : 0;
    if (!Number || Position > MaxListedOperand)
      throw RuleError{where(FileName, Item.Mark()) +
                      "an operand position is a number from 0 (self) to " +
                      std::to_string(MaxListedOperand)};
    Positions |= 1u << Position;
  }
  return Positions;
}

void parseEntry(const YAML::Node &Entry, const std::string &FileName,
                OpRuleSet &Out) {
  if (!Entry.IsMap())
    throw RuleError{where(FileName, Entry.Mark()) +
                    "expected an entry {name: ..., rule: ...}"};
  for (const auto &KeyValue : Entry) {
    const auto Key = KeyValue.first.as<std::string>();
    if (Key != "name" && Key != "rule" && Key != "cpu_scalar_at" &&
        Key != "since" && Key != "before" && Key != "module_state")
      throw RuleError{where(FileName, KeyValue.first.Mark()) + "unknown key '" +
                      Key +
                      "' (expected name, rule, cpu_scalar_at, since, before, "
                      "module_state)"};
  }
  OpRule Rule;
  Rule.Name = requireString(Entry, "name", FileName);
  if (Rule.Name.rfind("::", 0) == 0)
    Rule.Name.erase(0, 2);
  const std::string RuleName = requireString(Entry, "rule", FileName);
  auto It = ruleNames().find(RuleName);
  if (It == ruleNames().end()) {
    std::string Known;
    for (const auto &[Name, Value] : ruleNames())
      Known += (Known.empty() ? "" : ", ") + Name;
    throw RuleError{where(FileName, Entry["rule"].Mark()) + "unknown rule '" +
                    RuleName + "' (expected one of: " + Known + ")"};
  }
  Rule.Rule = It->second;
  if (const YAML::Node Positions = Entry["cpu_scalar_at"]) {
    if (Rule.Rule != DeviceRule::CpuScalar)
      throw RuleError{where(FileName, Positions.Mark()) +
                      "'cpu_scalar_at' belongs to rule cpu_scalar"};
    Rule.CpuScalarAt = operandPositions(Positions, FileName);
  }
  if (const YAML::Node State = Entry["module_state"]) {
    if (!State.IsScalar() ||
        (State.Scalar() != "true" && State.Scalar() != "false"))
      throw RuleError{where(FileName, State.Mark()) +
                      "'module_state' is true or false"};
    const std::string Forward = "::forward";
    if (Rule.Name.size() < Forward.size() ||
        Rule.Name.compare(Rule.Name.size() - Forward.size(), Forward.size(),
                          Forward) != 0)
      throw RuleError{where(FileName, State.Mark()) +
                      "'module_state' belongs to a module's forward"};
    Rule.ModuleState = State.Scalar() == "true";
  }
  Rule.Since = optionalVersion(Entry, "since", FileName);
  Rule.Before = optionalVersion(Entry, "before", FileName);
  if (!Rule.Since.empty() && !Rule.Before.empty() &&
      compareLibtorchVersions(Rule.Since, Rule.Before) >= 0)
    throw RuleError{where(FileName, Entry["before"].Mark()) +
                    "'before' must be a later version than 'since'"};
  Out.Rules.push_back(std::move(Rule));
}

} // namespace

std::vector<std::string> OpRuleSet::namesWith(DeviceRule Rule) const {
  std::vector<std::string> Names;
  for (const OpRule &R : Rules) {
    if (R.Rule != Rule)
      continue;
    Names.push_back(R.Name);
    if (R.Name.rfind("torch::", 0) == 0)
      Names.push_back("at::" + R.Name.substr(7));
  }
  return Names;
}

bool parseOpRules(const std::string &Text, const std::string &FileName,
                  OpRuleSet &Out, std::string &Error) {
  OpRuleSet Parsed;
  try {
    const YAML::Node Root = YAML::Load(Text);
    if (!Root.IsMap())
      throw RuleError{where(FileName, Root.Mark()) +
                      "expected a mapping with 'version' and 'ops'"};
    const YAML::Node Version = Root["version"];
    if (!Version || !Version.IsScalar() || Version.Scalar() != "1")
      throw RuleError{where(FileName, Version ? Version.Mark() : Root.Mark()) +
                      "expected 'version: 1'"};
    const YAML::Node Ops = Root["ops"];
    if (!Ops || !Ops.IsSequence())
      throw RuleError{where(FileName, Ops ? Ops.Mark() : Root.Mark()) +
                      "expected 'ops' to be a list"};
    for (const YAML::Node &Entry : Ops)
      parseEntry(Entry, FileName, Parsed);
  } catch (const RuleError &E) {
    Error = E.Message;
    return false;
  } catch (const YAML::Exception &E) {
    Error = where(FileName, E.mark) + E.msg;
    return false;
  }
  Out.Rules.insert(Out.Rules.end(), Parsed.Rules.begin(), Parsed.Rules.end());
  return true;
}

bool loadOpRulesFile(const std::string &Path, OpRuleSet &Out,
                     std::string &Error) {
  std::ifstream In(Path);
  if (!In) {
    Error = Path + ": cannot read the op rules file";
    return false;
  }
  std::stringstream Text;
  Text << In.rdbuf();
  return parseOpRules(Text.str(), Path, Out, Error);
}

const OpRuleSet &builtinOpRules() {
  static const OpRuleSet Rules = [] {
    OpRuleSet Parsed;
    std::string Error;
    // The shipped file is tested; failing here means a broken build.
    if (!parseOpRules(BuiltinOpRulesYaml, "torch-ops.yaml", Parsed, Error))
      std::cerr << "torchlint: built-in op rules are invalid: " << Error
                << "\n";
    return Parsed;
  }();
  return Rules;
}

OpRuleSet rulesWithProjectFiles(const std::vector<std::string> &ProjectFiles) {
  OpRuleSet Rules = builtinOpRules();
  for (const std::string &File : ProjectFiles) {
    OpRuleSet Project;
    std::string Error;
    if (loadOpRulesFile(File, Project, Error))
      Rules.Rules.insert(Rules.Rules.end(), Project.Rules.begin(),
                         Project.Rules.end());
  }
  return Rules;
}

int compareLibtorchVersions(const std::string &A, const std::string &B) {
  // Component by component; digits only (the option and the YAML are
  // validated), saturating so that no input can overflow.
  size_t I = 0, J = 0;
  while (I < A.size() || J < B.size()) {
    const auto Component = [](const std::string &Text, size_t &At) {
      unsigned long Value = 0;
      for (; At < Text.size() && Text[At] != '.'; ++At)
        if (std::isdigit(static_cast<unsigned char>(Text[At])))
          Value = std::min(Value * 10 + (Text[At] - '0'), 1000000ul);
      if (At < Text.size())
        ++At; // the dot
      return Value;
    };
    const unsigned long PartA = Component(A, I), PartB = Component(B, J);
    if (PartA != PartB)
      return PartA < PartB ? -1 : 1;
  }
  return 0;
}

bool OpRule::holdsFor(const std::string &Version) const {
  return (Since.empty() || compareLibtorchVersions(Version, Since) >= 0) &&
         (Before.empty() || compareLibtorchVersions(Version, Before) < 0);
}

bool isLibtorchBefore2(const std::string &Version) {
  return !Version.empty() && Version[0] == '1' &&
         (Version.size() == 1 || Version[1] == '.');
}

} // namespace clang::tidy::torch::device
