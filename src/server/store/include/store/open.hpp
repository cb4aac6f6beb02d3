// Opening the stores a database holds: the only place that knows the implementations (SQLite's
// for a path, PostgreSQL's for a libpq URI), so that the interfaces (store.hpp, event_store.hpp,
// cluster.hpp) and whoever uses them know none.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "store/account_store.hpp"
#include "store/cluster.hpp"
#include "store/event_store.hpp"
#include "store/play_store.hpp"
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
// The accounts' play (ratings, seeks, account games) on that database, on a connection of its
// own.
std::unique_ptr<PlayStore> open_play_store(const std::string& db);

// What several servers sharing `store`'s database need (cluster.hpp), on `store`'s connection:
// none for a store no other server writes (SQLite: one server per file).
std::unique_ptr<Cluster> open_cluster(Store& store);

}  // namespace chess960::server
