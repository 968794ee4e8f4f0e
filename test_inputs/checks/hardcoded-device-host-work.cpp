// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
// Deliberate host work: results moved to the CPU to be read, collected or
// handed to a host-side helper there. None of it is a hard-coded placement.
#include <torch/torch.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

// Helpers that read their input on the host by contract.
std::tuple<torch::Tensor, torch::Tensor> step_envs(torch::Tensor actions);
void draw_boxes(std::vector<unsigned char> &image, torch::Tensor boxes);

torch::Tensor act(torch::nn::Linear &policy, const torch::Tensor &obs) {
  auto action = policy->forward(obs).argmax(1);
  auto [next_obs, reward] = step_envs(action.cpu());
  return next_obs;
}

void render(std::vector<unsigned char> &image, const torch::Tensor &boxes) {
  draw_boxes(image, boxes.to(torch::kCPU));
}

std::vector<torch::Tensor> infer(torch::nn::Linear &net,
                                 const std::vector<torch::Tensor> &batch) {
  std::vector<torch::Tensor> out;
  for (const auto &x : batch)
    out.push_back(net->forward(x).detach().cpu());
  return out;
}

std::vector<torch::Tensor> keep(const std::vector<torch::Tensor> &boxes,
                                const torch::Tensor &order) {
  std::vector<torch::Tensor> kept(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i)
    kept[i] = boxes[i].index_select(0, order).cpu();
  return kept;
}

// Rendered results collected on the host, batch by batch.
torch::Tensor render(torch::nn::Linear &net, const torch::Tensor &rays) {
  torch::Tensor image;
  for (int64_t i = 0; i < rays.size(0); i += 1024) {
    auto out = net->forward(rays.slice(0, i, i + 1024));
    image = image.defined() ? torch::cat({image, out.detach().cpu()})
                            : out.detach().to(torch::kCPU);
  }
  return image;
}

// Suppression on the host: the kept rows are joined with host-made batch
// indices (a device-less `torch::full`), so the move is what makes the cat
// work; following the input's device there would break it.
torch::Tensor suppress(const torch::Tensor &detections, int64_t image) {
  auto kept = detections.index_select(0, torch::nonzero(detections.select(1, 4)).squeeze()).cpu();
  for (int64_t i = kept.size(0) - 1; i > 0; --i)
    kept = kept.index_select(0, torch::nonzero(kept.select(1, 4) > 0.5).squeeze());
  auto index = torch::full({kept.size(0), 1}, image);
  return torch::cat({index, kept}, 1);
}

// The same move with nothing host-made to meet: a hard-coded placement.
torch::Tensor suppress_on(const torch::Tensor &detections,
                          const torch::Tensor &anchors) {
  auto kept = detections.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:48: note: the device is taken from parameter 'anchors'
  // CHECK-FIXES: auto kept = detections.to(anchors.device());
  return torch::cat({anchors, kept}, 1);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: the tensor it places may meet a tensor on the device of 'anchors' here, in 'cat'
}

// A batch's results brought to the host, unbound and collected there.
std::vector<torch::Tensor> run_batches(torch::nn::Linear &net,
                                       const std::vector<torch::Tensor> &inputs,
                                       const torch::Device &device) {
  std::vector<torch::Tensor> output;
  for (size_t i = 0; i < inputs.size(); i += 8) {
    torch::Tensor batch = torch::stack(inputs).to(device);
    batch = net->forward(batch).to(torch::kCPU);
    auto rows = torch::unbind(batch);
    output.insert(output.end(), rows.begin(), rows.end());
  }
  return output;
}

float *raw_scores(const torch::Tensor &scores) {
  return scores.cpu().data<float>();
}

// Still hard-coded: a module's forward and a helper that returns a tensor go
// on computing with what they are given.
torch::Tensor normalise(torch::Tensor x) { return x / x.norm(); }
torch::Tensor keeps_computing(torch::nn::Linear &net, const torch::Tensor &x) {
  auto a = net->forward(x.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:50: note: parameter 'net' makes this code device-neutral; follow the device of the data it works with
  // CHECK-NOTES: :[[@LINE-3]]:17: note: the tensor it places may meet a tensor on the device of 'net' here, in 'torch::nn::LinearImpl::forward'
  // No fix: nothing in scope but x itself spells a device, and
  // x.to(x.device()) would change nothing.
  return normalise(a.cpu());
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-9]]:76: note: the device is taken from parameter 'x'
  // CHECK-FIXES: return normalise(a.to(x.device()));
  // CHECK-NOTES: :[[@LINE-4]]:22: note: the tensor it places is returned from 'keeps_computing', for code whose data may be on another device
}

