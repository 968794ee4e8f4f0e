// Benchmark input for torchlint's summaries across functions (bench/run.sh).
//
// Where device_flow_bench.cpp is one realistic file, this one is built to make
// the model work across function boundaries: layers of helpers that call each
// other and pass tensors on (summaries applied at every call, six levels deep
// at most), `static` helpers whose callers all live here (placements asked of
// the callers), a class whose constructor and setup method place its modules
// (facts about members in every other method), helpers that return lists
// gathered from modules (where the elements live), and helpers that read
// their inputs on the host. Every defect it seeds crosses a function
// boundary; run.sh checks that each is reported, once.
//
// BENCH-EXPECT: torch-factory-without-device torch-factory-without-device
// BENCH-EXPECT: torch-mixed-device-op torch-load-without-device
//
// Compiles with:
//   clang++-19 -fsyntax-only -std=c++17 -isystem /usr/include/torch/csrc/api/include
#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sums {

// --- Layers of helpers ---------------------------------------------------------
// Each layer combines its inputs and hands them to the layer below: a call of
// a top helper passes its arguments through every summary under it.

torch::Tensor blend0(const torch::Tensor &a, const torch::Tensor &b) {
  return a * 0.5 + b * 0.5;
}
torch::Tensor blend1(const torch::Tensor &a, const torch::Tensor &b) {
  auto mixed = blend0(a, b);
  return torch::where(mixed > 0, mixed, a);
}
torch::Tensor blend2(const torch::Tensor &a, const torch::Tensor &b) {
  auto left = blend1(a, b);
  auto right = blend1(b, a);
  return torch::maximum(left, right);
}
torch::Tensor blend3(const torch::Tensor &a, const torch::Tensor &b) {
  auto s = blend2(a, b);
  for (int i = 0; i < 3; ++i)
    s = blend1(s, b);
  return s;
}
torch::Tensor blend4(const torch::Tensor &a, const torch::Tensor &b) {
  auto s = blend3(a, b);
  if (s.dim() > 1)
    s = blend2(s.flatten(1), b.flatten(1));
  return s;
}
torch::Tensor blend5(const torch::Tensor &a, const torch::Tensor &b) {
  return blend4(a, b) + blend3(b, a);
}

torch::Tensor scale0(const torch::Tensor &x, double s) { return x * s; }
torch::Tensor scale1(const torch::Tensor &x, double s) {
  return scale0(x, s) + scale0(x, -s);
}
torch::Tensor scale2(const torch::Tensor &x, double s) {
  return torch::clamp(scale1(x, s), -1.0, 1.0);
}
torch::Tensor scale3(const torch::Tensor &x, double s) {
  auto y = scale2(x, s);
  return y.abs().sum(-1, /*keepdim=*/true) + scale1(y, s);
}

std::pair<torch::Tensor, torch::Tensor> split_half(const torch::Tensor &x) {
  auto parts = x.chunk(2, -1);
  return {parts[0], parts[1]};
}
torch::Tensor join_halves(const torch::Tensor &x) {
  auto halves = split_half(x);
  return torch::cat({blend1(halves.first, halves.second), halves.second}, -1);
}

// --- Helpers whose callers all live here ---------------------------------------
// Each is called only with CPU results: what it makes without a device meets
// CPU data only.

static double host_mean(const torch::Tensor &values) {
  auto acc = values.accessor<float, 1>();
  double sum = 0;
  for (int64_t i = 0; i < acc.size(0); ++i)
    sum += acc[i];
  return values.numel() > 0 ? sum / values.numel() : 0.0;
}
static torch::Tensor with_bias(const torch::Tensor &host) {
  auto bias = torch::ones({host.size(0)});
  return host + bias;
}
static torch::Tensor ranked(const torch::Tensor &host) {
  auto order = torch::arange(host.size(0));
  return torch::stack({with_bias(host), order.to(torch::kFloat)});
}
double summary_statistic(const torch::Tensor &scores) {
  auto host = scores.detach().cpu().flatten();
  auto ranks = ranked(host);
  return host_mean(ranks[0]) + host_mean(with_bias(host));
}

// --- A class whose constructor places its modules ------------------------------

struct EncoderImpl : torch::nn::Module {
  explicit EncoderImpl(int64_t width)
      : proj(register_module("proj", torch::nn::Linear(width, width))),
        out(register_module("out", torch::nn::Linear(width, width))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    return out->forward(torch::relu(proj->forward(x)));
  }
  torch::nn::Linear proj{nullptr}, out{nullptr};
};
TORCH_MODULE(Encoder);

