#include <torchlint/optimizer_state.h>

#include "internal.h"

#include <c10/util/Type.h>
#include <torch/optim/adagrad.h>
#include <torch/optim/adam.h>
#include <torch/optim/adamw.h>
#include <torch/optim/lbfgs.h>
#include <torch/optim/rmsprop.h>
#include <torch/optim/sgd.h>

#include <optional>
#include <sstream>
#include <type_traits>
#include <typeinfo>
#include <unordered_set>
#include <utility>

namespace torchlint {
namespace {

using torch::optim::OptimizerParamState;
using StateMap = std::remove_reference_t<decltype(std::declval<torch::optim::Optimizer&>().state())>;

// The one place that knows how libtorch keys optimizer.state(): before 2.2 by
// c10::guts::to_string(TensorImpl*), i.e. the pointer printed by an ostream (that helper no
// longer exists in newer versions, so it is reproduced here); from 2.2 by the pointer (void*).
// A template so that only the branch matching this libtorch is ever instantiated.
template <typename Key>
Key state_key(const torch::Tensor& param) {
  auto* impl = param.unsafeGetTensorImpl();
  if constexpr (std::is_same_v<Key, std::string>) {
    std::ostringstream out;
    out << static_cast<const void*>(impl);
    return out.str();
  } else {
    return static_cast<Key>(impl);
  }
}

template <typename State, typename Fields>
bool visit_if(OptimizerParamState& state, Fields&& fields) {
  auto* typed = dynamic_cast<State*>(&state);
  if (typed != nullptr) {
    fields(*typed);
  }
  return typed != nullptr;
}

template <typename Sequence>
void visit_each(const std::string& field, Sequence& tensors, const StateTensorVisitor& visit) {
  size_t index = 0;
  for (auto& tensor : tensors) {
    visit(field + "[" + std::to_string(index++) + "]", tensor);
  }
}

struct PlannedMove {
  TensorMove move;
  torch::Tensor* slot; // points into the state object; stable while the map is not modified
};

// Plans the migration of every state, applies the policy, then moves. `fixed` is the one
// target device, or nullopt for "each state to its parameter's device".
class Migration {
 public:
  Migration(torch::optim::Optimizer& optimizer, std::optional<torch::Device> fixed)
      : optimizer_(optimizer), fixed_(std::move(fixed)) {}

  MigrationReport run(DevicePolicy policy) {
    plan_parameter_states();
    plan_unmatched_states();
    std::vector<TensorMove> moves;
    for (const auto& planned : plan_) {
      moves.push_back(planned.move);
    }
    detail::refuse_if_strict(policy, kApi, moves, problems_);
    for (const auto& planned : plan_) {
      *planned.slot = detail::moved(*planned.slot, planned.move.to);
    }
    detail::warn_if_asked(policy, kApi, moves, problems_);
    report_.moved = std::move(moves);
    return std::move(report_);
  }

 private:
  static constexpr const char* kApi = "migrate_optimizer_state";

  void plan_parameter_states() {
    const auto& groups = optimizer_.param_groups();
    for (size_t g = 0; g < groups.size(); ++g) {
      const auto& params = groups[g].params();
      for (size_t i = 0; i < params.size(); ++i) {
        auto* state = params[i].defined() ? find_param_state(optimizer_, params[i]) : nullptr;
        if (state != nullptr) {
          const std::string label =
              "state[group " + std::to_string(g) + ", param " + std::to_string(i) + "]";
          plan_state(*state, label, fixed_ ? *fixed_ : params[i].device());
        }
      }
    }
  }

  // States under keys of no current parameter (e.g. parameters replaced after a step).
  void plan_unmatched_states() {
    for (auto& entry : optimizer_.state()) {
      if (!entry.second || visited_.count(entry.second.get()) != 0) {
        continue;
      }
      const std::string label = "state[unmatched " + std::to_string(report_.unmatched_states++) + "]";
      if (fixed_) {
        plan_state(*entry.second, label, *fixed_);
      } else {
        problems_.push_back(label + " belongs to no current parameter, so it has no target device; left as is");
      }
    }
  }

