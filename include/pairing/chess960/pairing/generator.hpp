/// @file
/// Random tournaments paired by the Dutch engine round after round, with bbpPairings' (and
/// JaVaFo's) generator settings, to test a pairing program against another one's checker.
#pragma once

#include <cstdint>
#include <string_view>

#include "chess960/error.hpp"
#include "chess960/pairing/tournament.hpp"

namespace chess960::pairing {

/// The generator's settings, under the names of bbpPairings' configuration file.
struct GeneratorConfig {
    int players = 20;                ///< PlayersNumber
    int rounds = 9;                  ///< RoundsNumber
    int draw_percentage = 30;        ///< DrawPercentage: of the games between equal players
    double forfeit_rate = 0;         ///< ForfeitRate: one game in X is forfeited (0: none)
    double half_point_bye_rate = 0;  ///< HalfPointByeRate: one player in X takes byes (0: none)
    double retired_rate = 0;         ///< RetiredRate: one player in X misses rounds (0: none)
    int highest_rating = 2800;       ///< HighestRating
    int lowest_rating = 1400;        ///< LowestRating
    PointSystem points;              ///< PointsForWin, PointsForDraw, ..., PointsForPAB
};

/// Reads "Key=Value" lines ('#' starts a comment) over `defaults`; an unknown key or a bad
/// value is an error naming its line.
Result<GeneratorConfig> parse_generator_config(std::string_view text,
                                               GeneratorConfig defaults = {});

/// Settings that imitate a recorded tournament: its players (ratings) and rounds, and the
/// rates of draws, forfeits and byes it had.
Result<GeneratorConfig> config_from_model(const Tournament& model);

/// A tournament of config.players players over config.rounds rounds, every round paired by
/// pair_next_round, results drawn from the ratings; the same seed gives the same tournament.
/// Its TRF (write_trf) carries XXR, XXC and, when not the standard ones, the points (BB*).
Result<Tournament> generate_tournament(const GeneratorConfig& config, std::uint64_t seed);

}  // namespace chess960::pairing
