// Fits the evaluation weights to game data (Texel's method).
//
//   chess960_tune [--lambda L] [--epochs N] [--rate R] [--l2 C] [--holdout P] [--out FILE]
//                 GAMES.pgn...
//
// Each position of the games' main lines (not in check, before a quiet move) becomes a sample:
// the evaluation's term counts (eval::trace) and a target, lambda * the game's result +
// (1 - lambda) * the win probability of the engine score in the move's comment ("+0.32/8", as
// `chess960 match` writes it). The weights are fitted by Adam on the mean squared error between
// sigmoid(K * evaluation) and the target, K being fitted first. The weights are written as
// src/engine/eval_weights.inc expects them.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "chess960/pgn.hpp"
#include "engine/eval.hpp"
#include "match/move_comment.hpp"

namespace {

using namespace chess960;
using engine::eval::kParamCount;
using engine::eval::Weight;

struct Sample {
    std::uint32_t begin, end;  // into the coefficient arrays
    float target;
    std::uint8_t phase, scale_white, scale_black;
};

struct Data {
    std::vector<std::uint16_t> index;
    std::vector<std::int16_t> count;
    std::vector<Sample> samples;
};

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

void add_games(const char* path, double lambda, Data& data, std::unordered_set<std::uint64_t>& seen,
               long& games_used) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "chess960_tune: cannot open %s\n", path);
        std::exit(1);
    }
    pgn::Reader reader(in);
    pgn::Replayer replayer(true);
    reader.read_all(replayer);
    for (const auto& p : replayer.problems)
        std::fprintf(stderr, "%s: %s\n", path, p.describe().c_str());
    for (const pgn::GameRecord& game : replayer.games) {
        double result;
        switch (game.result) {
            case GameResult::WhiteWins:
                result = 1;
                break;
            case GameResult::BlackWins:
                result = 0;
                break;
            case GameResult::Draw:
                result = 0.5;
                break;
            default:
                continue;
        }
        ++games_used;
        Position pos = game.start;
        int ply = 0;
        for (const pgn::Node& node : game.main.nodes) {
            const std::optional<int> score =
                node.comments.empty() ? std::nullopt : match::comment_centipawns(node.comments[0]);
            const bool scored = score.has_value();
            const int cp = score.value_or(0);
            if (scored && ply >= 4 && !pos.in_check() && !pos.is_capture(node.move) &&
                !node.move.is_promotion() && seen.insert(pos.key()).second) {
                const double white_cp = pos.side_to_move() == White ? cp : -cp;
                const double engine = sigmoid(white_cp * std::log(10.0) / 400.0);
                const auto t = engine::eval::trace(pos);
                Sample s;
                s.begin = std::uint32_t(data.index.size());
                for (int i = 0; i < kParamCount; ++i)
                    if (t.count[std::size_t(i)]) {
                        data.index.push_back(std::uint16_t(i));
                        data.count.push_back(t.count[std::size_t(i)]);
                    }
                s.end = std::uint32_t(data.index.size());
                s.target = float(lambda * result + (1 - lambda) * engine);
                s.phase = std::uint8_t(std::min(t.phase, engine::eval::kMaxPhase));
                s.scale_white = std::uint8_t(t.scale_white);
                s.scale_black = std::uint8_t(t.scale_black);
                data.samples.push_back(s);
            }
            pos = pos.after(node.move);
            ++ply;
        }
    }
}

// The evaluation of a sample from white's view, in centipawns, without rounding.
double evaluate(const Data& d, const Sample& s, const std::vector<double>& mg,
                const std::vector<double>& eg, double* eg_weight = nullptr) {
    double m = 0, e = 0;
    for (std::uint32_t k = s.begin; k < s.end; ++k) {
        m += mg[d.index[k]] * d.count[k];
        e += eg[d.index[k]] * d.count[k];
    }
    const double scale = (e > 0 ? s.scale_white : s.scale_black) / double(engine::eval::kFullScale);
    const double phase = s.phase / double(engine::eval::kMaxPhase);
    if (eg_weight) *eg_weight = scale * (1 - phase);
    return m * phase + e * scale * (1 - phase);
}

double error(const Data& d, const std::vector<std::size_t>& set, const std::vector<double>& mg,
             const std::vector<double>& eg, double k) {
    double total = 0;
    for (std::size_t i : set) {
        const Sample& s = d.samples[i];
        const double diff = sigmoid(k * evaluate(d, s, mg, eg)) - s.target;
        total += diff * diff;
    }
    return total / double(std::max<std::size_t>(1, set.size()));
}

}  // namespace

