// CHECKS: torch-mixed-device-op
// HEADERS: fast real real2
#include <torch/torch.h>

#include <vector>

// Operands that only may differ are reported on evidence that the data may be
// off the CPU: the code chooses devices, holds a module, or a call in this
// file passes such data. A parameter alone says only "wherever the caller
// put it": that is for the callers to show (torchlint-run judges it across
// the project).

// Host statistics of a feature table: nothing here or in this file puts the
// features anywhere but the CPU.
torch::Tensor column_means(const torch::Tensor &features,
                           const std::vector<int64_t> &rows) {
  auto index = torch::tensor(rows, torch::kLong).cpu();
  return features.index_select(0, index).mean(0);
}

// Called with host data only: still nothing shows another device.
torch::Tensor first_rows(const torch::Tensor &table) {
  auto index = torch::arange(2).cpu();
  return table.index_select(0, index);
}
torch::Tensor report() { return first_rows(torch::rand({4, 3})); }

// Called with data on the GPU: the CPU index meets it there.
torch::Tensor last_rows(const torch::Tensor &table) {
  auto index = torch::arange(2).cpu();
  return table.index_select(0, index);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: operands of 'Tensor::index_select' may be on different devices (cpu and the device of 'table') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-4]]:16: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-6]]:46: note: 'table' may live on any device (wherever the caller put it)
}
torch::Tensor on_gpu(const torch::Tensor &g) { return last_rows(g.cuda()); }
// CHECK-NOTES: :[[@LINE-1]]:65: note: data on cuda reaches parameter 'table' through this call of 'last_rows'

// Code that asks where its data lives chooses devices at run time.
torch::Tensor gather_rows(const torch::Tensor &table, torch::Device device) {
  auto index = torch::arange(2).cpu();
  auto rows = table.to(device);
  return rows.index_select(0, index);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: operands of 'Tensor::index_select' may be on different devices (cpu and the device of 'device') [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-2]]:15: note: suggested fix; it changes where data lives, so '--fix' leaves it to you (UnsafeFixes: true applies it)
  // CHECK-NOTES: :[[@LINE-5]]:16: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-7]]:69: note: 'device' may be any device (it is chosen at run time)
}

// A module handed to a function is where its callers put it, as a tensor
// parameter is: host rows run through it are a defect only where a call
// hands it a module that lives elsewhere.
struct StandardizerImpl : torch::nn::Module {
  StandardizerImpl()
      : mean(register_buffer("mean", torch::zeros({3}))),
        inv_std(register_buffer("inv_std", torch::ones({3}))) {}
  torch::Tensor forward(const torch::Tensor &x) { return (x - mean) * inv_std; }
  torch::Tensor mean, inv_std;
};
TORCH_MODULE(Standardizer);

torch::Tensor rows_on(const std::vector<float> &values, torch::Device device) {
  return torch::tensor(values).reshape({-1, 3}).to(device);
}

// Its only caller keeps the module on the CPU: a host calibration.
torch::Tensor standardize_on_host(Standardizer &standardizer,
                                  const std::vector<float> &values) {
  auto rows = rows_on(values, torch::Device(torch::kCPU));
  return standardizer->forward(rows);
}
torch::Tensor calibrate(const std::vector<float> &values) {
  Standardizer standardizer;
  return standardize_on_host(standardizer, values);
}

// No call in this file: the callers decide.
torch::Tensor standardize_unseen(Standardizer &standardizer,
                                 const std::vector<float> &values) {
  auto rows = rows_on(values, torch::Device(torch::kCPU));
  return standardizer->forward(rows);
}

// Its caller moved the module to a device it chose at run time: the host rows
// meet its buffers there. Reported once, at the call, for every op of forward they meet.
torch::Tensor standardize_first(Standardizer &standardizer,
                                const std::vector<float> &values) {
  auto rows = rows_on(values, torch::Device(torch::kCPU));
  return standardizer->forward(rows);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: operands of 'operator-' may be on different devices (cpu and the device of 'standardizer') in this call of 'forward' [torch-mixed-device-op]
  // CHECK-NOTES: :[[@LINE-34]]:61: note: 'forward' calls 'operator-' here
  // CHECK-NOTES: :[[@LINE-4]]:45: note: placed on cpu here
  // CHECK-NOTES: :[[@LINE-7]]:47: note: 'standardizer' may live on any device (wherever the caller put it)
}
torch::Tensor standardize_where_told(const std::vector<float> &values) {
  const torch::Device device =
      torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Standardizer standardizer;
  standardizer->to(device);
  return standardize_first(standardizer, values);
  // CHECK-NOTES: :[[@LINE-1]]:28: note: a module on the device of 'device' reaches parameter 'standardizer' through this call of 'standardize_first'
}
