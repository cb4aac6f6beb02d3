// Batches of games written to the game database and its explorer's index on a thread of their
// own, so that an import goes on reading and replaying while a batch is written (on two cores the
// writes were a third of an import's time, all of it on the thread that also replays). At most
// kWaiting batches wait: a reader faster than the database waits too, and memory stays bounded.
// The first failure of a write is thrown to the next call of write() or finish().
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "gamedb/index_keeper.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server::gamedb {

class BatchWriter {
  public:
    static constexpr std::size_t kWaiting = 2;

    // `index` may be null (another process keeps it).
    BatchWriter(GameDbStore& store, IndexKeeper* index);
    // Writes what waits (errors are lost here: call finish() to hear of them).
    ~BatchWriter();
    BatchWriter(const BatchWriter&) = delete;
    BatchWriter& operator=(const BatchWriter&) = delete;

    // Queues a batch, waiting while kWaiting do.
    void write(std::vector<DbNewGame> batch);
    // Waits until every batch is written.
    void finish();

    long added() const { return added_; }
    long already_there() const { return already_; }

  private:
    void run();
    void rethrow_failure();

    GameDbStore& store_;
    IndexKeeper* index_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::vector<DbNewGame>> waiting_;
    bool writing_ = false, stop_ = false;
    std::exception_ptr failure_;
    std::atomic<long> added_{0}, already_{0};
    std::thread thread_;
};

}  // namespace chess960::server::gamedb
