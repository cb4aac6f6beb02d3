// The seeks' logic (store/seek_store.hpp), once for both back ends: the seeks, and the games made
// from them (the seek taken, the game's row and its account game in one transaction), with their
// parameters, rows and transactions. A back end gives its SQL text (SeekStatements; its row locks
// are in that text); the accounts' store (sql_account_store.hpp) gives its session on its
// connection, its mutex and its lobby's changes (sql_lobby_changes.hpp).
#pragma once

#include <mutex>
#include <string>

#include "sql_lobby_changes.hpp"
#include "sql_play_rows.hpp"
#include "sql_session.hpp"
#include "store/seek_store.hpp"

namespace chess960::server {

// The seeks' statements in a back end's SQL, with the same parameters on both.
struct SeekStatements {
    const char* insert_seek;      // (CHESS960_SEEK_COLUMNS)
    const char* select_seeks;     // (limit) the oldest first
    const char* count_seeks;      // (account)
    const char* delete_seek;      // (seek, account) its seeker's or, a challenge, its challenged's
    const char* delete_seeks_of;  // (account)
    // Taking seeks: (seek) it, locked where the back end locks rows; (first, second) the ids of
    // those two still there, locked in id order; then the game's row (store/game_columns.hpp),
    // its account game (CHESS960_ACCOUNT_GAME_COLUMNS), and the seek or seeks deleted.
    const char* select_seek_to_take;
    const char* lock_two_seeks;
    const char* insert_game;
    const char* insert_account_game;
    const char* take_seek;
    const char* take_two_seeks;
    const char* select_game_of_seek;  // (seek) the game made from it, as either seek
};

class SqlSeekStore final : public SeekStore {
  public:
    // `session`, `mutex` and `changes` are the accounts' store's (its connection), and may be its
    // members: none is used before a call.
    SqlSeekStore(const SeekStatements& sql, SqlSession& session, std::mutex& mutex,
                 SqlLobbyChanges& changes)
        : sql_(sql), session_(session), mutex_(mutex), changes_(changes) {}

    void insert_seek(const SeekRow& seek) override;
    std::vector<SeekRow> seeks(int limit) override;
    int count_seeks(const std::string& account_id) override;
    bool delete_seek(const std::string& id, const std::string& account_id) override;
    int delete_seeks_of(const std::string& account_id) override;
    std::optional<SeekRow> accept_seek(
        const std::string& id, const std::function<NewAccountGame(const SeekRow&)>& make) override;
    bool pair_seeks(const std::string& first, const std::string& second,
                    const NewAccountGame& game) override;
    std::optional<AccountGameRow> find_game_of_seek(const std::string& seek_id) override;

  private:
    // The game's row and its account game, in the caller's transaction.
    void insert_new_game(const NewAccountGame& game);

    const SeekStatements& sql_;
    SqlSession& session_;
    std::mutex& mutex_;
    SqlLobbyChanges& changes_;
};

}  // namespace chess960::server
