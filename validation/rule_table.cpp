// Truth for the op rule table (checks/device/rules/torch-ops.yaml) against real PyTorch.
//
// For every row of the rule table this program runs the op on real tensors, one case per
// "side" of the row's rule (same device, a CPU non-scalar, a 0-dim CPU tensor, CPU indices,
// ...), records whether PyTorch throws, and compares that with what the row's rule predicts.
//
// The "device" side is CUDA when torch::cuda::is_available() (plus cuda:0 vs cuda:1 rows with
// two or more GPUs). Without CUDA it is the `meta` device, a stand-in so that the program runs
// everywhere. meta is a PROXY ONLY: PyTorch's generated per-op device check (the
// `wrapper_CUDA_*` check, torchgen's gen_device_check) is emitted only for backends that use a
// device guard (CUDA and friends), never for Meta; and some ops have no Meta kernel at all. A
// row whose prediction cannot be tested on meta for one of those two reasons is reported as
// N/J (not judgeable on meta) and counted neither as passed nor as failed. Results on meta are
// never CUDA results.
//
//   rule_table [--rules PATH/TO/torch-ops.yaml]
//
// Each row of the table holds for the libtorch versions its since/before fields name; the program
// judges the rows that hold for the libtorch it is built against.
//
// Output: a Markdown table on stdout, then `N passed, M failed` (AGREE and STRICTER rows pass,
// DISAGREE rows and rule-table rows without any case fail). Exit status 1 on any failure,
// 2 on a usage or rules-file error.

#include <torch/script.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#ifndef TORCHLINT_RULES_YAML
#define TORCHLINT_RULES_YAML "checks/device/rules/torch-ops.yaml"
#endif

