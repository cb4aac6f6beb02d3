// Puzzles (issue 43): the games of the game database each engine has analysed for puzzles, so
// that a generator run analyses only what is new, and the puzzles found, each once (by its game
// and ply). Tables of schema version 14 (sqlite_schema.hpp), on a connection of their own
// (open.hpp: open_puzzle_store). The store knows rows; what a puzzle is, is src/puzzle's.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace chess960::server {

struct PuzzleRow {
    std::int64_t id = 0;    // given by the store
    std::string public_id;  // the puzzle's name in URLs and the CSV
    std::int64_t game = 0;  // its game's id in db_games
    int ply = 0;            // the game's plies before `fen`
    std::string fen;        // before the opponent's move (Shredder-FEN or X-FEN)
    std::string moves;      // that move, then the solution: UCI, king takes rook, blank-separated
    double rating = 1500, deviation = 500, volatility = 0.09;
    int plays = 0;
    std::string themes;  // blank-separated
    std::optional<int> start_number;
    std::string engine;  // the analysis that found it
    // Read with it, from its game (not written): the game's site and the server's game id.
    std::string site;
    std::optional<std::string> game_id;
};

// A player's puzzle rating (Glicko-2, its own pool), as stored.
struct PuzzleRatingRow {
    double rating = 1500, deviation = 500, volatility = 0.09;
    int games = 0;
    std::optional<std::int64_t> last_played;  // ms since the epoch
};

// Which puzzles a player may be given next: near `rating`, with `theme` and of `start_number`
// when given, none the account has attempted.
struct PuzzleQuery {
    double rating = 1500;
    std::optional<std::string> theme;
    std::optional<int> start_number;
    std::optional<std::string> account;
    int limit = 10;
};

// A rated attempt: the player's and the puzzle's ratings after it, from those before it
// (PuzzleStore::attempt's caller computes them inside its transaction).
struct PuzzleRatings {
    PuzzleRatingRow player;
    PuzzleRatingRow puzzle;
};
using PuzzleRater = std::function<PuzzleRatings(const PuzzleRatings& before)>;

struct PuzzleAttemptRow {
    std::string public_id;
    bool win = false;
    std::int64_t at = 0;  // ms since the epoch
    double rating = 0;    // the player's after it
    double change = 0;    // and its change
    std::string themes;   // the puzzle's
};

class PuzzleStore {
  public:
    virtual ~PuzzleStore() = default;

    // Up to `limit` ids of games above `after`, in id order, that `engine` has not analysed.
    virtual std::vector<std::int64_t> games_to_analyse(const std::string& engine,
                                                       std::int64_t after, int limit) = 0;
    // Records `game` analysed by `engine` with the puzzle found in it, in one transaction; false
    // when the puzzle was there already (the same game and ply).
    virtual bool add_analysis(std::int64_t game, const std::string& engine,
                              const std::optional<PuzzleRow>& puzzle) = 0;
    // Up to `limit` puzzles with ids above `after`, in id order.
    virtual std::vector<PuzzleRow> puzzles_after(std::int64_t after, int limit) = 0;
    // How many games `engine` has analysed.
    virtual std::int64_t analysed_games(const std::string& engine) = 0;

    // The puzzle of that public id.
    virtual std::optional<PuzzleRow> puzzle(const std::string& public_id) = 0;
    // Up to query.limit puzzles, the nearest in rating to query.rating first.
    virtual std::vector<PuzzleRow> near(const PuzzleQuery& query) = 0;
    // The account's first attempt at the puzzle, rated in one transaction: `rate` gets both
    // ratings before it and gives them after; the puzzle's plays count it. Nothing when the
    // account has attempted the puzzle before (or there is no such puzzle): nullopt.
    virtual std::optional<PuzzleRatings> attempt(const std::string& account,
                                                 const std::string& public_id, bool win,
                                                 std::int64_t at, const PuzzleRater& rate) = 0;
    // The account's puzzle rating; none before its first attempt.
    virtual std::optional<PuzzleRatingRow> player_rating(const std::string& account) = 0;
    // The account's attempts, newest first, at most `limit`.
    virtual std::vector<PuzzleAttemptRow> attempts(const std::string& account, int limit) = 0;
};

}  // namespace chess960::server
