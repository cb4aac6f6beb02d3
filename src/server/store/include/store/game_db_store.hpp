// The game database (issue 42): games finished on the server or imported, each once (by a hash
// of its content), with their moves coded, names and events interned, and the games of each
// start position. Tables of schema version 13 (sqlite_schema.hpp) in the server's database,
// kept on a connection of their own (open.hpp: open_game_db_store). The explorer's index is made
// from these rows, by id (explorer_index.hpp). The store knows rows, not chess: what a move code
// or an index entry means is the game database room's (src/server/gamedb).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace chess960::server {

// The collection of the server's own games; an import's collections number from 1.
inline constexpr int kServerCollection = 0;

struct DbCollection {
    int id = 0;
    std::string name;
    bool masters = false;  // its games indexed whole, not the first plies only
};

// One game. Results: 0 unknown, 1 White won, 2 Black won, 3 drawn. A rating or date of 0 is
// unknown; a date is yyyymmdd.
struct DbGameRow {
    std::int64_t id = 0;  // given by the store
    std::int64_t hash = 0;
    int collection = kServerCollection;
    std::optional<std::string> game_id;  // the server's id of its own game
    std::optional<int> start_number;     // White's arrangement, 0..959
    std::optional<int> start_black_number;
    std::optional<std::string> initial_fen;  // when the game did not start from a number
    std::string white, black;
    int white_elo = 0, black_elo = 0, rating = 0;
    int result = 0;
    int speed = 0;
    bool rated = false;
    int date = 0;
    std::string event, site, round, time_control;
    int plies = 0;
    std::string moves;  // the move code (db/move_code.hpp); empty in a summary
    std::string tags;   // the other PGN tags, "Name\tvalue\n" each
};

// A position a game reaches: the zobrist key and the game's entry there (db/explorer_entry.hpp).
struct DbIndexRow {
    std::int64_t key = 0;
    std::int64_t entry = 0;
};

// A game to add, with its explorer rows (the index takes them once the game has its id).
struct DbNewGame {
    DbGameRow game;
    std::vector<DbIndexRow> index;
};

// What a search asks for; an absent field does not filter.
struct DbSearch {
    std::optional<int> start_number;
    std::optional<std::string> player;
    std::optional<bool> player_white;  // with player: only as White (true) or Black (false)
    std::optional<int> result;
    std::optional<int> speed;
    std::optional<bool> rated;
    std::optional<int> since, until;  // yyyymmdd, inclusive
    std::optional<int> min_rating, max_rating;
    std::optional<std::string> event;
    std::optional<int> collection;
    std::optional<std::vector<std::int64_t>> among;  // only these games (a position's, the index's)
    std::optional<std::int64_t> before;              // ids below it
    int max = 50;
};

struct DbStartCount {
    int collection = 0;
    int start_number = 0;
    int result = 0;
    std::int64_t games = 0;
};

class GameDbStore {
  public:
    virtual ~GameDbStore() = default;

    // The collection named `name`, made (with `masters`) if there is none.
    virtual DbCollection collection(const std::string& name, bool masters) = 0;
    virtual std::optional<DbCollection> find_collection(const std::string& name) = 0;
    virtual std::vector<DbCollection> collections() = 0;
    // Adds the games whose hash is not there yet, and their start positions' counts, in one
    // transaction; how many were added (the others were there already). Sets each added game's
    // id (0 for one there already).
    virtual int add_games(std::vector<DbNewGame>& games) = 0;
    // Up to `limit` games with ids above `id`, in id order, with their moves (names and tags
    // left empty): what the explorer's index is made of.
    virtual std::vector<DbGameRow> games_after(std::int64_t id, int limit) = 0;
    // Whether a game with a lower id can appear after one with a higher id was seen (PostgreSQL's
    // ids are taken before their transactions commit, in any order; SQLite has one writer).
    virtual bool ids_may_appear_late() const = 0;
    // The ids of `player`'s games as White (or as Black); none for an unknown name.
    virtual std::vector<std::int64_t> player_games(const std::string& player, bool white) = 0;
    // The games with these ids (without moves), in no particular order.
    virtual std::vector<DbGameRow> summaries(const std::vector<std::int64_t>& ids) = 0;
    // A game with its moves.
    virtual std::optional<DbGameRow> game(std::int64_t id) = 0;
    // The games a search finds, newest id first, without moves.
    virtual std::vector<DbGameRow> search(const DbSearch& search) = 0;
    // The games of each start position by collection and result.
    virtual std::vector<DbStartCount> start_counts() = 0;
};

}  // namespace chess960::server
