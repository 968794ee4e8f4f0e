// Conformance sample: c10 core types -- Device / DeviceType / ScalarType /
// Layout / MemoryFormat / Scalar / ArrayRef / optional / TensorOptions
// accessors, and the names torch:: re-exports. Must compile against both the
// real libtorch 1.13 headers and the fake ones in test_inputs/include.
#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

static_assert(std::is_same<decltype(torch::kCUDA), const c10::DeviceType>::value, "");
static_assert(std::is_same<decltype(torch::kFloat), const c10::ScalarType>::value, "");
static_assert(std::is_same<decltype(torch::kFloat32), const c10::ScalarType>::value, "");
static_assert(std::is_same<decltype(torch::kStrided), const c10::Layout>::value, "");
static_assert(std::is_same<torch::DeviceType, c10::DeviceType>::value, "");
static_assert(std::is_same<at::Device, c10::Device>::value, "");
static_assert(std::is_same<at::IntArrayRef, c10::ArrayRef<int64_t>>::value, "");
static_assert(std::is_same<torch::IntArrayRef, c10::IntArrayRef>::value, "");
static_assert(std::is_same<at::TensorList, c10::ArrayRef<at::Tensor>>::value, "");
static_assert(std::is_same<c10::DeviceIndex, int8_t>::value, "");
static_assert(std::is_same<torch::optional<int>, c10::optional<int>>::value, "");
static_assert(std::is_same<decltype(c10::Device(c10::kCPU).type()), c10::DeviceType>::value, "");
static_assert(std::is_same<decltype(c10::Device(c10::kCPU).index()), c10::DeviceIndex>::value, "");
static_assert(std::is_same<decltype(c10::Device(c10::kCPU).str()), std::string>::value, "");
static_assert(std::is_same<decltype(c10::TensorOptions().device()), c10::Device>::value, "");
static_assert(std::is_same<decltype(c10::TensorOptions().dtype()), caffe2::TypeMeta>::value, "");
static_assert(std::is_same<decltype(c10::TensorOptions().device_opt()),
                           c10::optional<c10::Device>>::value,
              "");
static_assert(std::is_same<decltype(c10::TensorOptions().device_index()), int32_t>::value, "");
static_assert(std::is_convertible<c10::DeviceType, c10::Device>::value, "");
static_assert(std::is_convertible<std::string, c10::Device>::value, "");
static_assert(!std::is_convertible<const char*, c10::Device>::value, "");
static_assert(std::is_constructible<c10::Device, const char*>::value, "");
static_assert(std::is_convertible<c10::DeviceType, c10::TensorOptions>::value, "");
static_assert(std::is_convertible<c10::Device, c10::TensorOptions>::value, "");
static_assert(std::is_convertible<c10::ScalarType, c10::TensorOptions>::value, "");
static_assert(std::is_convertible<c10::Layout, c10::TensorOptions>::value, "");
static_assert(std::is_convertible<c10::MemoryFormat, c10::TensorOptions>::value, "");
static_assert(std::is_convertible<caffe2::TypeMeta, c10::TensorOptions>::value, "");
static_assert(!std::is_convertible<int, c10::TensorOptions>::value, "");
static_assert(std::is_convertible<double, c10::Scalar>::value, "");
static_assert(std::is_convertible<bool, c10::Scalar>::value, "");
static_assert(std::is_convertible<int, c10::Scalar>::value, "");
static_assert(std::is_convertible<c10::Half, c10::Scalar>::value, "");
static_assert(std::is_convertible<c10::complex<double>, c10::Scalar>::value, "");
static_assert(!std::is_convertible<at::Tensor, c10::Scalar>::value, "");
static_assert(std::is_convertible<int64_t, c10::IntArrayRef>::value, "");
static_assert(std::is_convertible<std::vector<int64_t>, c10::IntArrayRef>::value, "");
static_assert(!std::is_convertible<std::vector<int>, c10::IntArrayRef>::value, "");
static_assert(std::is_convertible<at::Tensor, at::indexing::TensorIndex>::value, "");
static_assert(std::is_convertible<const char*, at::indexing::TensorIndex>::value, "");
static_assert(std::is_convertible<c10::DeviceType, c10::optional<c10::Device>>::value, "");
static_assert(std::is_convertible<c10::nullopt_t, c10::optional<c10::Device>>::value, "");
static_assert(std::is_convertible<at::TensorBase, at::Tensor>::value, "");
static_assert(!std::is_convertible<const at::TensorBase&, at::Tensor>::value, "");

void tlconf_devices(const std::string& name, int idx) {
  c10::Device d0(c10::kCUDA);
  c10::Device d1(c10::DeviceType::CUDA, 1);
  c10::Device d2("cuda:1");
  c10::Device d3(name);
  torch::Device d4 = torch::kCPU;
  torch::Device d5 = name;
  torch::Device d6{torch::kCUDA, static_cast<c10::DeviceIndex>(idx)};
  torch::Device d7(torch::kMPS);
  torch::Device d8 = torch::Device(torch::kMeta);
  bool b = d0 == d1 || d0 != d2 || d3.is_cuda() || d4.is_cpu() || d5.has_index() ||
      d7.is_mps() || d8.is_meta();
  c10::DeviceType t = d1.type();
  c10::DeviceIndex i = d1.index();
  d1.set_index(2);
  std::string s = d1.str();
  std::hash<c10::Device> h;
  size_t hv = h(d1);
  std::unordered_map<c10::Device, int> per_device{{d0, 1}};
  c10::DeviceType types[] = {torch::kCPU, torch::kCUDA, torch::kHIP, torch::kXLA,
                             torch::kMPS, torch::kMeta, torch::kXPU, torch::kVulkan,
                             c10::kHPU, c10::kIPU, c10::kLazy, c10::kVE};
  bool is_cuda_type = t == c10::DeviceType::CUDA || t == torch::kCUDA;
  (void)b, (void)i, (void)s, (void)hv, (void)per_device, (void)types;
  (void)is_cuda_type, (void)d6;
}

