// Opening the stores a database holds: the only place that knows the implementations (SQLite's
// for a path, PostgreSQL's for a libpq URI), so that the interfaces (store.hpp, event_store.hpp,
// cluster.hpp, account_store.hpp, seek_store.hpp, ...) and whoever uses them know none.
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
#include "store/presence_store.hpp"
#include "store/puzzle_store.hpp"
#include "store/seek_store.hpp"
#include "store/store.hpp"

namespace chess960::server {

// True when `db` names a PostgreSQL database (a libpq URI: postgresql:// or postgres://).
bool is_postgres_uri(const std::string& db);

// Opens (creating it if needed) and migrates the game store `db` names: a PostgreSQL URI, else
// the path of an SQLite file. SQLite: the file is created 0600; throws StoreError when it fails
// PRAGMA quick_check, is read-only (or its directory is), has a newer schema, or cannot be read.
// PostgreSQL: throws StoreError when the server cannot be reached or refuses the user, or the
// database has a newer schema. Messages name the database (never its password) and say what to
// do. `log` gets a line when something in the background fails (standard error when not given).
// `rater` settles an account game's ratings in the transaction that stores its end (none: no
// rating changes with a game's end).
std::unique_ptr<Store> open_store(const std::string& db,
                                  std::function<void(const std::string&)> log = {},
                                  Rater rater = {});

// The events' store on the database the game store has already opened and migrated (so it
// exists, is writable and has the event tables), on a connection of its own. Throws StoreError.
std::unique_ptr<EventStore> open_event_store(const std::string& db);

// The accounts' store on the database the game store has already opened and migrated, on a
// connection of its own. Throws StoreError.
std::unique_ptr<AccountStore> open_account_store(const std::string& db);

// The accounts' play on one connection: its seeks, the games made from them with the ratings they
// change, who is online, and the lobby's changes other servers make. Several interfaces, one
// connection (and one lock on it): a fact that spans them (a seek taken with its game's rows) is
// one call of one of them, one transaction on it.
class PlayStores {
  public:
    virtual ~PlayStores() = default;
    virtual SeekStore& seeks() = 0;
    virtual AccountGameStore& account_games() = 0;
    virtual PresenceStore& presence() = 0;
    virtual LobbyChanges& lobby_changes() = 0;
};
// The accounts' play on that database, on a connection of its own.
std::unique_ptr<PlayStores> open_play_stores(const std::string& db);

// The game database (game_db_store.hpp) on that database, on a connection of its own.
std::unique_ptr<GameDbStore> open_game_db_store(const std::string& db);

// The puzzles (puzzle_store.hpp) on that database, on a connection of its own.
std::unique_ptr<PuzzleStore> open_puzzle_store(const std::string& db);

// What several servers sharing `store`'s database need (cluster.hpp), on `store`'s connection:
// none for a store no other server writes (SQLite: one server per file).
std::unique_ptr<Cluster> open_cluster(Store& store);

}  // namespace chess960::server
