#include <torchlint/module_device.h>

#include "internal.h"

#include <unordered_set>

namespace torchlint {
namespace {

// A parameter's data and its gradient are moved differently (set_data vs. replacing the
// grad), so a planned move remembers which of the two it is about.
enum class Slot { Data, Grad };

struct PlannedMove {
  TensorMove move;
  torch::Tensor owner; // the parameter or buffer (shares its TensorImpl with the module's)
  Slot slot;
};

std::vector<PlannedMove> plan_moves(const torch::nn::Module& module, const torch::Device& target) {
  std::vector<PlannedMove> plan;
  std::unordered_set<const c10::TensorImpl*> seen; // tied weights appear under several names
  auto consider = [&](const std::string& name, const torch::Tensor& tensor, bool is_parameter) {
    if (!tensor.defined() || !seen.insert(tensor.unsafeGetTensorImpl()).second) {
      return;
    }
    if (!detail::is_on(tensor, target)) {
      plan.push_back({{name, tensor.device(), target}, tensor, Slot::Data});
    }
    // Module::to moves the data only; a gradient left behind makes the next backward fail
    // when it accumulates into it ("Gradient tensors on multiple devices", seed 000).
    if (is_parameter && tensor.grad().defined() && !detail::is_on(tensor.grad(), target)) {
      plan.push_back({{name + ".grad", tensor.grad().device(), target}, tensor, Slot::Grad});
    }
  };
  for (const auto& item : module.named_parameters(/*recurse=*/true)) {
    consider(item.key(), item.value(), /*is_parameter=*/true);
  }
  for (const auto& item : module.named_buffers(/*recurse=*/true)) {
    consider(item.key(), item.value(), /*is_parameter=*/false);
  }
  return plan;
}

// set_data keeps the TensorImpl, so every handle (the module's member, an optimizer's param
// list) sees the new device, exactly like Module::to.
void apply(const PlannedMove& planned) {
  if (planned.slot == Slot::Data) {
    planned.owner.set_data(detail::moved(planned.owner, planned.move.to));
  } else {
    planned.owner.mutable_grad() = detail::moved(planned.owner.grad(), planned.move.to);
  }
}

std::vector<TensorMove> moves_of(const std::vector<PlannedMove>& plan) {
  std::vector<TensorMove> moves;
  moves.reserve(plan.size());
  for (const auto& planned : plan) {
    moves.push_back(planned.move);
  }
  return moves;
}

// The policy around a plan: Strict refuses it whole, Warn reports it after the moves.
std::vector<TensorMove> carry_out(const std::vector<PlannedMove>& plan, DevicePolicy policy, const std::string& api) {
  auto moves = moves_of(plan);
  detail::refuse_if_strict(policy, api, moves);
  for (const auto& planned : plan) {
    apply(planned);
  }
  detail::warn_if_asked(policy, api, moves);
  return moves;
}

} // namespace

std::vector<TensorMove> find_stray_tensors(const torch::nn::Module& module, torch::Device device) {
  return moves_of(plan_moves(module, detail::resolve_device(device)));
}

std::vector<TensorMove> ensure_module_device(
    torch::nn::Module& module,
    torch::Device device,
    DevicePolicy policy) {
  return carry_out(plan_moves(module, detail::resolve_device(device)), policy, "ensure_module_device");
}

std::vector<TensorPlacement> placement_of(const torch::nn::Module& module) {
  std::vector<TensorPlacement> placement;
  for (const auto& item : module.named_parameters(/*recurse=*/true)) {
    if (item.value().defined()) {
      placement.push_back({item.key(), item.value().device()});
    }
  }
  for (const auto& item : module.named_buffers(/*recurse=*/true)) {
    if (item.value().defined()) {
      placement.push_back({item.key(), item.value().device()});
    }
  }
  return placement;
}

std::vector<TensorMove> restore_placement(
    torch::nn::Module& module,
    const std::vector<TensorPlacement>& placement,
    DevicePolicy policy) {
  auto parameters = module.named_parameters(/*recurse=*/true);
  auto buffers = module.named_buffers(/*recurse=*/true);
  std::vector<PlannedMove> plan;
  std::unordered_set<const c10::TensorImpl*> seen; // tied weights appear under several names
  for (const auto& wanted : placement) {
    const torch::Tensor* tensor = parameters.find(wanted.name);
    if (tensor == nullptr) {
      tensor = buffers.find(wanted.name);
    }
    if (tensor == nullptr || !tensor->defined() ||
        !seen.insert(tensor->unsafeGetTensorImpl()).second ||
        detail::is_on(*tensor, wanted.device)) {
      continue;
    }
    plan.push_back({{wanted.name, tensor->device(), wanted.device}, *tensor, Slot::Data});
  }
  return carry_out(plan, policy, "restore_placement");
}

} // namespace torchlint
