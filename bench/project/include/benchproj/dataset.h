// Datasets built on torch::data.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <vector>

namespace benchproj {

// Gaussian blobs, one per class: a reproducible classification problem.
class BlobDataset : public torch::data::datasets::Dataset<BlobDataset> {
public:
  BlobDataset(int64_t num_samples, int64_t input_dim, int64_t num_classes, uint64_t seed);
  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;
  const torch::Tensor &features() const { return features_; }
  const torch::Tensor &labels() const { return labels_; }

private:
  torch::Tensor features_;
  torch::Tensor labels_;
};

// Rows of a numeric CSV file; the last column is the integer label.
class CsvDataset : public torch::data::datasets::Dataset<CsvDataset> {
public:
  explicit CsvDataset(const std::string &path, bool has_header = true);
  torch::data::Example<> get(size_t index) override;
  torch::optional<size_t> size() const override;
  int64_t num_features() const { return num_features_; }

private:
  std::vector<std::vector<float>> rows_;
  std::vector<int64_t> labels_;
  int64_t num_features_ = 0;
};

// Variable-length token sequences for the RNN encoder.
struct SequenceExample {
  torch::Tensor tokens; // [len] int64
  int64_t label = 0;
};

class SequenceDataset {
public:
  SequenceDataset(int64_t count, int64_t vocab_size, int64_t max_len, uint64_t seed);
  size_t size() const { return examples_.size(); }
  const SequenceExample &operator[](size_t i) const { return examples_[i]; }

private:
  std::vector<SequenceExample> examples_;
};

std::pair<std::vector<size_t>, std::vector<size_t>> split_indices(size_t n, double val_fraction,
                                                                  uint64_t seed);

} // namespace benchproj
