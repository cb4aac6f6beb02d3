// The lobby's seeks: accounts waiting for an opponent, and the games made from them (a seek
// accepted, two quick seeks paired), each stored with its seek or seeks taken in one transaction.
// Tables of schema version 9 (sqlite_schema.hpp) in the game store's database, kept by the
// accounts' store's connection (open.hpp: open_play_stores); each call one committed
// transaction. It knows rows, not rules: the lobby (src/server/lobby/) decides who may seek and
// accept.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/play_rows.hpp"
#include "store/store.hpp"

namespace chess960::server {

// A seek in the lobby: an account waiting for an opponent. `color` is the seeker's ("white",
// "black", "random"); the start is "random", "number" (start_number) or "double960"
// (start_number for White, start_black for Black; either may be absent, then drawn).
struct SeekRow {
    std::string id;
    std::string account_id;
    bool rated = false;
    std::string pool;
    std::optional<std::int64_t> clock_initial_ms;
    std::optional<std::int64_t> clock_increment_ms;
    std::optional<int> days_per_move;  // correspondence, instead of a clock
    std::string color = "random";
    std::string start_type = "random";
    std::optional<int> start_number;
    std::optional<int> start_black;
    std::optional<int> min_rating;  // the rating range of the opponents it accepts
    std::optional<int> max_rating;
    // A challenge: the one account that may accept it (and decline it), which alone with the
    // challenger sees it.
    std::optional<std::string> to_account = std::nullopt;
    std::int64_t created_at = 0;
    // Read with the seek: the seeker's name and rating in the seek's pool (if rated before).
    std::string account_name = {};
    std::string to_name = {};
    std::optional<RatingRow> seeker_rating = std::nullopt;
    // A quick-pairing pool's seek: the pool's key ("5+3"). The lobby lists none of these; it
    // matches them.
    std::optional<std::string> quick = std::nullopt;
};

// A game two accounts play as it is stored, in one transaction with the seek (or seeks) it was
// made from: its row in the games table (store.hpp) and its account game.
struct NewAccountGame {
    GameRow game;
    AccountGameRow account_game;
};

class SeekStore {
  public:
    virtual ~SeekStore() = default;

    virtual void insert_seek(const SeekRow& seek) = 0;
    // The seeks, oldest first, at most `limit`.
    virtual std::vector<SeekRow> seeks(int limit) = 0;
    virtual int count_seeks(const std::string& account_id) = 0;
    // Deletes the seek if `account_id` made it or, a challenge, was challenged by it; whether it
    // did.
    virtual bool delete_seek(const std::string& id, const std::string& account_id) = 0;
    // Deletes every seek the account made (it left); how many.
    virtual int delete_seeks_of(const std::string& account_id) = 0;
    // Takes the seek out of the lobby and inserts the game `make` builds from it (its row in the
    // games table and its account game), in one transaction: the whole fact or nothing, whatever
    // stops the server in between. Of two accepting at once (on two servers), one gets the seek,
    // the other nullopt. `make` may throw (an ApiError: the seek stays).
    virtual std::optional<SeekRow> accept_seek(
        const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) = 0;

    // Quick pairing: takes both seeks out of the lobby and inserts `game` (made from them), in
    // one transaction; false, with nothing changed, when either seek is gone (another server
    // paired it first, its player left). Of two servers pairing overlapping seeks at once, one
    // succeeds.
    virtual bool pair_seeks(const std::string& first, const std::string& second,
                            const NewAccountGame& game) = 0;

    // The game made from a seek, if it was accepted.
    virtual std::optional<AccountGameRow> find_game_of_seek(const std::string& seek_id) = 0;
};

}  // namespace chess960::server
