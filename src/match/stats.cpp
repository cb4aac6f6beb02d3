#include "match/stats.hpp"

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

ScoreSample sample(const Trinomial& t) {
    ScoreSample s;
    s.n = t.games();
    if (s.n == 0) return s;
    const double n = double(s.n);
    s.mean = (double(t.wins) + 0.5 * double(t.draws)) / n;
    const double w = double(t.wins) / n, d = double(t.draws) / n, l = double(t.losses) / n;
    s.variance =
        w * (1 - s.mean) * (1 - s.mean) + d * (0.5 - s.mean) * (0.5 - s.mean) + l * s.mean * s.mean;
    return s;
}

ScoreSample sample(const Pentanomial& p) {
    ScoreSample s;
    s.n = p.pairs();
    if (s.n == 0) return s;
    const double n = double(s.n);
    double mean = 0;
    for (int i = 0; i < 5; ++i) mean += double(p.counts[std::size_t(i)]) * (i / 4.0);
    mean /= n;
    double variance = 0;
    for (int i = 0; i < 5; ++i) {
        const double x = i / 4.0 - mean;
        variance += double(p.counts[std::size_t(i)]) * x * x;
    }
    s.mean = mean;
    s.variance = variance / n;
    return s;
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
