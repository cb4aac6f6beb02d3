#include "gamedb/batch_writer.hpp"

#include <utility>

namespace chess960::server::gamedb {

BatchWriter::BatchWriter(GameDbStore& store, IndexKeeper* index)
    : store_(store), index_(index), thread_([this] { run(); }) {}

BatchWriter::~BatchWriter() {
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void BatchWriter::rethrow_failure() {
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void BatchWriter::write(std::vector<DbNewGame> batch) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return waiting_.size() < kWaiting || failure_; });
    rethrow_failure();
    waiting_.push_back(std::move(batch));
    changed_.notify_all();
}

void BatchWriter::finish() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return (waiting_.empty() && !writing_) || failure_; });
    rethrow_failure();
}

void BatchWriter::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stop_ || !waiting_.empty(); });
        if (waiting_.empty()) return;  // stopping, all written
        std::vector<DbNewGame> batch = std::move(waiting_.front());
        waiting_.pop_front();
        writing_ = true;
        lock.unlock();
        std::exception_ptr failed;
        try {
            const int added = store_.add_games(batch);
            if (index_) index_->added(batch);
            added_ += added;
            already_ += long(batch.size()) - added;
        } catch (...) {
            failed = std::current_exception();
        }
        lock.lock();
        writing_ = false;
        if (failed) {
            failure_ = failed;
            waiting_.clear();  // the batches after a failed one are not written
        }
        changed_.notify_all();
    }
}

}  // namespace chess960::server::gamedb
