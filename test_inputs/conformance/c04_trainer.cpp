// Conformance sample: a small trainer -- nn::Module subclasses, TORCH_MODULE,
// standard modules, optimizers (options, param groups, state()), LR
// scheduler, torch::save / torch::load. Must compile against both the real
// libtorch 1.13 headers and the fake ones in test_inputs/include.
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

static_assert(std::is_base_of<torch::nn::ModuleHolder<torch::nn::LinearImpl>,
                              torch::nn::Linear>::value,
              "");
static_assert(std::is_base_of<torch::nn::Module, torch::nn::LinearImpl>::value,
              "");
static_assert(std::is_same<torch::nn::Linear::Impl, torch::nn::LinearImpl>::value,
              "");
static_assert(std::is_same<torch::nn::Conv2dOptions,
                           torch::nn::ConvOptions<2>>::value,
              "");
static_assert(std::is_same<decltype(std::declval<torch::optim::Optimizer&>().state()),
                           ska::flat_hash_map<std::string,
                                              std::unique_ptr<torch::optim::OptimizerParamState>>&>::value,
              "");

struct tlconf_NetImpl : torch::nn::Module {
  tlconf_NetImpl(int64_t in, int64_t hidden, int64_t out)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module(
            "fc2", torch::nn::Linear(torch::nn::LinearOptions(hidden, out).bias(false)))),
        conv(register_module(
            "conv",
            torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).stride(1).padding(1)))),
        bn(register_module("bn", torch::nn::BatchNorm2d(8))),
        bn1(register_module("bn1", torch::nn::BatchNorm1d(
                                       torch::nn::BatchNorm1dOptions(hidden).momentum(0.01)))),
        drop(register_module("drop", torch::nn::Dropout(0.2))),
        emb(register_module("emb", torch::nn::Embedding(100, in))),
        ln(register_module("ln", torch::nn::LayerNorm(std::vector<int64_t>{hidden}))) {
    scale = register_parameter("scale", torch::ones({1}));
    steps = register_buffer("steps", torch::zeros({1}, torch::kLong));
    head = register_module(
        "head",
        torch::nn::Sequential(torch::nn::Linear(out, out), torch::nn::ReLU(),
                              torch::nn::Dropout(0.1), torch::nn::Linear(out, 1)));
    blocks = register_module("blocks", torch::nn::ModuleList());
    blocks->push_back(torch::nn::Linear(hidden, hidden));
    blocks->push_back(std::make_shared<torch::nn::ReLUImpl>());
  }

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x));
    x = drop(x);
    x = ln(x);
    x = fc2(x) * scale;
    return head->forward(x);
  }

  torch::nn::Linear fc1, fc2;
  torch::nn::Conv2d conv;
  torch::nn::BatchNorm2d bn;
  torch::nn::BatchNorm1d bn1;
  torch::nn::Dropout drop;
  torch::nn::Embedding emb;
  torch::nn::LayerNorm ln;
  torch::nn::Sequential head{nullptr};
  torch::nn::ModuleList blocks{nullptr};
  torch::Tensor scale, steps;
};
TORCH_MODULE(tlconf_Net);

struct tlconf_Block : torch::nn::Cloneable<tlconf_Block> {
  explicit tlconf_Block(int64_t n = 4) : n_(n) { reset(); }
  void reset() override { w = register_parameter("w", torch::randn({n_, n_})); }
  torch::Tensor forward(const torch::Tensor& x) { return x.matmul(w); }
  int64_t n_;
  torch::Tensor w;
};

