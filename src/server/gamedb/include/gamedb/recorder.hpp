// The server's finished games and its uploads of PGN into the game database and its explorer's
// index, on a thread of its own so that neither a game's end nor a request waits for a write:
// a bounded queue of games (past kMaxQueued games waiting a game is left out, with a line in the
// log; it stays in the server's games table) that the thread writes in batches, and one of
// uploads (at most kMaxUploads waiting; the caller refuses more). Between them, the thread brings
// the index up to date with games other processes add (an import, the other servers of a
// cluster) every kCatchUpEvery.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "chess960/pgn.hpp"
#include "gamedb/collector.hpp"
#include "gamedb/index_keeper.hpp"
#include "store/game_db_store.hpp"

namespace chess960::server::gamedb {

class GameRecorder {
  public:
    static constexpr std::size_t kMaxQueued = 4096;
    static constexpr std::size_t kMaxUploads = 4;
    static constexpr std::chrono::milliseconds kCatchUpEvery{1000};

    GameRecorder(GameDbStore& store, IndexKeeper& index,
                 std::function<void(const std::string&)> log);
    // Writes what is queued, then stops.
    ~GameRecorder();
    GameRecorder(const GameRecorder&) = delete;
    GameRecorder& operator=(const GameRecorder&) = delete;

    // Queues the server's game `game_id`, over (a game with no move or no result is not kept).
    void record(const pgn::GameRecord& game, const std::string& game_id);
    // What the games room does not know of a game, added on the recorder's thread before it is
    // written (the lobby's account names and whether it was rated): set before serving.
    void set_describe(std::function<void(pgn::GameRecord&, const std::string& game_id)> describe) {
        describe_ = std::move(describe);
    }
    // Waits until every game queued before the call is written (for tests and shutdown).
    void flush();

    // What an upload of PGN did.
    struct UploadOutcome {
        long read = 0;
        int imported = 0, already_there = 0;
        std::vector<SkippedGame> skipped;
        std::string error;  // the database failed (nothing of the upload was written then)
    };
    // Queues PGN text to import into `to`; `done` is called on the recorder's thread once it is
    // written. False (and `done` never called) when kMaxUploads wait already.
    bool upload(std::string pgn, DbDestination to, std::function<void(UploadOutcome)> done);

  private:
    struct Item {
        pgn::GameRecord game;
        std::string id;
    };
    struct Upload {
        std::string pgn;
        DbDestination to;
        std::function<void(UploadOutcome)> done;
    };
    void run();
    void write_games(std::vector<Item> items);
    void write_upload(Upload& upload);

    GameDbStore& store_;
    IndexKeeper& index_;
    std::function<void(const std::string&)> log_;
    std::function<void(pgn::GameRecord&, const std::string&)> describe_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Item> queue_;
    std::deque<Upload> uploads_;
    std::size_t writing_ = 0;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace chess960::server::gamedb