// A result stored to the host and then computed with: not host work.
torch::Tensor scaled(torch::nn::Linear &net, const torch::Tensor &x) {
  torch::Tensor y = net->forward(x);
  y = y.to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-4]]:67: note: the device is taken from parameter 'x'
  // CHECK-FIXES: y = y.to(x.device());
  // CHECK-NOTES: :[[@LINE-4]]:12: note: the tensor it places is returned from 'scaled', for code whose data may be on another device
  return y * 2;
}

// Stored in a loop that the local outlives: its earlier statements in the
// loop see the host tensor too, and this is not judged host work.
torch::Tensor accumulate(torch::nn::Linear &net, const torch::Tensor &x) {
  torch::Tensor acc = x;
  for (int i = 0; i < 3; ++i) {
    auto rows = torch::unbind(acc);
    acc = net->forward(acc).cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-6]]:71: note: the device is taken from parameter 'x'
    // CHECK-FIXES: acc = net->forward(acc).to(x.device());
    // CHECK-NOTES: :[[@LINE-4]]:16: note: the tensor it places may meet a tensor on the device of 'net' here, in 'torch::nn::LinearImpl::forward'
  }
  return acc;
}

// A model's inference methods hand their results to host code; its forward
// goes on computing, and a CPU move there is flagged.
struct DetectorImpl : torch::nn::Module {
  DetectorImpl() { head = register_module("head", torch::nn::Linear(4, 6)); }
  std::tuple<torch::Tensor, torch::Tensor> detect(const torch::Tensor &images) {
    auto [detections, masks] = run(images);
    detections = detections.cpu();
    if (masks.numel() > 0)
      masks = masks.permute({1, 0}).cpu();
    return {detections, masks};
  }
  std::tuple<torch::Tensor, torch::Tensor> run(const torch::Tensor &images) {
    auto out = head->forward(images);
    return {out, out.sigmoid()};
  }
  torch::Tensor predict(const torch::Tensor &x) {
    return head->forward(x).softmax(1).to(torch::kCPU);
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return head->forward(x).cpu();
    // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-3]]:46: note: the device is taken from parameter 'x'
    // CHECK-FIXES: return head->forward(x).to(x.device());
    // CHECK-NOTES: :[[@LINE-4]]:29: note: the tensor it places is returned from 'forward', for code whose data may be on another device
  }
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Detector);

// So do the methods of a class that holds a model to run it: a search that
// evaluates positions reads the policy and value on the host.
class PolicyValueNet {
public:
  explicit PolicyValueNet(torch::Device device) : device_(device) {
    model_->to(device_);
  }
  std::pair<torch::Tensor, torch::Tensor>
  policy_value(const torch::Tensor &states) {
    auto input = states.device() != device_ ? states.to(device_) : states;
    auto [policy, value] = model_->detect(input);
    return {policy.cpu(), value.cpu()};
  }

private:
  torch::Device device_;
  Detector model_;
};

// A helper that reads every tensor it receives on the host works on the
// host by contract: its CPU placements are where its data lives.
torch::Tensor pairwise_host(const torch::Tensor &points, int64_t limit) {
  const int64_t n = points.size(0);
  if (n > limit)
    return torch::full({n, 2}, 0.5, torch::TensorOptions().device(torch::kCPU));
  const float *p = points.contiguous().data_ptr<float>();
  std::vector<float> out(static_cast<size_t>(n) * 2, p[0]);
  return torch::tensor(out).view({n, 2});
}

// The same helper that only hands its input on: device-neutral.
torch::Tensor pairwise_any(const torch::Tensor &points, int64_t limit) {
  const int64_t n = points.size(0);
  if (n > limit)
    return torch::full({n, 2}, 0.5, torch::TensorOptions().device(torch::kCPU));
    // CHECK-MESSAGES: :[[@LINE-1]]:67: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-5]]:49: note: the device is taken from parameter 'points'
    // CHECK-FIXES: return torch::full({n, 2}, 0.5, torch::TensorOptions().device(points.device()));
    // CHECK-NOTES: :[[@LINE-4]]:67: note: the tensor it places is returned from 'pairwise_any', for code whose data may be on another device
  return points.slice(1, 0, 2);
}

