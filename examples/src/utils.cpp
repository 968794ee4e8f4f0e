#include "utils.h"

#include <iostream>

Dataset make_dataset(const torch::Tensor& teacher, int64_t n) {
  auto x = torch::randn({n, teacher.size(0)}, teacher.options());
  auto y = x.matmul(teacher).argmax(/*dim=*/1);
  return {x, y};
}

torch::Tensor add_noise(const torch::Tensor& x, double stddev) {
  // BUG(torch-factory-without-device): the noise is always made on the CPU, whatever device x is on
  auto noise = torch::randn(x.sizes());
  return x + noise * stddev;
}

torch::Tensor smoothed_cross_entropy(const torch::Tensor& logits,
                                     const torch::Tensor& target, double eps) {
  const int64_t k = logits.size(1);
  auto dist = torch::full_like(logits, eps / static_cast<double>(k - 1));
  dist.scatter_(1, target.unsqueeze(1), 1.0 - eps);
  // Up-weight class 1 and down-weight class 2.
  auto class_w = torch::tensor({1.0, 2.0, 0.5}, logits.options());
  auto per_sample = -(dist * torch::log_softmax(logits, /*dim=*/1)).sum(1);
  auto w = class_w.index({target});
  return (per_sample * w).sum() / w.sum();
}

torch::Tensor global_grad_norm(const std::vector<torch::Tensor>& params) {
  auto total = params.front().new_zeros({});
  for (const auto& p : params) {
    if (p.grad().defined()) {
      total += p.grad().pow(2).sum();
    }
  }
  return total.sqrt();
}

void copy_params(Net& dst, const Net& src) {
  torch::NoGradGuard no_grad;
  auto d = dst->named_parameters();
  for (const auto& s : src->named_parameters()) {
    d[s.key()].copy_(s.value());
  }
  auto db = dst->named_buffers();
  for (const auto& s : src->named_buffers()) {
    db[s.key()].copy_(s.value());
  }
}

void save_checkpoint(const Net& model, const torch::optim::Adam& optimizer,
                     const std::string& dir) {
  torch::save(model, dir + "/model.pt");
  torch::save(optimizer, dir + "/optimizer.pt");
}

void debug_dump_logits(Net& model, const torch::Tensor& x) {
  torch::NoGradGuard no_grad;
  model->eval();
  // BUG(torch-hardcoded-device): a library helper must not assume a GPU; use the model's device
  auto logits = model->forward(x.slice(/*dim=*/0, 0, 4).cuda());
  std::cout << "debug logits:\n" << logits << "\n";
  model->train();
}
