// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/optim/optimizer.h
// NB: Optimizer::state() returns
//   ska::flat_hash_map<std::string, std::unique_ptr<OptimizerParamState>>&
// keyed by c10::guts::to_string(param.unsafeGetTensorImpl()).
// COPY torch/csrc/api/include/torch/optim/optimizer.h 1-7
// COPY torch/csrc/api/include/torch/optim/optimizer.h 9-15

// COPY torch/csrc/api/include/torch/optim/optimizer.h 18-66

class TORCH_API OptimizerParamGroup {
 public:
// COPY torch/csrc/api/include/torch/optim/optimizer.h 74-93
  std::vector<Tensor> params_;
// COPY torch/csrc/api/include/torch/optim/optimizer.h 97-101
// COPY torch/csrc/api/include/torch/optim/optimizer.h 104-114

// COPY torch/csrc/api/include/torch/optim/optimizer.h 118-123

// COPY torch/csrc/api/include/torch/optim/optimizer.h 126-130
  virtual Tensor step(LossClosure closure = nullptr) = 0;

  void add_parameters(const std::vector<Tensor>& parameters);

  void zero_grad();

  const std::vector<Tensor>& parameters() const noexcept;

  std::vector<Tensor>& parameters() noexcept;

// COPY torch/csrc/api/include/torch/optim/optimizer.h 149-153

  std::vector<OptimizerParamGroup>& param_groups() noexcept;

  const std::vector<OptimizerParamGroup>& param_groups() const noexcept;

// COPY torch/csrc/api/include/torch/optim/optimizer.h 162-163

// COPY torch/csrc/api/include/torch/optim/optimizer.h 166-167

  virtual void save(serialize::OutputArchive& archive) const;

// COPY torch/csrc/api/include/torch/optim/optimizer.h 173-175
  std::vector<OptimizerParamGroup> param_groups_;
  ska::flat_hash_map<std::string, std::unique_ptr<OptimizerParamState>> state_;
  std::unique_ptr<OptimizerOptions> defaults_;
};

// COPY torch/csrc/api/include/torch/optim/optimizer.h 203-205

// COPY torch/csrc/api/include/torch/optim/optimizer.h 208-213