class Pipeline {
public:
  Pipeline(int64_t width, torch::Device device)
      : device_(device), student_(width), teacher_(width) {
    setup();
  }

  torch::Tensor step(const torch::Tensor &batch) {
    auto x = batch.to(device_);
    auto s = student_->forward(x);
    auto t = teacher_->forward(x).detach();
    return blend5(s, t);
  }
  torch::Tensor distill(const torch::Tensor &batch) {
    auto x = batch.to(device_);
    return scale3(student_->forward(x) - teacher_->forward(x), 0.1);
  }
  torch::Tensor probe(const torch::Tensor &batch) {
    return join_halves(student_->forward(batch.to(device_)));
  }
  std::vector<torch::Tensor> student_norms() {
    std::vector<torch::Tensor> norms;
    for (const auto &p : student_->parameters())
      norms.push_back(p.norm());
    return norms;
  }
  std::vector<torch::Tensor> teacher_norms() {
    std::vector<torch::Tensor> norms;
    for (const auto &p : teacher_->parameters())
      norms.push_back(p.norm());
    return norms;
  }
  torch::Tensor student_total() { return torch::stack(student_norms()).sum(); }
  torch::Tensor teacher_total() { return torch::stack(teacher_norms()).sum(); }
  double report() {
    return summary_statistic(student_total()) +
           summary_statistic(teacher_total());
  }

  // A debug path: the probe batch is made without a device and handed to a
  // method that moves it; nothing to report.
  double debug_probe(int64_t width) {
    return probe(torch::rand({2, width})).sum().item<double>();
  }

  Encoder &student() { return student_; }

private:
  void setup() {
    student_->to(device_);
    teacher_->to(device_);
  }

  torch::Device device_;
  Encoder student_;
  Encoder teacher_;
};

// --- Seeded defects, each across a boundary ----------------------------------

namespace seeded {

// A helper that combines its argument with a module member.
struct CalibratorImpl : torch::nn::Module {
  CalibratorImpl() { table = register_buffer("table", torch::linspace(0, 1, 16)); }
  torch::Tensor lookup(const torch::Tensor &index) {
    return torch::index_select(table, 0, index) * blend1(table.slice(0, 0, 4), table.slice(0, 4, 8)).sum();
  }
  torch::Tensor table;
};
TORCH_MODULE(Calibrator);

struct Monitor {
  Calibrator calib;
  torch::Device device;
  explicit Monitor(torch::Device d) : device(d) { calib->to(d); }
  // Seed 002's shape: a device-less index handed through a method.
  double debug_value(int64_t i) {
    return calib->lookup(torch::tensor({i})).sum().item<double>(); // torch-factory-without-device
  }
};

// A helper five levels above the op that meets its argument.
torch::Tensor noisy(const torch::Tensor &x) {
  return blend5(x, torch::randn({4})); // torch-factory-without-device
}

// Seed 003's shape: norms of two modules' parameters, gathered by helpers.
std::vector<torch::Tensor> norms_of(Encoder &m) {
  std::vector<torch::Tensor> out;
  for (const auto &p : m->parameters())
    out.push_back(p.norm());
  return out;
}
torch::Tensor gradient_report(Encoder &live) {
  Encoder reference(8); // built on the CPU; live may be anywhere
  auto a = norms_of(live);
  auto b = norms_of(reference);
  a.insert(a.end(), b.begin(), b.end());
  return torch::stack(a); // torch-mixed-device-op
}

// Seed 000's shape: the module is moved by a helper before a device-less load.
void place(Encoder &m, torch::Device d) { m->to(d); }
void resume(Encoder &m, torch::Device d, const std::string &path) {
  place(m, d);
  torch::load(m, path); // torch-load-without-device
}

} // namespace seeded

} // namespace sums

int main() {
  const torch::Device device = torch::cuda::is_available()
                                   ? torch::Device(torch::kCUDA)
                                   : torch::Device(torch::kCPU);
  sums::Pipeline pipeline(8, device);
  auto batch = torch::randn({4, 8});
  auto loss = pipeline.step(batch).sum() + pipeline.distill(batch).sum();
  return loss.item<double>() + pipeline.report() > 0 ? 0 : 1;
}
