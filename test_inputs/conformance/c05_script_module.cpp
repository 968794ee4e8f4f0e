// Conformance sample: TorchScript deployment via <torch/script.h> only
// (no torch/torch.h): torch::jit::load overloads, jit::Module, IValue.
// Must compile against both the real libtorch 1.13 headers and the fake ones
// in test_inputs/include.
#include <torch/script.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

static_assert(std::is_same<torch::jit::script::Module, torch::jit::Module>::value, "");
static_assert(std::is_same<torch::jit::IValue, c10::IValue>::value, "");
static_assert(std::is_same<torch::IValue, c10::IValue>::value, "");
static_assert(std::is_same<decltype(torch::jit::load(std::string())),
                           torch::jit::Module>::value,
              "");

int tlconf_main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : "model.pt";
  // NB: torch::cuda::is_available() is NOT declared by <torch/script.h> (see
  // must_fail/mf_script_h_no_cuda_namespace.cpp).
  torch::Device dev(torch::kCUDA, 0);

  torch::jit::script::Module m0 = torch::jit::load(path);
  torch::jit::Module m1 = torch::jit::load(path, torch::kCUDA);
  auto m2 = torch::jit::load(path, dev);
  auto m3 = torch::jit::load("model.pt", torch::Device("cuda:1"));
  std::ifstream in(path, std::ios::binary);
  auto m4 = torch::jit::load(in);
  auto m5 = torch::jit::load(in, torch::kCPU);
  torch::jit::ExtraFilesMap extra{{"meta.json", ""}};
  auto m6 = torch::jit::load(path, dev, extra);
  auto m7 = torch::jit::load(path, c10::nullopt, extra);

  m0.eval();
  m0.train(false);
  bool tr = m0.is_training();
  m0.to(dev);
  m0.to(torch::kCUDA);
  m0.to(torch::kHalf);
  m0.to(dev, torch::kFloat, /*non_blocking=*/true);

  torch::NoGradGuard no_grad;
  c10::InferenceMode guard;
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(torch::ones({1, 3, 224, 224}).to(dev));
  inputs.emplace_back(torch::rand({2}, torch::kCUDA));
  inputs.push_back(1.0);
  inputs.push_back(3);
  inputs.push_back(true);
  inputs.push_back("str");
  inputs.push_back(dev);
  inputs.push_back(c10::nullopt);
  inputs.push_back(std::vector<int64_t>{1, 2});
  at::Tensor out = m0.forward(inputs).toTensor();
  auto out2 = m1.forward({torch::ones({2})}).toTuple()->elements()[0].toTensor();
  auto out3 = m2({torch::zeros({1})});
  auto out4 = m0.get_method("forward")({torch::zeros({1})});
  auto out5 = m0.run_method("forward", torch::zeros({1}));
  c10::IValue iv = out;
  bool is_t = iv.isTensor() && !iv.isTuple() && !iv.isNone();
  double d = c10::IValue(2.0).toDouble();
  int64_t i = c10::IValue(int64_t{2}).toInt();
  std::string s = c10::IValue(std::string("x")).toStringRef();
  auto vec = out3.toTensorVector();
  for (const auto& p : m0.parameters()) std::cout << p.sizes() << std::endl;
  for (const auto& p : m0.named_parameters()) std::cout << p.name << p.value.device() << std::endl;
  for (const auto& b : m0.buffers()) (void)b;
  for (const auto& c : m0.named_children()) (void)c.name;
  m0.save("out.pt");
  auto cloned = m0.clone();
  auto t = torch::tensor({1.0, 2.0}, torch::kCUDA).to(torch::kCPU);
  auto z = torch::zeros({2}, torch::TensorOptions().device(dev));
  std::cout << out.device() << out2.sizes() << t << z << std::endl;

  (void)m3, (void)m4, (void)m5, (void)m6, (void)m7, (void)tr, (void)out4;
  (void)out5, (void)is_t, (void)d, (void)i, (void)s, (void)vec, (void)cloned;
  return 0;
}

int main(int argc, char** argv) {
  return tlconf_main(argc, argv);
}
