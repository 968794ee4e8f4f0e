// CHECKS: torch-factory-without-device
// HEADERS: fast
// FLAGS: -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version
// A tensor whose memory the CUDA runtime copies into from the host
// (`cudaMemcpyHostToDevice`), fills (`cudaMemset`) or copies out of to the
// host (`cudaMemcpyDeviceToHost`) is GPU memory by what the code does with
// it, not a host buffer: made without a device, it is on the CPU, and meeting
// the class's placed data is a defect the factory's device repairs.
#include <cuda_runtime.h>
#include <torch/torch.h>

class Spectrogram {
public:
  Spectrogram(int nfft, const torch::Device &device) {
    window_ = torch::hann_window(nfft).to(device);
  }
  torch::Tensor frames(const float *audio, long n) const {
    torch::Tensor samples =
        torch::empty({n}, torch::TensorOptions().dtype(torch::kFloat32));
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: tensor factory 'torch::empty' is called without a device and creates a CPU tensor that meets a tensor that may be on another device [torch-factory-without-device]
    // CHECK-FIXES: torch::empty({n}, torch::TensorOptions().dtype(torch::kFloat32).device(window_.device()));
    float *data = samples.data_ptr<float>();
    cudaMemcpyAsync(data, audio, n * sizeof(float), cudaMemcpyHostToDevice,
                    nullptr);
    return samples * window_;
    // CHECK-NOTES: :[[@LINE-1]]:20: note: it meets a tensor on the device of 'window_' in 'operator*'
    // CHECK-NOTES: :[[@LINE+11]]:17: note: the device is taken from member 'window_'
  }
  // Read back on the host: a host buffer by design.
  torch::Tensor copy_back(const torch::Tensor &device_data) const {
    torch::Tensor host = torch::empty({device_data.numel()});
    cudaMemcpy(host.data_ptr<float>(), device_data.data_ptr<float>(),
               device_data.numel() * sizeof(float), cudaMemcpyDeviceToHost);
    return host;
  }

private:
  torch::Tensor window_;
};
