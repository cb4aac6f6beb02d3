// The server's finished games into the game database and its explorer's index, on a thread of
// its own so that a game's end waits for no write: a bounded queue (past kMaxQueued games waiting
// a game is left out, with a line in the log; it stays in the server's games table) that the
// thread writes in batches. Between them, the thread brings the index up to date with games
// other processes add (an import, the other servers of a cluster) every kCatchUpEvery.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "chess960/pgn.hpp"
#include "gamedb/index_keeper.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server::gamedb {

class GameRecorder {
  public:
    static constexpr std::size_t kMaxQueued = 4096;
    static constexpr std::chrono::milliseconds kCatchUpEvery{1000};

    GameRecorder(GameDbStore& store, IndexKeeper& index,
                 std::function<void(const std::string&)> log);
    // Writes what is queued, then stops.
    ~GameRecorder();
    GameRecorder(const GameRecorder&) = delete;
    GameRecorder& operator=(const GameRecorder&) = delete;

    // Queues the server's game `game_id`, over (a game with no move or no result is not kept).
    void record(const pgn::GameRecord& game, const std::string& game_id);
    // Waits until every game queued before the call is written (for tests and shutdown).
    void flush();

  private:
    struct Item {
        pgn::GameRecord game;
        std::string id;
    };
    void run();

    GameDbStore& store_;
    IndexKeeper& index_;
    std::function<void(const std::string&)> log_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Item> queue_;
    std::size_t writing_ = 0;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace chess960::server::gamedb
