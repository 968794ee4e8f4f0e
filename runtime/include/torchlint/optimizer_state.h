#pragma once
// Move optimizer state to its parameters' device, as Python's Optimizer.load_state_dict does
// and libtorch's torch::load(optimizer, ...) does not.

#include <torchlint/policy.h>

#include <torch/optim/optimizer.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace torchlint {

/// What migrate_optimizer_state found and did.
struct MigrationReport {
  std::vector<TensorMove> moved;            ///< state tensors that changed device
  std::vector<std::string> unknown_types;   ///< demangled types of states it cannot see into
  std::size_t states = 0;                   ///< per-parameter states visited
  std::size_t unmatched_states = 0;         ///< states whose key matches no current parameter
};

/// The state `optimizer` keeps for `param`, or nullptr. Version-neutral: optimizer.state() is
/// keyed by the TensorImpl address printed as a std::string before libtorch 2.2 and by the
/// address itself (void*) from 2.2 on.
torch::optim::OptimizerParamState* find_param_state(
    torch::optim::Optimizer& optimizer,
    const torch::Tensor& param);

/// Stores `state` as `param`'s state (replacing any), under the version's key type.
void set_param_state(
    torch::optim::Optimizer& optimizer,
    const torch::Tensor& param,
    std::unique_ptr<torch::optim::OptimizerParamState> state);

/// Called with a field name ("exp_avg", "old_dirs[3]", ...) and a mutable reference to each
/// tensor slot of a state, undefined ones included.
using StateTensorVisitor = std::function<void(const std::string&, torch::Tensor&)>;

/// Visits every tensor slot of a built-in state type (Adam, AdamW, SGD, RMSprop, Adagrad,
/// LBFGS; found by dynamic_cast since no virtual accessor exists). Returns false, visiting
/// nothing, for any other type.
bool for_each_state_tensor(torch::optim::OptimizerParamState& state, const StateTensorVisitor& visit);

/// Moves every defined state tensor to `device`.
/// - Warn (default): moves, then warns once listing the moves, and once per state of an
///   unknown type (left untouched) naming the type.
/// - Strict: moves nothing; throws DeviceError naming every stray state tensor with its device
///   and every unknown state type.
/// - Silent: moves; unknown types are skipped without a word (still listed in the report).
/// Values are copied exactly (Tensor::to, no dtype change). Undefined tensors stay undefined.
/// States whose key matches no current parameter are moved too (and counted).
MigrationReport migrate_optimizer_state(
    torch::optim::Optimizer& optimizer,
    torch::Device device,
    DevicePolicy policy = DevicePolicy::Warn);

/// Moves each state's tensors to the device of the parameter that owns the state (LBFGS keeps
/// a single state under its first parameter). Policies as above; states matching no parameter
/// are counted in the report and treated like unknown types (warn / throw / skip).
MigrationReport migrate_optimizer_state(
    torch::optim::Optimizer& optimizer,
    DevicePolicy policy = DevicePolicy::Warn);

} // namespace torchlint