void tlconf_dtypes_and_scalars() {
  c10::ScalarType st[] = {torch::kFloat, torch::kDouble, torch::kHalf, torch::kBFloat16,
                          torch::kInt, torch::kLong, torch::kBool, torch::kByte,
                          torch::kChar, torch::kShort, torch::kComplexFloat,
                          torch::kFloat32, torch::kFloat64, torch::kFloat16,
                          torch::kInt64, torch::kInt32, torch::kInt16, torch::kInt8,
                          torch::kUInt8, torch::kF32, torch::kI64, at::kQInt8};
  torch::Dtype dt = torch::kFloat;
  caffe2::TypeMeta tm = caffe2::TypeMeta::Make<float>();
  bool eq = tm == torch::kFloat && torch::kDouble != tm;
  c10::ScalarType back = tm.toScalarType();
  c10::ScalarType back2 = c10::typeMetaToScalarType(tm);
  const char* nm = c10::toString(torch::kFloat);
  size_t es = c10::elementSize(torch::kHalf);
  bool fl = c10::isFloatingType(torch::kFloat) && !c10::isComplexType(torch::kFloat);
  c10::Layout lay[] = {torch::kStrided, torch::kSparse, at::kSparseCsr, c10::kMkldnn};
  at::MemoryFormat mf[] = {at::MemoryFormat::Contiguous, at::MemoryFormat::Preserve,
                           torch::MemoryFormat::ChannelsLast,
                           c10::MemoryFormat::ChannelsLast3d};
  c10::Scalar s0 = 1;
  c10::Scalar s1 = 2.5;
  c10::Scalar s2 = true;
  c10::Scalar s3 = int64_t{3};
  c10::Scalar s4 = 1.5f;
  c10::Scalar s5 = static_cast<uint8_t>(1);
  c10::Scalar s6 = c10::Half(1.0f);
  c10::Scalar s7 = c10::complex<double>(1.0, 2.0);
  double dv = s1.toDouble() + s1.to<double>();
  int64_t lv = s0.toLong() + s3.to<int64_t>();
  float fv = s4.toFloat();
  bool bv = s2.toBool() && s2.isBoolean() && s1.isFloatingPoint() &&
      s0.isIntegral(false) && !s7.isComplex();
  c10::ScalarType sct = s1.type();
  (void)st, (void)dt, (void)eq, (void)back, (void)back2, (void)nm, (void)es;
  (void)fl, (void)lay, (void)mf, (void)s5, (void)s6, (void)dv, (void)lv;
  (void)fv, (void)bv, (void)sct;
}

void tlconf_arrays_and_optionals(const torch::Tensor& x) {
  std::vector<int64_t> v{1, 2, 3};
  c10::IntArrayRef a0 = v;
  c10::IntArrayRef a1 = {1, 2};
  c10::IntArrayRef a2 = 5;
  at::IntArrayRef a3(v.data(), v.size());
  std::vector<int64_t> back = a0.vec();
  size_t n = a0.size() + a1.size() + a2.size() + a3.size();
  int64_t first = a0[0] + a0.front() + a0.back();
  bool same = a0 == a3 && a0.equals(a3) && a0 == v && v == a0;
  for (int64_t e : x.sizes()) (void)e;
  at::TensorList tl = {x, x};
  std::vector<at::Tensor> tv{x};
  at::TensorList tl2 = tv;
  c10::optional<int64_t> o0;
  c10::optional<int64_t> o1 = 3;
  c10::optional<int64_t> o2 = c10::nullopt;
  torch::optional<torch::Device> od = torch::kCUDA;
  c10::optional<at::ScalarType> ost = torch::kFloat;
  bool has = o1.has_value() && static_cast<bool>(o1) && !o0 && o2 == c10::nullopt;
  int64_t val = *o1 + o1.value() + o0.value_or(7);
  od.reset();
  od = torch::Device(torch::kCPU);
  od.emplace(torch::kCUDA, 1);
  bool dev_cuda = od->is_cuda() && (*od).index() == 1;
  auto mo = c10::make_optional(torch::Device(torch::kCPU));
  c10::TensorOptions opts = x.options();
  bool hd = opts.has_device() && opts.device().is_cuda() && opts.has_dtype() &&
      opts.dtype() == torch::kFloat && opts.layout() == torch::kStrided &&
      !opts.requires_grad() && !opts.pinned_memory() && opts.device_opt().has_value() &&
      opts.dtype_opt().has_value() && opts.layout_opt().has_value() &&
      opts.requires_grad_opt().has_value() && opts.memory_format_opt().has_value();
  (void)a1, (void)a2, (void)back, (void)n, (void)first, (void)same, (void)tl;
  (void)tl2, (void)ost, (void)has, (void)val, (void)dev_cuda, (void)mo, (void)hd;
}

int main() {
  tlconf_devices("cuda:0", 0);
  tlconf_dtypes_and_scalars();
  tlconf_arrays_and_optionals(torch::zeros({2}));
  return 0;
}
