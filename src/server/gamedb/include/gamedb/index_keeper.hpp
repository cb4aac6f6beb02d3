// Keeps the explorer's index (store/explorer_index.hpp) up to date with the game database: the
// games added here go in at once, with the rows made when they were read; the games added by
// another process (an import while the server runs, another server of a PostgreSQL cluster), or
// lost to a kill between the database's commit and the index's, are read back by id from where
// the index got to (their moves decoded) whenever it catches up.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "store/explorer_index.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server::gamedb {

class IndexKeeper {
  public:
    // On PostgreSQL, the games this far below the index's mark are read again when it catches up
    // (ids are taken before their transactions commit, so one may appear below a seen one).
    static constexpr std::int64_t kLateWindow = 2000;

    IndexKeeper(GameDbStore& store, std::unique_ptr<ExplorerIndex> index);

    // Indexes the games the database holds past the index's mark; how many. Throws StoreError.
    long catch_up();
    // After `games` were added to the store (store.add_games, their ids set): their rows, or a
    // catch-up when other games came between. Throws StoreError.
    void added(const std::vector<DbNewGame>& games);
    // A position's rows. Throws StoreError.
    std::vector<IndexHit> position(std::int64_t key) const { return index_->position(key); }
    const ExplorerIndex& index() const { return *index_; }

  private:
    bool masters(int collection);

    GameDbStore& store_;
    std::unique_ptr<ExplorerIndex> index_;
    std::mutex mutex_;  // one writer of the index at a time
    std::unordered_map<int, bool> masters_;
};

}  // namespace chess960::server::gamedb