void tlconf_train(torch::Device device) {
  tlconf_Net net(16, 32, 8);
  net->to(device);
  net->to(torch::kFloat);
  net->to(device, torch::kFloat, /*non_blocking=*/true);
  net->to(torch::kCUDA);
  net->train();
  net->eval();
  bool training = net->is_training();
  auto sub = net->fc1->weight;
  auto& impl = *net;
  auto raw = net.get();
  std::shared_ptr<tlconf_NetImpl> sp = net.ptr();
  bool empty = net.is_empty();
  auto out0 = net(torch::rand({4, 16}, device));
  auto out1 = net->forward(torch::rand({4, 16}).to(device));
  std::vector<torch::Tensor> params = net->parameters();
  std::vector<torch::Tensor> nonrec = net->parameters(/*recurse=*/false);
  for (const auto& kv : net->named_parameters()) {
    std::cout << kv.key() << " " << kv.value().sizes() << " " << kv->device() << "\n";
  }
  for (auto& b : net->buffers()) b.zero_();
  for (const auto& nb : net->named_buffers()) (void)nb.key();
  for (const auto& child : net->children()) (void)child->name();
  for (const auto& m : net->modules()) (void)m;
  auto seq = torch::nn::Sequential(
      torch::nn::Conv2d(torch::nn::Conv2dOptions(1, 4, {3, 3}).padding(torch::kSame)),
      torch::nn::BatchNorm2d(4), torch::nn::ReLU(torch::nn::ReLUOptions(true)),
      torch::nn::Flatten(), torch::nn::Linear(64, 10), torch::nn::Sigmoid());
  seq->push_back(torch::nn::Tanh());
  seq->push_back("final", torch::nn::Linear(10, 2));
  auto y = seq->forward(torch::rand({1, 1, 4, 4}, device));
  auto y2 = seq->forward<torch::Tensor>(y);
  torch::nn::Sequential named({{"a", torch::nn::Linear(2, 2)}, {"b", torch::nn::ReLU()}});
  torch::nn::Linear lin(3, 4);
  torch::nn::Linear none = nullptr;
  torch::nn::Linear fromptr(std::make_shared<torch::nn::LinearImpl>(3, 4));
  auto cl = lin->clone();
  auto blk = std::make_shared<tlconf_Block>(3);
  auto blk_clone = blk->clone(device);
  torch::nn::Embedding pre = torch::nn::Embedding::from_pretrained(torch::rand({10, 3}));
  torch::nn::MSELoss mse;
  torch::nn::CrossEntropyLoss ce(torch::nn::CrossEntropyLossOptions().ignore_index(0));
  auto loss = mse(out0, torch::zeros_like(out0)) + ce(out1, torch::zeros({4}, torch::kLong));

  // Optimizers.
  torch::optim::Adam adam(net->parameters(), torch::optim::AdamOptions(1e-3).betas({0.9, 0.99}).weight_decay(1e-4));
  torch::optim::AdamW adamw(net->parameters(), torch::optim::AdamWOptions(1e-3).amsgrad(true));
  torch::optim::SGD sgd(net->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9).nesterov(true));
  torch::optim::SGD sgd2(net->parameters(), 0.01);
  torch::optim::RMSprop rms(net->parameters(), torch::optim::RMSpropOptions(0.01).alpha(0.9));
  torch::optim::Adagrad ada(net->parameters());
  torch::optim::LBFGS lbfgs(net->parameters(), torch::optim::LBFGSOptions(1).max_iter(5));
  std::vector<torch::optim::OptimizerParamGroup> groups{
      torch::optim::OptimizerParamGroup(net->fc1->parameters()),
      torch::optim::OptimizerParamGroup(net->fc2->parameters(),
                                        std::make_unique<torch::optim::AdamOptions>(1e-4))};
  torch::optim::Adam grouped(groups, torch::optim::AdamOptions(2e-3));
  torch::optim::StepLR sched(adam, /*step_size=*/10, /*gamma=*/0.5);

  for (int epoch = 0; epoch < 2; ++epoch) {
    adam.zero_grad();
    auto pred = net->forward(torch::rand({4, 16}, device));
    auto l = torch::mse_loss(pred, torch::zeros({4, 1}, device));
    l.backward();
    adam.step();
    sgd.step([&] { return l; });
    lbfgs.step([&]() -> torch::Tensor { return l; });
    sched.step();
    std::cout << l.item<float>() << std::endl;
  }
  for (auto& group : adam.param_groups()) {
    auto& o = static_cast<torch::optim::AdamOptions&>(group.options());
    o.lr(o.lr() * 0.1);
    for (auto& p : group.params()) (void)p.grad();
  }
  for (auto& kv : adam.state()) {
    auto& st = static_cast<torch::optim::AdamParamState&>(*kv.second);
    torch::Tensor m = st.exp_avg();
    st.exp_avg_sq().zero_();
    int64_t step = st.step();
    st.exp_avg(st.exp_avg().to(device));
    (void)kv.first, (void)m, (void)step;
  }
  auto& sgd_state = sgd.state();
  for (auto& kv : sgd_state) {
    auto& st = static_cast<torch::optim::SGDParamState&>(*kv.second);
    st.momentum_buffer(st.momentum_buffer().to(device));
  }
  auto* rs = static_cast<torch::optim::RMSpropParamState*>(rms.state().begin()->second.get());
  (void)rs->square_avg();
  auto& as = static_cast<torch::optim::AdagradParamState&>(*ada.state().begin()->second);
  (void)as.sum();
  auto& lb = static_cast<torch::optim::LBFGSParamState&>(*lbfgs.state().begin()->second);
  (void)lb.old_dirs().size();
  auto& aws = static_cast<torch::optim::AdamWParamState&>(*adamw.state().begin()->second);
  (void)aws.max_exp_avg_sq();
  double lr = adam.defaults().get_lr();
  adam.param_groups()[0].options().set_lr(lr);
  adam.add_param_group(torch::optim::OptimizerParamGroup({torch::zeros({1})}));

  // Serialization.
  torch::save(net, "net.pt");
  torch::save(adam, "adam.pt");
  torch::save(torch::ones({2}), "t.pt");
  torch::save(std::vector<torch::Tensor>{torch::ones({2})}, "v.pt");
  torch::load(net, "net.pt");
  torch::load(net, "net.pt", device);
  torch::load(net, "net.pt", torch::kCUDA);
  torch::load(net, std::string("net.pt"), torch::Device("cuda:0"));
  torch::load(adam, "adam.pt");
  torch::Tensor loaded;
  torch::load(loaded, "t.pt", torch::kCPU);
  std::vector<torch::Tensor> loaded_vec;
  torch::load(loaded_vec, "v.pt");
  torch::serialize::OutputArchive oa;
  net->save(oa);
  oa.write("extra", torch::ones({1}));
  oa.save_to("archive.pt");
  torch::serialize::InputArchive ia;
  ia.load_from("archive.pt", device);
  net->load(ia);

  (void)training, (void)sub, (void)impl, (void)raw, (void)sp, (void)empty;
  (void)nonrec, (void)y2, (void)named, (void)none, (void)fromptr, (void)cl;
  (void)blk_clone, (void)pre, (void)loss, (void)grouped;
}

int main() {
  tlconf_train(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  return 0;
}
