// CHECKS: torch-hardcoded-device
// HEADERS: fast real real2
// The fixes here change where data lives: applied only under UnsafeFixes
// (fix-safety.cpp tests the default).
// CHECK-OPTION: UnsafeFixes=true
#include <torch/torch.h>

// Seeds 002/004: code that receives data must follow its device instead of
// hard-coding one; on a CPU-only machine `.cuda()` throws, and on CUDA the
// result meets `x` on another device.
torch::Tensor blend(const torch::Tensor &x, torch::Tensor w) {
  auto a = w.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto a = w.to(x.device());
  auto b = w.to(torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto b = w.to(x.device());
  auto c = torch::ones({3}, torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto c = torch::ones({3}, x.device());
  auto d = torch::zeros({3}, torch::TensorOptions().device(torch::kCUDA, 1).dtype(torch::kFloat));
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto d = torch::zeros({3}, torch::TensorOptions().device(x.device()).dtype(torch::kFloat));
  auto e = w.to(torch::Device("cuda:0"));
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device 'torch::Device("cuda:0")' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto e = w.to(x.device());
  auto f = torch::rand({3}, torch::device(torch::Device(torch::kCUDA, 0)));
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: hard-coded CUDA device 'torch::Device(torch::kCUDA, 0)' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto f = torch::rand({3}, torch::device(x.device()));
  auto g = w.to(torch::kCUDA, torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto g = w.to(x.device(), torch::kHalf);
  auto h = w.to("cuda");
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device '"cuda"' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto h = w.to(x.device());
  return x + a + b + c + d + e + f + g + h;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-2]]:16: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-3]]:20: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-4]]:24: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-5]]:28: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-6]]:32: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-7]]:36: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-8]]:40: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
}
// CHECK-NOTES: :[[@LINE-35]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-36]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-37]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-38]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-39]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-40]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-41]]:42: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-42]]:42: note: the device is taken from parameter 'x'

// A CPU placement that goes on computing (not a read-back) is hard-coded too.
torch::Tensor project(const torch::Tensor &x, const torch::Tensor &basis) {
  auto coeffs = basis.cpu().t();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: hard-coded CPU device 'cpu()' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto coeffs = basis.to(x.device()).t();
  return x.matmul(coeffs).to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: return x.matmul(coeffs).to(x.device());
  // CHECK-NOTES: :[[@LINE-3]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'Tensor::matmul'
  // CHECK-NOTES: :[[@LINE-4]]:30: note: the tensor it places is returned from 'project', for code whose data may be on another device
}
// CHECK-NOTES: :[[@LINE-10]]:44: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-11]]:44: note: the device is taken from parameter 'x'

// A function that receives a torch::Device uses it, for tensors and modules.
void prepare(torch::nn::Linear &net, const torch::Tensor &sample,
             torch::Device device) {
  net->to(torch::kCUDA);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: net->to(device);
  auto probe = sample.cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto probe = sample.to(device);
  net->forward(probe);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: the tensor it places may meet a tensor on the device of 'net' here, in 'torch::nn::LinearImpl::forward'
}
// CHECK-NOTES: :[[@LINE-10]]:28: note: the device is taken from parameter 'device'
// CHECK-NOTES: :[[@LINE-11]]:28: note: the device is taken from parameter 'device'