// Staged on the host on purpose, worked on there, then moved to the device
// the code holds.
struct Splats {
  void init(int64_t n, const torch::Device &dev) {
    device = dev;
    auto rot_cpu = torch::rand({n, 4}, torch::TensorOptions().device(torch::kCPU));
    rot_cpu = torch::sigmoid(rot_cpu);
    rot_cpu = rot_cpu.exp();
    rot_cpu = rot_cpu / 2;
    rotation = rot_cpu.to(device);
  }
  // Made on the host and combined there with device data: still flagged.
  torch::Tensor jitter(const torch::Tensor &x) {
    auto noise = torch::rand({4}, torch::TensorOptions().device(torch::kCPU));
    // CHECK-MESSAGES: :[[@LINE-1]]:65: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-3]]:45: note: the device is taken from parameter 'x'
    // CHECK-FIXES: auto noise = torch::rand({4}, torch::TensorOptions().device(x.device()));
    return x + noise;
    // CHECK-NOTES: :[[@LINE-1]]:14: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  }
  torch::Tensor rotation;
  torch::Device device = torch::kCPU;
};

// Statistics copied to the host to be written to a file, gathered in a
// vector first: a portable checkpoint, not a placement.
struct Stats {
  torch::Tensor mean, var;
  void save(const std::string &path) const {
    std::vector<torch::Tensor> state = {mean.cpu(), var.cpu()};
    torch::save(state, path);
  }
  void save_inline(const std::string &path) const {
    torch::save(std::vector<torch::Tensor>{mean.cpu(), var.cpu()}, path);
  }
  // Gathered the same way but combined with device data afterwards: flagged.
  torch::Tensor mix(const torch::Tensor &x) const {
    std::vector<torch::Tensor> parts = {mean.cpu(), x};
    // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
    // CHECK-NOTES: :[[@LINE-3]]:42: note: the device is taken from parameter 'x'
    // CHECK-FIXES: std::vector<torch::Tensor> parts = {mean.to(x.device()), x};
    return torch::cat(parts);
    // CHECK-NOTES: :[[@LINE-1]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'cat'
  }
};

// Results taken to the host and worked on there before they are read: the
// ops run on the host too.
void print_best(torch::nn::Linear &head, const torch::Tensor &x) {
  auto scores = head->forward(x).cpu();
  auto best = torch::argmax(scores);
  std::cout << best.item<int64_t>() << "\n";
  std::cout << scores.softmax(0).max().item<float>() << "\n";
}
// Worked on on the host, then combined with device data again: flagged.
torch::Tensor rescore(torch::nn::Linear &head, const torch::Tensor &x) {
  auto scores = head->forward(x).cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:69: note: the device is taken from parameter 'x'
  // CHECK-FIXES: auto scores = head->forward(x).to(x.device());
  // (A 0-dim result, `torch::argmax(scores)`, may meet device data.)
  auto best = torch::argmax(scores, /*dim=*/1);
  return x + best;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
}

// The function's own handle moved to the host and read there.
float darkest(torch::Tensor image) {
  image = image.to(torch::kCPU);
  float low = 1;
  for (int64_t i = 0; i < image.size(0); ++i)
    low = std::min(low, image[i].item<float>());
  return low;
}

// The caller's results, taken by reference, moved to the host and read there
// (an accessor, item): the move is that reading's.
void collect_boxes(torch::Tensor &dets, torch::Tensor &masks,
                   std::vector<float> &scores) {
  if (dets.size(0) == 0)
    return;
  dets = dets.cpu();
  auto rows = dets.accessor<float, 2>();
  for (int64_t i = 0; i < dets.size(0); ++i) {
    scores.push_back(rows[i][4]);
    if (masks.defined())
      scores.push_back(masks[i].cpu().sum().item<float>());
  }
}
// The same move with the result combined with device data after it: flagged.
torch::Tensor recenter(torch::Tensor &dets, const torch::Tensor &anchors) {
  dets = dets.cpu();
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-3]]:66: note: the device is taken from parameter 'anchors'
  // CHECK-FIXES: dets = dets.to(anchors.device());
  return dets - anchors;
  // CHECK-NOTES: :[[@LINE-1]]:15: note: the tensor it places may meet a tensor on the device of 'anchors' here, in 'operator-'
}

