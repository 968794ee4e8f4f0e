// Logging helpers, including summaries of tensors for debugging training runs.
#include <torch/torch.h>

#include "benchproj/logging.h"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace benchproj {

TensorStats compute_stats(const torch::Tensor &t) {
  TensorStats stats;
  stats.numel = t.numel();
  if (stats.numel == 0)
    return stats;
  // Statistics are computed where the tensor lives; only scalars come back.
  auto values = t.detach().to(torch::kDouble).flatten();
  auto finite = torch::isfinite(values);
  stats.nonfinite = stats.numel - finite.sum().item<int64_t>();
  auto clean = values.masked_select(finite);
  if (clean.numel() == 0)
    return stats;
  stats.mean = clean.mean().item<double>();
  stats.stddev = clean.numel() > 1 ? clean.std().item<double>() : 0.0;
  stats.min = clean.min().item<double>();
  stats.max = clean.max().item<double>();
  stats.abs_max = clean.abs().max().item<double>();
  return stats;
}

std::string format_shape(const torch::Tensor &t) {
  if (!t.defined())
    return "<undefined>";
  std::ostringstream out;
  out << "[";
  for (int64_t i = 0; i < t.dim(); ++i)
    out << (i ? ", " : "") << t.size(i);
  out << "] " << t.dtype() << " " << t.device();
  return out.str();
}

std::string format_stats(const std::string &name, const TensorStats &s) {
  std::ostringstream out;
  out << std::setprecision(4) << name << ": n=" << s.numel << " mean=" << s.mean
      << " std=" << s.stddev << " min=" << s.min << " max=" << s.max;
  if (s.nonfinite > 0)
    out << " nonfinite=" << s.nonfinite;
  return out.str();
}

Logger::Logger(std::ostream &out, LogLevel min_level)
    : out_(out), min_level_(min_level), start_(std::chrono::steady_clock::now()) {}

void Logger::log(LogLevel level, const std::string &message) {
  if (static_cast<int>(level) < static_cast<int>(min_level_))
    return;
  static const char *names[] = {"DEBUG", "INFO", "WARN", "ERROR"};
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  out_ << "[" << std::fixed << std::setprecision(2) << std::setw(8) << elapsed << "s "
       << names[static_cast<int>(level)] << "] " << message << std::endl;
}

void Logger::tensor(const std::string &name, const torch::Tensor &t) {
  if (!t.defined()) {
    log(LogLevel::Debug, name + ": <undefined>");
    return;
  }
  auto stats = compute_stats(t);
  auto level = stats.nonfinite > 0 ? LogLevel::Warning : LogLevel::Debug;
  log(level, format_stats(name, stats) + " " + format_shape(t));
}

void Logger::parameters(const torch::nn::Module &module) {
  int64_t total = 0;
  for (const auto &item : module.named_parameters()) {
    total += item.value().numel();
    tensor(item.key(), item.value());
    if (item.value().grad().defined())
      tensor(item.key() + ".grad", item.value().grad());
  }
  log(LogLevel::Info, "parameters: " + std::to_string(total));
}

void Logger::scalar(const std::string &name, double value, int64_t step) {
  std::ostringstream out;
  out << "step " << step << " " << name << "=" << std::setprecision(6) << value;
  log(LogLevel::Info, out.str());
}

Logger &default_logger() {
  static Logger logger(std::cerr);
  return logger;
}

} // namespace benchproj