// Only a module (no cheap device spelling) or only the moved tensor itself:
// warn, no fix.
void checkpoint(torch::nn::Linear &net, const std::string &path) {
  net->to(torch::kCPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: hard-coded CPU device 'torch::kCPU' in device-neutral code [torch-hardcoded-device]
  torch::save(net, path);
}
// CHECK-NOTES: :[[@LINE-5]]:36: note: parameter 'net' makes this code device-neutral; follow the device of the data it works with
void train_and_keep(torch::nn::Linear &net, torch::Device device) {
  net->to(device);
  checkpoint(net, "net.pt");
  // CHECK-NOTES: :[[@LINE-1]]:14: note: a module on the device of 'device' reaches parameter 'net' through this call of 'checkpoint'
}
torch::Tensor to_gpu(torch::Tensor x) { return x.cuda() * 2; }
// CHECK-MESSAGES: :[[@LINE-1]]:50: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
// CHECK-NOTES: :[[@LINE-2]]:36: note: parameter 'x' makes this code device-neutral; follow the device of the data it works with
// CHECK-NOTES: :[[@LINE-3]]:50: note: the tensor it places is returned from 'to_gpu', for code whose data may be on another device

// A torch::Device chosen in a local makes any function device-aware; a
// member device serves a method.
void train_step(torch::nn::Linear &net) {
  torch::Device device(torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
  net->to(device);
  auto batch = torch::randn({8, 4}, torch::device(device)).cuda();
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto batch = torch::randn({8, 4}, torch::device(device)).to(device);
  net->forward(batch);
  // CHECK-NOTES: :[[@LINE-1]]:8: note: the tensor it places may meet a tensor on the device of 'device' here, in 'torch::nn::LinearImpl::forward'
}
// CHECK-NOTES: :[[@LINE-8]]:17: note: the device is taken from local variable 'device'
struct Trainer {
  torch::Device device_ = torch::kCPU;
  torch::Tensor buffer_;
  void reset() { buffer_ = torch::zeros({3}, torch::kCUDA); }
  // CHECK-MESSAGES: :[[@LINE-1]]:46: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: void reset() { buffer_ = torch::zeros({3}, device_); }
  // CHECK-NOTES: :[[@LINE-3]]:46: note: the tensor it places is kept in 'buffer_', for code whose data may be on another device
};
// CHECK-NOTES: :[[@LINE-7]]:17: note: the device is taken from member 'device_'

// Lambdas: the enclosing parameters serve a lambda that captures by default.
torch::Tensor map_rows(const torch::Tensor &x) {
  auto by_ref = [&](const torch::Tensor &row) { return row.cuda() + x; };
  // CHECK-MESSAGES: :[[@LINE-1]]:60: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: auto by_ref = [&](const torch::Tensor &row) { return row.to(x.device()) + x; };
  // CHECK-NOTES: :[[@LINE-3]]:67: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  auto alone = [](const torch::Tensor &row) { return row.cuda(); };
  // CHECK-MESSAGES: :[[@LINE-1]]:58: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  // CHECK-NOTES: :[[@LINE-2]]:58: note: the tensor it places is returned from the lambda, for code whose data may be on another device
  return by_ref(x[0]) + alone(x[1]);
}
// CHECK-NOTES: :[[@LINE-10]]:45: note: the device is taken from parameter 'x'
// CHECK-NOTES: :[[@LINE-6]]:40: note: parameter 'row' makes this code device-neutral; follow the device of the data it works with

// A function template: analysed once, in its definition (where the
// placement does not depend on the template parameters).
template <typename Scalar>
torch::Tensor scaled(const torch::Tensor &x, Scalar s) {
  return x * torch::full({1}, 2.0, torch::kCUDA) * s;
  // CHECK-MESSAGES: :[[@LINE-1]]:36: warning: hard-coded CUDA device 'torch::kCUDA' in device-neutral code [torch-hardcoded-device]
  // CHECK-FIXES: return x * torch::full({1}, 2.0, x.device()) * s;
  // CHECK-NOTES: :[[@LINE-3]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator*'
}
template torch::Tensor scaled<float>(const torch::Tensor &, float);
template torch::Tensor scaled<double>(const torch::Tensor &, double);
// CHECK-NOTES: :[[@LINE-8]]:43: note: the device is taken from parameter 'x'

// Macros: reported where used, never rewritten.
#define TO_GPU(t) (t).cuda()
#define GPU torch::kCUDA
torch::Tensor from_macros(const torch::Tensor &x, const torch::Tensor &w) {
  auto a = TO_GPU(w);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: hard-coded CUDA device 'cuda()' in device-neutral code [torch-hardcoded-device]
  auto b = w.to(GPU);
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: hard-coded CUDA device 'kCUDA' in device-neutral code [torch-hardcoded-device]
  return x + a + b;
  // CHECK-NOTES: :[[@LINE-1]]:12: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
  // CHECK-NOTES: :[[@LINE-2]]:16: note: the tensor it places may meet a tensor on the device of 'x' here, in 'operator+'
}
// CHECK-NOTES: :[[@LINE-9]]:48: note: parameter 'x' has the device to use; the placement is spelled in a macro and is not rewritten
// CHECK-NOTES: :[[@LINE-10]]:48: note: parameter 'x' has the device to use; the placement is spelled in a macro and is not rewritten

// The helpers above are called with data placed by a run-time device choice:
// their fixed devices meet data that is not always there (a CPU-only
// machine, a second GPU). Without such a caller, a tensor parameter alone is
// no evidence (hardcoded-device-evidence.cpp).
void run_on(torch::Device device) {
  auto x = torch::ones({3}, device);
  blend(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-2]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-3]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-4]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-5]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-6]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-7]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  // CHECK-NOTES: :[[@LINE-8]]:9: note: data on the device of 'device' reaches parameter 'x' through this call of 'blend'
  project(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:11: note: data on the device of 'device' reaches parameter 'x' through this call of 'project'
  // CHECK-NOTES: :[[@LINE-2]]:11: note: data on the device of 'device' reaches parameter 'x' through this call of 'project'
  to_gpu(x);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: data on the device of 'device' reaches parameter 'x' through this call of 'to_gpu'
  map_rows(x);
  // CHECK-NOTES: :[[@LINE-1]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'map_rows'
  // CHECK-NOTES: :[[@LINE-2]]:12: note: data on the device of 'device' reaches parameter 'x' through this call of 'map_rows'
  scaled(x, 2.0f);
  // CHECK-NOTES: :[[@LINE-1]]:10: note: data on the device of 'device' reaches parameter 'x' through this call of 'scaled'
  from_macros(x, x);
  // CHECK-NOTES: :[[@LINE-1]]:15: note: data on the device of 'device' reaches parameter 'x' through this call of 'from_macros'
  // CHECK-NOTES: :[[@LINE-2]]:15: note: data on the device of 'device' reaches parameter 'x' through this call of 'from_macros'
}
