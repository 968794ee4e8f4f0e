// CHECKS: torch-factory-without-device
// HEADERS: fast real real2
// Code that follows a plain class's own data, in a class that holds no
// device, follows wherever that class keeps it (here: the host, as the
// game's objects are simulated): it says nothing about where the inputs of
// the functions beside it live, and their findings stay latent.
#include <torch/torch.h>

class Track {
public:
  explicit Track(torch::Tensor points) : points_(std::move(points)) {}
  torch::Tensor clipped() const {
    return torch::clamp(points_, torch::zeros({1}, points_.options()));
  }

private:
  torch::Tensor points_;
};

torch::Tensor offset(const torch::Tensor &goal) {
  return goal - torch::tensor({0.5, 0.5});
}
