#include "gamedb/recorder.hpp"

#include <exception>
#include <vector>

#include "gamedb/db_game.hpp"

namespace chess960::server::gamedb {

namespace {

// The replayer's main line of a record (its moves are the server's, legal).
pgn::Replayer::MainLine main_line_of(const pgn::GameRecord& game) {
    pgn::Replayer::MainLine line;
    line.tags = game.tags;
    line.start = game.start;
    line.chess960 = game.chess960;
    for (const pgn::Node& node : game.main.nodes) line.moves.push_back(node.move);
    line.result = game.result;
    line.complete = true;
    return line;
}

}  // namespace

GameRecorder::GameRecorder(GameDbStore& store, IndexKeeper& index,
                           std::function<void(const std::string&)> log)
    : store_(store), index_(index), log_(std::move(log)), thread_([this] { run(); }) {}

GameRecorder::~GameRecorder() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void GameRecorder::record(const pgn::GameRecord& game, const std::string& game_id) {
    if (game.main.nodes.empty() || game.result == GameResult::Ongoing) return;
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= kMaxQueued) {
            if (log_) log_("game database: game " + game_id + " left out (too many waiting)");
            return;
        }
        queue_.push_back({game, game_id});
    }
    changed_.notify_all();
}

void GameRecorder::flush() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return queue_.empty() && writing_ == 0; });
}

void GameRecorder::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait_for(lock, kCatchUpEvery, [&] { return stop_ || !queue_.empty(); });
        if (stop_ && queue_.empty()) return;  // all written
        std::vector<Item> items(std::make_move_iterator(queue_.begin()),
                                std::make_move_iterator(queue_.end()));
        queue_.clear();
        writing_ = items.size();
        lock.unlock();
        std::vector<DbNewGame> games;
        for (const Item& item : items) {
            auto made = make_db_game(main_line_of(item.game), {kServerCollection, false, item.id});
            if (made)
                games.push_back(std::move(*made));
            else if (log_)
                log_("game database: game " + item.id + " left out: " + made.error().message);
        }
        try {
            if (!games.empty()) {
                store_.add_games(games);
                index_.added(games);
            } else {
                index_.catch_up();  // what other processes added
            }
        } catch (const std::exception& e) {
            if (log_) log_(std::string("game database: ") + e.what());
        }
        lock.lock();
        writing_ = 0;
        changed_.notify_all();
    }
}

}  // namespace chess960::server::gamedb
