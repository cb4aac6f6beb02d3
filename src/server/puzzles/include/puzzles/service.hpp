// The puzzles' service (issue 43): the next puzzle for a player (near their puzzle rating, by
// theme or start position; a visitor gives a rating), a puzzle by id, an attempt rated as a
// Glicko-2 game between the player and the puzzle (lichess's way: the first attempt of each
// player at each puzzle, both ratings moved), and a player's dashboard. The store's rows in, typed
// values out; JSON is the http room's.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chess960/position.hpp"
#include "store/puzzle_store.hpp"

namespace chess960::server::puzzles {

// A puzzle as a player is given it.
struct PuzzleView {
    PuzzleRow row;
    std::string last_move;              // the opponent's move (UCI), played before the solver's
    std::vector<std::string> solution;  // the solver's moves and the replies (UCI)
    std::optional<std::string>
        back_rank;  // the start position's, "RNBQKBNR" (with row.start_number)
    std::vector<std::string> themes;
};

struct NextQuery {
    std::optional<std::string> account;  // signed in: near its rating, without its attempts
    double rating = 1500;                // a visitor's (or a streak's) rating
    bool rating_given = false;           // the rating was asked for (a streak): not the account's
    std::optional<std::string> theme;
    std::optional<int> start_number;
};

struct AttemptOutcome {
    bool rated = false;  // false: a visitor's, or not the player's first at this puzzle
    PuzzleRatings before, after;
};

struct ThemeTally {
    std::string theme;
    int attempts = 0, wins = 0;
};

struct Dashboard {
    PuzzleRatingRow rating;  // a new player's until the first attempt
    int attempts = 0, wins = 0;
    std::vector<ThemeTally> themes;         // by attempts, most first
    std::vector<PuzzleAttemptRow> history;  // newest first
};

class PuzzleService {
  public:
    // `now`: milliseconds since the epoch (the server's clock; tests give their own).
    PuzzleService(PuzzleStore& store, std::function<std::int64_t()> now);

    // A puzzle near the rating, picked at random among the nearest few; none when no puzzle
    // matches.
    std::optional<PuzzleView> next(const NextQuery& query);
    std::optional<PuzzleView> find(const std::string& public_id);
    // A signed-in player's attempt (account) or a visitor's (none: not rated). Nothing when
    // there is no such puzzle.
    std::optional<AttemptOutcome> attempt(const std::optional<std::string>& account,
                                          const std::string& public_id, bool win);
    // The account's rating now (its deviation grown since its last attempt).
    PuzzleRatingRow rating(const std::string& account);
    Dashboard dashboard(const std::string& account, int history = 100);

  private:
    PuzzleStore& store_;
    std::function<std::int64_t()> now_;
};

// The view of a row: its moves split, the back rank of its start position.
PuzzleView view_of(const PuzzleRow& row);

}  // namespace chess960::server::puzzles
