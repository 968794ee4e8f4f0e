// Human-readable logging of scalars and tensor statistics.
#pragma once

#include <torch/torch.h>

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace benchproj {

struct TensorStats {
  double mean = 0.0;
  double stddev = 0.0;
  double min = 0.0;
  double max = 0.0;
  double abs_max = 0.0;
  int64_t numel = 0;
  int64_t nonfinite = 0;
};

TensorStats compute_stats(const torch::Tensor &t);
std::string format_stats(const std::string &name, const TensorStats &stats);
std::string format_shape(const torch::Tensor &t);

enum class LogLevel { Debug, Info, Warning, Error };

class Logger {
public:
  explicit Logger(std::ostream &out, LogLevel min_level = LogLevel::Info);

  void log(LogLevel level, const std::string &message);
  void info(const std::string &message) { log(LogLevel::Info, message); }
  void warn(const std::string &message) { log(LogLevel::Warning, message); }
  void tensor(const std::string &name, const torch::Tensor &t);
  void parameters(const torch::nn::Module &module);
  void scalar(const std::string &name, double value, int64_t step);

private:
  std::ostream &out_;
  LogLevel min_level_;
  std::chrono::steady_clock::time_point start_;
};

Logger &default_logger();

} // namespace benchproj
