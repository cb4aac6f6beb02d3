// Match statistics: Elo from a score, its 95% interval from the trinomial (per game) or
// pentanomial (per game pair) variance, and the sequential probability ratio test.
//
// The model is the logistic one: an Elo difference d gives the expected score
// 1 / (1 + 10^(-d/400)), draws counting half. The SPRT is the generalised SPRT of Michel Van
// den Bergh as fishtest uses it: the score is taken as normally distributed with the variance
// measured from the games, which gives
//   LLR = N * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
// with s0, s1 the expected scores at elo0 and elo1 (logistic Elo, not normalised Elo), N the
// number of games (trinomial) or of game pairs (pentanomial, each pair's score halved), and
// the bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha).
#pragma once

#include <array>
#include <cstdint>

namespace chess960::match {

struct Trinomial {
    std::int64_t wins = 0, draws = 0, losses = 0;
    std::int64_t games() const { return wins + draws + losses; }
};

// Game pairs by their score for the first engine: 0, 0.5, 1, 1.5 and 2 points.
struct Pentanomial {
    std::array<std::int64_t, 5> counts{};
    std::int64_t pairs() const;
};

// Mean and variance of a score in [0, 1] (per game, or per pair with the pair's score halved)
// over n samples.
struct ScoreSample {
    double mean = 0.5;
    double variance = 0;  // of one sample
    std::int64_t n = 0;
};
ScoreSample sample(const Trinomial& t);
ScoreSample sample(const Pentanomial& p);
// The sample the SPRT decides on: an outcome that has not happened yet counts as half a sample,
// so a run of one kind of result (every pair lost) has a variance and the test can end, as
// fishtest and fastchess regularise empty outcomes. Outcomes that happened count as they are.
ScoreSample sprt_sample(const Trinomial& t);
ScoreSample sprt_sample(const Pentanomial& p);

// 1 / (1 + 10^(-elo/400)).
double elo_to_score(double elo);
// The inverse: -400 log10(1/score - 1); +-infinity at 1 and 0.
double score_to_elo(double score);

struct EloEstimate {
    double score = 0.5;
    double elo = 0;
    double lower = 0;  // the 95% interval (may be infinite)
    double upper = 0;
    double los = 0.5;  // likelihood of superiority: P(true Elo > 0)
    // Half the width of the interval, for "+12.3 +/- 20.4".
    double error() const { return (upper - lower) / 2; }
};
EloEstimate estimate_elo(const ScoreSample& s);

struct SprtConfig {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
};
struct SprtState {
    enum class Decision { Continue, AcceptH0, AcceptH1 };
    double llr = 0;
    double lower = 0, upper = 0;  // the bounds
    Decision decision = Decision::Continue;
};
SprtState sprt(const SprtConfig& config, const ScoreSample& s);

const char* decision_string(SprtState::Decision d);

}  // namespace chess960::match