// The helpers above that keep computing are called with data placed by a
// run-time device choice.
void run_on(torch::Device device) {
  auto x = torch::ones({4, 2}, device);
  suppress_on(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: data on the device of 'device' reaches parameter 'detections' through this call of 'suppress_on'
  pairwise_any(x, 2);
  // CHECK-NOTES: :[[@LINE-1]]:16: note: data on the device of 'device' reaches parameter 'points' through this call of 'pairwise_any'
  recenter(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on the device of 'device' reaches parameter 'dets' through this call of 'recenter'
}
void mix_on(torch::Device device, const Stats &stats) {
  stats.mix(torch::ones({2}, device));
  // CHECK-NOTES: :[[@LINE-1]]:13: note: data on the device of 'device' reaches parameter 'x' through this call of 'mix'
}

// Host copies worked on with operators, a helper that computes where its
// input is, or chosen by a conditional, then written to a file through their
// memory: host work, whatever the branch.
torch::Tensor to_rgb(const torch::Tensor &sh) {
  return torch::clamp(sh * 0.28 + 0.5, 0.0, 1.0);
}
// Defined in another file of the project: from one tensor to another, it
// computes where its input is.
torch::Tensor to_opacity(const torch::Tensor &logits);
struct PlyWriter {
  torch::Tensor means, scales, colours, opacities, offset;
  torch::Device device = torch::kCPU;
  void save(std::ofstream &out, int64_t n, bool keep, float s) {
    torch::Tensor m = keep ? (means.cpu() / s) + offset : means.cpu();
    torch::Tensor c = keep ? torch::log(torch::exp(scales.cpu()) / s) : scales.cpu();
    torch::Tensor rgb = (to_rgb(colours.cpu()) * 255.0f).toType(torch::kUInt8);
    torch::Tensor alpha = to_opacity(opacities.cpu()) * 255.0f;
    for (int64_t i = 0; i < n; ++i) {
      out.write(reinterpret_cast<const char *>(m[i].data_ptr()), sizeof(float) * 3);
      out.write(reinterpret_cast<const char *>(c[i].data_ptr()), sizeof(float) * 3);
      out.write(reinterpret_cast<const char *>(rgb[i].data_ptr()), 3);
      out.write(reinterpret_cast<const char *>(alpha[i].data_ptr()), sizeof(float));
    }
  }
};

// A host copy a class keeps for a host-pointer API: every use of the member,
// in any method, reads it on the host or writes it to an archive.
void host_kernel(const float *weights, int64_t n);
class HostWeights {
public:
  HostWeights(const torch::Tensor &weights)
      : weights_(weights.to(torch::kFloat32).cpu().clone()) {}
  torch::Tensor forward(const torch::Tensor &x) {
    if (weights_.dim() == 2)
      host_kernel(weights_.data_ptr<float>(), weights_.numel());
    return x.to(device_);
  }
  static void save(torch::serialize::OutputArchive &archive, HostWeights *self) {
    archive.write("weights", self->weights_);
  }
  torch::Tensor weights_;
  torch::Device device_ = torch::kCPU;
};

// Gradients gathered to the host for a C library that reduces host memory,
// the reduced copy then handed back: the library needs the data on the host,
// so the move is host work even though the result goes on afterwards.
void host_allreduce(const float *in, float *out, int64_t n);
void apply_gradients(torch::nn::Module &model, const torch::Tensor &flat);
void average_gradients(torch::nn::Module &model, const torch::Tensor &flat,
                       int64_t workers) {
  auto local = flat.cpu();
  torch::Tensor global = torch::zeros_like(local);
  host_allreduce(local.data_ptr<float>(), global.data_ptr<float>(),
                 local.numel());
  global /= static_cast<double>(workers);
  apply_gradients(model, global);
}

// A CPU kernel that wraps its own host vectors: the options kept in a local
// and handed only to from_blob say where that memory is, not where data goes.
std::pair<torch::Tensor, torch::Tensor> neighbours(const torch::Tensor &points,
                                                   const torch::Tensor &batch) {
  std::vector<int64_t> index(4, 0);
  std::vector<float> dist(4, 0.f);
  auto index_options = torch::TensorOptions().dtype(torch::kLong).device(torch::kCPU);
  auto dist_options = torch::TensorOptions().dtype(torch::kFloat32).device(torch::kCPU);
  auto counts = torch::zeros({batch.size(0)}, batch.options());
  torch::Tensor idx = torch::from_blob(index.data(), {2, 2}, index_options).clone();
  // Spelled as a keyword argument, the options are assigned as they are
  // handed over.
  torch::Tensor d =
      torch::from_blob(dist.data(), {2, 2}, index_options = dist_options).clone();
  return {idx + counts.sum().item<int64_t>(), d};
}

// Their callers: a model trained on the GPU.
void run_on_gpu(const torch::Tensor &x) {
  torch::nn::Linear net(3, 3);
  net->to(torch::kCUDA);
  const auto input = x.to(torch::kCUDA);
  auto a = keeps_computing(net, input);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: a module on cuda reaches parameter 'net' through this call of 'keeps_computing'
  // CHECK-NOTES: :[[@LINE-2]]:28: note: a module on cuda reaches parameter 'net' through this call of 'keeps_computing'
  auto b = scaled(net, input);
  // CHECK-NOTES: :[[@LINE-1]]:19: note: a module on cuda reaches parameter 'net' through this call of 'scaled'
  auto c = accumulate(net, input);
  // CHECK-NOTES: :[[@LINE-1]]:23: note: a module on cuda reaches parameter 'net' through this call of 'accumulate'
  auto d = rescore(net, input);
  // CHECK-NOTES: :[[@LINE-1]]:20: note: a module on cuda reaches parameter 'head' through this call of 'rescore'
}