  void plan_state(OptimizerParamState& state, const std::string& label, const torch::Device& target) {
    if (!visited_.insert(&state).second) {
      return; // a parameter listed twice shares one state
    }
    ++report_.states;
    const bool known = for_each_state_tensor(state, [&](const std::string& field, torch::Tensor& tensor) {
      if (tensor.defined() && !detail::is_on(tensor, target)) {
        plan_.push_back({{label + "." + field, tensor.device(), target}, &tensor});
      }
    });
    if (!known) {
      const auto type = c10::demangle(typeid(state).name());
      report_.unknown_types.push_back(type);
      problems_.push_back(label + " has state type " + type +
                          ", unknown to torchlint; its tensors were not moved");
    }
  }

  torch::optim::Optimizer& optimizer_;
  std::optional<torch::Device> fixed_;
  std::vector<PlannedMove> plan_;
  std::vector<std::string> problems_;
  std::unordered_set<const OptimizerParamState*> visited_;
  MigrationReport report_;
};

} // namespace

OptimizerParamState* find_param_state(torch::optim::Optimizer& optimizer, const torch::Tensor& param) {
  auto& state = optimizer.state();
  const auto found = state.find(state_key<StateMap::key_type>(param));
  return found == state.end() ? nullptr : found->second.get();
}

void set_param_state(
    torch::optim::Optimizer& optimizer,
    const torch::Tensor& param,
    std::unique_ptr<OptimizerParamState> state) {
  optimizer.state()[state_key<StateMap::key_type>(param)] = std::move(state);
}

bool for_each_state_tensor(OptimizerParamState& state, const StateTensorVisitor& visit) {
  using namespace torch::optim;
  // AdamParamState and AdamWParamState are unrelated types with the same fields.
  const auto adam = [&](auto& s) {
    visit("exp_avg", s.exp_avg());
    visit("exp_avg_sq", s.exp_avg_sq());
    visit("max_exp_avg_sq", s.max_exp_avg_sq());
  };
  const auto sgd = [&](SGDParamState& s) { visit("momentum_buffer", s.momentum_buffer()); };
  const auto rmsprop = [&](RMSpropParamState& s) {
    visit("square_avg", s.square_avg());
    visit("momentum_buffer", s.momentum_buffer());
    visit("grad_avg", s.grad_avg());
  };
  const auto adagrad = [&](AdagradParamState& s) { visit("sum", s.sum()); };
  const auto lbfgs = [&](LBFGSParamState& s) {
    visit("d", s.d());
    visit("H_diag", s.H_diag());
    visit("prev_flat_grad", s.prev_flat_grad());
    visit_each("old_dirs", s.old_dirs(), visit);
    visit_each("old_stps", s.old_stps(), visit);
    visit_each("ro", s.ro(), visit);
    auto& al = s.al(); // c10::optional before 2.x, std::optional after: only use the common API
    if (al) {
      visit_each("al", *al, visit);
    }
  };
  return visit_if<AdamParamState>(state, adam) || visit_if<AdamWParamState>(state, adam) ||
         visit_if<SGDParamState>(state, sgd) || visit_if<RMSpropParamState>(state, rmsprop) ||
         visit_if<AdagradParamState>(state, adagrad) || visit_if<LBFGSParamState>(state, lbfgs);
}

MigrationReport migrate_optimizer_state(
    torch::optim::Optimizer& optimizer,
    torch::Device device,
    DevicePolicy policy) {
  return Migration(optimizer, detail::resolve_device(device)).run(policy);
}

MigrationReport migrate_optimizer_state(torch::optim::Optimizer& optimizer, DevicePolicy policy) {
  return Migration(optimizer, std::nullopt).run(policy);
}

} // namespace torchlint
