// Data, loss and bookkeeping helpers shared by the trainer.
#pragma once

#include <string>

#include <torch/torch.h>

#include "model.h"

struct Dataset {
  torch::Tensor x;  // [n, in_features] float
  torch::Tensor y;  // [n] int64 class labels
};

// Synthetic classification data: labels come from a fixed random "teacher"
// projection, so the task is learnable. Data lands on the teacher's device.
Dataset make_dataset(const torch::Tensor& teacher, int64_t n);

// Gaussian input noise used as augmentation during training.
torch::Tensor add_noise(const torch::Tensor& x, double stddev);

// Label-smoothed, class-weighted cross entropy.
torch::Tensor smoothed_cross_entropy(const torch::Tensor& logits,
                                     const torch::Tensor& target, double eps);

// L2 norm over all gradients of `params` (0-dim, on the parameters' device).
torch::Tensor global_grad_norm(const std::vector<torch::Tensor>& params);

// Copies parameter and buffer values of `src` into `dst` (devices may differ).
void copy_params(Net& dst, const Net& src);

void save_checkpoint(const Net& model, const torch::optim::Adam& optimizer,
                     const std::string& dir);

// Prints the logits for the first rows of `x` (enabled with EXAMPLE_DEBUG=1).
void debug_dump_logits(Net& model, const torch::Tensor& x);
