/// @file
/// Standings with FIDE's tie-breaks (Handbook C.07, Tie-Break Regulations in force from 2023),
/// chosen and ordered per event, with C.07's rules for unplayed rounds.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "chess960/error.hpp"
#include "chess960/pairing/tournament.hpp"

namespace chess960::pairing {

/// The tie-breaks of C.07 this library computes (the short names are C.07's).
enum class TiebreakKind {
    Buchholz,         ///< BH (C.07 8.1): the opponents' scores
    BuchholzCut1,     ///< BH/C1: without the least significant value
    BuchholzCut2,     ///< BH/C2: without the two least significant values
    BuchholzMedian,   ///< BH/M1: without the most and the least significant value
    SonnebornBerger,  ///< SB (9.1): each opponent's score times the points scored against them
    DirectEncounter,  ///< DE (6): the points between the tied players, when all met
    Wins,             ///< WIN (7.1): rounds won, with or without playing
    GamesWon,         ///< WON (7.2): games won over the board
    GamesWithBlack,   ///< BPG (7.3): games played with black
    WinsWithBlack,    ///< BWG (7.4): games won with black
    AverageRatingOfOpponents,  ///< ARO (10.1): the opponents' average rating, played games
    ProgressiveScore,          ///< PS (7.5): the sum of the scores after each round
    Koya,  ///< KS (9.2): points against opponents with at least half the maximum
};

struct Tiebreak {
    TiebreakKind kind;
    std::string name;  ///< as given: "BH-C1", "SB"...
};

/// A comma-separated list of tie-breaks in their order: BH, BH-C1 (or BH/C1), BH-C2,
/// BH-M1 (median), SB, DE, WIN, WON, BPG, BWG, ARO, PS, KS.
Result<std::vector<Tiebreak>> parse_tiebreaks(std::string_view text);

/// The names parse_tiebreaks accepts, for help texts.
std::string tiebreak_names();

/// One line of the standings. Values in tenths of a point, Sonneborn-Berger in hundredths
/// (a draw against 2.5 points gives 1.25), ARO in rating points, counts as whole numbers; in
/// the order of the tie-breaks asked for.
struct Standing {
    int rank = 0;  ///< 1-based; tied players (equal score and every tie-break) share it
    int start_number = 0;
    Points score = 0;
    std::vector<long> values;
};

/// The standings after every recorded round (or after `rounds` rounds when positive): by
/// score, then each tie-break in order, then start number.
///
/// Unplayed rounds (C.07 16): a player's own unplayed round (a bye, a forfeit either way, an
/// absence) counts for Buchholz and Sonneborn-Berger as a game against a dummy opponent with
/// the player's own score (16.4); in an opponent's score, the rounds the opponent chose not to
/// play (half- and zero-point byes, forfeit losses, absences) count as draws (16.3); cuts take
/// the player's own voluntarily unplayed rounds first (16.5 / 14.6).
Result<std::vector<Standing>> standings(const Tournament& tournament,
                                        const std::vector<Tiebreak>& tiebreaks, int rounds = 0);

/// A plain-text table: rank, start number, name, points, each tie-break.
std::string format_standings(const Tournament& tournament, const std::vector<Standing>& table,
                             const std::vector<Tiebreak>& tiebreaks);

}  // namespace chess960::pairing
