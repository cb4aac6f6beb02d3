// The accounts' play: their ratings by pool, the lobby's seeks, and the games two accounts play
// (with the ratings each rated game changed). Tables of schema version 9 (sqlite_schema.hpp) in
// the game store's database, kept by the accounts' store's connection (account_store.hpp); each
// call one committed transaction. It knows rows, not rules: the lobby (src/server/lobby/) rates
// the games (src/rating/) through rate_game's Rater.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/cluster.hpp"

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

// An account online: a lobby connection to a live server.
struct PresenceRow {
    std::string account_id;
    std::string name;
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

// A game two accounts play as it is stored, in one transaction with the seek (or seeks) it was
// made from: its row in the games table (store.hpp) and its account game.
struct NewAccountGame {
    GameRow game;
    AccountGameRow account_game;
};

// What rate_game gives the Rater: the game as stored, with each side's rating in the game's pool
// (none for a player's first game in it).
struct RatingInput {
    const AccountGameRow& game;
    std::optional<RatingRow> white;
    std::optional<RatingRow> black;
};
// Each side's rating before the game (as the game was rated: a new player's default, the
// deviation grown by the idle days) and after it.
struct RatingOutput {
    RatingRow white_before;
    RatingRow black_before;
    RatingRow white;
    RatingRow black;
};
// The new ratings, or nullopt for a game that changes none (aborted, casual).
using Rater = std::function<std::optional<RatingOutput>(const RatingInput&)>;

enum class RateOutcome {
    settled,          // this call settled it (rated or not)
    already_settled,  // another call (another server's) settled it first
    in_play,          // the stored game is not over yet
    unknown,          // no such account game
};

// Which games of an account to list (its profile): all, or by result from the account's side
// ("win", "loss", "draw"), pool, start position number; newest first, before `before` (epoch ms)
// when given.
struct AccountGameQuery {
    std::string account_id;
    std::optional<std::string> outcome;
    std::optional<std::string> pool;
    std::optional<int> start_number;
    std::optional<std::int64_t> before;
    int limit = 50;
    bool in_play = false;  // only the games still in play
};

class PlayStore {
  public:
    virtual ~PlayStore() = default;

    // The account's ratings, one per pool it has played a rated game in.
    virtual std::vector<RatingRow> ratings(const std::string& account_id) = 0;

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

    virtual std::optional<AccountGameRow> find_account_game(const std::string& game_id) = 0;
    // The game made from a seek, if it was accepted.
    virtual std::optional<AccountGameRow> find_game_of_seek(const std::string& seek_id) = 0;
    // The account's games (AccountGameQuery), each with the games table's columns.
    virtual std::vector<AccountGameRow> account_games(const AccountGameQuery& query) = 0;

    // Settles a game once it is over as stored: `rater` gets the stored game and both ratings
    // in its pool, read with the game locked, and its answer is written with settled_at = the
    // game's last change, in one transaction, so that a game changes ratings once whichever
    // server (or how many) settles it.
    virtual RateOutcome rate_game(const std::string& game_id, const Rater& rater) = 0;
    // Games over but not settled (a server stopped between a game's end and its rating), at
    // most `limit`, the oldest first.
    virtual std::vector<std::string> unsettled_games(int limit) = 0;

    // Who is online, whichever server the accounts' lobby connections go to. Each server has a
    // row it renews (seen_at) while it runs, and the accounts connected to it.
    // Renews `server`'s row at `now` and adds and removes its accounts; false when the row was
    // gone (another server took it for dead): the caller then gives all its accounts again.
    virtual bool update_presence(const std::string& server, const std::vector<std::string>& joined,
                                 const std::vector<std::string>& left, std::int64_t now) = 0;
    // The accounts online on a server seen since `alive_since`, by name.
    virtual std::vector<PresenceRow> online(std::int64_t alive_since) = 0;
    // Whether the account is online on a server seen since `alive_since` other than `except`.
    virtual bool online_elsewhere(const std::string& account_id, const std::string& except,
                                  std::int64_t alive_since) = 0;
    // Deletes the servers not seen since `alive_since` (stopped without saying so) with their
    // accounts: the accounts that are online nowhere else now (their seeks are to go).
    virtual std::vector<std::string> drop_servers_seen_before(std::int64_t alive_since) = 0;
    // Deletes a server's row and accounts (it stops).
    virtual void drop_server(const std::string& server) = 0;

    // Other servers' changes to the seeks and to who is online: `on_change` gets "seeks" or
    // "online", on a thread of the listener's, after each change another server committed, and
    // "" when some may have been missed. None where no other server shares the database.
    virtual std::unique_ptr<StoreListener> listen(std::function<void(const std::string&)> on_change,
                                                  std::function<void(const std::string&)> log) = 0;
};

}  // namespace chess960::server