namespace {

using torch::Tensor;
namespace F = torch::nn::functional;

// ---------------------------------------------------------------------------------------------
// What a case exercises ("side" of a rule). The prediction is derived from the rule-table rule
// of the op and this side alone (predict() below), so a changed rule changes the prediction.
enum class Side {
  Same,               // every tensor on the device
  CpuNonScalar,       // a CPU tensor with >= 1 dimension joins device tensors
  CpuShape1,          // a CPU tensor of shape [1] (not 0-dim) joins device tensors
  CpuZeroDim,         // exactly one 0-dim CPU tensor joins device tensors
  TwoCpuZeroDim,      // two 0-dim CPU tensors join a device tensor (input or output)
  AllCpuZeroDim,      // only 0-dim CPU operands, no device operand at all
  DevZeroDimCpu1d,    // a 0-dim device tensor with a 1-d CPU tensor
  CpuSelfInplace,     // in-place op: 0-dim CPU self, device other
  CpuIndex,           // index tensor(s) on the CPU, self on the device
  DevIndexCpuSelf,    // index tensor(s) on the device, self on the CPU
  CpuValueZeroDim,    // value tensor 0-dim on the CPU, self on the device
  CpuValueNonScalar,  // value tensor non-0-dim on the CPU, self on the device
  CpuMask,            // mask on the CPU, self on the device
  CopyIntoDevice,     // device_self.copy_(cpu_src)
  CopyIntoCpu,        // cpu_self.copy_(device_src)
  ForeachMixed,       // _foreach_* over a list of one device and one CPU tensor
  FactoryDefault,     // factory without a device option
  FactoryDevice,      // factory with the device in its options
  LikeInput,          // *_like / new_* of a device tensor
  LikeExplicitCpu,    // *_like / new_* of a device tensor with explicit CPU options
  OtherDevNonScalar,  // cuda:1 non-scalar joins cuda:0 tensors
  OtherDevZeroDim,    // cuda:1 0-dim tensor joins cuda:0 tensors
  OtherDevIndex,      // cuda:1 indices on a cuda:0 self
  CopyOtherDev,       // cuda:0 self .copy_(cuda:1 src)
};

// Which PyTorch mechanism decides the case on CUDA (reference section 1, and the op's source).
// Only Wrapper and Backend checks are missing on meta; TI and OpCheck run there as on CUDA.
enum class Mech {
  Wrapper,  // generated per-op device check (wrapper_CUDA_*): emitted only for backends with a
            // device guard (CUDA and friends), never for Meta or CPU
  TI,       // TensorIterator compute_types, built by the op's structured meta function or by
            // composite code: runs on every backend, Meta included
  OpCheck,  // an explicit check in code shared by all backends (structured meta function,
            // e.g. index's check_indices_on_cpu_or_selfdevice)
  Backend,  // a check inside the CPU/CUDA kernel (explicit, or a TensorIterator built there);
            // Meta registers its own kernel without it (masked_fill_, _index_put_impl_, conv)
  None,     // no device check involved
};

const char *mechName(Mech m) {
  switch (m) {
  case Mech::Wrapper: return "wrapper";
  case Mech::TI: return "TensorIterator";
  case Mech::OpCheck: return "op check";
  case Mech::Backend: return "CUDA kernel";
  case Mech::None: return "none";
  }
  return "?";
}

enum class Outcome { Allow, Reject };

struct Prediction {
  Outcome outcome;
  std::string device;  // for Allow: the device the result must be on ("" = not checked)
};

struct Env {
  torch::Device dev{torch::kCPU};   // the device side: cuda:0 or meta
  torch::Device dev1{torch::kCPU};  // cuda:1 when there are two GPUs
  bool cuda = false;
  bool two_gpus = false;
};

// A rule-table entry as the checks read it (checks/device/rules/OpRulesYaml.cpp): the rule, the
// operand positions where a 0-dim CPU tensor is excused (cpu_scalar_at; empty: any), and the
// libtorch versions it holds for.
struct TableRule {
  std::string rule;
  std::set<int> cpuScalarAt;
  std::string since, before;
};

// "1.13" < "2" == "2.0" < "2.6"
int compareVersions(const std::string &a, const std::string &b) {
  std::istringstream ia(a), ib(b);
  std::string pa, pb;
  while (true) {
    const bool ha = static_cast<bool>(std::getline(ia, pa, '.'));
    const bool hb = static_cast<bool>(std::getline(ib, pb, '.'));
    if (!ha && !hb) return 0;
    const long va = ha ? std::stol(pa) : 0, vb = hb ? std::stol(pb) : 0;
    if (va != vb) return va < vb ? -1 : 1;
  }
}

std::string runningVersion() {
  return std::to_string(TORCH_VERSION_MAJOR) + "." + std::to_string(TORCH_VERSION_MINOR);
}

// "cpu_scalar at [2] since 2", as the report shows a rule.
std::string describe(const TableRule &r) {
  std::string s = r.rule;
  if (!r.cpuScalarAt.empty()) {
    s += " at [";
    for (int p : r.cpuScalarAt) s += (s.back() == '[' ? "" : ",") + std::to_string(p);
    s += "]";
  }
  if (!r.since.empty()) s += " since " + r.since;
  if (!r.before.empty()) s += " before " + r.before;
  return s;
}

bool holdsFor(const TableRule &r, const std::string &version) {
  return (r.since.empty() || compareVersions(version, r.since) >= 0) &&
         (r.before.empty() || compareVersions(version, r.before) < 0);
}

[[noreturn]] void die(const std::string &message) {
  std::cerr << "rule_table: " << message << "\n";
  std::exit(2);
}

// The rule of a row, turned into an outcome for one side (rule meanings: the header of
// checks/device/rules/torch-ops.yaml and docs/checks/torch-mixed-device-op.md).
// scalarAt: the operand position of the 0-dim CPU tensor in a CpuZeroDim case (-1: unknown).
Prediction predict(const std::string &op, const TableRule &entry, Side side, int scalarAt,
                   const Env &env) {
  const std::string &rule = entry.rule;
  const std::string D = env.dev.str();
  const std::string cpu = "cpu";
  auto allow = [](std::string device) { return Prediction{Outcome::Allow, std::move(device)}; };
  const Prediction reject{Outcome::Reject, ""};
  auto bad = [&]() -> Prediction {
    die("no prediction for rule '" + rule + "' of " + op + " on this side (case table bug)");
  };
  if (rule == "factory") {
    if (side == Side::FactoryDefault) return allow(cpu);
    if (side == Side::FactoryDevice) return allow(D);
    return bad();
  }
  if (rule == "inherits_device") {
    if (side == Side::LikeInput) return allow(D);
    if (side == Side::LikeExplicitCpu) return allow(cpu);
    return bad();
  }
  if (rule == "strict") {
    if (side == Side::Same) return allow(D);
    if (side == Side::AllCpuZeroDim) return allow(cpu);  // no device operand: a CPU op
    return reject;  // every mixed side
  }
  if (rule == "cpu_scalar" || rule == "cpu_scalar_inplace") {
    switch (side) {
    case Side::Same: return allow(D);
    case Side::CpuZeroDim:
      if (!entry.cpuScalarAt.empty() && !entry.cpuScalarAt.count(scalarAt)) return reject;
      return allow(D);
    case Side::AllCpuZeroDim: return allow(cpu);
    case Side::CpuSelfInplace:
      // The in-place self is the output: only inputs get the exception.
      if (rule == "cpu_scalar_inplace") return reject;
      return allow(cpu);
    case Side::TwoCpuZeroDim: return reject;  // only ONE 0-dim CPU tensor may join
    case Side::CpuNonScalar:
    case Side::CpuShape1:
    case Side::DevZeroDimCpu1d:
    case Side::OtherDevNonScalar:
    case Side::OtherDevZeroDim: return reject;
    default: return bad();
    }
  }
  if (rule == "where") {
    switch (side) {
    case Side::Same: return allow(D);
    case Side::CpuZeroDim:
    case Side::TwoCpuZeroDim:
    case Side::OtherDevZeroDim: return allow(D);
    case Side::CpuNonScalar: return reject;
    default: return bad();
    }
  }
  if (rule == "index") {
    switch (side) {
    case Side::Same:
    case Side::CpuIndex: return allow(D);
    case Side::DevIndexCpuSelf:
    case Side::OtherDevIndex: return reject;
    default: return bad();
    }
  }
  if (rule == "index_put") {
    switch (side) {
    case Side::Same:
    case Side::CpuIndex:
    case Side::CpuValueZeroDim: return allow(D);
    case Side::CpuValueNonScalar: return reject;
    default: return bad();
    }
  }
  if (rule == "masked_fill") {
    switch (side) {
    case Side::Same:
    case Side::CpuValueZeroDim: return allow(D);
    case Side::CpuMask: return reject;
    default: return bad();
    }
  }
  if (rule == "copy") {
    switch (side) {
    case Side::CopyIntoDevice:
    case Side::CopyOtherDev: return allow(D);
    case Side::CopyIntoCpu: return allow(cpu);
    default: return bad();
    }
  }
  if (rule == "no_check") {
    if (side == Side::ForeachMixed) return allow("");  // checked per result by the case
    return bad();
  }
  die("unknown rule '" + rule + "' for " + op);
}

// ---------------------------------------------------------------------------------------------
// Cases.

struct Case {
  std::string op;    // rule-table name
  std::string what;  // the call, as written
  Side side = Side::Same;
  Mech mech = Mech::None;
  std::function<std::string(const Env &)> run;  // returns the result's device(s)
  std::string note;          // shown in the table
  bool anyReason = false;    // a REJECT for a non-device reason also agrees (documented)
  std::string expectDevice;  // overrides the predicted result device when set
  int scalarAt = -1;         // CpuZeroDim: the operand position (0 = self) of the 0-dim CPU tensor
  // Set where the table is knowingly stricter than PyTorch for this case's input (a rule cannot
  // see ranks): the reason. Such a case that runs is STRICTER, counted as passed and listed.
  std::string stricterBecause;
};

std::string devs(const Tensor &t) { return t.device().str(); }
std::string devs(const std::vector<Tensor> &ts) {
  std::string s;
  for (const auto &t : ts) s += (s.empty() ? "" : ",") + t.device().str();
  return s;
}

torch::TensorOptions fopt(torch::Device d) {
  return torch::TensorOptions().dtype(torch::kFloat).device(d);
}
torch::TensorOptions lopt(torch::Device d) {
  return torch::TensorOptions().dtype(torch::kLong).device(d);
}
Tensor T(std::vector<int64_t> shape, torch::Device d) { return torch::ones(shape, fopt(d)); }
Tensor S(torch::Device d) { return torch::ones({}, fopt(d)); }  // 0-dim
Tensor I(std::vector<int64_t> shape, torch::Device d) { return torch::zeros(shape, lopt(d)); }
Tensor B(std::vector<int64_t> shape, torch::Device d) {
  return torch::ones(shape, torch::TensorOptions().dtype(torch::kBool).device(d));
}
const torch::Device kCpu{torch::kCPU};
Tensor bools(const Tensor &t) { return t.to(torch::kBool); }

using Bin = std::function<Tensor(const Tensor &, const Tensor &)>;
using BinOut = std::function<Tensor(Tensor &, const Tensor &, const Tensor &)>;
using Inplace = std::function<void(Tensor &, const Tensor &)>;

struct BinaryRow {
  std::string op;
  Bin fn;
  BinOut out;  // the at::*_out form, for the "two 0-dim CPU inputs, device output" side
  // What decides a mixed case on CUDA: TensorIterator for ops that PyTorch's
  // native_functions.yaml marks `device_check: NoCheck`, else the generated wrapper check.
  Mech mixed = Mech::TI;
};

std::vector<Case> makeCases(const Env &env) {
  std::vector<Case> cs;
  auto add = [&](std::string op, std::string what, Side side, Mech mech,
                 std::function<std::string(const Env &)> run, std::string note = "") {
    Case c;
    c.op = std::move(op);
    c.what = std::move(what);
    c.side = side;
    c.mech = mech;
    c.run = std::move(run);
    c.note = std::move(note);
    cs.push_back(std::move(c));
  };
  const std::string kZeroDimCat = "0-dim inputs cannot be concatenated: rejected for shape too";

  // ---- factories: no device option -> CPU; device option -> that device ------------------
  struct Factory {
    std::string op;
    std::function<Tensor(torch::TensorOptions)> make;
    bool withDevice;  // a device-option case makes sense
  };
  const std::string tmpfile = "/tmp/torchlint_rule_table_from_file.bin";
  {
    std::ofstream f(tmpfile, std::ios::binary);
    float data[4] = {1, 2, 3, 4};
    f.write(reinterpret_cast<const char *>(data), sizeof data);
  }
  static float blob[4] = {1, 2, 3, 4};
  std::vector<Factory> factories = {
      {"torch::tensor", [](auto o) { return torch::tensor({1.0f, 2.0f}, o); }, true},
      {"torch::from_blob", [](auto o) { return torch::from_blob(blob, {4}, o); }, false},
      {"torch::zeros", [](auto o) { return torch::zeros({2}, o); }, true},
      {"torch::ones", [](auto o) { return torch::ones({2}, o); }, true},
      {"torch::empty", [](auto o) { return torch::empty({2}, o); }, true},
      {"torch::full", [](auto o) { return torch::full({2}, 1.5, o); }, true},
      {"torch::arange", [](auto o) { return torch::arange(3, o); }, true},
      {"torch::range", [](auto o) { return torch::range(0, 3, o); }, true},
      {"torch::linspace", [](auto o) { return torch::linspace(0, 1, 3, o); }, true},
      {"torch::logspace", [](auto o) { return torch::logspace(0, 1, 3, 10.0, o); }, true},
      {"torch::eye", [](auto o) { return torch::eye(2, o); }, true},
      {"torch::empty_strided", [](auto o) { return torch::empty_strided({2}, {1}, o); }, true},
      {"torch::rand", [](auto o) { return torch::rand({2}, o); }, true},
      {"torch::randn", [](auto o) { return torch::randn({2}, o); }, true},
      {"torch::randint", [](auto o) { return torch::randint(10, {2}, o); }, true},
      {"torch::randperm", [](auto o) { return torch::randperm(4, o.dtype(torch::kLong)); }, true},
      {"torch::normal", [](auto o) { return torch::normal(0.0, 1.0, {2}, {}, o); }, true},
      {"torch::scalar_tensor", [](auto o) { return torch::scalar_tensor(1.5, o); }, true},
      {"torch::tril_indices", [](auto o) { return torch::tril_indices(3, 3, 0, o.dtype(torch::kLong)); }, true},
      {"torch::triu_indices", [](auto o) { return torch::triu_indices(3, 3, 0, o.dtype(torch::kLong)); }, true},
      {"torch::hann_window", [](auto o) { return torch::hann_window(4, o); }, true},
      {"torch::hamming_window", [](auto o) { return torch::hamming_window(4, o); }, true},
      {"torch::bartlett_window", [](auto o) { return torch::bartlett_window(4, o); }, true},
      {"torch::blackman_window", [](auto o) { return torch::blackman_window(4, o); }, true},
      {"torch::kaiser_window", [](auto o) { return torch::kaiser_window(4, o); }, true},
      {"torch::fft::fftfreq", [](auto o) { return torch::fft::fftfreq(4, o); }, true},
      {"torch::fft::rfftfreq", [](auto o) { return torch::fft::rfftfreq(4, o); }, true},
      {"torch::fft_fftfreq", [](auto o) { return torch::fft_fftfreq(4, 1.0, o); }, true},
      {"torch::fft_rfftfreq", [](auto o) { return torch::fft_rfftfreq(4, 1.0, o); }, true},
      {"torch::sparse_coo_tensor",
       [](auto o) {
         return torch::sparse_coo_tensor(torch::zeros({1, 2}, torch::kLong), torch::ones({2}), {3}, o);
       },
       false},
      {"torch::sparse_csr_tensor",
       [](auto o) {
         return torch::sparse_csr_tensor(torch::tensor({0, 1, 2}, torch::kLong),
                                         torch::tensor({0, 1}, torch::kLong), torch::ones({2}),
                                         {2, 2}, o.layout(torch::kSparseCsr));
       },
       false},
      {"torch::from_file",
       [tmpfile](auto o) { return torch::from_file(tmpfile, false, 4, o); }, false},
  };
  for (const auto &f : factories) {
    auto make = f.make;
    add(f.op, f.op.substr(7) + "(...) without a device", Side::FactoryDefault, Mech::None,
        [make](const Env &) { return devs(make(torch::TensorOptions().dtype(torch::kFloat))); });
    if (f.withDevice)
      add(f.op, f.op.substr(7) + "(..., device)", Side::FactoryDevice, Mech::None,
          [make](const Env &e) { return devs(make(fopt(e.dev))); });
  }

  // ---- *_like / new_*: follow the input; explicit options override ----------------------
  struct Like {
    std::string op;
    std::function<Tensor(const Tensor &, torch::TensorOptions)> make;
  };
  std::vector<Like> likes = {
      {"torch::zeros_like", [](auto &x, auto o) { return torch::zeros_like(x, o); }},
      {"torch::ones_like", [](auto &x, auto o) { return torch::ones_like(x, o); }},
      {"torch::empty_like", [](auto &x, auto o) { return torch::empty_like(x, o); }},
      {"torch::full_like", [](auto &x, auto o) { return torch::full_like(x, 2.0, o); }},
      {"torch::rand_like", [](auto &x, auto o) { return torch::rand_like(x, o); }},
      {"torch::randn_like", [](auto &x, auto o) { return torch::randn_like(x, o); }},
      {"torch::randint_like", [](auto &x, auto o) { return torch::randint_like(x, 10, o); }},
      {"at::Tensor::new_zeros", [](auto &x, auto o) { return x.new_zeros({2}, o); }},
      {"at::Tensor::new_ones", [](auto &x, auto o) { return x.new_ones({2}, o); }},
      {"at::Tensor::new_empty", [](auto &x, auto o) { return x.new_empty({2}, o); }},
      {"at::Tensor::new_full", [](auto &x, auto o) { return x.new_full({2}, 2.0, o); }},
  };
  for (const auto &l : likes) {
    auto make = l.make;
    const std::string name = l.op.substr(l.op.rfind(':') + 1);
    add(l.op, name + "(x_dev)", Side::LikeInput, Mech::None,
        [make](const Env &e) { return devs(make(T({2}, e.dev), torch::TensorOptions())); });
    add(l.op, name + "(x_dev, options.device(cpu))", Side::LikeExplicitCpu, Mech::None,
        [make](const Env &e) { return devs(make(T({2}, e.dev), torch::TensorOptions().device(kCpu))); });
  }

  // ---- strict list ops ---------------------------------------------------------------------
  using ListFn = std::function<Tensor(std::vector<Tensor>)>;
  std::vector<std::pair<std::string, ListFn>> lists = {
      {"torch::stack", [](std::vector<Tensor> v) { return torch::stack(v); }},
      {"torch::cat", [](std::vector<Tensor> v) { return torch::cat(v); }},
      {"torch::hstack", [](std::vector<Tensor> v) { return torch::hstack(v); }},
      {"torch::vstack", [](std::vector<Tensor> v) { return torch::vstack(v); }},
      {"torch::dstack", [](std::vector<Tensor> v) { return torch::dstack(v); }},
      {"torch::meshgrid", [](std::vector<Tensor> v) { return torch::meshgrid(v)[0]; }},
  };
  for (const auto &[op, fn] : lists) {
    const std::string n = op.substr(7);
    add(op, n + "({dev[2], dev[2]})", Side::Same, Mech::Wrapper,
        [fn = fn](const Env &e) { return devs(fn({T({2}, e.dev), T({2}, e.dev)})); });
    add(op, n + "({dev[2], cpu[2]})", Side::CpuNonScalar, Mech::Wrapper,
        [fn = fn](const Env &e) { return devs(fn({T({2}, e.dev), T({2}, kCpu)})); });
    if (op == "torch::cat") {
      add(op, n + "({dev[2], cpu0})", Side::CpuZeroDim, Mech::Wrapper,
          [fn = fn](const Env &e) { return devs(fn({T({2}, e.dev), S(kCpu)})); }, kZeroDimCat);
      cs.back().anyReason = true;
    } else {
      add(op, n + "({dev0, cpu0})", Side::CpuZeroDim, Mech::Wrapper,
          [fn = fn](const Env &e) { return devs(fn({S(e.dev), S(kCpu)})); });
    }
  }
  add("torch::stack", "stack(_foreach_norm({dev[2], cpu[2]})): 0-dim dev + 0-dim cpu",
      Side::CpuZeroDim, Mech::Wrapper, [](const Env &e) {
        return devs(torch::stack(torch::_foreach_norm({T({2}, e.dev), T({2}, kCpu)})));
      });

  // ---- strict: linear algebra ----------------------------------------------------------
  add("torch::matmul", "matmul(dev[2,2], dev[2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::matmul(T({2, 2}, e.dev), T({2, 2}, e.dev))); });
  add("torch::matmul", "matmul(dev[2,2], cpu[2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::matmul(T({2, 2}, e.dev), T({2, 2}, kCpu))); });
  add("at::Tensor::matmul", "dev[2,2].matmul(dev[2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).matmul(T({2, 2}, e.dev))); });
  add("at::Tensor::matmul", "dev[2,2].matmul(cpu[2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).matmul(T({2, 2}, kCpu))); });
  add("torch::mm", "mm(dev[2,2], dev[2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::mm(T({2, 2}, e.dev), T({2, 2}, e.dev))); });
  add("torch::mm", "mm(dev[2,2], cpu[2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::mm(T({2, 2}, e.dev), T({2, 2}, kCpu))); });
  add("at::Tensor::mm", "dev[2,2].mm(dev[2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).mm(T({2, 2}, e.dev))); });
  add("at::Tensor::mm", "cpu[2,2].mm(dev[2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, kCpu).mm(T({2, 2}, e.dev))); });
  add("torch::bmm", "bmm(dev[1,2,2], dev[1,2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::bmm(T({1, 2, 2}, e.dev), T({1, 2, 2}, e.dev))); });
  add("torch::bmm", "bmm(dev[1,2,2], cpu[1,2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::bmm(T({1, 2, 2}, e.dev), T({1, 2, 2}, kCpu))); });
  add("at::Tensor::bmm", "dev[1,2,2].bmm(dev[1,2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({1, 2, 2}, e.dev).bmm(T({1, 2, 2}, e.dev))); });
  add("at::Tensor::bmm", "dev[1,2,2].bmm(cpu[1,2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({1, 2, 2}, e.dev).bmm(T({1, 2, 2}, kCpu))); });
  add("torch::addmm", "addmm(dev[2,2], dev[2,2], dev[2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::addmm(T({2, 2}, e.dev), T({2, 2}, e.dev), T({2, 2}, e.dev))); });
  add("torch::addmm", "addmm(dev[2,2], dev[2,2], cpu[2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::addmm(T({2, 2}, e.dev), T({2, 2}, e.dev), T({2, 2}, kCpu))); });
  add("torch::addmm", "addmm(cpu0, dev[2,2], dev[2,2])", Side::CpuZeroDim, Mech::Wrapper,
      [](const Env &e) { return devs(torch::addmm(S(kCpu), T({2, 2}, e.dev), T({2, 2}, e.dev))); });
  add("torch::baddbmm", "baddbmm(dev[1,2,2], dev[1,2,2], dev[1,2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::baddbmm(T({1, 2, 2}, e.dev), T({1, 2, 2}, e.dev), T({1, 2, 2}, e.dev))); });
  add("torch::baddbmm", "baddbmm(dev[1,2,2], dev[1,2,2], cpu[1,2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::baddbmm(T({1, 2, 2}, e.dev), T({1, 2, 2}, e.dev), T({1, 2, 2}, kCpu))); });
  add("torch::baddbmm", "baddbmm(cpu0, dev[1,2,2], dev[1,2,2])", Side::CpuZeroDim, Mech::Wrapper,
      [](const Env &e) { return devs(torch::baddbmm(S(kCpu), T({1, 2, 2}, e.dev), T({1, 2, 2}, e.dev))); });
  add("at::Tensor::baddbmm", "dev[1,2,2].baddbmm(dev[1,2,2], dev[1,2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({1, 2, 2}, e.dev).baddbmm(T({1, 2, 2}, e.dev), T({1, 2, 2}, e.dev))); });
  add("at::Tensor::baddbmm", "dev[1,2,2].baddbmm(cpu[1,2,2], dev[1,2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({1, 2, 2}, e.dev).baddbmm(T({1, 2, 2}, kCpu), T({1, 2, 2}, e.dev))); });
  add("torch::mv", "mv(dev[2,2], dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::mv(T({2, 2}, e.dev), T({2}, e.dev))); });
  add("torch::mv", "mv(dev[2,2], cpu[2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::mv(T({2, 2}, e.dev), T({2}, kCpu))); });
  add("at::Tensor::mv", "dev[2,2].mv(dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).mv(T({2}, e.dev))); });
  add("at::Tensor::mv", "cpu[2,2].mv(dev[2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, kCpu).mv(T({2}, e.dev))); });
  add("torch::dot", "dot(dev[2], dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::dot(T({2}, e.dev), T({2}, e.dev))); });
  add("torch::dot", "dot(dev[2], cpu[2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(torch::dot(T({2}, e.dev), T({2}, kCpu))); });
  add("at::Tensor::dot", "dev[2].dot(dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({2}, e.dev).dot(T({2}, e.dev))); });
  add("at::Tensor::dot", "dev[2].dot(cpu[2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({2}, e.dev).dot(T({2}, kCpu))); });
  add("at::Tensor::addmm", "dev[2,2].addmm(dev[2,2], dev[2,2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).addmm(T({2, 2}, e.dev), T({2, 2}, e.dev))); });
  add("at::Tensor::addmm", "dev[2,2].addmm(cpu[2,2], dev[2,2])", Side::CpuNonScalar, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).addmm(T({2, 2}, kCpu), T({2, 2}, e.dev))); });
  add("at::Tensor::addmm", "cpu0.addmm(dev[2,2], dev[2,2])", Side::CpuZeroDim, Mech::Wrapper,
      [](const Env &e) { return devs(S(kCpu).addmm(T({2, 2}, e.dev), T({2, 2}, e.dev))); });

  // ---- strict: index-taking ops, CPU index included -------------------------------------
  add("torch::index_select", "index_select(dev[4], 0, idx_dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::index_select(T({4}, e.dev), 0, I({2}, e.dev))); });
  add("torch::index_select", "index_select(dev[4], 0, idx_cpu[2])", Side::CpuIndex, Mech::Wrapper,
      [](const Env &e) { return devs(torch::index_select(T({4}, e.dev), 0, I({2}, kCpu))); });
  add("torch::index_select", "index_select(dev[4], 0, idx_cpu0)", Side::CpuZeroDim, Mech::Wrapper,
      [](const Env &e) { return devs(torch::index_select(T({4}, e.dev), 0, I({}, kCpu))); });
  add("torch::index_select", "index_select(cpu[4], 0, idx_dev[2])", Side::DevIndexCpuSelf,
      Mech::Wrapper,
      [](const Env &e) { return devs(torch::index_select(T({4}, kCpu), 0, I({2}, e.dev))); });
  add("at::Tensor::index_select", "dev[4].index_select(0, idx_dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({4}, e.dev).index_select(0, I({2}, e.dev))); });
  add("at::Tensor::index_select", "dev[4].index_select(0, idx_cpu[2])", Side::CpuIndex,
      Mech::Wrapper, [](const Env &e) { return devs(T({4}, e.dev).index_select(0, I({2}, kCpu))); });
  add("torch::gather", "gather(dev[2,2], 1, idx_dev[2,1])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::gather(T({2, 2}, e.dev), 1, I({2, 1}, e.dev))); });
  add("torch::gather", "gather(dev[2,2], 1, idx_cpu[2,1])", Side::CpuIndex, Mech::Wrapper,
      [](const Env &e) { return devs(torch::gather(T({2, 2}, e.dev), 1, I({2, 1}, kCpu))); });
  add("torch::gather", "gather(dev0, 0, idx_cpu0)", Side::CpuZeroDim, Mech::Wrapper,
      [](const Env &e) { return devs(torch::gather(S(e.dev), 0, I({}, kCpu))); });
  add("at::Tensor::gather", "dev[2,2].gather(1, idx_dev[2,1])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).gather(1, I({2, 1}, e.dev))); });
  add("at::Tensor::gather", "dev[2,2].gather(1, idx_cpu[2,1])", Side::CpuIndex, Mech::Wrapper,
      [](const Env &e) { return devs(T({2, 2}, e.dev).gather(1, I({2, 1}, kCpu))); });
  add("torch::scatter", "scatter(dev[2,2], 1, idx_dev[2,1], src_dev[2,1])", Side::Same,
      Mech::Wrapper, [](const Env &e) {
        return devs(torch::scatter(T({2, 2}, e.dev), 1, I({2, 1}, e.dev), T({2, 1}, e.dev)));
      });
  add("torch::scatter", "scatter(dev[2,2], 1, idx_cpu[2,1], src_dev[2,1])", Side::CpuIndex,
      Mech::Wrapper, [](const Env &e) {
        return devs(torch::scatter(T({2, 2}, e.dev), 1, I({2, 1}, kCpu), T({2, 1}, e.dev)));
      });
  add("torch::scatter", "scatter(dev[2,2], 1, idx_dev[2,1], src_cpu[2,1])", Side::CpuNonScalar,
      Mech::Wrapper, [](const Env &e) {
        return devs(torch::scatter(T({2, 2}, e.dev), 1, I({2, 1}, e.dev), T({2, 1}, kCpu)));
      });
  add("at::Tensor::scatter", "dev[2,2].scatter(1, idx_dev[2,1], src_dev[2,1])", Side::Same,
      Mech::Wrapper, [](const Env &e) {
        return devs(T({2, 2}, e.dev).scatter(1, I({2, 1}, e.dev), T({2, 1}, e.dev)));
      });
  add("at::Tensor::scatter", "dev[2,2].scatter(1, idx_cpu[2,1], src_dev[2,1])", Side::CpuIndex,
      Mech::Wrapper, [](const Env &e) {
        return devs(T({2, 2}, e.dev).scatter(1, I({2, 1}, kCpu), T({2, 1}, e.dev)));
      });
  for (const bool add_ : {false, true}) {
    const std::string op = add_ ? "at::Tensor::scatter_add_" : "at::Tensor::scatter_";
    auto write = [add_](Tensor self, const Tensor &idx, const Tensor &src) {
      return add_ ? self.scatter_add_(1, idx, src) : self.scatter_(1, idx, src);
    };
    add(op, "dev[2,2]." + op.substr(12) + "(1, idx_dev[2,1], src_dev[2,1])", Side::Same,
        Mech::Wrapper, [write](const Env &e) {
          return devs(write(T({2, 2}, e.dev), I({2, 1}, e.dev), T({2, 1}, e.dev)));
        });
    add(op, "cpu[2,2]." + op.substr(12) + "(1, idx_dev[2,1], src_dev[2,1])",
        Side::DevIndexCpuSelf, Mech::Wrapper, [write](const Env &e) {
          return devs(write(T({2, 2}, kCpu), I({2, 1}, e.dev), T({2, 1}, e.dev)));
        });
  }
  add("torch::embedding", "embedding(w_dev[4,3], idx_dev[2])", Side::Same, Mech::Wrapper,
      [](const Env &e) { return devs(torch::embedding(T({4, 3}, e.dev), I({2}, e.dev))); });
  add("torch::embedding", "embedding(w_dev[4,3], idx_cpu[2])", Side::CpuIndex, Mech::Wrapper,
      [](const Env &e) { return devs(torch::embedding(T({4, 3}, e.dev), I({2}, kCpu))); });
  add("torch::embedding", "embedding(w_dev[4,3], idx_cpu0)", Side::CpuZeroDim, Mech::Wrapper,
      [](const Env &e) { return devs(torch::embedding(T({4, 3}, e.dev), I({}, kCpu))); });

  // ---- strict: clamp with tensor bounds (TensorIterator without CPU scalars) -------------
  add("torch::clamp", "clamp(dev[2], min_dev[2], max_dev[2])", Side::Same, Mech::TI,
      [](const Env &e) { return devs(torch::clamp(T({2}, e.dev), T({2}, e.dev), T({2}, e.dev))); });
  add("torch::clamp", "clamp(dev[2], min_cpu[2], max_dev[2])", Side::CpuNonScalar, Mech::TI,
      [](const Env &e) { return devs(torch::clamp(T({2}, e.dev), T({2}, kCpu), T({2}, e.dev))); });
  add("torch::clamp", "clamp(dev[2], min_cpu0, max_dev[2])", Side::CpuZeroDim, Mech::TI,
      [](const Env &e) { return devs(torch::clamp(T({2}, e.dev), S(kCpu), T({2}, e.dev))); });
  add("at::Tensor::clamp", "dev[2].clamp(min_dev[2], max_dev[2])", Side::Same, Mech::TI,
      [](const Env &e) { return devs(T({2}, e.dev).clamp(T({2}, e.dev), T({2}, e.dev))); });
  add("at::Tensor::clamp", "dev[2].clamp(min_cpu0, max_cpu0)", Side::CpuZeroDim, Mech::TI,
      [](const Env &e) { return devs(T({2}, e.dev).clamp(S(kCpu), S(kCpu))); },
      "two 0-dim CPU bounds");

  // ---- mse_loss: a TensorIterator over input and target; F::mse_loss broadcasts the
  // two first (torch::broadcast_tensors), so a 0-dim CPU target arrives expanded --------
  for (const char *op : {"torch::mse_loss", "torch::nn::functional::mse_loss"}) {
    const bool functional = std::string(op) != "torch::mse_loss";
    auto mse = [functional](const Tensor &x, const Tensor &y) {
      return functional ? F::mse_loss(x, y) : torch::mse_loss(x, y);
    };
    add(op, "mse_loss(dev[2], dev[2])", Side::Same, Mech::TI,
        [mse](const Env &e) { return devs(mse(T({2}, e.dev), T({2}, e.dev))); });
    add(op, "mse_loss(dev[2], cpu[2])", Side::CpuNonScalar, Mech::TI,
        [mse](const Env &e) { return devs(mse(T({2}, e.dev), T({2}, kCpu))); });
    add(op, "mse_loss(dev[2], cpu0)", Side::CpuZeroDim, Mech::TI,
        [mse](const Env &e) { return devs(mse(T({2}, e.dev), S(kCpu))); });
  }

  // ---- the other losses: input and target of one shape; the functional forms of
  // smooth_l1 and huber broadcast first, those of the cross entropies check the sizes ----
  struct Loss {
    const char *op;
    Mech mech;
    std::function<Tensor(const Tensor &, const Tensor &)> run;
    // A 0-dim target beside a 1-d input is well-formed (not for the cross entropies with
    // logits, which write into a tensor made from the target, nor the size-checking forms).
    bool zeroDimTarget;
  };
  const std::vector<Loss> losses = {
      {"torch::l1_loss", Mech::TI, [](auto &x, auto &y) { return torch::l1_loss(x, y); }, true},
      {"torch::nn::functional::l1_loss", Mech::TI,
       [](auto &x, auto &y) { return F::l1_loss(x, y); }, true},
      {"torch::smooth_l1_loss", Mech::TI,
       [](auto &x, auto &y) { return torch::smooth_l1_loss(x, y); }, true},
      {"torch::nn::functional::smooth_l1_loss", Mech::TI,
       [](auto &x, auto &y) { return F::smooth_l1_loss(x, y); }, true},
      {"torch::huber_loss", Mech::Wrapper,
       [](auto &x, auto &y) { return torch::huber_loss(x, y); }, true},
      {"torch::nn::functional::huber_loss", Mech::Wrapper,
       [](auto &x, auto &y) { return F::huber_loss(x, y); }, true},
      {"torch::binary_cross_entropy", Mech::Backend,
       [](auto &x, auto &y) { return torch::binary_cross_entropy(x, y); }, true},
      {"torch::nn::functional::binary_cross_entropy", Mech::Backend,
       [](auto &x, auto &y) { return F::binary_cross_entropy(x, y); }, false},
      {"torch::binary_cross_entropy_with_logits", Mech::TI,
       [](auto &x, auto &y) { return torch::binary_cross_entropy_with_logits(x, y); }, false},
      {"torch::nn::functional::binary_cross_entropy_with_logits", Mech::TI,
       [](auto &x, auto &y) { return F::binary_cross_entropy_with_logits(x, y); }, false},
  };
  // `l1_loss` for torch::l1_loss, `L1Loss()` for torch::nn::L1LossImpl::forward.
  auto lossName = [](const std::string &op) {
    const size_t impl = op.find("Impl::forward");
    return impl == std::string::npos ? op.substr(op.rfind(':') + 1)
                                     : op.substr(11, impl - 11) + "()";
  };
  // Input and target of one shape: both on the device, a CPU target, a 0-dim CPU one.
  auto addSameShapeCases = [&](const std::vector<Loss> &all, const std::string &sameNote) {
    for (const Loss &loss : all) {
      const std::string name = lossName(loss.op);
      auto run = loss.run;
      add(loss.op, name + "(dev[2], dev[2])", Side::Same, loss.mech,
          [run](const Env &e) { return devs(run(T({2}, e.dev), T({2}, e.dev))); }, sameNote);
      add(loss.op, name + "(dev[2], cpu[2])", Side::CpuNonScalar, loss.mech,
          [run](const Env &e) { return devs(run(T({2}, e.dev), T({2}, kCpu))); });
      if (loss.zeroDimTarget)
        add(loss.op, name + "(dev[2], cpu0)", Side::CpuZeroDim, loss.mech,
            [run](const Env &e) { return devs(run(T({2}, e.dev), S(kCpu))); });
    }
  };
  addSameShapeCases(losses, "");
  // The loss modules, built here and never moved (on the CPU): only input and target meet.
  const std::vector<Loss> lossModules = {
      {"torch::nn::MSELossImpl::forward", Mech::TI,
       [](auto &x, auto &y) { return torch::nn::MSELoss()(x, y); }, true},
      {"torch::nn::L1LossImpl::forward", Mech::TI,
       [](auto &x, auto &y) { return torch::nn::L1Loss()(x, y); }, true},
      {"torch::nn::SmoothL1LossImpl::forward", Mech::TI,
       [](auto &x, auto &y) { return torch::nn::SmoothL1Loss()(x, y); }, true},
      {"torch::nn::HuberLossImpl::forward", Mech::Wrapper,
       [](auto &x, auto &y) { return torch::nn::HuberLoss()(x, y); }, true},
      {"torch::nn::BCELossImpl::forward", Mech::Backend,
       [](auto &x, auto &y) { return torch::nn::BCELoss()(x, y); }, false},
      {"torch::nn::BCEWithLogitsLossImpl::forward", Mech::TI,
       [](auto &x, auto &y) { return torch::nn::BCEWithLogitsLoss()(x, y); }, false},
  };
  addSameShapeCases(lossModules, "the module on the CPU");
  // Class-index targets: nll_loss and cross_entropy (nll_loss on log_softmax), batched
  // and (a 0-dim target) unbatched.
  const std::vector<Loss> classLosses = {
      {"torch::nll_loss", Mech::Wrapper,
       [](auto &x, auto &y) { return torch::nll_loss(x, y); }, true},
      {"torch::nn::functional::nll_loss", Mech::Wrapper,
       [](auto &x, auto &y) { return F::nll_loss(x, y); }, false},
      {"torch::cross_entropy_loss", Mech::Wrapper,
       [](auto &x, auto &y) { return torch::cross_entropy_loss(x, y); }, true},
      {"torch::nn::functional::cross_entropy", Mech::Wrapper,
       [](auto &x, auto &y) { return F::cross_entropy(x, y); }, true},
      {"torch::nn::NLLLossImpl::forward", Mech::Wrapper,
       [](auto &x, auto &y) { return torch::nn::NLLLoss()(x, y); }, false},
      {"torch::nn::CrossEntropyLossImpl::forward", Mech::Wrapper,
       [](auto &x, auto &y) { return torch::nn::CrossEntropyLoss()(x, y); }, true},
  };
  for (const Loss &loss : classLosses) {
    const std::string name = lossName(loss.op);
    auto run = loss.run;
    add(loss.op, name + "(dev[2,3], idx_dev[2])", Side::Same, loss.mech,
        [run](const Env &e) { return devs(run(T({2, 3}, e.dev), I({2}, e.dev))); });
    add(loss.op, name + "(dev[2,3], idx_cpu[2])", Side::CpuNonScalar, loss.mech,
        [run](const Env &e) { return devs(run(T({2, 3}, e.dev), I({2}, kCpu))); });
    if (loss.zeroDimTarget)
      add(loss.op, name + "(dev[3], idx_cpu0)", Side::CpuZeroDim, loss.mech,
          [run](const Env &e) { return devs(run(T({3}, e.dev), I({}, kCpu))); });
  }

  // ---- strict: nn functional ----------------------------------------------------------
  add("torch::nn::functional::linear", "linear(x_dev[2,3], w_dev[4,3], b_dev[4])", Side::Same,
      Mech::Wrapper, [](const Env &e) {
        return devs(F::linear(T({2, 3}, e.dev), T({4, 3}, e.dev), T({4}, e.dev)));
      });
  add("torch::nn::functional::linear", "linear(x_dev[2,3], w_cpu[4,3], b_dev[4])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        return devs(F::linear(T({2, 3}, e.dev), T({4, 3}, kCpu), T({4}, e.dev)));
      });
  add("torch::nn::functional::linear", "linear(x_dev[2,3], w_dev[4,3], b_cpu[4])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        return devs(F::linear(T({2, 3}, e.dev), T({4, 3}, e.dev), T({4}, kCpu)));
      });
  add("torch::nn::functional::linear", "linear(x_dev[2,3], w_dev[4,3], b_cpu0)", Side::CpuZeroDim,
      Mech::Wrapper, [](const Env &e) {
        return devs(F::linear(T({2, 3}, e.dev), T({4, 3}, e.dev), S(kCpu)));
      },
      "2-d input: linear -> addmm(bias, ...)");
  add("torch::nn::functional::linear", "linear(x_dev[3], w_dev[4,3], b_cpu0)", Side::CpuZeroDim,
      Mech::TI, [](const Env &e) {
        return devs(F::linear(T({3}, e.dev), T({4, 3}, e.dev), S(kCpu)));
      },
      "non-2-d input: F::linear runs matmul(x, w.t()) then output += bias, a TensorIterator op with the CPU-scalar exception; same C++ code for every device");
  cs.back().stricterBecause =
      "the table makes linear strict for the common 2-d input, where addmm's CUDA wrapper "
      "rejects a 0-dim CPU bias; it cannot see this input's rank";
  // ---- strict: a library module's forward (its parameters against the input) ------------
  // The module moved to the device; the input on the device, then on the CPU.
  auto addModule = [&](const std::string &op, const std::string &module,
                       std::function<Tensor(torch::Device, torch::Device)> run) {
    add(op, module + " on dev, input_dev", Side::Same, Mech::Wrapper,
        [run](const Env &e) { return devs(run(e.dev, e.dev)); });
    add(op, module + " on dev, input_cpu", Side::CpuNonScalar, Mech::Wrapper,
        [run](const Env &e) { return devs(run(e.dev, kCpu)); });
  };
  namespace nn = torch::nn;
  addModule("torch::nn::LinearImpl::forward", "Linear(3,4)", [](torch::Device m, torch::Device x) {
    nn::Linear l(3, 4);
    l->to(m);
    return l(T({2, 3}, x));
  });
  // A TorchScript module holding a weight, as torch::jit::load gives one. The
  // weight is made on m: moving a scripted module to meta fails in set_data,
  // before forward could be judged there.
  addModule("torch::jit::Module::forward", "scripted linear(3,4)",
            [](torch::Device m, torch::Device x) {
              torch::jit::Module scripted("Scripted");
              scripted.register_parameter("w", torch::ones({4, 3}, torch::device(m)), false);
              scripted.define("def forward(self, x):\n"
                              "    return torch.matmul(x, self.w.t())\n");
              return scripted.forward({T({2, 3}, x)}).toTensor();
            });
  addModule("torch::nn::SequentialImpl::forward", "Sequential(Linear(3,4),ReLU)",
            [](torch::Device m, torch::Device x) {
              nn::Sequential s(nn::Linear(3, 4), nn::ReLU());
              s->to(m);
              return s->forward(T({2, 3}, x));
            });
  addModule("torch::nn::BilinearImpl::forward", "Bilinear(3,3,2)",
            [](torch::Device m, torch::Device x) {
              nn::Bilinear l(3, 3, 2);
              l->to(m);
              return l(T({2, 3}, x), T({2, 3}, x));
            });
  addModule("torch::nn::Conv1dImpl::forward", "Conv1d(1,2,2)", [](torch::Device m, torch::Device x) {
    nn::Conv1d l(1, 2, 2);
    l->to(m);
    return l(T({1, 1, 4}, x));
  });
  addModule("torch::nn::Conv2dImpl::forward", "Conv2d(1,2,2)", [](torch::Device m, torch::Device x) {
    nn::Conv2d l(1, 2, 2);
    l->to(m);
    return l(T({1, 1, 4, 4}, x));
  });
  addModule("torch::nn::Conv3dImpl::forward", "Conv3d(1,2,2)", [](torch::Device m, torch::Device x) {
    nn::Conv3d l(1, 2, 2);
    l->to(m);
    return l(T({1, 1, 3, 3, 3}, x));
  });
  addModule("torch::nn::ConvTranspose1dImpl::forward", "ConvTranspose1d(1,2,2)",
            [](torch::Device m, torch::Device x) {
              nn::ConvTranspose1d l(1, 2, 2);
              l->to(m);
              return l(T({1, 1, 4}, x));
            });
  addModule("torch::nn::ConvTranspose2dImpl::forward", "ConvTranspose2d(1,2,2)",
            [](torch::Device m, torch::Device x) {
              nn::ConvTranspose2d l(1, 2, 2);
              l->to(m);
              return l(T({1, 1, 4, 4}, x));
            });
  addModule("torch::nn::ConvTranspose3dImpl::forward", "ConvTranspose3d(1,2,2)",
            [](torch::Device m, torch::Device x) {
              nn::ConvTranspose3d l(1, 2, 2);
              l->to(m);
              return l(T({1, 1, 3, 3, 3}, x));
            });
  addModule("torch::nn::EmbeddingImpl::forward", "Embedding(4,3)",
            [](torch::Device m, torch::Device x) {
              nn::Embedding l(4, 3);
              l->to(m);
              return l(I({2}, x));
            });
  addModule("torch::nn::BatchNorm1dImpl::forward", "BatchNorm1d(3)",
            [](torch::Device m, torch::Device x) {
              nn::BatchNorm1d l(3);
              l->to(m);
              return l(T({2, 3}, x));
            });
  addModule("torch::nn::BatchNorm2dImpl::forward", "BatchNorm2d(3)",
            [](torch::Device m, torch::Device x) {
              nn::BatchNorm2d l(3);
              l->to(m);
              return l(T({2, 3, 2, 2}, x));
            });
  addModule("torch::nn::BatchNorm3dImpl::forward", "BatchNorm3d(3)",
            [](torch::Device m, torch::Device x) {
              nn::BatchNorm3d l(3);
              l->to(m);
              return l(T({2, 3, 2, 2, 2}, x));
            });
  addModule("torch::nn::LayerNormImpl::forward", "LayerNorm({3})",
            [](torch::Device m, torch::Device x) {
              nn::LayerNorm l(nn::LayerNormOptions({3}));
              l->to(m);
              return l(T({2, 3}, x));
            });
  addModule("torch::nn::GroupNormImpl::forward", "GroupNorm(1,2)",
            [](torch::Device m, torch::Device x) {
              nn::GroupNorm l(1, 2);
              l->to(m);
              return l(T({2, 2, 3}, x));
            });
  addModule("torch::nn::PReLUImpl::forward", "PReLU()", [](torch::Device m, torch::Device x) {
    nn::PReLU l;
    l->to(m);
    return l(T({2, 3}, x));
  });
  addModule("torch::nn::LSTMImpl::forward", "LSTM(3,2)", [](torch::Device m, torch::Device x) {
    nn::LSTM l(3, 2);
    l->to(m);
    return std::get<0>(l(T({4, 1, 3}, x)));
  });
  addModule("torch::nn::GRUImpl::forward", "GRU(3,2)", [](torch::Device m, torch::Device x) {
    nn::GRU l(3, 2);
    l->to(m);
    return std::get<0>(l(T({4, 1, 3}, x)));
  });
  addModule("torch::nn::RNNImpl::forward", "RNN(3,2)", [](torch::Device m, torch::Device x) {
    nn::RNN l(3, 2);
    l->to(m);
    return std::get<0>(l(T({4, 1, 3}, x)));
  });
  addModule("torch::nn::LSTMCellImpl::forward", "LSTMCell(3,2)",
            [](torch::Device m, torch::Device x) {
              nn::LSTMCell l(3, 2);
              l->to(m);
              return std::get<0>(l(T({1, 3}, x)));
            });
  addModule("torch::nn::GRUCellImpl::forward", "GRUCell(3,2)",
            [](torch::Device m, torch::Device x) {
              nn::GRUCell l(3, 2);
              l->to(m);
              return l(T({1, 3}, x));
            });
  addModule("torch::nn::RNNCellImpl::forward", "RNNCell(3,2)",
            [](torch::Device m, torch::Device x) {
              nn::RNNCell l(3, 2);
              l->to(m);
              return l(T({1, 3}, x));
            });

  addModule("torch::nn::MultiheadAttentionImpl::forward", "MultiheadAttention(4,2)",
            [](torch::Device m, torch::Device x) {
              nn::MultiheadAttention l(4, 2);
              l->to(m);
              const Tensor q = T({3, 1, 4}, x);
              return std::get<0>(l(q, q, q));
            });
  add("torch::nn::MultiheadAttentionImpl::forward",
      "MultiheadAttention(4,2) on dev, q_dev[3,1,4], attn_mask_cpu[3,3]", Side::CpuNonScalar,
      Mech::Wrapper, [](const Env &e) {
        nn::MultiheadAttention l(4, 2);
        l->to(e.dev);
        const Tensor q = T({3, 1, 4}, e.dev);
        return devs(std::get<0>(l->forward(q, q, q, {}, true, T({3, 3}, kCpu))));
      });
  addModule("torch::nn::TransformerEncoderLayerImpl::forward", "TransformerEncoderLayer(4,2)",
            [](torch::Device m, torch::Device x) {
              nn::TransformerEncoderLayer l(nn::TransformerEncoderLayerOptions(4, 2));
              l->to(m);
              return l(T({3, 1, 4}, x));
            });
  addModule("torch::nn::TransformerDecoderLayerImpl::forward", "TransformerDecoderLayer(4,2)",
            [](torch::Device m, torch::Device x) {
              nn::TransformerDecoderLayer l(nn::TransformerDecoderLayerOptions(4, 2));
              l->to(m);
              return l(T({3, 1, 4}, x), T({3, 1, 4}, x));
            });
  addModule("torch::nn::TransformerEncoderImpl::forward", "TransformerEncoder(layer(4,2),1)",
            [](torch::Device m, torch::Device x) {
              nn::TransformerEncoder l(
                  nn::TransformerEncoderOptions(nn::TransformerEncoderLayerOptions(4, 2), 1));
              l->to(m);
              return l(T({3, 1, 4}, x));
            });
  addModule("torch::nn::TransformerDecoderImpl::forward", "TransformerDecoder(layer(4,2),1)",
            [](torch::Device m, torch::Device x) {
              nn::TransformerDecoder l(
                  nn::TransformerDecoderOptions(nn::TransformerDecoderLayerOptions(4, 2), 1));
              l->to(m);
              return l(T({3, 1, 4}, x), T({3, 1, 4}, x));
            });
  addModule("torch::nn::TransformerImpl::forward", "Transformer(d_model 4, 2 heads, 1+1 layers)",
            [](torch::Device m, torch::Device x) {
              nn::Transformer l(nn::TransformerOptions(4, 2, 1, 1).dim_feedforward(8));
              l->to(m);
              return l(T({3, 1, 4}, x), T({3, 1, 4}, x));
            });
  add("torch::nn::TransformerImpl::forward",
      "Transformer on dev, src_dev, tgt_dev, tgt_mask_cpu[3,3]", Side::CpuNonScalar,
      Mech::Wrapper, [](const Env &e) {
        nn::Transformer l(nn::TransformerOptions(4, 2, 1, 1).dim_feedforward(8));
        l->to(e.dev);
        return devs(l->forward(T({3, 1, 4}, e.dev), T({3, 1, 4}, e.dev), {}, T({3, 3}, kCpu)));
      });
  addModule("torch::nn::EmbeddingBagImpl::forward", "EmbeddingBag(5,3)",
            [](torch::Device m, torch::Device x) {
              nn::EmbeddingBag l(5, 3);
              l->to(m);
              return l(I({2, 2}, x));
            });

  add("torch::nn::functional::conv2d", "conv2d(x_dev[1,1,3,3], w_dev[1,1,2,2])", Side::Same,
      Mech::Backend, [](const Env &e) {
        return devs(F::conv2d(T({1, 1, 3, 3}, e.dev), T({1, 1, 2, 2}, e.dev)));
      });
  add("torch::nn::functional::conv2d", "conv2d(x_dev[1,1,3,3], w_cpu[1,1,2,2])",
      Side::CpuNonScalar, Mech::Backend, [](const Env &e) {
        return devs(F::conv2d(T({1, 1, 3, 3}, e.dev), T({1, 1, 2, 2}, kCpu)));
      });

  add("torch::nn::functional::conv1d", "conv1d(x_dev[1,1,3], w_dev[1,1,2])", Side::Same,
      Mech::Backend, [](const Env &e) {
        return devs(F::conv1d(T({1, 1, 3}, e.dev), T({1, 1, 2}, e.dev)));
      });
  add("torch::nn::functional::conv1d", "conv1d(x_dev[1,1,3], w_cpu[1,1,2])",
      Side::CpuNonScalar, Mech::Backend, [](const Env &e) {
        return devs(F::conv1d(T({1, 1, 3}, e.dev), T({1, 1, 2}, kCpu)));
      });
  add("torch::nn::functional::conv3d", "conv3d(x_dev[1,1,3,3,3], w_dev[1,1,2,2,2])", Side::Same,
      Mech::Backend, [](const Env &e) {
        return devs(F::conv3d(T({1, 1, 3, 3, 3}, e.dev), T({1, 1, 2, 2, 2}, e.dev)));
      });
  add("torch::nn::functional::conv3d", "conv3d(x_dev[1,1,3,3,3], w_cpu[1,1,2,2,2])",
      Side::CpuNonScalar, Mech::Backend, [](const Env &e) {
        return devs(F::conv3d(T({1, 1, 3, 3, 3}, e.dev), T({1, 1, 2, 2, 2}, kCpu)));
      });

  // ---- stft, istft: the composite ops check input and window are together; grid sampling:
  // CUDA's generated wrapper checks input and grid (wrapper_CUDA__grid_sampler_2d) ----
  add("torch::stft", "stft(x_dev[64], 16, window_dev[16])", Side::Same, Mech::OpCheck,
      [](const Env &e) {
        return devs(torch::stft(T({64}, e.dev), 16, c10::nullopt, c10::nullopt,
                                T({16}, e.dev), false, true, true));
      });
  add("torch::stft", "stft(x_dev[64], 16, window_cpu[16])", Side::CpuNonScalar, Mech::OpCheck,
      [](const Env &e) {
        return devs(torch::stft(T({64}, e.dev), 16, c10::nullopt, c10::nullopt,
                                T({16}, kCpu), false, true, true));
      });
  add("torch::istft", "istft(spec_dev[9,5] complex, 16, window_dev[16])", Side::Same,
      Mech::OpCheck, [](const Env &e) {
        auto spec = torch::ones({9, 5}, torch::dtype(torch::kComplexFloat).device(e.dev));
        return devs(torch::istft(spec, 16, c10::nullopt, c10::nullopt, T({16}, e.dev)));
      });
  add("torch::istft", "istft(spec_dev[9,5] complex, 16, window_cpu[16])", Side::CpuNonScalar,
      Mech::OpCheck, [](const Env &e) {
        auto spec = torch::ones({9, 5}, torch::dtype(torch::kComplexFloat).device(e.dev));
        return devs(torch::istft(spec, 16, c10::nullopt, c10::nullopt, T({16}, kCpu)));
      });
  add("torch::grid_sampler", "grid_sampler(x_dev[1,1,4,4], grid_dev[1,2,2,2])", Side::Same,
      Mech::Wrapper, [](const Env &e) {
        return devs(torch::grid_sampler(T({1, 1, 4, 4}, e.dev), T({1, 2, 2, 2}, e.dev), 0, 0,
                                        false));
      });
  add("torch::grid_sampler", "grid_sampler(x_dev[1,1,4,4], grid_cpu[1,2,2,2])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        return devs(torch::grid_sampler(T({1, 1, 4, 4}, e.dev), T({1, 2, 2, 2}, kCpu), 0, 0,
                                        false));
      });
  add("torch::nn::functional::grid_sample", "grid_sample(x_dev[1,1,4,4], grid_dev[1,2,2,2])",
      Side::Same, Mech::Wrapper, [](const Env &e) {
        return devs(F::grid_sample(T({1, 1, 4, 4}, e.dev), T({1, 2, 2, 2}, e.dev)));
      });
  add("torch::nn::functional::grid_sample", "grid_sample(x_dev[1,1,4,4], grid_cpu[1,2,2,2])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        return devs(F::grid_sample(T({1, 1, 4, 4}, e.dev), T({1, 2, 2, 2}, kCpu)));
      });

  // ---- lerp / addcmul: a 0-dim CPU tensor only as the last operand (2.x), none before 2.0 ----
  // On CUDA the 0-dim cases are decided inside the CUDA kernel (lerp's Loops.cuh assert,
  // addcmul's named refusal, "too many CPU scalars"): meta cannot judge them.
  add("torch::lerp", "lerp(dev[2], end_dev[2], 0.5)", Side::Same, Mech::TI,
      [](const Env &e) { return devs(torch::lerp(T({2}, e.dev), T({2}, e.dev), 0.5)); });
  add("torch::lerp", "lerp(dev[2], end_cpu[2], 0.5)", Side::CpuNonScalar, Mech::TI,
      [](const Env &e) { return devs(torch::lerp(T({2}, e.dev), T({2}, kCpu), 0.5)); });
  add("torch::lerp", "lerp(dev[2], end_cpu0, 0.5)", Side::CpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(torch::lerp(T({2}, e.dev), S(kCpu), 0.5)); });
  cs.back().scalarAt = 1;
  add("torch::lerp", "lerp(dev[2], end_dev[2], weight_cpu0)", Side::CpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(torch::lerp(T({2}, e.dev), T({2}, e.dev), S(kCpu))); });
  cs.back().scalarAt = 2;
  add("at::Tensor::lerp", "dev[2].lerp(end_dev[2], weight_cpu0)", Side::CpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).lerp(T({2}, e.dev), S(kCpu))); });
  cs.back().scalarAt = 2;
  add("at::Tensor::lerp", "dev[2].lerp(end_cpu0, weight_cpu0)", Side::TwoCpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).lerp(S(kCpu), S(kCpu))); });
  add("torch::addcmul", "addcmul(dev[2], dev[2], dev[2])", Side::Same, Mech::TI,
      [](const Env &e) { return devs(torch::addcmul(T({2}, e.dev), T({2}, e.dev), T({2}, e.dev))); });
  add("torch::addcmul", "addcmul(dev[2], cpu[2], dev[2])", Side::CpuNonScalar, Mech::TI,
      [](const Env &e) { return devs(torch::addcmul(T({2}, e.dev), T({2}, kCpu), T({2}, e.dev))); });
  add("torch::addcmul", "addcmul(dev[2], cpu0, dev[2])", Side::CpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(torch::addcmul(T({2}, e.dev), S(kCpu), T({2}, e.dev))); });
  cs.back().scalarAt = 1;
  add("torch::addcmul", "addcmul(dev[2], dev[2], cpu0)", Side::CpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(torch::addcmul(T({2}, e.dev), T({2}, e.dev), S(kCpu))); });
  cs.back().scalarAt = 2;
  add("at::Tensor::addcmul", "dev[2].addcmul(dev[2], cpu0)", Side::CpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).addcmul(T({2}, e.dev), S(kCpu))); });
  cs.back().scalarAt = 2;
  add("at::Tensor::addcmul", "dev[2].addcmul(cpu0, cpu0)", Side::TwoCpuZeroDim, Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).addcmul(S(kCpu), S(kCpu))); });

  // ---- binary elementwise & comparisons: the CPU-scalar exception -----------------------
  std::vector<BinaryRow> fns = {
      {"torch::add", [](auto &a, auto &b) { return torch::add(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::add_out(o, a, b); }},
      {"torch::sub", [](auto &a, auto &b) { return torch::sub(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::sub_out(o, a, b); }},
      {"torch::mul", [](auto &a, auto &b) { return torch::mul(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::mul_out(o, a, b); }},
      {"torch::div", [](auto &a, auto &b) { return torch::div(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::div_out(o, a, b); }},
      {"torch::pow", [](auto &a, auto &b) { return torch::pow(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::pow_out(o, a, b); }},
      {"torch::eq", [](auto &a, auto &b) { return torch::eq(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::eq_out(o, a, b); }},
      {"torch::ne", [](auto &a, auto &b) { return torch::ne(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::ne_out(o, a, b); }},
      {"torch::lt", [](auto &a, auto &b) { return torch::lt(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::lt_out(o, a, b); }},
      {"torch::gt", [](auto &a, auto &b) { return torch::gt(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::gt_out(o, a, b); }},
      {"torch::le", [](auto &a, auto &b) { return torch::le(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::le_out(o, a, b); }},
      {"torch::ge", [](auto &a, auto &b) { return torch::ge(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::ge_out(o, a, b); }},
      {"torch::maximum", [](auto &a, auto &b) { return torch::maximum(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::maximum_out(o, a, b); }},
      {"torch::minimum", [](auto &a, auto &b) { return torch::minimum(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::minimum_out(o, a, b); }},
      {"torch::clamp_min", [](auto &a, auto &b) { return torch::clamp_min(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::clamp_min_out(o, a, b); }, Mech::Wrapper},
      {"torch::clamp_max", [](auto &a, auto &b) { return torch::clamp_max(a, b); },
       [](auto &o, auto &a, auto &b) { return torch::clamp_max_out(o, a, b); }, Mech::Wrapper},
      {"at::operator+", [](auto &a, auto &b) { return a + b; }, nullptr},
      {"at::operator-", [](auto &a, auto &b) { return a - b; }, nullptr},
      {"at::operator*", [](auto &a, auto &b) { return a * b; }, nullptr},
      {"at::operator/", [](auto &a, auto &b) { return a / b; }, nullptr},
      {"at::operator==", [](auto &a, auto &b) { return a == b; }, nullptr},
      {"at::operator!=", [](auto &a, auto &b) { return a != b; }, nullptr},
      {"at::operator<", [](auto &a, auto &b) { return a < b; }, nullptr},
      {"at::operator>", [](auto &a, auto &b) { return a > b; }, nullptr},
      {"at::operator<=", [](auto &a, auto &b) { return a <= b; }, nullptr},
      {"at::operator>=", [](auto &a, auto &b) { return a >= b; }, nullptr},
      {"at::Tensor::add", [](auto &a, auto &b) { return a.add(b); }, nullptr},
      {"at::Tensor::sub", [](auto &a, auto &b) { return a.sub(b); }, nullptr},
      {"at::Tensor::mul", [](auto &a, auto &b) { return a.mul(b); }, nullptr},
      {"at::Tensor::div", [](auto &a, auto &b) { return a.div(b); }, nullptr},
      {"at::Tensor::pow", [](auto &a, auto &b) { return a.pow(b); }, nullptr},
      {"at::Tensor::eq", [](auto &a, auto &b) { return a.eq(b); }, nullptr},
      {"at::Tensor::ne", [](auto &a, auto &b) { return a.ne(b); }, nullptr},
      {"at::Tensor::lt", [](auto &a, auto &b) { return a.lt(b); }, nullptr},
      {"at::Tensor::gt", [](auto &a, auto &b) { return a.gt(b); }, nullptr},
      {"at::Tensor::le", [](auto &a, auto &b) { return a.le(b); }, nullptr},
      {"at::Tensor::ge", [](auto &a, auto &b) { return a.ge(b); }, nullptr},
      {"at::Tensor::clamp_min", [](auto &a, auto &b) { return a.clamp_min(b); }, nullptr, Mech::Wrapper},
      {"at::Tensor::clamp_max", [](auto &a, auto &b) { return a.clamp_max(b); }, nullptr, Mech::Wrapper},
      {"at::operator%", [](auto &a, auto &b) { return a % b; }, nullptr},
      {"torch::max", [](auto &a, auto &b) { return torch::max(a, b); }, nullptr},
      {"torch::min", [](auto &a, auto &b) { return torch::min(a, b); }, nullptr},
      {"torch::fmod", [](auto &a, auto &b) { return torch::fmod(a, b); }, nullptr},
      {"torch::remainder", [](auto &a, auto &b) { return torch::remainder(a, b); }, nullptr},
      {"torch::atan2", [](auto &a, auto &b) { return torch::atan2(a, b); }, nullptr},
      {"torch::hypot", [](auto &a, auto &b) { return torch::hypot(a, b); }, nullptr},
      {"torch::fmax", [](auto &a, auto &b) { return torch::fmax(a, b); }, nullptr},
      {"torch::fmin", [](auto &a, auto &b) { return torch::fmin(a, b); }, nullptr},
      {"torch::copysign", [](auto &a, auto &b) { return torch::copysign(a, b); }, nullptr},
      {"torch::logaddexp", [](auto &a, auto &b) { return torch::logaddexp(a, b); }, nullptr, Mech::Wrapper},
      {"torch::xlogy", [](auto &a, auto &b) { return torch::xlogy(a, b); }, nullptr},
      {"torch::true_divide", [](auto &a, auto &b) { return torch::true_divide(a, b); }, nullptr},
      {"at::Tensor::max", [](auto &a, auto &b) { return a.max(b); }, nullptr},
      {"at::Tensor::min", [](auto &a, auto &b) { return a.min(b); }, nullptr},
      {"at::Tensor::maximum", [](auto &a, auto &b) { return a.maximum(b); }, nullptr},
      {"at::Tensor::minimum", [](auto &a, auto &b) { return a.minimum(b); }, nullptr},
      {"at::Tensor::fmod", [](auto &a, auto &b) { return a.fmod(b); }, nullptr},
      {"at::Tensor::remainder", [](auto &a, auto &b) { return a.remainder(b); }, nullptr},
      {"at::Tensor::atan2", [](auto &a, auto &b) { return a.atan2(b); }, nullptr},
      {"at::Tensor::hypot", [](auto &a, auto &b) { return a.hypot(b); }, nullptr},
      {"at::Tensor::fmax", [](auto &a, auto &b) { return a.fmax(b); }, nullptr},
      {"at::Tensor::fmin", [](auto &a, auto &b) { return a.fmin(b); }, nullptr},
      {"at::Tensor::copysign", [](auto &a, auto &b) { return a.copysign(b); }, nullptr},
      {"at::Tensor::logaddexp", [](auto &a, auto &b) { return a.logaddexp(b); }, nullptr, Mech::Wrapper},
      {"at::Tensor::xlogy", [](auto &a, auto &b) { return a.xlogy(b); }, nullptr},
      {"at::Tensor::true_divide", [](auto &a, auto &b) { return a.true_divide(b); }, nullptr},
      // Bitwise and logical ops take bool inputs; .to(kBool) keeps each
      // input on its own device and rank.
      {"at::operator&", [](auto &a, auto &b) { return bools(a) & bools(b); }, nullptr},
      {"at::operator|", [](auto &a, auto &b) { return bools(a) | bools(b); }, nullptr},
      {"at::operator^", [](auto &a, auto &b) { return bools(a) ^ bools(b); }, nullptr},
      {"torch::logical_and", [](auto &a, auto &b) { return torch::logical_and(a, b); }, nullptr},
      {"torch::logical_or", [](auto &a, auto &b) { return torch::logical_or(a, b); }, nullptr},
      {"torch::logical_xor", [](auto &a, auto &b) { return torch::logical_xor(a, b); }, nullptr},
      {"torch::bitwise_and",
       [](auto &a, auto &b) { return torch::bitwise_and(bools(a), bools(b)); }, nullptr},
      {"torch::bitwise_or",
       [](auto &a, auto &b) { return torch::bitwise_or(bools(a), bools(b)); }, nullptr},
      {"torch::bitwise_xor",
       [](auto &a, auto &b) { return torch::bitwise_xor(bools(a), bools(b)); }, nullptr},
      {"at::Tensor::logical_and", [](auto &a, auto &b) { return a.logical_and(b); }, nullptr},
      {"at::Tensor::logical_or", [](auto &a, auto &b) { return a.logical_or(b); }, nullptr},
      {"at::Tensor::logical_xor", [](auto &a, auto &b) { return a.logical_xor(b); }, nullptr},
      {"at::Tensor::bitwise_and",
       [](auto &a, auto &b) { return bools(a).bitwise_and(bools(b)); }, nullptr},
      {"at::Tensor::bitwise_or",
       [](auto &a, auto &b) { return bools(a).bitwise_or(bools(b)); }, nullptr},
      {"at::Tensor::bitwise_xor",
       [](auto &a, auto &b) { return bools(a).bitwise_xor(bools(b)); }, nullptr},
  };
  for (const auto &r : fns) {
    const std::string n = r.op;
    auto fn = r.fn;
    add(n, "f(dev[2], dev[2])", Side::Same, Mech::TI,
        [fn](const Env &e) { return devs(fn(T({2}, e.dev), T({2}, e.dev))); });
    add(n, "f(dev[2], cpu0)", Side::CpuZeroDim, r.mixed,
        [fn](const Env &e) { return devs(fn(T({2}, e.dev), S(kCpu))); });
    cs.back().scalarAt = 1;
    add(n, "f(cpu0, dev[2])", Side::CpuZeroDim, r.mixed,
        [fn](const Env &e) { return devs(fn(S(kCpu), T({2}, e.dev))); });
    cs.back().scalarAt = 0;
    add(n, "f(dev[2], cpu[1])", Side::CpuShape1, r.mixed,
        [fn](const Env &e) { return devs(fn(T({2}, e.dev), T({1}, kCpu))); });
    if (r.out) {
      auto out = r.out;
      const bool cmp = n == "torch::eq" || n == "torch::ne" || n == "torch::lt" ||
                       n == "torch::gt" || n == "torch::le" || n == "torch::ge";
      add(n, "f_out(out=dev0, cpu0, cpu0)", Side::TwoCpuZeroDim, Mech::TI, [out, cmp](const Env &e) {
        Tensor o = cmp ? B({}, e.dev) : S(e.dev);
        return devs(out(o, S(kCpu), S(kCpu)));
      });
    } else {
      add(n, "f(cpu0, cpu0)", Side::AllCpuZeroDim, Mech::TI,
          [fn](const Env &) { return devs(fn(S(kCpu), S(kCpu))); },
          "no device operand: the two 0-dim CPU tensors make a CPU op");
    }
    add(n, "f(dev0, cpu[2])", Side::DevZeroDimCpu1d, Mech::TI,
        [fn](const Env &e) { return devs(fn(S(e.dev), T({2}, kCpu))); });
  }
  std::vector<std::pair<std::string, Inplace>> inplace = {
      {"at::Tensor::add_", [](Tensor &a, const Tensor &b) { a.add_(b); }},
      {"at::Tensor::sub_", [](Tensor &a, const Tensor &b) { a.sub_(b); }},
      {"at::Tensor::mul_", [](Tensor &a, const Tensor &b) { a.mul_(b); }},
      {"at::Tensor::div_", [](Tensor &a, const Tensor &b) { a.div_(b); }},
      {"at::Tensor::operator+=", [](Tensor &a, const Tensor &b) { a += b; }},
      {"at::Tensor::operator-=", [](Tensor &a, const Tensor &b) { a -= b; }},
      {"at::Tensor::operator*=", [](Tensor &a, const Tensor &b) { a *= b; }},
      {"at::Tensor::operator/=", [](Tensor &a, const Tensor &b) { a /= b; }},
      {"at::Tensor::operator&=", [](Tensor &a, const Tensor &b) { a = bools(a); a &= bools(b); }},
      {"at::Tensor::operator|=", [](Tensor &a, const Tensor &b) { a = bools(a); a |= bools(b); }},
      {"at::Tensor::operator^=", [](Tensor &a, const Tensor &b) { a = bools(a); a ^= bools(b); }},
  };
  for (const auto &[n, fn] : inplace) {
    auto run = [fn = fn](Tensor self, Tensor other) {
      fn(self, other);
      return devs(self);
    };
    add(n, "dev[2] op= dev[2]", Side::Same, Mech::TI,
        [run](const Env &e) { return run(T({2}, e.dev), T({2}, e.dev)); });
    add(n, "dev[2] op= cpu0", Side::CpuZeroDim, Mech::TI,
        [run](const Env &e) { return run(T({2}, e.dev), S(kCpu)); });
    add(n, "dev[2] op= cpu[1]", Side::CpuShape1, Mech::TI,
        [run](const Env &e) { return run(T({2}, e.dev), T({1}, kCpu)); });
    add(n, "cpu0 op= cpu0", Side::AllCpuZeroDim, Mech::TI,
        [run](const Env &) { return run(S(kCpu), S(kCpu)); },
        "no device operand");
    add(n, "cpu[2] op= dev0", Side::DevZeroDimCpu1d, Mech::TI,
        [run](const Env &e) { return run(T({2}, kCpu), S(e.dev)); });
    add(n, "cpu0 op= dev0", Side::CpuSelfInplace, Mech::TI,
        [run](const Env &e) { return run(S(kCpu), S(e.dev)); },
        "the 0-dim CPU tensor is the in-place self (an output)");
  }

  // ---- where(c, x, y) -------------------------------------------------------------------
  add("torch::where", "where(c_dev[2], x_dev[2], y_dev[2])", Side::Same, Mech::TI,
      [](const Env &e) { return devs(torch::where(B({2}, e.dev), T({2}, e.dev), T({2}, e.dev))); });
  add("torch::where", "where(c_dev[2], x_dev[2], y_cpu0)", Side::CpuZeroDim, Mech::TI,
      [](const Env &e) { return devs(torch::where(B({2}, e.dev), T({2}, e.dev), S(kCpu))); });
  add("torch::where", "where(c_cpu0, x_dev[2], y_dev[2])", Side::CpuZeroDim, Mech::TI,
      [](const Env &e) { return devs(torch::where(B({}, kCpu), T({2}, e.dev), T({2}, e.dev))); });
  add("torch::where", "where(c_dev[2], x_cpu0, y_cpu0)", Side::TwoCpuZeroDim, Mech::TI,
      [](const Env &e) { return devs(torch::where(B({2}, e.dev), S(kCpu), S(kCpu))); });
  add("torch::where", "where(c_dev[2], x_dev[2], y_cpu[2])", Side::CpuNonScalar, Mech::TI,
      [](const Env &e) { return devs(torch::where(B({2}, e.dev), T({2}, e.dev), T({2}, kCpu))); });
  add("at::Tensor::where", "x_dev[2].where(c_dev[2], y_dev[2])", Side::Same, Mech::TI,
      [](const Env &e) { return devs(T({2}, e.dev).where(B({2}, e.dev), T({2}, e.dev))); });
  add("at::Tensor::where", "x_dev[2].where(c_dev[2], y_cpu0)", Side::CpuZeroDim, Mech::TI,
      [](const Env &e) { return devs(T({2}, e.dev).where(B({2}, e.dev), S(kCpu))); });
  add("at::Tensor::where", "x_dev[2].where(c_dev[2], y_cpu[2])", Side::CpuNonScalar, Mech::TI,
      [](const Env &e) { return devs(T({2}, e.dev).where(B({2}, e.dev), T({2}, kCpu))); });

  // ---- indexing -------------------------------------------------------------------------
  add("at::Tensor::index", "dev[4].index({idx_dev[2]})", Side::Same, Mech::OpCheck,
      [](const Env &e) { return devs(T({4}, e.dev).index({I({2}, e.dev)})); });
  add("at::Tensor::index", "dev[4].index({idx_cpu[2]})", Side::CpuIndex, Mech::OpCheck,
      [](const Env &e) { return devs(T({4}, e.dev).index({I({2}, kCpu)})); });
  add("at::Tensor::index", "dev[4].index({mask_cpu[4]})", Side::CpuIndex, Mech::OpCheck,
      [](const Env &e) { return devs(T({4}, e.dev).index({B({4}, kCpu)})); }, "boolean mask");
  add("at::Tensor::index", "cpu[4].index({idx_dev[2]})", Side::DevIndexCpuSelf, Mech::OpCheck,
      [](const Env &e) { return devs(T({4}, kCpu).index({I({2}, e.dev)})); });
  add("at::Tensor::index_put_", "dev[4].index_put_({idx_dev[2]}, v_dev[2])", Side::Same,
      Mech::Backend, [](const Env &e) {
        auto x = T({4}, e.dev);
        return devs(x.index_put_({I({2}, e.dev)}, T({2}, e.dev)));
      });
  add("at::Tensor::index_put_", "dev[4].index_put_({idx_cpu[2]}, v_dev[2])", Side::CpuIndex,
      Mech::Backend, [](const Env &e) {
        auto x = T({4}, e.dev);
        return devs(x.index_put_({I({2}, kCpu)}, T({2}, e.dev)));
      });
  add("at::Tensor::index_put_", "dev[4].index_put_({idx_dev[2]}, v_cpu0)", Side::CpuValueZeroDim,
      Mech::Backend, [](const Env &e) {
        auto x = T({4}, e.dev);
        return devs(x.index_put_({I({2}, e.dev)}, S(kCpu)));
      });
  add("at::Tensor::index_put_", "dev[4].index_put_({idx_cpu[2]}, v_cpu0)", Side::CpuValueZeroDim,
      Mech::Backend, [](const Env &e) {
        auto x = T({4}, e.dev);
        return devs(x.index_put_({I({2}, kCpu)}, S(kCpu)));
      }, "CPU indices and a 0-dim CPU value");
  add("at::Tensor::index_put_", "dev[4].index_put_({idx_dev[2]}, v_cpu[2])",
      Side::CpuValueNonScalar, Mech::Backend, [](const Env &e) {
        auto x = T({4}, e.dev);
        return devs(x.index_put_({I({2}, e.dev)}, T({2}, kCpu)));
      });
  add("at::Tensor::masked_fill_", "dev[2].masked_fill_(mask_dev[2], v_dev0)", Side::Same,
      Mech::Backend, [](const Env &e) {
        auto x = T({2}, e.dev);
        return devs(x.masked_fill_(B({2}, e.dev), S(e.dev)));
      });
  add("at::Tensor::masked_fill_", "dev[2].masked_fill_(mask_cpu[2], v_dev0)", Side::CpuMask,
      Mech::Backend, [](const Env &e) {
        auto x = T({2}, e.dev);
        return devs(x.masked_fill_(B({2}, kCpu), S(e.dev)));
      });
  add("at::Tensor::masked_fill_", "dev[2].masked_fill_(mask_dev[2], v_cpu0)",
      Side::CpuValueZeroDim, Mech::Backend, [](const Env &e) {
        auto x = T({2}, e.dev);
        return devs(x.masked_fill_(B({2}, e.dev), S(kCpu)));
      });
  add("at::Tensor::masked_scatter_", "dev[2].masked_scatter_(mask_dev[2], src_dev[2])",
      Side::Same, Mech::Wrapper, [](const Env &e) {
        auto x = T({2}, e.dev);
        return devs(x.masked_scatter_(B({2}, e.dev), T({2}, e.dev)));
      });
  add("at::Tensor::masked_scatter_", "dev[2].masked_scatter_(mask_cpu[2], src_dev[2])",
      Side::CpuMask, Mech::Wrapper, [](const Env &e) {
        auto x = T({2}, e.dev);
        return devs(x.masked_scatter_(B({2}, kCpu), T({2}, e.dev)));
      });
  add("at::Tensor::masked_scatter_", "dev[2].masked_scatter_(mask_dev[2], src_cpu[2])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        auto x = T({2}, e.dev);
        return devs(x.masked_scatter_(B({2}, e.dev), T({2}, kCpu)));
      });
  add("at::Tensor::masked_scatter", "dev[2].masked_scatter(mask_cpu[2], src_dev[2])",
      Side::CpuMask, Mech::Wrapper, [](const Env &e) {
        return devs(T({2}, e.dev).masked_scatter(B({2}, kCpu), T({2}, e.dev)));
      });
  add("at::Tensor::masked_scatter", "dev[2].masked_scatter(mask_dev[2], src_cpu[2])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        return devs(T({2}, e.dev).masked_scatter(B({2}, e.dev), T({2}, kCpu)));
      });
  add("torch::masked_scatter", "masked_scatter(dev[2], mask_dev[2], src_cpu[2])",
      Side::CpuNonScalar, Mech::Wrapper, [](const Env &e) {
        return devs(torch::masked_scatter(T({2}, e.dev), B({2}, e.dev), T({2}, kCpu)));
      });
  add("at::Tensor::masked_fill", "dev[2].masked_fill(mask_dev[2], v_dev0)", Side::Same,
      Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).masked_fill(B({2}, e.dev), S(e.dev))); });
  add("at::Tensor::masked_fill", "dev[2].masked_fill(mask_cpu[2], v_dev0)", Side::CpuMask,
      Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).masked_fill(B({2}, kCpu), S(e.dev))); });
  add("at::Tensor::masked_fill", "dev[2].masked_fill(mask_dev[2], v_cpu0)", Side::CpuValueZeroDim,
      Mech::Backend,
      [](const Env &e) { return devs(T({2}, e.dev).masked_fill(B({2}, e.dev), S(kCpu))); });

  // ---- copy_ and _foreach_norm ------------------------------------------------------------
  add("at::Tensor::copy_", "dev[2].copy_(cpu[2])", Side::CopyIntoDevice, Mech::None,
      [](const Env &e) {
        auto x = T({2}, e.dev);
        x.copy_(T({2}, kCpu));
        return devs(x);
      });
  add("at::Tensor::copy_", "cpu[2].copy_(dev[2])", Side::CopyIntoCpu, Mech::None,
      [](const Env &e) {
        auto x = T({2}, kCpu);
        x.copy_(T({2}, e.dev));
        return devs(x);
      });
  add("torch::_foreach_norm", "_foreach_norm({dev[2], cpu[2]})", Side::ForeachMixed, Mech::None,
      [](const Env &e) { return devs(torch::_foreach_norm({T({2}, e.dev), T({2}, kCpu)})); });
  cs.back().expectDevice = env.dev.str() + ",cpu";

  // ---- cuda:0 vs cuda:1 (only with two GPUs) --------------------------------------------
  if (env.two_gpus) {
    add("torch::mm", "mm(cuda0[2,2], cuda1[2,2])", Side::OtherDevNonScalar, Mech::Wrapper,
        [](const Env &e) { return devs(torch::mm(T({2, 2}, e.dev), T({2, 2}, e.dev1))); });
    add("torch::stack", "stack({cuda0[2], cuda1[2]})", Side::OtherDevNonScalar, Mech::Wrapper,
        [](const Env &e) { return devs(torch::stack({T({2}, e.dev), T({2}, e.dev1)})); });
    add("torch::add", "add(cuda0[2], cuda1_0dim)", Side::OtherDevZeroDim, Mech::TI,
        [](const Env &e) { return devs(torch::add(T({2}, e.dev), S(e.dev1))); },
        "the CPU-scalar exception is for CPU tensors only");
    add("torch::where", "where(c_cuda0[2], x_cuda0[2], y_cuda1_0dim)", Side::OtherDevZeroDim,
        Mech::TI, [](const Env &e) {
          return devs(torch::where(B({2}, e.dev), T({2}, e.dev), S(e.dev1)));
        });
    add("at::Tensor::index", "cuda0[4].index({idx_cuda1[2]})", Side::OtherDevIndex, Mech::OpCheck,
        [](const Env &e) { return devs(T({4}, e.dev).index({I({2}, e.dev1)})); });
    add("at::Tensor::copy_", "cuda0[2].copy_(cuda1[2])", Side::CopyOtherDev, Mech::None,
        [](const Env &e) {
          auto x = T({2}, e.dev);
          x.copy_(T({2}, e.dev1));
          return devs(x);
        });
    add("torch::_foreach_norm", "_foreach_norm({cuda0[2], cuda1[2]})", Side::ForeachMixed,
        Mech::None,
        [](const Env &e) { return devs(torch::_foreach_norm({T({2}, e.dev), T({2}, e.dev1)})); });
    cs.back().expectDevice = env.dev.str() + "," + env.dev1.str();
  }
  return cs;
}

// ---------------------------------------------------------------------------------------------
// Rule table, running, reporting.

// The table's one-line entries `- {name: N, rule: R[, cpu_scalar_at: [i, ...]][, since: V]
// [, before: V]}` (the shipped file writes every entry so; the checks read it with yaml-cpp).
std::vector<std::pair<std::string, TableRule>> loadRules(const std::string &path) {
  std::ifstream in(path);
  if (!in) die("cannot read rules file " + path);
  std::vector<std::pair<std::string, TableRule>> rows;
  const std::regex row(R"(^\s*-\s*\{\s*name:\s*([^,\s]+)\s*,\s*rule:\s*([A-Za-z_]+)\s*(.*)\}\s*$)");
  const std::regex positions(R"(cpu_scalar_at:\s*\[([0-9,\s]*)\])");
  const std::regex since(R"(since:\s*([0-9.]+))");
  const std::regex before(R"(before:\s*([0-9.]+))");
  std::string line;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    TableRule r;
    r.rule = m[2];
    const std::string rest = m[3];
    std::smatch f;
    if (std::regex_search(rest, f, positions)) {
      std::istringstream list(f[1].str());
      std::string item;
      while (std::getline(list, item, ','))
        if (item.find_first_of("0123456789") != std::string::npos) r.cpuScalarAt.insert(std::stoi(item));
    }
    if (std::regex_search(rest, f, since)) r.since = f[1];
    if (std::regex_search(rest, f, before)) r.before = f[1];
    rows.emplace_back(m[1], r);
  }
  if (rows.empty()) die("no rows found in " + path);
  return rows;
}

std::string firstLine(std::string s) {
  auto nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

std::string cell(std::string s, size_t max = 150) {
  if (s.size() > max) s = s.substr(0, max - 3) + "...";
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '`') out += '\'';
    else out += c;
  }
  return out;
}

bool contains(const std::string &hay, const std::string &needle) {
  std::string h = hay, n = needle;
  std::transform(h.begin(), h.end(), h.begin(), [](unsigned char c) { return std::tolower(c); });
  std::transform(n.begin(), n.end(), n.begin(), [](unsigned char c) { return std::tolower(c); });
  return h.find(n) != std::string::npos;
}

// A device-related error: PyTorch's messages for mixed devices. Convolution reports a device
// mismatch as a type mismatch ("Input type (torch.cuda.FloatTensor) and weight type
// (torch.FloatTensor) should be the same"); the cases use one dtype, so that is the device.
bool deviceError(const std::string &msg) {
  return contains(msg, "device") || contains(msg, "CPU scalars") ||
         (contains(msg, "Input type") && contains(msg, "weight type"));
}

// The op cannot run on meta at all (no Meta kernel, or it needs the data).
bool metaUnsupported(const std::string &msg) {
  // "incompatible tensor type": libtorch 1.13's Module::to(meta) cannot set_data a parameter.
  return contains(msg, "'Meta' backend") || contains(msg, "meta tensor") ||
         contains(msg, "no data") || contains(msg, "convolution_overrideable not implemented") ||
         contains(msg, "incompatible tensor type");
}

struct Row {
  int n;
  const Case *c;
  std::string rule;
  Prediction pred;
  bool threw = false;
  std::string observed;  // result device(s) or the error's first line
  std::string verdict;   // AGREE, DISAGREE, STRICTER, N/J
  std::string why;
};

}  // namespace

int main(int argc, char **argv) {
  std::string rulesPath = TORCHLINT_RULES_YAML;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--rules" && i + 1 < argc) rulesPath = argv[++i];
    else if (a == "-h" || a == "--help") {
      std::cout << "usage: rule_table [--rules checks/device/rules/torch-ops.yaml]\n";
      return 0;
    } else die("unknown argument " + a);
  }
  // The entries that hold for this libtorch, as the checks pick them with LibtorchVersion.
  const std::string version = runningVersion();
  std::vector<std::pair<std::string, TableRule>> rules;
  for (auto &[name, rule] : loadRules(rulesPath))
    if (holdsFor(rule, version)) rules.emplace_back(name, rule);
  std::map<std::string, TableRule> ruleOf;
  for (const auto &[name, rule] : rules) ruleOf[name] = rule;

  Env env;
  env.cuda = torch::cuda::is_available();
  const auto gpus = env.cuda ? torch::cuda::device_count() : 0;
  if (env.cuda) {
    env.dev = torch::Device(torch::kCUDA, 0);
    if (gpus >= 2) {
      env.two_gpus = true;
      env.dev1 = torch::Device(torch::kCUDA, 1);
    }
  } else {
    env.dev = torch::Device(torch::kMeta);
  }
  const bool meta = !env.cuda;

  const auto cases = makeCases(env);
  std::vector<Row> rows;
  std::set<std::string> covered;
  for (const auto &c : cases) {
    Row r;
    r.n = static_cast<int>(rows.size()) + 1;
    r.c = &c;
    auto it = ruleOf.find(c.op);
    if (it == ruleOf.end()) {
      r.rule = "(not in table)";
      r.pred = {Outcome::Reject, ""};
      r.verdict = "DISAGREE";
      r.why = "the case names an op that is not a rule-table row";
      rows.push_back(r);
      continue;
    }
    covered.insert(c.op);
    r.rule = describe(it->second);
    r.pred = predict(c.op, it->second, c.side, c.scalarAt, env);
    if (!c.expectDevice.empty() && r.pred.outcome == Outcome::Allow) r.pred.device = c.expectDevice;
    try {
      r.observed = c.run(env);
      r.threw = false;
    } catch (const c10::Error &e) {
      r.threw = true;
      r.observed = firstLine(e.what_without_backtrace());
    } catch (const std::exception &e) {
      r.threw = true;
      r.observed = firstLine(e.what());
    }
    // Verdict. On meta, a mixed-device case decided on CUDA by a check that meta lacks (the
    // generated wrapper check, or a check inside the CPU/CUDA kernel) proves nothing either
    // way: it runs because nothing there could reject it.
    const bool metaBlind = meta && c.side != Side::Same &&
                           (c.mech == Mech::Wrapper || c.mech == Mech::Backend);
    const char *blindWhy = c.mech == Mech::Wrapper
                               ? "meta has no generated (wrapper) device check"
                               : "meta's own kernel lacks the CUDA kernel's check";
    // The generated CUDA wrapper check compares every tensor operand's device, 0-dim or not:
    // a table that excuses a 0-dim CPU operand there is wrong on CUDA, even where meta (which
    // has no such check) runs the case.
    const bool wrapperRejectsScalar = c.side == Side::CpuZeroDim && c.mech == Mech::Wrapper &&
                                      r.pred.outcome == Outcome::Allow;
    if (wrapperRejectsScalar) {
      r.verdict = "DISAGREE";
      r.why = "the table excuses a 0-dim CPU operand that the op's CUDA wrapper check rejects";
    } else if (r.pred.outcome == Outcome::Reject && !r.threw && !c.stricterBecause.empty() &&
               !metaBlind) {
      r.verdict = "STRICTER";
      r.why = c.stricterBecause;
    } else if (r.pred.outcome == Outcome::Allow && !r.threw &&
               (r.pred.device.empty() || r.observed == r.pred.device)) {
      r.verdict = metaBlind ? "N/J" : "AGREE";
      if (metaBlind) r.why = std::string("ran, but ") + blindWhy;
    } else if (r.pred.outcome == Outcome::Reject && r.threw &&
               (deviceError(r.observed) || c.anyReason)) {
      r.verdict = "AGREE";
      if (!deviceError(r.observed)) r.why = "rejected for a non-device reason (expected: see note)";
    } else if (meta && r.threw && metaUnsupported(r.observed)) {
      r.verdict = "N/J";
      r.why = "cannot run on meta";
    } else if (metaBlind && !r.threw && r.pred.outcome == Outcome::Reject) {
      r.verdict = "N/J";
      r.why = blindWhy;
    } else {
      r.verdict = "DISAGREE";
      if (r.threw && r.pred.outcome == Outcome::Reject) r.why = "threw for a non-device reason";
      else if (!r.threw && r.pred.outcome == Outcome::Allow) r.why = "result on the wrong device";
    }
    rows.push_back(r);
  }
  std::vector<std::string> uncovered;
  for (const auto &[name, rule] : rules)
    if (!covered.count(name)) uncovered.push_back(name + " (" + describe(rule) + ")");

  // ---- report -------------------------------------------------------------------------
  std::cout << "# Rule table against real PyTorch\n\n";
  std::cout << "- libtorch: " << TORCH_VERSION << " (TORCH_VERSION from torch/version.h)\n";
  std::cout << "- rules: " << rulesPath << " (" << rules.size() << " rows that hold for libtorch "
            << version << ")\n";
  if (env.cuda) {
    std::cout << "- device: CUDA, " << env.dev.str() << " (" << gpus << " GPU(s) visible)";
    std::cout << (env.two_gpus ? "; cuda:0 vs cuda:1 rows included\n"
                               : "; one GPU: no cuda:0 vs cuda:1 rows\n");
  } else {
    std::cout << "- device: meta (NO CUDA: torch::cuda::is_available() is false). meta is a PROXY "
                 "for a device: these results are NOT CUDA results.\n";
    std::cout << "  PyTorch's generated per-op device check (wrapper_CUDA_*) is not emitted for "
                 "Meta, some ops have a Meta kernel without the CUDA kernel's check, and some have "
                 "no Meta kernel at all: rows that only such a check or kernel could decide are N/J "
                 "(not judgeable on meta) and counted neither way. TensorIterator and shared op "
                 "checks run on meta as on CUDA.\n";
  }
  std::cout << "- 'dev' below is " << env.dev.str() << "; cpu0 = 0-dim CPU tensor, dev0 = 0-dim "
               "device tensor, [n] = shape. 'check' = the PyTorch mechanism that decides the "
               "case on CUDA: wrapper (generated per-op check), TensorIterator, op check (shared "
               "by all backends), CUDA kernel (inside the CPU/CUDA kernel), none.\n\n";
  std::cout << "| # | op (rule-table row) | rule | case | check | predicted | observed | verdict |\n";
  std::cout << "|---|---|---|---|---|---|---|---|\n";
  int agree = 0, stricter = 0, nj = 0, disagree = 0;
  for (const auto &r : rows) {
    std::string pred = r.pred.outcome == Outcome::Allow ? "ALLOW" : "REJECT";
    if (r.pred.outcome == Outcome::Allow && !r.pred.device.empty()) pred += " -> " + r.pred.device;
    std::string obs = r.threw ? "threw: " + r.observed : "ran -> " + r.observed;
    std::string what = r.c->what;
    if (!r.c->note.empty()) what += " (" + r.c->note + ")";
    std::string verdict = r.verdict;
    if (!r.why.empty()) verdict += " (" + r.why + ")";
    if (r.verdict == "AGREE") ++agree;
    else if (r.verdict == "STRICTER") ++stricter;
    else if (r.verdict == "N/J") ++nj;
    else ++disagree;
    if (r.verdict == "DISAGREE") verdict = "**" + verdict + "**";
    std::cout << "| " << r.n << " | `" << r.c->op << "` | " << r.rule << " | `" << cell(what, 200)
              << "` | " << mechName(r.c->mech) << " | " << pred << " | " << cell(obs) << " | "
              << verdict << " |\n";
  }
  std::cout << "\n";
  std::cout << "Rule-table rows: " << rules.size() << ", covered by at least one case: "
            << covered.size() << "\n";
  if (!uncovered.empty()) {
    std::cout << "Rule-table rows WITHOUT a case (counted as failed):";
    for (const auto &u : uncovered) std::cout << " " << u;
    std::cout << "\n";
  }
  std::cout << "Cases: " << rows.size() << " = " << agree << " AGREE + " << stricter
            << " STRICTER (the table rejects what this case's rank allows, documented; counted as "
               "passed) + " << nj
            << " N/J (not judgeable on meta, not counted) + " << disagree << " DISAGREE\n";
  if (stricter) {
    std::cout << "STRICTER rows:";
    for (const auto &r : rows)
      if (r.verdict == "STRICTER")
        std::cout << " #" << r.n << " " << r.c->op << ": " << r.c->what << " ["
                  << (r.threw ? "threw" : "ran") << "];";
    std::cout << "\n";
  }
  if (disagree) {
    std::cout << "DISAGREE rows:";
    for (const auto &r : rows)
      if (r.verdict == "DISAGREE")
        std::cout << " #" << r.n << " " << r.c->op << ": " << r.c->what << ";";
    std::cout << "\n";
  }
  const int passed = agree + stricter;
  const int failed = disagree + static_cast<int>(uncovered.size());
  std::cout << passed << " passed, " << failed << " failed\n";
  std::remove("/tmp/torchlint_rule_table_from_file.bin");
  return failed == 0 ? 0 : 1;
}
