// Trains the learned evaluation's net on samples of chess960_nnue_data and writes it quantised
// (src/engine/include/engine/nnue.hpp has the network and the file format).
//
//   chess960_nnue_train --out NET [--epochs N] [--batch B] [--rate R] [--lambda L]
//                       [--threads T] [--holdout P] [--seed S] [--buckets 1|4] SAMPLES.bin...
//
// The net: (king bucket x 768 features) -> kHidden per perspective, SCReLU (clamp to [0, 1],
// squared), both halves (side to move first) -> 1 output. Its output, times 400, is the
// evaluation in centipawns. The loss is the mean squared error between sigmoid(output) and
// lambda * result + (1 - lambda) * sigmoid(score / 400), result and score from the side to
// move's view. Adam on minibatches, the rate dropping tenfold for the last quarter of the
// epochs; the last --holdout share of the samples as written (whole games, split.hpp) is the
// validation set. The gradient of a batch is computed by T threads, each over its share of the
// samples, then summed. The output weights are kept within +-1.98 so that, quantised by QB = 64,
// their products with the accumulator's QA = 255 fit 16 bits (as the engine computes them).
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "args/arguments.hpp"
#include "engine/nnue.hpp"
#include "sample.hpp"
#include "split.hpp"

namespace {

using namespace chess960;
using engine::nnue::kFeatures;
using engine::nnue::kHidden;
using engine::nnue::Network;

constexpr float kOutputClip = 1.98f;
constexpr float kScale = 400.0f;

struct Options {
    std::string out;
    int epochs = 20;
    int batch = 16384;
    float rate = 0.001f;
    float lambda = 0.5f;
    int threads = 1;
    double holdout = 0.02;
    unsigned seed = 1;
    int buckets = 1;
    std::vector<std::string> files;
};

struct Params {
    std::vector<float> w1;  // [bucket * kFeatures + feature][kHidden]
    std::vector<float> b1;  // [kHidden]
    std::vector<float> w2;  // [2 * kHidden]: side to move's half, then the other
    float b2 = 0;
    explicit Params(int buckets)
        : w1(std::size_t(buckets) * kFeatures * kHidden), b1(kHidden), w2(2 * kHidden) {}
    void zero() {
        std::fill(w1.begin(), w1.end(), 0.0f);
        std::fill(b1.begin(), b1.end(), 0.0f);
        std::fill(w2.begin(), w2.end(), 0.0f);
        b2 = 0;
    }
};

// The features of a sample for each perspective, as the engine computes them.
struct Features {
    int count[2] = {0, 0};
    int index[2][32];
};

Network layout(int buckets) {
    Network net;
    net.buckets = buckets;
    net.mirror = true;
    for (int s = 0; s < 64; ++s) {
        // Four buckets: the king on its first rank's corner half (after mirroring: files a-b
        // or c-d), on its second rank, or further up.
        const int rank = s / 8, file = s % 8;
        int b = 0;
        if (buckets == 4) b = rank == 0 ? (file < 2 ? 0 : 1) : rank == 1 ? 2 : 3;
        net.bucket_of[std::size_t(s)] = std::uint8_t(b);
    }
    return net;
}

void features_of(const Network& net, const nnue_data::Sample& s, Features& f) {
    Square kings[2] = {NoSquare, NoSquare};
    nnue_data::for_each_piece(s, [&](Piece p, Square sq) {
        if (type_of(p) == King) kings[color_of(p)] = sq;
    });
    const Color stm = Color(s.side);
    for (int half = 0; half < 2; ++half) {
        const Color side = half == 0 ? stm : ~stm;
        const Network::View view = net.view(side, kings[side]);
        f.count[half] = 0;
        nnue_data::for_each_piece(s, [&](Piece p, Square sq) {
            f.index[half][f.count[half]++] = Network::feature(side, view, p, sq);
        });
    }
}

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

float target_of(const nnue_data::Sample& s, float lambda) {
    const bool white = s.side == 0;
    const float result = white ? float(s.result) / 2.0f : 1.0f - float(s.result) / 2.0f;
    const float score = white ? float(s.score) : -float(s.score);
    return lambda * result + (1.0f - lambda) * sigmoid(score / kScale);
}

// Forward (and, with `grad`, backward) pass over samples [begin, end) of `order`; returns the
// summed squared error.
double pass(const Network& net, const Params& p, const std::vector<nnue_data::Sample>& samples,
            const std::vector<std::uint32_t>& order, std::size_t begin, std::size_t end,
            float lambda, Params* grad) {
    double loss = 0;
    alignas(64) float acc[2][kHidden];
    alignas(64) float act[2][kHidden];
    alignas(64) float dacc[kHidden];
    Features f;
    for (std::size_t n = begin; n < end; ++n) {
        const nnue_data::Sample& s = samples[order[n]];
        features_of(net, s, f);
        float out = p.b2;
        for (int half = 0; half < 2; ++half) {
            float* a = acc[half];
            std::copy(p.b1.begin(), p.b1.end(), a);
            for (int k = 0; k < f.count[half]; ++k) {
                const float* col = p.w1.data() + std::size_t(f.index[half][k]) * kHidden;
                for (int i = 0; i < kHidden; ++i) a[i] += col[i];
            }
            const float* w = p.w2.data() + half * kHidden;
            float sum = 0;
            for (int i = 0; i < kHidden; ++i) {
                const float c = std::clamp(a[i], 0.0f, 1.0f);
                act[half][i] = c * c;
                sum += c * c * w[i];
            }
            out += sum;
        }
        const float predicted = sigmoid(out);
        const float error = predicted - target_of(s, lambda);
        loss += double(error) * error;
        if (!grad) continue;
        const float g = 2.0f * error * predicted * (1.0f - predicted);
        grad->b2 += g;
        for (int half = 0; half < 2; ++half) {
            const float* w = p.w2.data() + half * kHidden;
            float* gw = grad->w2.data() + half * kHidden;
            const float* a = acc[half];
            for (int i = 0; i < kHidden; ++i) {
                gw[i] += g * act[half][i];
                const bool live = a[i] > 0.0f && a[i] < 1.0f;
                dacc[i] = live ? g * w[i] * 2.0f * a[i] : 0.0f;
            }
            for (int i = 0; i < kHidden; ++i) grad->b1[std::size_t(i)] += dacc[i];
            for (int k = 0; k < f.count[half]; ++k) {
                float* col = grad->w1.data() + std::size_t(f.index[half][k]) * kHidden;
                for (int i = 0; i < kHidden; ++i) col[i] += dacc[i];
            }
        }
    }
    return loss;
}

struct Adam {
    std::vector<float> m, v;
    explicit Adam(std::size_t n) : m(n), v(n) {}
    void step(float* w, const float* g, std::size_t n, std::size_t offset, float rate, float scale,
              long t, float lo, float hi) {
        constexpr float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
        const float c1 = 1.0f - std::pow(b1, float(t)), c2 = 1.0f - std::pow(b2, float(t));
        float* mm = m.data() + offset;
        float* vv = v.data() + offset;
        for (std::size_t i = 0; i < n; ++i) {
            const float gi = g[i] * scale;
            mm[i] = b1 * mm[i] + (1 - b1) * gi;
            vv[i] = b2 * vv[i] + (1 - b2) * gi * gi;
            w[i] -= rate * (mm[i] / c1) / (std::sqrt(vv[i] / c2) + eps);
            w[i] = std::clamp(w[i], lo, hi);
        }
    }
};

std::int16_t quantise(float x, float factor) {
    return std::int16_t(std::clamp(std::lround(x * factor), -32767L, 32767L));
}

[[noreturn]] void usage(const std::string& problem) {
    std::fprintf(stderr,
                 "chess960_nnue_train: %s\n"
                 "usage: chess960_nnue_train --out NET [--epochs N] [--batch B] [--rate R] "
                 "[--lambda L] [--threads T] [--holdout P] [--seed S] [--buckets 1|4] "
                 "SAMPLES.bin...\n",
                 problem.c_str());
    std::exit(2);
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) usage(a + " needs a value");
            return argv[++i];
        };
        // The bounds as written ("1e-07", "0.5"), not std::to_string's "0.000000".
        auto bad = [&](auto lo, auto hi, const std::string& v) {
            std::ostringstream range;
            range << lo << " to " << hi;
            usage(a + ": expected a number from " + range.str() + ", not '" + v + "'");
        };
        auto real = [&](double lo, double hi) {
            const std::string v = value();
            const auto x = args::to_double(v, lo, hi);
            if (!x) bad(lo, hi, v);
            return *x;
        };
        // Whole numbers only: "--epochs 2.5" is refused, not cut to 2.
        auto integer = [&](std::int64_t lo, std::int64_t hi) {
            const std::string v = value();
            const auto n = args::to_int(v, lo, hi);
            if (!n) bad(lo, hi, v);
            return *n;
        };
        if (a == "--out")
            o.out = value();
        else if (a == "--epochs")
            o.epochs = int(integer(1, 10000));
        else if (a == "--batch")
            o.batch = int(integer(1, 1 << 20));
        else if (a == "--rate")
            o.rate = float(real(1e-7, 1));
        else if (a == "--lambda")
            o.lambda = float(real(0, 1));
        else if (a == "--threads")
            o.threads = int(integer(1, 256));
        else if (a == "--holdout")
            o.holdout = real(0, 0.5);
        else if (a == "--seed")
            o.seed = unsigned(integer(0, 4000000000));
        else if (a == "--buckets") {
            o.buckets = int(integer(1, 4));
            if (o.buckets != 1 && o.buckets != 4) usage("--buckets: 1 or 4");
        } else if (a.starts_with("--"))
            usage("unknown option " + a);
        else
            o.files.push_back(a);
    }
    if (o.out.empty()) usage("--out NET is required");
    if (o.files.empty()) usage("no sample files given");
    return o;
}

}  // namespace

