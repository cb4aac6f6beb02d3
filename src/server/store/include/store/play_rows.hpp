// The rows the accounts' play stores share: a rating (the seek store reads the seeker's with a
// seek, the account game store an account's) and an account game (the seek store finds the game
// made from a seek, the account game store lists and settles them). Tables of schema version 9
// (sqlite_schema.hpp) in the game store's database.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace chess960::server {

// An account's rating in one pool ("bullet", "blitz", "rapid", "classical", "correspondence"):
// Glicko-2's rating, deviation and volatility after its last rated game in the pool.
struct RatingRow {
    std::string pool;
    double rating = 0;
    double deviation = 0;
    double volatility = 0;
    int games = 0;
    std::optional<std::int64_t> last_played;  // epoch ms
};

// A game whose seats are two accounts (a seek accepted). A rated game's ratings are changed
// once, when it is over: settled_at is set then (also for a game that changed none: aborted,
// casual), with each side's rating before and after (none when it changed nothing). An
// account's id is NULL again once the account is deleted.
struct AccountGameRow {
    std::string game_id;
    std::optional<std::string> seek_id;  // the seek it was made from
    // A quick pairing's game: the other of its two seeks (find_game_of_seek finds it by either).
    std::optional<std::string> second_seek_id = std::nullopt;
    std::optional<std::string> white_account;
    std::optional<std::string> black_account;
    bool rated = false;
    std::string pool;
    std::int64_t created_at = 0;
    std::optional<std::int64_t> settled_at = std::nullopt;
    std::optional<RatingRow> white_before = std::nullopt;
    std::optional<RatingRow> white_after = std::nullopt;
    std::optional<RatingRow> black_before = std::nullopt;
    std::optional<RatingRow> black_after = std::nullopt;
    // Read with it from the games table: the result ("1-0", "0-1", "1/2-1/2", "*"), the
    // termination word, the moves played, the start position numbers, the last change.
    std::string result = "*";
    std::optional<std::string> termination = std::nullopt;
    int plies = 0;
    std::optional<int> start_number = std::nullopt;
    std::optional<int> start_black_number = std::nullopt;
    std::int64_t updated_at = 0;
    // The accounts' names (empty for a deleted one).
    std::string white_name = {};
    std::string black_name = {};
};

}  // namespace chess960::server
