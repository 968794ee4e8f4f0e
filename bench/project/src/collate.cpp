// Turning dataset examples into batches and moving batches to a device.
#include <torch/torch.h>

#include "benchproj/collate.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace benchproj {

Batch Batch::to(const torch::Device &device, bool non_blocking) const {
  Batch moved;
  moved.inputs = inputs.defined() ? inputs.to(device, non_blocking) : inputs;
  moved.targets = targets.defined() ? targets.to(device, non_blocking) : targets;
  moved.lengths = lengths.defined() ? lengths.to(device, non_blocking) : lengths;
  return moved;
}

Batch collate(const std::vector<torch::data::Example<>> &examples) {
  TORCH_CHECK(!examples.empty(), "collate: empty batch");
  std::vector<torch::Tensor> inputs;
  std::vector<torch::Tensor> targets;
  inputs.reserve(examples.size());
  targets.reserve(examples.size());
  for (const auto &example : examples) {
    inputs.push_back(example.data);
    targets.push_back(example.target);
  }
  Batch batch;
  batch.inputs = torch::stack(inputs);
  batch.targets = torch::stack(targets).to(torch::kLong).view({-1});
  return batch;
}

Batch collate_sequences(const std::vector<SequenceExample> &examples, int64_t pad_id) {
  TORCH_CHECK(!examples.empty(), "collate_sequences: empty batch");
  int64_t max_len = 0;
  std::vector<int64_t> lengths;
  std::vector<int64_t> labels;
  for (const auto &example : examples) {
    lengths.push_back(example.tokens.size(0));
    labels.push_back(example.label);
    max_len = std::max(max_len, example.tokens.size(0));
  }
  const auto batch_size = static_cast<int64_t>(examples.size());
  auto tokens = torch::full({batch_size, max_len}, pad_id, torch::kLong);
  for (int64_t i = 0; i < batch_size; ++i) {
    const auto &src = examples[static_cast<size_t>(i)].tokens;
    tokens[i].narrow(0, 0, src.size(0)).copy_(src);
  }
  Batch batch;
  batch.inputs = tokens;
  batch.targets = torch::tensor(labels, torch::kLong);
  batch.lengths = torch::tensor(lengths, torch::kLong);
  return batch;
}

std::vector<Batch> make_batches(BlobDataset &dataset, const std::vector<size_t> &indices,
                                int64_t batch_size, bool shuffle, uint64_t seed) {
  std::vector<size_t> order = indices;
  if (order.empty()) {
    order.resize(*dataset.size());
    std::iota(order.begin(), order.end(), 0);
  }
  if (shuffle) {
    std::mt19937_64 rng(seed);
    std::shuffle(order.begin(), order.end(), rng);
  }
  std::vector<Batch> batches;
  std::vector<torch::data::Example<>> pending;
  for (size_t index : order) {
    pending.push_back(dataset.get(index));
    if (static_cast<int64_t>(pending.size()) == batch_size) {
      batches.push_back(collate(pending));
      pending.clear();
    }
  }
  if (!pending.empty())
    batches.push_back(collate(pending));
  return batches;
}

std::vector<Batch> sequence_batches(const SequenceDataset &dataset, int64_t batch_size,
                                    int64_t pad_id) {
  // Sort by length so that batches waste little padding, then batch in order.
  std::vector<size_t> order(dataset.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return dataset[a].tokens.size(0) < dataset[b].tokens.size(0);
  });
  std::vector<Batch> batches;
  std::vector<SequenceExample> pending;
  for (size_t index : order) {
    pending.push_back(dataset[index]);
    if (static_cast<int64_t>(pending.size()) == batch_size) {
      batches.push_back(collate_sequences(pending, pad_id));
      pending.clear();
    }
  }
  if (!pending.empty())
    batches.push_back(collate_sequences(pending, pad_id));
  return batches;
}

int64_t count_examples(const std::vector<Batch> &batches) {
  int64_t total = 0;
  for (const auto &batch : batches)
    total += batch.size();
  return total;
}

} // namespace benchproj
