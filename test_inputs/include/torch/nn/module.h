// Test-only faithful subset of libtorch 1.13.1:
// torch/csrc/api/include/torch/nn/module.h
//
// NB: parameters()/buffers() return std::vector<Tensor>; named_parameters()
// returns torch::OrderedDict<std::string, Tensor>; to(...) overloads are
// virtual and return void: to(Device, Dtype, bool=false), to(Dtype,
// bool=false), to(Device, bool=false).
#pragma once

// COPY torch/csrc/api/include/torch/nn/module.h 4-13
// COPY torch/csrc/api/include/torch/nn/module.h 15-20

// COPY torch/csrc/api/include/torch/nn/module.h 64-75

  explicit Module(std::string name);

  Module();

  virtual ~Module() = default;

  const std::string& name() const noexcept;

// COPY torch/csrc/api/include/torch/nn/module.h 114-115

  void apply(const ModuleApplyFunction& function);

  void apply(const ConstModuleApplyFunction& function) const;

// COPY torch/csrc/api/include/torch/nn/module.h 154-156

// COPY torch/csrc/api/include/torch/nn/module.h 171-173

  void apply(const ModulePointerApplyFunction& function) const;

// COPY torch/csrc/api/include/torch/nn/module.h 202-204

  std::vector<Tensor> parameters(bool recurse = true) const;

  OrderedDict<std::string, Tensor> named_parameters(bool recurse = true) const;

  std::vector<Tensor> buffers(bool recurse = true) const;

  OrderedDict<std::string, Tensor> named_buffers(bool recurse = true) const;

  std::vector<std::shared_ptr<Module>> modules(bool include_self = true) const;

// COPY torch/csrc/api/include/torch/nn/module.h 248-250

  std::vector<std::shared_ptr<Module>> children() const;

  OrderedDict<std::string, std::shared_ptr<Module>> named_children() const;

  virtual void train(bool on = true);

  void eval();

  virtual bool is_training() const noexcept;

// COPY torch/csrc/api/include/torch/nn/module.h 283-286

  virtual void to(torch::Dtype dtype, bool non_blocking = false);

  virtual void to(torch::Device device, bool non_blocking = false);

  virtual void zero_grad(bool set_to_none = false);

// COPY torch/csrc/api/include/torch/nn/module.h 323-324

// COPY torch/csrc/api/include/torch/nn/module.h 341-342

// COPY torch/csrc/api/include/torch/nn/module.h 360-363

// COPY torch/csrc/api/include/torch/nn/module.h 381-384

  virtual void save(serialize::OutputArchive& archive) const;

  virtual void load(serialize::InputArchive& archive);

  virtual void pretty_print(std::ostream& stream) const;

  virtual bool is_serializable() const;

// COPY torch/csrc/api/include/torch/nn/module.h 428-431

  Tensor& register_buffer(std::string name, Tensor tensor);

// COPY torch/csrc/api/include/torch/nn/module.h 460-463

// COPY torch/csrc/api/include/torch/nn/module.h 479-482

// COPY torch/csrc/api/include/torch/nn/module.h 495-498

// COPY torch/csrc/api/include/torch/nn/module.h 511-514

// COPY torch/csrc/api/include/torch/nn/module.h 518-520
// COPY torch/csrc/api/include/torch/nn/module.h 525-529
    return 0;
// COPY torch/csrc/api/include/torch/nn/module.h 535-538
    return std::move(arguments);
  }

// COPY torch/csrc/api/include/torch/nn/module.h 548-555

// COPY torch/csrc/api/include/torch/nn/module.h 561-563

  // Private methods.

  virtual void clone_(Module& other, const optional<Device>& device);

// COPY torch/csrc/api/include/torch/nn/module.h 579-580

// COPY torch/csrc/api/include/torch/nn/module.h 583-585

// COPY torch/csrc/api/include/torch/nn/module.h 589-591

  std::shared_ptr<Module> shared_from_this_checked() const;

  OrderedDict<std::string, Tensor> buffers_;

  OrderedDict<std::string, std::shared_ptr<Module>> children_;

  mutable optional<std::string> name_;

  bool is_training_{true};
};

// COPY torch/csrc/api/include/torch/nn/module.h 610-612

// COPY torch/csrc/api/include/torch/nn/module.h 615-617

// COPY torch/csrc/api/include/torch/nn/module.h 620-622
// COPY torch/csrc/api/include/torch/nn/module.h 625-629
// COPY torch/csrc/api/include/torch/nn/module.h 632-682
// COPY torch/csrc/api/include/torch/nn/module.h 684-686
// COPY torch/csrc/api/include/torch/nn/module.h 688-690
// COPY torch/csrc/api/include/torch/nn/module.h 692-698
