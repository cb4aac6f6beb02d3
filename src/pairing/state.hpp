// What the Dutch system needs to know of each player before a round is paired: the history
// as C.04.1 reads it (games played, colours, floats, byes) and the colour preference of
// C.04.3 A.6 (2025), computed once per round.
#pragma once

#include <vector>

#include "chess960/error.hpp"
#include "chess960/pairing/tournament.hpp"

namespace chess960::pairing::detail {

enum class Outcome : unsigned char { Loss, Draw, Win };

// One round of one player's history.
struct Match {
    int opponent;  // the opponent's index, or the player's own for no opponent
    Colour colour = Colour::None;
    Outcome outcome = Outcome::Loss;
    bool played = false;  // a game over the board (C.04.1: counts for colours and rematches)
    bool paired = false;  // took part in the pairing (a game, a forfeit, the pairing bye)
};

struct PlayerState {
    std::vector<Match> matches;
    std::vector<Points> acceleration;  // by round index
    int id = 0;                        // start number - 1
    int rank = 0;                      // the order of pairing numbers among valid players
    int rating = 0;
    int played_games = 0;
    int imbalance = 0;  // |games with white - games with black|
    Points score = 0;   // without acceleration
    Colour preference = Colour::None;
    Colour repeated = Colour::None;  // the colour of the last two played games when equal
    bool strong = false;
    bool valid = false;  // has a player line (and, after update_ranks, takes part)

    // C.04.3 A.6.a: absolute when the colour difference is above 1 or the last two games
    // had the same colour.
    bool absolute_imbalance() const { return imbalance > 1; }
    bool absolute() const { return absolute_imbalance() || repeated != Colour::None; }
};

struct State {
    std::vector<PlayerState> players;  // by id
    std::vector<int> by_rank;          // ids in the initial order
    int played_rounds = 0;
    int expected_rounds = 0;
    PointSystem points;
    Colour initial_colour = Colour::None;
    std::vector<std::vector<int>> forbidden;  // ids
    struct ForbiddenInRounds {
        int first;  // round index (0-based) from which...
        int end;    // ...up to (not including) which the players may not meet
        std::vector<int> players;
    };
    std::vector<ForbiddenInRounds> forbidden_in_rounds;

    Points points_for(const PlayerState& p, const Match& m) const;
    // The score used for pairing: the score `back` rounds ago plus that round's acceleration.
    Points pairing_score(const PlayerState& p, int back = 0) const;
    // C.04.2 / C.04.3: who may get the pairing-allocated bye (no earlier bye or unplayed win
    // worth a win's points).
    bool bye_eligible(const PlayerState& p) const;
    // C.04.1 b: players who have met (a played game) or are forbidden to meet.
    std::vector<std::vector<bool>> cannot_meet() const;

    void update_ranks();
    void compute_player_data();
};

// The tournament as the pairing of round played_rounds + 1 sees it (next_round) or as the
// checker replays it (every recorded round a past one). Validates pair consistency and scores.
Result<State> build_state(const Tournament& tournament, bool next_round);

Match match_of(const RoundEntry& entry, int id);

}  // namespace chess960::pairing::detail
