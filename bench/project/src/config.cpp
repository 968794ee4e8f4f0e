// Parsing of the key = value configuration files used by the apps.
#include <torch/torch.h>

#include "benchproj/config.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace benchproj {
namespace {

std::string trim(const std::string &s) {
  auto begin = std::find_if_not(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c); });
  auto end = std::find_if_not(s.rbegin(), s.rend(), [](unsigned char c) { return std::isspace(c); }).base();
  return begin < end ? std::string(begin, end) : std::string();
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

} // namespace

void ConfigParser::parse_string(const std::string &text) {
  std::istringstream in(text);
  std::string line;
  std::string section;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    auto hash = line.find('#');
    if (hash != std::string::npos)
      line = line.substr(0, hash);
    line = trim(line);
    if (line.empty())
      continue;
    if (line.front() == '[' && line.back() == ']') {
      section = trim(line.substr(1, line.size() - 2));
      continue;
    }
    auto eq = line.find('=');
    if (eq == std::string::npos) {
      errors_.push_back("line " + std::to_string(line_no) + ": expected key = value");
      continue;
    }
    std::string key = lower(trim(line.substr(0, eq)));
    std::string value = trim(line.substr(eq + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
      value = value.substr(1, value.size() - 2);
    if (!section.empty())
      key = section + "." + key;
    values_[key] = value;
  }
  if (!errors_.empty())
    throw std::runtime_error("config: " + errors_.front());
}

void ConfigParser::parse_file(const std::string &path) {
  std::ifstream file(path);
  if (!file)
    throw std::runtime_error("config: cannot open " + path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  parse_string(buffer.str());
}

bool ConfigParser::has(const std::string &key) const { return values_.count(key) != 0; }

std::optional<std::string> ConfigParser::raw(const std::string &key) const {
  auto it = values_.find(key);
  if (it == values_.end())
    return std::nullopt;
  return it->second;
}

std::string ConfigParser::get_string(const std::string &key, const std::string &fallback) const {
  return raw(key).value_or(fallback);
}

int64_t ConfigParser::get_int(const std::string &key, int64_t fallback) const {
  auto value = raw(key);
  if (!value)
    return fallback;
  try {
    return std::stoll(*value);
  } catch (const std::exception &) {
    throw std::runtime_error("config: '" + key + "' is not an integer: " + *value);
  }
}

double ConfigParser::get_double(const std::string &key, double fallback) const {
  auto value = raw(key);
  if (!value)
    return fallback;
  try {
    return std::stod(*value);
  } catch (const std::exception &) {
    throw std::runtime_error("config: '" + key + "' is not a number: " + *value);
  }
}

bool ConfigParser::get_bool(const std::string &key, bool fallback) const {
  auto value = raw(key);
  if (!value)
    return fallback;
  const std::string v = lower(*value);
  if (v == "1" || v == "true" || v == "yes" || v == "on")
    return true;
  if (v == "0" || v == "false" || v == "no" || v == "off")
    return false;
  throw std::runtime_error("config: '" + key + "' is not a boolean: " + *value);
}

std::vector<std::string> ConfigParser::unknown_keys(const std::vector<std::string> &known) const {
  std::vector<std::string> unknown;
  for (const auto &kv : values_)
    if (std::find(known.begin(), known.end(), kv.first) == known.end())
      unknown.push_back(kv.first);
  return unknown;
}

TrainConfig train_config_from(const ConfigParser &p) {
  TrainConfig c;
  c.model = p.get_string("train.model", c.model);
  c.epochs = p.get_int("train.epochs", c.epochs);
  c.batch_size = p.get_int("train.batch_size", c.batch_size);
  c.learning_rate = p.get_double("train.lr", c.learning_rate);
  c.weight_decay = p.get_double("train.weight_decay", c.weight_decay);
  c.max_grad_norm = p.get_double("train.max_grad_norm", c.max_grad_norm);
  c.scheduler = p.get_string("train.scheduler", c.scheduler);
  c.warmup_steps = p.get_int("train.warmup_steps", c.warmup_steps);
  c.device = p.get_string("train.device", c.device);
  c.checkpoint_dir = p.get_string("train.checkpoint_dir", c.checkpoint_dir);
  c.keep_checkpoints = p.get_int("train.keep_checkpoints", c.keep_checkpoints);
  c.log_every = p.get_int("train.log_every", c.log_every);
  c.seed = p.get_int("train.seed", c.seed);
  c.num_samples = p.get_int("data.num_samples", c.num_samples);
  c.input_dim = p.get_int("data.input_dim", c.input_dim);
  c.num_classes = p.get_int("data.num_classes", c.num_classes);
  c.hidden_dim = p.get_int("model.hidden_dim", c.hidden_dim);
  c.use_ema = p.get_bool("train.ema", c.use_ema);
  c.ema_decay = p.get_double("train.ema_decay", c.ema_decay);
  if (c.batch_size <= 0 || c.epochs <= 0)
    throw std::runtime_error("config: batch_size and epochs must be positive");
  return c;
}

InferenceConfig inference_config_from(const ConfigParser &p) {
  InferenceConfig c;
  c.model_path = p.get_string("infer.model_path", c.model_path);
  c.scripted = p.get_bool("infer.scripted", c.scripted);
  c.device = p.get_string("infer.device", c.device);
  c.batch_size = p.get_int("infer.batch_size", c.batch_size);
  c.top_k = p.get_int("infer.top_k", c.top_k);
  c.score_threshold = p.get_double("infer.score_threshold", c.score_threshold);
  c.iou_threshold = p.get_double("infer.iou_threshold", c.iou_threshold);
  return c;
}

std::string describe(const TrainConfig &c) {
  std::ostringstream out;
  out << "model=" << c.model << " epochs=" << c.epochs << " batch=" << c.batch_size
      << " lr=" << c.learning_rate << " wd=" << c.weight_decay << " clip=" << c.max_grad_norm
      << " sched=" << c.scheduler << " device=" << c.device << " ema=" << (c.use_ema ? "on" : "off");
  return out.str();
}

void apply_seed(const TrainConfig &config) {
  torch::manual_seed(static_cast<uint64_t>(config.seed));
  if (torch::cuda::is_available())
    torch::cuda::manual_seed_all(static_cast<uint64_t>(config.seed));
}

} // namespace benchproj
