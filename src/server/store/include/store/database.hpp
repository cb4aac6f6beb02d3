// One database, an SQLite file or a PostgreSQL database (open.hpp chooses by its name), with
// every connection the server keeps to it: the game store's (and on PostgreSQL the cluster's, on
// the same connection), the events', the accounts' and their play's (open.hpp: PlayStores, the
// seeks, the account games, who is online and the lobby's changes on one connection). Opened in
// that order, the game store first (it creates and migrates the schema), and closed in the
// reverse order. The services are given the store interfaces, never a connection; a fact that
// spans tables (a seek taken with its game's rows, a game's ratings settled) is one call of one
// interface, one transaction on one connection.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "store/account_game_store.hpp"
#include "store/account_store.hpp"
#include "store/cluster.hpp"
#include "store/event_store.hpp"
#include "store/game_db_store.hpp"
#include "store/lobby_changes.hpp"
#include "store/open.hpp"
#include "store/presence_store.hpp"
#include "store/puzzle_store.hpp"
#include "store/seek_store.hpp"
#include "store/store.hpp"

namespace chess960::server {

class Database {
  public:
    // Opens and migrates `db`. Throws StoreError (open.hpp says when). `log` gets a line when
    // something in the background fails (standard error when not given). `rater` settles an
    // account game's ratings in the transaction that stores its end.
    explicit Database(const std::string& db, std::function<void(const std::string&)> log = {},
                      Rater rater = {});
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    Store& games() { return *games_; }
    EventStore& events() { return *events_; }
    AccountStore& accounts() { return *accounts_; }
    SeekStore& seeks() { return play_->seeks(); }
    AccountGameStore& account_games() { return play_->account_games(); }
    PresenceStore& presence() { return play_->presence(); }
    LobbyChanges& lobby_changes() { return play_->lobby_changes(); }
    // The game database: games finished here or imported, and the explorer's index.
    GameDbStore& game_db() { return *game_db_; }
    // The puzzles made from its games, their ratings and the players' attempts.
    PuzzleStore& puzzles() { return *puzzles_; }
    // What several servers sharing the database need; null on SQLite (one server a file).
    Cluster* cluster() { return cluster_.get(); }

  private:
    // Declared in the order they open; destroyed in the reverse.
    std::unique_ptr<Store> games_;
    std::unique_ptr<Cluster> cluster_;
    std::unique_ptr<EventStore> events_;
    std::unique_ptr<AccountStore> accounts_;
    std::unique_ptr<PlayStores> play_;
    std::unique_ptr<GameDbStore> game_db_;
    std::unique_ptr<PuzzleStore> puzzles_;
};

}  // namespace chess960::server
