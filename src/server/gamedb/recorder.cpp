#include "gamedb/recorder.hpp"

#include <exception>
#include <optional>
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
    changed_.wait(lock, [&] { return queue_.empty() && uploads_.empty() && writing_ == 0; });
}

bool GameRecorder::upload(std::string pgn, DbDestination to,
                          std::function<void(UploadOutcome)> done) {
    {
        std::lock_guard lock(mutex_);
        if (uploads_.size() >= kMaxUploads) return false;
        uploads_.push_back({std::move(pgn), std::move(to), std::move(done)});
    }
    changed_.notify_all();
    return true;
}

void GameRecorder::write_games(std::vector<Item> items) {
    std::vector<DbNewGame> games;
    for (Item& item : items) {
        if (describe_) {
            try {
                describe_(item.game, item.id);
            } catch (const std::exception& e) {
                if (log_) log_("game database: game " + item.id + " not described: " + e.what());
            }
        }
        auto made = make_db_game(main_line_of(item.game), {kServerCollection, false, item.id});
        if (made)
            games.push_back(std::move(*made));
        else if (log_)
            log_("game database: game " + item.id + " left out: " + made.error().message);
    }
    try {
        store_.add_games(games);
        index_.added(games);
    } catch (const std::exception& e) {
        if (log_) log_(std::string("game database: ") + e.what());
    }
}

void GameRecorder::write_upload(Upload& upload) {
    UploadOutcome outcome;
    try {
        DbGameCollector collector(upload.to);
        pgn::Reader reader{std::string_view(upload.pgn)};
        reader.read_all(collector);
        outcome.read = collector.games_read;
        outcome.skipped = std::move(collector.skipped);
        outcome.imported = store_.add_games(collector.games);
        outcome.already_there = int(collector.games.size()) - outcome.imported;
        index_.added(collector.games);
    } catch (const std::exception& e) {
        outcome.error = e.what();
        if (log_) log_(std::string("game database: an upload failed: ") + e.what());
    }
    upload.done(std::move(outcome));
}

void GameRecorder::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait_for(lock, kCatchUpEvery,
                          [&] { return stop_ || !queue_.empty() || !uploads_.empty(); });
        if (stop_ && queue_.empty() && uploads_.empty()) return;  // all written
        std::vector<Item> items(std::make_move_iterator(queue_.begin()),
                                std::make_move_iterator(queue_.end()));
        queue_.clear();
        std::optional<Upload> upload;
        if (!uploads_.empty()) {
            upload.emplace(std::move(uploads_.front()));
            uploads_.pop_front();
        }
        const bool idle = items.empty() && !upload;
        writing_ = items.size() + (upload ? 1 : 0);
        lock.unlock();
        if (!items.empty()) write_games(std::move(items));
        if (upload) write_upload(*upload);
        if (idle) {
            try {
                index_.catch_up();  // what other processes added
            } catch (const std::exception& e) {
                if (log_) log_(std::string("game database: ") + e.what());
            }
        }
        lock.lock();
        writing_ = 0;
        changed_.notify_all();
    }
}

}  // namespace chess960::server::gamedb
