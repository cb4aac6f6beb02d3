#include "match/stats.hpp"

#include <array>
#include <cmath>
#include <limits>

namespace chess960::match {

namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal law

}  // namespace

std::int64_t Pentanomial::pairs() const {
    std::int64_t n = 0;
    for (auto c : counts) n += c;
    return n;
}

namespace {

// Mean and per-sample variance of scores with the given weights (counts); n is the number of
// real samples, which the SPRT multiplies by.
template <std::size_t K>
ScoreSample weighted(const std::array<double, K>& score, const std::array<double, K>& weight,
                     std::int64_t n) {
    ScoreSample s;
    s.n = n;
    double total = 0, mean = 0;
    for (std::size_t i = 0; i < K; ++i) {
        total += weight[i];
        mean += weight[i] * score[i];
    }
    if (n == 0 || total <= 0) return s;
    mean /= total;
    double variance = 0;
    for (std::size_t i = 0; i < K; ++i)
        variance += weight[i] * (score[i] - mean) * (score[i] - mean);
    s.mean = mean;
    s.variance = variance / total;
    return s;
}

constexpr std::array<double, 3> kTrinomialScores{1, 0.5, 0};
constexpr std::array<double, 5> kPentanomialScores{0, 0.25, 0.5, 0.75, 1};

// The pseudo-count an empty outcome gets in the SPRT: half a sample.
constexpr double kEmptyOutcomePrior = 0.5;

template <std::size_t K>
std::array<double, K> with_prior(std::array<double, K> weight, std::int64_t n) {
    if (n == 0) return weight;
    for (auto& w : weight)
        if (w == 0) w = kEmptyOutcomePrior;
    return weight;
}

std::array<double, 3> weights(const Trinomial& t) {
    return {double(t.wins), double(t.draws), double(t.losses)};
}

std::array<double, 5> weights(const Pentanomial& p) {
    std::array<double, 5> w{};
    for (std::size_t i = 0; i < 5; ++i) w[i] = double(p.counts[i]);
    return w;
}

}  // namespace

ScoreSample sample(const Trinomial& t) { return weighted(kTrinomialScores, weights(t), t.games()); }

ScoreSample sample(const Pentanomial& p) {
    return weighted(kPentanomialScores, weights(p), p.pairs());
}

ScoreSample sprt_sample(const Trinomial& t) {
    return weighted(kTrinomialScores, with_prior(weights(t), t.games()), t.games());
}

ScoreSample sprt_sample(const Pentanomial& p) {
    return weighted(kPentanomialScores, with_prior(weights(p), p.pairs()), p.pairs());
}

double elo_to_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double score_to_elo(double score) {
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    if (score >= 1) return std::numeric_limits<double>::infinity();
    return -400 * std::log10(1 / score - 1);
}

EloEstimate estimate_elo(const ScoreSample& s) {
    EloEstimate e;
    e.score = s.mean;
    e.elo = score_to_elo(s.mean);
    if (s.n == 0) return e;
    const double standard_error = std::sqrt(s.variance / double(s.n));
    e.lower = score_to_elo(s.mean - kZ95 * standard_error);
    e.upper = score_to_elo(s.mean + kZ95 * standard_error);
    if (standard_error > 0)
        e.los = 0.5 * (1 + std::erf((s.mean - 0.5) / (standard_error * std::sqrt(2.0))));
    else
        e.los = s.mean > 0.5 ? 1 : s.mean < 0.5 ? 0 : 0.5;
    return e;
}

SprtState sprt(const SprtConfig& config, const ScoreSample& s) {
    SprtState state;
    state.lower = std::log(config.beta / (1 - config.alpha));
    state.upper = std::log((1 - config.beta) / config.alpha);
    // Without spread in the results (no games, or all of one kind) the normal approximation
    // says nothing yet.
    if (s.n == 0 || s.variance <= 0) return state;
    const double s0 = elo_to_score(config.elo0), s1 = elo_to_score(config.elo1);
    state.llr = double(s.n) * (s1 - s0) * (2 * s.mean - s0 - s1) / (2 * s.variance);
    if (state.llr >= state.upper)
        state.decision = SprtState::Decision::AcceptH1;
    else if (state.llr <= state.lower)
        state.decision = SprtState::Decision::AcceptH0;
    return state;
}

const char* decision_string(SprtState::Decision d) {
    switch (d) {
        case SprtState::Decision::AcceptH0:
            return "H0 accepted";
        case SprtState::Decision::AcceptH1:
            return "H1 accepted";
        default:
            return "continue";
    }
}

}  // namespace chess960::match
