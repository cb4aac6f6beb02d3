// Puzzles (issue 43): the games of the game database each engine has analysed for puzzles, so
// that a generator run analyses only what is new, and the puzzles found, each once (by its game
// and ply). Tables of schema version 14 (sqlite_schema.hpp), on a connection of their own
// (open.hpp: open_puzzle_store). The store knows rows; what a puzzle is, is src/puzzle's.
#pragma once

#include <cstdint>
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
};

}  // namespace chess960::server
