// Training and inference configuration, parsed from a small key = value file.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace benchproj {

struct TrainConfig {
  std::string model = "mlp";
  int64_t epochs = 10;
  int64_t batch_size = 64;
  double learning_rate = 1e-3;
  double weight_decay = 0.0;
  double max_grad_norm = 1.0;
  std::string scheduler = "cosine";
  int64_t warmup_steps = 100;
  std::string device = "auto";
  std::string checkpoint_dir = "checkpoints";
  int64_t keep_checkpoints = 3;
  int64_t log_every = 50;
  int64_t seed = 42;
  int64_t num_samples = 4096;
  int64_t input_dim = 32;
  int64_t hidden_dim = 128;
  int64_t num_classes = 10;
  bool use_ema = false;
  double ema_decay = 0.999;
};

struct InferenceConfig {
  std::string model_path = "model.pt";
  bool scripted = false;
  std::string device = "auto";
  int64_t batch_size = 128;
  int64_t top_k = 5;
  double score_threshold = 0.05;
  double iou_threshold = 0.5;
};

class ConfigParser {
public:
  void parse_string(const std::string &text);
  void parse_file(const std::string &path);

  bool has(const std::string &key) const;
  std::optional<std::string> raw(const std::string &key) const;
  std::string get_string(const std::string &key, const std::string &fallback) const;
  int64_t get_int(const std::string &key, int64_t fallback) const;
  double get_double(const std::string &key, double fallback) const;
  bool get_bool(const std::string &key, bool fallback) const;
  std::vector<std::string> unknown_keys(const std::vector<std::string> &known) const;

private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> errors_;
};

TrainConfig train_config_from(const ConfigParser &parser);
InferenceConfig inference_config_from(const ConfigParser &parser);
std::string describe(const TrainConfig &config);
void apply_seed(const TrainConfig &config);

} // namespace benchproj
