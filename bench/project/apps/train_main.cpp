// benchproj-train: trains the MLP on synthetic blobs; smoke-tests the other models.
#include <torch/torch.h>

#include "benchproj/cnn.h"
#include "benchproj/collate.h"
#include "benchproj/config.h"
#include "benchproj/dataset.h"
#include "benchproj/device.h"
#include "benchproj/logging.h"
#include "benchproj/mlp.h"
#include "benchproj/rnn_encoder.h"
#include "benchproj/trainer.h"
#include "benchproj/transformer.h"

#include <iostream>
#include <string>

using namespace benchproj;

namespace {

void smoke_test_models(const torch::Device &device) {
  torch::NoGradGuard no_grad;
  SmallCnn cnn(3, 10, 16);
  cnn->to(device);
  cnn->eval();
  auto images = torch::randn({4, 3, 32, 32}, torch::device(device));
  default_logger().info("cnn logits " + format_shape(cnn(images)));

  TransformerOptions topts;
  topts.d_model = 64;
  topts.num_heads = 4;
  topts.d_ff = 128;
  TransformerBlock block(topts);
  block->to(device);
  block->eval();
  auto tokens = torch::randn({2, 10, 64}, torch::device(device));
  tokens = tokens + sinusoidal_positions(10, 64, tokens.options()).unsqueeze(0);
  auto padding = torch::zeros({2, 10}, torch::dtype(torch::kBool).device(device));
  padding.narrow(1, 8, 2).fill_(true);
  default_logger().info("transformer " + format_shape(block(tokens, padding)));

  RnnEncoderOptions ropts;
  ropts.vocab_size = 100;
  RnnEncoder encoder(ropts);
  encoder->to(device);
  encoder->eval();
  SequenceDataset sequences(8, ropts.vocab_size, 12, 7);
  auto batches = sequence_batches(sequences, 4, ropts.padding_idx);
  for (const auto &batch : batches) {
    auto b = batch.to(device);
    default_logger().info("rnn " + format_shape(encoder(b.inputs, b.lengths)));
  }
}

} // namespace

int main(int argc, char **argv) {
  try {
    ConfigParser parser;
    std::string resume;
    for (int i = 1; i < argc; ++i) {
      std::string arg = argv[i];
      if (arg == "--resume" && i + 1 < argc)
        resume = argv[++i];
      else if (arg == "--help") {
        std::cout << "usage: benchproj-train [config.ini] [--resume NAME]\n";
        return 0;
      } else
        parser.parse_file(arg);
    }
    const TrainConfig config = train_config_from(parser);
    apply_seed(config);
    const torch::Device device = select_device(config.device);
    default_logger().info(describe(config) + " on " + describe_device(device));

    BlobDataset dataset(config.num_samples, config.input_dim, config.num_classes,
                        static_cast<uint64_t>(config.seed));
    auto split = split_indices(static_cast<size_t>(config.num_samples), 0.2,
                               static_cast<uint64_t>(config.seed));
    auto train = make_batches(dataset, split.first, config.batch_size, true,
                              static_cast<uint64_t>(config.seed));
    auto val = make_batches(dataset, split.second, config.batch_size, false, 0);
    default_logger().info("train " + std::to_string(count_examples(train)) + ", val " +
                          std::to_string(count_examples(val)));

    MlpOptions options;
    options.input_dim = config.input_dim;
    options.hidden = {config.hidden_dim, config.hidden_dim};
    options.output_dim = config.num_classes;
    Mlp model(options);
    Trainer trainer(config, model, device);
    if (!resume.empty())
      trainer.resume(resume);
    trainer.fit(train, val);

    if (config.model != "mlp")
      smoke_test_models(device);
    return 0;
  } catch (const std::exception &e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
