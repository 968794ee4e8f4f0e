// CHECKS: torch-factory-without-device,torch-mixed-device-op
// HEADERS: fast real real2
// What a module's methods return is where the module computed it: a
// struct of its results, unpacked with structured bindings or kept whole,
// and the output of registered blocks run one after another with
// `block(x)`, wherever the data they ran on came from, and kept in a list
// of tuples read back by index or unpacked in a loop. A device-less
// factory's tensor meeting such a result is a defect once the module is
// moved, here or in a helper the result is passed to. Two modules' results
// joined are not two modules' own tensors: each ran, so each is where its
// data was.
#include <torch/torch.h>

#include <string>
#include <tuple>
#include <vector>

torch::Device pickDevice() {
  return torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
}

struct Inference {
  torch::Tensor value;
  torch::Tensor hidden;
};

struct BlockImpl : torch::nn::Module {
  explicit BlockImpl(int64_t width) {
    fc = register_module("fc", torch::nn::Linear(width, width));
  }
  torch::Tensor forward(torch::Tensor x) { return torch::relu(fc(x)) + x; }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Block);

struct TowerImpl : torch::nn::Module {
  TowerImpl() {
    for (int i = 0; i < 2; ++i)
      blocks.push_back(register_module("block" + std::to_string(i), Block(4)));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &block : blocks)
      x = block(x);
    return x;
  }
  std::vector<Block> blocks;
};
TORCH_MODULE(Tower);

struct AgentNetImpl : torch::nn::Module {
  AgentNetImpl() {
    tower = register_module("tower", Tower());
    head = register_module("head", torch::nn::Linear(4, 1));
  }
  Inference infer(torch::Tensor observation) {
    auto hidden = tower(observation);
    return {head(hidden), hidden};
  }
  Tower tower{nullptr};
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(AgentNet);

struct Board {
  // The hidden state it is given is the network's.
  static torch::Tensor withMove(torch::Tensor hidden, int64_t move) {
    // CHECK-NOTES: :[[@LINE-1]]:47: note: the device is taken from parameter 'hidden'
    auto plane = torch::zeros({hidden.size(0), 4});
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto plane = torch::zeros({hidden.size(0), 4}, torch::device(hidden.device()));
    plane.select(1, move % 4).fill_(1);
    return torch::cat({hidden, plane}, 1);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: it meets a tensor on the device of 'hidden' in 'cat'
  }
};

using Sample = std::tuple<torch::Tensor, std::vector<int64_t>>;

class Trainer {
public:
  Trainer() : device_(pickDevice()) { net_->to(device_); }

  float unroll(const std::vector<Sample> &batch) {
    float total = 0;
    for (const auto &[observation, moves] : batch) {
      auto [value, hidden] = net_->infer(observation);
      for (int64_t move : moves)
        hidden = Board::withMove(hidden, move).narrow(1, 0, 4);
        // CHECK-NOTES: :[[@LINE-1]]:34: note: data on the device of 'device_' reaches parameter 'hidden' through this call of 'withMove'
      auto baseline = torch::full({1}, 0.5);
      // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
      // CHECK-FIXES: auto baseline = torch::full({1}, 0.5, torch::device(device_));
      total += (value - baseline).abs().sum().item<float>();
      // CHECK-NOTES: :[[@LINE-1]]:23: note: it meets a tensor on the device of 'device_' in 'operator-'
    }
    return total;
  }

  torch::Tensor summary(const std::vector<torch::Tensor> &observations) {
    auto result = net_->infer(observations.front());
    return result.hidden * torch::ones({4});
    // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE-2]]:26: note: it meets a tensor on the device of 'device_' in 'operator*'
    // CHECK-FIXES: return result.hidden * torch::ones({4}, torch::device(device_));
  }

  // Each step's results kept in a list of tuples, unpacked in a loop and
  // read back by index.
  torch::Tensor unrolledLoss(const std::vector<torch::Tensor> &observations) {
    std::vector<std::tuple<float, torch::Tensor, torch::Tensor>> steps;
    for (const auto &observation : observations) {
      auto [value, hidden] = net_->infer(observation);
      steps.emplace_back(0.5F, value, hidden);
    }
    auto loss = torch::zeros({4, 1});
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto loss = torch::zeros({4, 1}, torch::device(device_));
    for (const auto &[scale, value, hidden] : steps)
      loss = loss + value * scale;
    // CHECK-NOTES: :[[@LINE-1]]:19: note: it meets a tensor on the device of 'device_' in 'operator+'
    auto [scale, first, hidden] = steps[0];
    auto target = torch::full({4, 1}, 1.0);
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::full' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: auto target = torch::full({4, 1}, 1.0, torch::device(device_));
    return (first - target).pow(2).sum() + loss.sum();
    // CHECK-NOTES: :[[@LINE-1]]:19: note: it meets a tensor on the device of 'device_' in 'operator-'
  }

  // A list of records made on the host stays there.
  torch::Tensor hostRecords() {
    std::vector<std::pair<torch::Tensor, int64_t>> counts;
    counts.emplace_back(torch::zeros({2}), 1);
    auto [histogram, total] = counts.front();
    return histogram + torch::ones({2});
  }

  // Both heads ran on the same batch: their results are together.
  torch::Tensor heads(const std::vector<torch::Tensor> &observations) {
    const torch::Tensor &x = observations.front();
    return torch::cat({policy_(x), critic_(x)}, 1);
  }

private:
  torch::Device device_;
  // CHECK-NOTES: :[[@LINE-1]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-2]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-3]]:17: note: the device is taken from member 'device_'
  // CHECK-NOTES: :[[@LINE-4]]:17: note: the device is taken from member 'device_'
  AgentNet net_;
  torch::nn::Linear policy_{4, 2};
  torch::nn::Linear critic_{4, 1};
};
