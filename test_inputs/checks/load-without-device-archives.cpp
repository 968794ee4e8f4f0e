// CHECKS: torch-load-without-device
// HEADERS: fast real real2
// CHECK-OPTION: UnsafeFixes=true
// Checkpoints read through an InputArchive: `archive.load_from(path)` reads
// every tensor onto the device it was saved from unless it is given one, and
// `net->load(archive)` puts them into the module (as torch::load does, which
// is these two calls). An optimizer loaded beside a module load that is a
// finding comes back on the wrong device with it.
#include <torch/torch.h>
// CHECK-FIXES-INSERTED: #include <torchlint/torchlint.h>

#include <string>

struct TowerImpl : torch::nn::Module {
  TowerImpl() { fc = register_module("fc", torch::nn::Linear(8, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Tower);

// Moved, then restored through an archive without a device: the parameters
// go back where they were saved. The device goes to the read.
void restore_from_archive(Tower &net, torch::Device device,
                          const std::string &path) {
  net->to(device);
  torch::serialize::InputArchive archive;
  archive.load_from(path);
  // CHECK-FIXES: archive.load_from(path, device);
  net->load(archive);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'load_from' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: the checkpoint is read here, without a device
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'net' is moved to a device here, before the load
}

// The optimizer's archive too, and the `>>` spelling of the module load.
void restore_both(Tower &net, torch::optim::Adam &adam, torch::Device device) {
  net->to(device);
  torch::serialize::InputArchive modules;
  modules.load_from("net.pt");
  // CHECK-FIXES: modules.load_from("net.pt", device);
  modules >> net.ptr();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'load_from' without a device puts the parameters of module 'net' back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: the checkpoint is read here, without a device
  // CHECK-NOTES: :[[@LINE-7]]:3: note: 'net' is moved to a device here, before the load
  torch::serialize::InputArchive state;
  state.load_from("adam.pt");
  // CHECK-FIXES: state.load_from("adam.pt", device);
  adam.load(state);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'load_from' without a device puts the state of optimizer 'adam' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-4]]:3: note: the checkpoint is read here, without a device
  // CHECK-NOTES: :[[@LINE-15]]:71: note: the device is taken from parameter 'device'
}

// An archive read with the device is right.
void restore_with_device(Tower &net, torch::optim::Adam &adam,
                         torch::Device device) {
  net->to(device);
  torch::serialize::InputArchive archive;
  archive.load_from("net.pt", device);
  net->load(archive);
  torch::serialize::InputArchive state;
  state.load_from("adam.pt", device);
  adam.load(state);
}

// Read, then moved: the right order.
void load_then_move(Tower &net, torch::Device device) {
  torch::serialize::InputArchive archive;
  archive.load_from("net.pt");
  net->load(archive);
  net->to(device);
}

// The module is run on CUDA after its load, and nothing here names a device:
// the optimizer loaded beside it is restored to the device its state was
// saved from, which is where the module's parameters came back from, not
// where they are used. The runtime moves the state to the parameters.
void resume_on_gpu(Tower &net, torch::optim::SGD &sgd, torch::Tensor batch) {
  torch::load(net, "net.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the parameters of module 'net' on the device they were saved from, not on the device it is used on [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE+7]]:3: note: 'net' is used on a device here, after the load
  // CHECK-NOTES: :[[@LINE-3]]:3: note: pass the device to 'torch::load', or call 'torchlint::ensure_module_device(net, device)' (<torchlint/torchlint.h>) after it
  torch::load(sgd, "sgd.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'torch::load' without a device puts the state of optimizer 'sgd' on the device it was saved from, not on the device of its parameters [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-6]]:3: note: the parameters of module 'net' are loaded here, beside it, without the device they belong on
  // CHECK-NOTES: :[[@LINE-3]]:3: note: pass the device to 'torch::load', or call 'torchlint::migrate_optimizer_state(sgd)' (<torchlint/torchlint.h>) after it to move the state to its parameters' devices
  // CHECK-FIXES-INSERTED: torchlint::migrate_optimizer_state(sgd);
  net->forward(batch.cuda());
}

// Beside a module load that is right, an optimizer load is no finding.
void resume_on_host(Tower &net, torch::optim::SGD &sgd, torch::Tensor batch) {
  torch::load(net, "net.pt");
  torch::load(sgd, "sgd.pt");
  net->forward(batch);
}

// A method that restores its module through an archive with no device is
// right while the module lives on the CPU, and wrong when it is called after
// the module moved: the warning is at that call, the read in the method.
struct RestorableImpl : torch::nn::Module {
  RestorableImpl() { fc = register_module("fc", torch::nn::Linear(8, 4)); }
  void restore(const std::string &path) {
    torch::serialize::InputArchive archive;
    archive.load_from(path);
    load(archive);
  }
  // Moves itself after the read: right wherever it is called.
  void restore_to(const std::string &path, torch::Device device) {
    torch::serialize::InputArchive archive;
    archive.load_from(path);
    load(archive);
    to(device);
  }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Restorable);

void resume_restorable(Restorable &net, torch::Device device) {
  net->to(device);
  net->restore("net.pt");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'restore' loads module 'net' without a device, putting its parameters back on the device they were saved from, not on the device it was moved to [torch-load-without-device]
  // CHECK-NOTES: :[[@LINE-18]]:5: note: the checkpoint is read here, without a device
  // CHECK-NOTES: :[[@LINE-4]]:3: note: 'net' is moved to a device here, before the load
  // CHECK-NOTES: :[[@LINE-4]]:3: note: pass the device to 'load_from', or call 'torchlint::ensure_module_device(net, device)' (<torchlint/torchlint.h>) after it
  net->restore_to("net.pt", device);
}

// Never moved here: the checkpoint lands where the module lives.
void restore_on_host(Restorable &net) { net->restore("net.pt"); }

void run_on(torch::Device device) {
  Tower net;
  torch::optim::Adam adam(net->parameters());
  torch::optim::SGD sgd(net->parameters(), torch::optim::SGDOptions(0.1));
  restore_from_archive(net, device, "net.pt");
  restore_both(net, adam, device);
  restore_with_device(net, adam, device);
  load_then_move(net, device);
  resume_on_gpu(net, sgd, torch::ones({2, 8}));
  resume_on_host(net, sgd, torch::ones({2, 8}));
  Restorable restorable;
  resume_restorable(restorable, device);
  restore_on_host(restorable);
}