int main(int argc, char** argv) {
    const Options opt = parse_options(argc, argv);
    std::vector<nnue_data::Sample> samples;
    for (const std::string& path : opt.files) {
        std::ifstream in(path, std::ios::binary | std::ios::ate);
        if (!in) usage("cannot open " + path);
        const auto size = std::size_t(in.tellg());
        if (size % sizeof(nnue_data::Sample))
            usage(path + ": " + std::to_string(size) + " bytes is not a whole number of " +
                  std::to_string(sizeof(nnue_data::Sample)) + "-byte samples");
        const std::size_t first = samples.size();
        samples.resize(first + size / sizeof(nnue_data::Sample));
        in.seekg(0);
        in.read(reinterpret_cast<char*>(samples.data() + first), std::streamsize(size));
        if (!in) usage("cannot read " + path);
    }
    if (samples.size() < 100) usage("too few samples: " + std::to_string(samples.size()));

    std::mt19937 rng(opt.seed);
    nnue_data::Split split = nnue_data::split_samples(samples.size(), opt.holdout, rng);
    std::vector<std::uint32_t>& order = split.training;
    const std::vector<std::uint32_t>& validation = split.validation;

    Network net = layout(opt.buckets);
    Params p(opt.buckets);
    {
        std::normal_distribution<float> input(0.0f, 0.05f), hidden(0.0f, 0.05f);
        for (float& w : p.w1) w = input(rng);
        for (float& w : p.w2) w = hidden(rng);
    }
    std::vector<Params> grads(std::size_t(opt.threads), Params(opt.buckets));
    Adam adam_w1(p.w1.size()), adam_b1(kHidden), adam_w2(2 * kHidden), adam_b2(1);

    auto parallel_loss = [&](const std::vector<std::uint32_t>& ord, std::size_t begin,
                             std::size_t end, bool with_grad) {
        std::vector<double> losses(std::size_t(opt.threads));
        std::vector<std::thread> workers;
        const std::size_t share =
            (end - begin + std::size_t(opt.threads) - 1) / std::size_t(opt.threads);
        for (int t = 0; t < opt.threads; ++t) {
            const std::size_t b = std::min(end, begin + share * std::size_t(t));
            const std::size_t e = std::min(end, b + share);
            Params* g = with_grad ? &grads[std::size_t(t)] : nullptr;
            if (g) g->zero();
            workers.emplace_back([&, b, e, g, t] {
                losses[std::size_t(t)] = pass(net, p, samples, ord, b, e, opt.lambda, g);
            });
        }
        for (auto& w : workers) w.join();
        return std::accumulate(losses.begin(), losses.end(), 0.0);
    };

    std::printf(
        "%zu samples (%zu training, %zu validation), %d king bucket(s), hidden %d, "
        "%d epochs of batches of %d, rate %g, lambda %g, %d thread(s)\n",
        samples.size(), order.size(), validation.size(), opt.buckets, kHidden, opt.epochs,
        opt.batch, double(opt.rate), double(opt.lambda), opt.threads);
    std::fflush(stdout);
    const auto start = std::chrono::steady_clock::now();
    long step = 0;
    for (int epoch = 1; epoch <= opt.epochs; ++epoch) {
        std::shuffle(order.begin(), order.end(), rng);
        const float rate = epoch > opt.epochs * 3 / 4 ? opt.rate / 10 : opt.rate;
        double train_loss = 0;
        for (std::size_t begin = 0; begin < order.size(); begin += std::size_t(opt.batch)) {
            const std::size_t end = std::min(order.size(), begin + std::size_t(opt.batch));
            train_loss += parallel_loss(order, begin, end, true);
            Params& g = grads[0];
            for (std::size_t t = 1; t < grads.size(); ++t) {
                for (std::size_t i = 0; i < g.w1.size(); ++i) g.w1[i] += grads[t].w1[i];
                for (std::size_t i = 0; i < g.b1.size(); ++i) g.b1[i] += grads[t].b1[i];
                for (std::size_t i = 0; i < g.w2.size(); ++i) g.w2[i] += grads[t].w2[i];
                g.b2 += grads[t].b2;
            }
            const float scale = 1.0f / float(end - begin);
            ++step;
            adam_w1.step(p.w1.data(), g.w1.data(), p.w1.size(), 0, rate, scale, step, -32.0f,
                         32.0f);
            adam_b1.step(p.b1.data(), g.b1.data(), kHidden, 0, rate, scale, step, -32.0f, 32.0f);
            adam_w2.step(p.w2.data(), g.w2.data(), 2 * kHidden, 0, rate, scale, step, -kOutputClip,
                         kOutputClip);
            adam_b2.step(&p.b2, &g.b2, 1, 0, rate, scale, step, -32.0f, 32.0f);
        }
        const double validation_loss =
            validation.empty() ? 0.0 : parallel_loss(validation, 0, validation.size(), false);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("epoch %3d  rate %.6f  train loss %.6f  validation loss %.6f  %.0f s\n", epoch,
                    double(rate), train_loss / double(order.size()),
                    validation.empty() ? 0.0 : validation_loss / double(validation.size()),
                    seconds);
        std::fflush(stdout);
    }

    // Quantise: the accumulator by QA, the output weights by QB, the output bias by QA * QB.
    net.feature_weights.resize(p.w1.size());
    for (std::size_t i = 0; i < p.w1.size(); ++i)
        net.feature_weights[i] = quantise(p.w1[i], float(net.qa));
    for (int i = 0; i < kHidden; ++i)
        net.feature_bias[std::size_t(i)] = quantise(p.b1[std::size_t(i)], float(net.qa));
    for (int i = 0; i < 2 * kHidden; ++i)
        net.output_weights[std::size_t(i)] = quantise(p.w2[std::size_t(i)], float(net.qb));
    net.output_bias = std::int32_t(std::lround(p.b2 * float(net.qa * net.qb)));
    net.scale = int(kScale);
    const std::vector<std::uint8_t> bytes = engine::nnue::serialize(net);
    std::ofstream out(opt.out, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    out.close();
    if (!out) usage("cannot write " + opt.out);
    std::printf("wrote %s (%zu bytes)\n", opt.out.c_str(), bytes.size());
    return 0;
}
