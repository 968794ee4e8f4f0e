// CHECKS: torch-factory-without-device, torch-mixed-device-op
// HEADERS: fast real real2
// A device-less tensor that meets device data inside a function it is
// handed to: a module method that combines its argument with a member, a
// helper that combines two arguments, a helper whose result carries its
// argument's device. Reported at the factory, with the calls that lead to
// the op as notes. Calls the analysis cannot follow (recursion, virtual
// methods, an object whose members live nowhere known) stay silent, and so
// do arguments that a function reads on the host.
#include <torch/torch.h>

#include <cstdint>

struct LatticeImpl : torch::nn::Module {
  torch::Tensor table;
  LatticeImpl() { table = register_buffer("table", torch::zeros({8, 8})); }

  torch::Tensor nearest(const torch::Tensor &h, const torch::Tensor &k) {
    auto inside = (h >= 0) & (k >= 0);
    auto values = table.index({h, k});
    return torch::where(inside, values, torch::zeros_like(values));
  }
  torch::Tensor lookup(const torch::Tensor &h, const torch::Tensor &k) {
    return nearest(h.to(torch::kLong), k.to(torch::kLong));
  }
  torch::Tensor scaled(const torch::Tensor &s) { return table * s; }
  // The argument is moved to the member's device first: nothing to meet.
  torch::Tensor shifted(const torch::Tensor &s) {
    return table + s.to(table.device());
  }
  // CPU index tensors are allowed on a device self.
  torch::Tensor row(const torch::Tensor &i) { return table.index({i}); }
};
TORCH_MODULE(Lattice);

struct Simulator {
  Lattice lattice;
  torch::Device device;
  explicit Simulator(torch::Device d) : device(d) { lattice->to(d); }

  // A debug path builds its indices without a device.
  double debug_value(int64_t h0, int64_t k0) {
    return lattice->lookup(torch::tensor({{h0}}), torch::tensor({{k0}}))
        // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
        // CHECK-MESSAGES: :[[@LINE-2]]:51: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
        // CHECK-NOTES: :[[@LINE-3]]:21: note: it is passed to 'lookup' here, where it meets a tensor on the device of 'lattice'
        // CHECK-NOTES: :[[@LINE-23]]:12: note: 'lookup' passes it on to 'nearest' here
        // CHECK-NOTES: :[[@LINE-27]]:12: note: 'nearest' calls 'where' here
        // CHECK-NOTES: :[[@LINE-11]]:17: note: the device is taken from member 'device'
        // CHECK-NOTES: :[[@LINE-7]]:21: note: it is passed to 'lookup' here, where it meets a tensor on the device of 'lattice'
        // CHECK-NOTES: :[[@LINE-27]]:12: note: 'lookup' passes it on to 'nearest' here
        // CHECK-NOTES: :[[@LINE-31]]:12: note: 'nearest' calls 'where' here
        // CHECK-NOTES: :[[@LINE-15]]:17: note: the device is taken from member 'device'
        // CHECK-FIXES: return lattice->lookup(torch::tensor({{h0}}, torch::device(device)), torch::tensor({{k0}}, torch::device(device)))
        .item<double>();
  }
  double debug_scale(double s) {
    auto factor = torch::tensor({s});
    // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::tensor' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-NOTES: :[[@LINE+4]]:21: note: it is passed to 'scaled' here, where it meets a tensor on the device of 'lattice'
    // CHECK-NOTES: :[[@LINE-35]]:63: note: 'scaled' calls 'operator*' here
    // CHECK-NOTES: :[[@LINE-24]]:17: note: the device is taken from member 'device'
    // CHECK-FIXES: auto factor = torch::tensor({s}, torch::device(device));
    return lattice->scaled(factor).sum().item<double>();
  }
  // A 0-dim CPU tensor may join a device op.
  double scalar_scale(double s) {
    return lattice->scaled(torch::tensor(s)).sum().item<double>();
  }
  double moved_first(double s) {
    return lattice->shifted(torch::tensor({s})).sum().item<double>();
  }
  torch::Tensor host_rows(int64_t n) { return lattice->row(torch::arange(n)); }
};

// A helper that combines its two arguments.
torch::Tensor blend(const torch::Tensor &a, const torch::Tensor &b) {
  return a * 0.5 + b * 0.5;
}
torch::Tensor blend_with_zeros(const torch::Tensor &x) {
  return blend(x, torch::zeros({4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: tensor factory 'torch::zeros' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: it is passed to 'blend' here, where it meets a tensor on the device of 'x'
  // CHECK-NOTES: :[[@LINE-6]]:18: note: 'blend' calls 'operator+' here
  // CHECK-NOTES: :[[@LINE-5]]:53: note: the device is taken from parameter 'x'
  // CHECK-FIXES: return blend(x, torch::zeros({4}, torch::device(x.device())));
}
// Both arguments on the host: nothing meets device data.
torch::Tensor blend_on_host() { return blend(torch::ones({4}), torch::zeros({4})); }

// A helper whose result lives where its argument does.
torch::Tensor doubled(const torch::Tensor &t) { return t * 2; }
torch::Tensor add_doubled_ones(const torch::Tensor &x) {
  auto y = doubled(torch::ones({4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: tensor factory 'torch::ones' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
  // CHECK-NOTES: :[[@LINE+3]]:12: note: it meets a tensor on the device of 'x' in 'operator+'
  // CHECK-NOTES: :[[@LINE-4]]:53: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto y = doubled(torch::ones({4}, torch::device(x.device())));
  return x + y;
}

// A helper that reads its argument on the host: callers pass host data, so
// the boxes here are CPU tensors and the scales meet nothing else.
int32_t first_coordinate(const torch::Tensor &box) {
  return *box.data_ptr<int32_t>();
}
torch::Tensor to_image(const torch::Tensor &boxes, float scale) {
  const int32_t x0 = first_coordinate(boxes[0]);
  auto scales = torch::tensor({scale, scale, scale, scale});
  return boxes * scales + x0;
}

// Recursion: no summary, the call stays opaque.
torch::Tensor halve_until(const torch::Tensor &t, int n) {
  return n == 0 ? t : halve_until(t * 0.5, n - 1);
}
torch::Tensor recursive(const torch::Tensor &x) {
  return x + halve_until(torch::ones({4}), 3);
}

// A virtual method may be overridden: the call is not followed.
struct Scaler {
  torch::Tensor weight;
  virtual ~Scaler() = default;
  virtual torch::Tensor apply(const torch::Tensor &t) { return weight * t; }
};
torch::Tensor scale_virtual(Scaler &s) { return s.apply(torch::ones({4})); }

// A local object: where its members live is not known here.
struct Table {
  torch::Tensor values;
  torch::Tensor scaled(const torch::Tensor &t) { return values * t; }
};
torch::Tensor local_table() {
  Table t;
  t.values = torch::ones({4});
  return t.scaled(torch::ones({4}));
}

// The helpers above are called with data on a device chosen at run time:
// that makes their tensor parameters evidence (without such a caller, a
// factory meeting only a parameter is latent: factory-without-device-latent.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({4}, device);
  blend_with_zeros(x);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend_with_zeros'
  add_doubled_ones(x);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: data on the device of 'device' reaches parameter 'x' through this call of 'add_doubled_ones'
}