int main(int argc, char** argv) {
    double lambda = 0.5, holdout = 0.1, rate = 1.0, l2 = 0;
    int epochs = 1500;
    std::string out_path = "eval_weights.inc";
    std::vector<const char*> files;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "chess960_tune: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--lambda")
            lambda = std::atof(value());
        else if (a == "--epochs")
            epochs = std::atoi(value());
        else if (a == "--out")
            out_path = value();
        else if (a == "--holdout")
            holdout = std::atof(value());
        else if (a == "--rate")
            rate = std::atof(value());
        else if (a == "--l2")
            l2 = std::atof(value());
        else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "chess960_tune: unknown option %s\n", a.c_str());
            return 2;
        } else
            files.push_back(argv[i]);
    }
    if (files.empty()) {
        std::fprintf(
            stderr,
            "usage: chess960_tune [--lambda L] [--epochs N] [--rate R] [--l2 C] [--holdout P] "
            "[--out FILE] GAMES.pgn...\n");
        return 2;
    }

    Data data;
    std::unordered_set<std::uint64_t> seen;
    long games = 0;
    for (const char* f : files) add_games(f, lambda, data, seen, games);
    std::printf("%ld games, %zu positions, %zu counts\n", games, data.samples.size(),
                data.index.size());

    std::vector<std::size_t> train, test;
    std::mt19937_64 rng(960);
    std::uniform_real_distribution<double> coin(0, 1);
    for (std::size_t i = 0; i < data.samples.size(); ++i)
        (coin(rng) < holdout ? test : train).push_back(i);

    std::vector<double> mg(kParamCount), eg(kParamCount);
    for (int i = 0; i < kParamCount; ++i) {
        mg[std::size_t(i)] = engine::eval::kWeights[std::size_t(i)].mg;
        eg[std::size_t(i)] = engine::eval::kWeights[std::size_t(i)].eg;
    }
    // The regularisation pulls each weight towards its starting value: weights of rare terms
    // (few positions have them) stay near it instead of fitting noise.
    const std::vector<double> mg0 = mg, eg0 = eg;

    // K: golden-section search of the training error.
    double lo = 0.0005, hi = 0.02;
    for (int it = 0; it < 40; ++it) {
        const double a = lo + (hi - lo) * 0.382, b = lo + (hi - lo) * 0.618;
        if (error(data, train, mg, eg, a) < error(data, train, mg, eg, b))
            hi = b;
        else
            lo = a;
    }
    const double k = (lo + hi) / 2;
    std::printf("K = %.6f; error before: train %.6f, holdout %.6f\n", k,
                error(data, train, mg, eg, k), error(data, test, mg, eg, k));

    // Adam on both weight sets.
    std::vector<double> m1(2 * kParamCount), m2(2 * kParamCount), grad(2 * kParamCount);
    const double b1 = 0.9, b2 = 0.999;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        std::fill(grad.begin(), grad.end(), 0.0);
        for (std::size_t i : train) {
            const Sample& s = data.samples[i];
            double eg_weight;
            const double e = evaluate(data, s, mg, eg, &eg_weight);
            const double p = sigmoid(k * e);
            const double g = (p - s.target) * p * (1 - p) * k;
            const double gm = g * s.phase / double(engine::eval::kMaxPhase), ge = g * eg_weight;
            for (std::uint32_t j = s.begin; j < s.end; ++j) {
                grad[data.index[j]] += gm * data.count[j];
                grad[kParamCount + data.index[j]] += ge * data.count[j];
            }
        }
        const double scale = 2.0 / double(train.size());
        for (std::size_t j = 0; j < grad.size(); ++j) {
            const double start = j < std::size_t(kParamCount) ? mg0[j] : eg0[j - kParamCount];
            const double current = j < std::size_t(kParamCount) ? mg[j] : eg[j - kParamCount];
            const double gj = grad[j] * scale + 2 * l2 * (current - start);
            m1[j] = b1 * m1[j] + (1 - b1) * gj;
            m2[j] = b2 * m2[j] + (1 - b2) * gj * gj;
            const double mh = m1[j] / (1 - std::pow(b1, epoch));
            const double vh = m2[j] / (1 - std::pow(b2, epoch));
            double& w = j < std::size_t(kParamCount) ? mg[j] : eg[j - kParamCount];
            w -= rate * mh / (std::sqrt(vh) + 1e-12);
        }
        if (epoch % 100 == 0 || epoch == epochs)
            std::printf("epoch %d: train %.6f, holdout %.6f\n", epoch,
                        error(data, train, mg, eg, k), error(data, test, mg, eg, k));
        std::fflush(stdout);
    }

    std::ofstream out(out_path);
    out << "// The evaluation weights {middlegame, endgame} in the order of eval::Param, fitted "
           "by\n"
           "// tools/tune on "
        << data.samples.size() << " positions of " << games
        << " games (see tools/tune/README.md).\n";
    for (int i = 0; i < kParamCount; ++i) {
        int offset = 0;
        const char* name = engine::eval::param_name(i, &offset);
        out << '{' << std::lround(mg[std::size_t(i)]) << ", " << std::lround(eg[std::size_t(i)])
            << "},  // " << name << ' ' << offset << '\n';
    }
    std::printf("wrote %s\n", out_path.c_str());
    return 0;
}
