// Datasets: synthetic Gaussian blobs, numeric CSV files and token sequences.
#include <torch/torch.h>

#include "benchproj/dataset.h"

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>

namespace benchproj {

BlobDataset::BlobDataset(int64_t num_samples, int64_t input_dim, int64_t num_classes,
                         uint64_t seed) {
  TORCH_CHECK(num_samples > 0 && input_dim > 0 && num_classes > 1, "invalid BlobDataset sizes");
  torch::manual_seed(seed);
  auto centers = torch::randn({num_classes, input_dim}) * 3.0;
  labels_ = torch::randint(0, num_classes, {num_samples}, torch::kLong);
  auto noise = torch::randn({num_samples, input_dim});
  features_ = centers.index_select(0, labels_) + noise;
}

torch::data::Example<> BlobDataset::get(size_t index) {
  const auto i = static_cast<int64_t>(index);
  return {features_[i], labels_[i]};
}

torch::optional<size_t> BlobDataset::size() const {
  return static_cast<size_t>(features_.size(0));
}

CsvDataset::CsvDataset(const std::string &path, bool has_header) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("CsvDataset: cannot open " + path);
  std::string line;
  if (has_header)
    std::getline(in, line);
  size_t line_no = has_header ? 1 : 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty())
      continue;
    std::vector<float> values;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ','))
      values.push_back(std::stof(cell));
    if (values.size() < 2)
      throw std::runtime_error("CsvDataset: line " + std::to_string(line_no) + " too short");
    const auto features = static_cast<int64_t>(values.size() - 1);
    if (num_features_ == 0)
      num_features_ = features;
    else if (features != num_features_)
      throw std::runtime_error("CsvDataset: inconsistent column count at line " +
                               std::to_string(line_no));
    labels_.push_back(static_cast<int64_t>(values.back()));
    values.pop_back();
    rows_.push_back(std::move(values));
  }
}

torch::data::Example<> CsvDataset::get(size_t index) {
  auto &row = rows_.at(index);
  auto features = torch::from_blob(row.data(), {num_features_}, torch::kFloat).clone();
  auto label = torch::full({}, labels_.at(index), torch::kLong);
  return {features, label};
}

torch::optional<size_t> CsvDataset::size() const { return rows_.size(); }

SequenceDataset::SequenceDataset(int64_t count, int64_t vocab_size, int64_t max_len,
                                 uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> length_dist(1, max_len);
  std::uniform_int_distribution<int64_t> token_dist(1, vocab_size - 1);
  examples_.reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const int64_t len = length_dist(rng);
    std::vector<int64_t> tokens(static_cast<size_t>(len));
    for (auto &t : tokens)
      t = token_dist(rng);
    SequenceExample example;
    // Label: whether the sequence has more tokens from the upper half of the vocabulary.
    const auto upper = std::count_if(tokens.begin(), tokens.end(),
                                     [&](int64_t t) { return t >= vocab_size / 2; });
    example.label = upper * 2 > len ? 1 : 0;
    example.tokens = torch::tensor(tokens, torch::kLong);
    examples_.push_back(std::move(example));
  }
}

std::pair<std::vector<size_t>, std::vector<size_t>> split_indices(size_t n, double val_fraction,
                                                                  uint64_t seed) {
  if (val_fraction < 0.0 || val_fraction >= 1.0)
    throw std::invalid_argument("val_fraction must be in [0, 1)");
  std::vector<size_t> indices(n);
  std::iota(indices.begin(), indices.end(), 0);
  std::mt19937_64 rng(seed);
  std::shuffle(indices.begin(), indices.end(), rng);
  const auto val_count = static_cast<size_t>(static_cast<double>(n) * val_fraction);
  std::vector<size_t> val(indices.begin(), indices.begin() + static_cast<std::ptrdiff_t>(val_count));
  std::vector<size_t> train(indices.begin() + static_cast<std::ptrdiff_t>(val_count), indices.end());
  return {train, val};
}

} // namespace benchproj
