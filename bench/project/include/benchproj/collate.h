// Batching helpers on top of the datasets.
#pragma once

#include <torch/torch.h>

#include "benchproj/dataset.h"

#include <cstdint>
#include <vector>

namespace benchproj {

struct Batch {
  torch::Tensor inputs;
  torch::Tensor targets;
  torch::Tensor lengths; // only for sequence batches

  Batch to(const torch::Device &device, bool non_blocking = false) const;
  int64_t size() const { return inputs.defined() ? inputs.size(0) : 0; }
};

Batch collate(const std::vector<torch::data::Example<>> &examples);
Batch collate_sequences(const std::vector<SequenceExample> &examples, int64_t pad_id);
std::vector<Batch> make_batches(BlobDataset &dataset, const std::vector<size_t> &indices,
                                int64_t batch_size, bool shuffle, uint64_t seed);
std::vector<Batch> sequence_batches(const SequenceDataset &dataset, int64_t batch_size,
                                    int64_t pad_id);
int64_t count_examples(const std::vector<Batch> &batches);

} // namespace benchproj
