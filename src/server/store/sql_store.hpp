// The game store's logic, once for both back ends (SqliteStore, PostgresStore): its parameters
// and rows, each operation's statements and decisions (Store::write's ply checks, a takeback,
// the last move folded into its game). A back end gives its SQL text (GameStatements) and a
// session (sql_session.hpp); what only a database several servers share does inside a write
// (locks, token claims, notices) it adds through three hooks. A write that ends an account game
// settles its ratings in its transaction (sql_play_rows.hpp).
#pragma once

#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sql_play_rows.hpp"
#include "sql_session.hpp"
#include "store/account_game_store.hpp"
#include "store/store.hpp"

namespace chess960::server {

// The game store's statements in a back end's SQL. Their parameters and columns are the same on
// both: the game's columns in store/game_columns.hpp's order ($1 .. $24; $25 the stored ply of
// update_game_at_ply), a move's (game, ply, uci, san, fen, created_at and the clock after it).
struct GameStatements {
    const char* insert_game;
    const char* update_game;
    const char* update_game_at_ply;
    const char* insert_move;
    const char* insert_move_after;
    const char* delete_moves_after;
    const char* select_game;
    const char* select_in_play;
    const char* select_recent;
    const char* select_moves;
    const char* select_last_move;
    const char* count_event_games_in_play;
};

// The statements of a schema namespace (sqlite_schema.hpp's schema::, postgres_schema.hpp's
// pg_schema::), which name them alike.
#define CHESS960_GAME_STATEMENTS(ns)                                                            \
    GameStatements {                                                                            \
        .insert_game = ns::kInsertGame, .update_game = ns::kUpdateGame,                         \
        .update_game_at_ply = ns::kUpdateGameAtStoredPly, .insert_move = ns::kInsertMove,       \
        .insert_move_after = ns::kInsertMoveAfter, .delete_moves_after = ns::kDeleteMovesAfter, \
        .select_game = ns::kSelectGame, .select_in_play = ns::kSelectInPlay,                    \
        .select_recent = ns::kSelectRecent, .select_moves = ns::kSelectMoves,                   \
        .select_last_move = ns::kSelectLastMove,                                                \
        .count_event_games_in_play = ns::kCountEventGamesInPlay,                                \
    }

// The parameters of insert_game and update_game.
SqlValues game_values(const GameRow& game);
inline constexpr int kPliesParameter = 19;
// A game's row, as the SELECTs read it.
GameRow read_game(const SqlRow& row);

class SqlStore : public Store {
  public:
    void insert_game(const GameRow& game) override;
    void update_game(const GameRow& game) override;
    void add_move(const GameRow& game, const MoveRow& move) override;
    std::vector<std::optional<WriteRefusal>> write(std::span<const GameChange> changes) override;
    void import_games(const std::vector<StoredGame>& games) override;
    std::vector<StoredGame> load_in_play() override;
    std::optional<StoredGame> load_game(const std::string& id) override;
    std::vector<GameRow> recent_games(int limit) override;
    int event_games_in_play(const std::string& event_id) override;

  protected:
    // `session` may be a member of the derived store: it is not used before a call. `rater`
    // settles the ratings of an account game in the transaction that stores its end (write),
    // through `settlement`; none: a game's end changes no rating (tools, tests of the games
    // alone).
    SqlStore(const GameStatements& sql, const SettlementStatements& settlement, SqlSession& session,
             Rater rater)
        : sql_(sql), settlement_(settlement), session_(session), rater_(std::move(rater)) {}

    // Inside write's transaction, before its changes (a shared database: lock the games, take
    // the tokens claimed); for each change, whether it may be saved (nullopt) or why not; after
    // them, the games changed. Nothing by default (one server per database).
    virtual void begin_changes(std::span<const GameChange> /*changes*/) {}
    virtual std::optional<WriteRefusal> claim(const GameChange& /*change*/) { return std::nullopt; }
    virtual void changes_saved(const std::vector<std::string>& /*game_ids*/) {}

    // Guards the session.
    std::mutex mutex_;

  private:
    bool takeback(const GameChange& change);
    std::vector<MoveRow> moves_of(const std::string& id);
    void fold_last_move(GameRow& game);

    const GameStatements& sql_;
    const SettlementStatements& settlement_;
    SqlSession& session_;
    Rater rater_;
};

}  // namespace chess960::server
