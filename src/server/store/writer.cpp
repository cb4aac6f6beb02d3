#include "store/writer.hpp"

#include <vector>

namespace chess960::server {

StoreWriter::StoreWriter(Store& store, std::chrono::microseconds gather, std::size_t max_batch)
    : store_(store),
      gather_(gather),
      max_batch_(max_batch == 0 ? 1 : max_batch),
      thread_([this] { loop(); }) {}

StoreWriter::~StoreWriter() { stop(); }

void StoreWriter::submit(std::optional<GameChange> change, Done done) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            queue_.push_back(Pending{std::move(change), std::move(done)});
            // The writer waits for the first change, then for a full batch.
            if (queue_.size() == 1 || queue_.size() == max_batch_) wake_.notify_one();
            return;
        }
    }
    done(WriteRefusal{WriteRefusal::Reason::Failed, "the server is stopping"});
}

void StoreWriter::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

std::size_t StoreWriter::transactions() {
    std::lock_guard lock(mutex_);
    return transactions_;
}

// While one transaction commits, the next changes queue up: the batch grows with the load, and
// an idle server commits each change at once.
void StoreWriter::loop() {
    std::vector<Pending> batch;
    std::vector<GameChange> changes;
    for (;;) {
        batch.clear();
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping, and everything is written
            if (gather_.count() > 0 && !stopping_ && queue_.size() < max_batch_)
                wake_.wait_for(lock, gather_,
                               [this] { return stopping_ || queue_.size() >= max_batch_; });
            while (!queue_.empty() && batch.size() < max_batch_) {
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
        }
        changes.clear();
        for (Pending& pending : batch)
            if (pending.change) changes.push_back(std::move(*pending.change));
        std::vector<std::optional<WriteRefusal>> refused;
        std::optional<WriteRefusal> failure;
        if (!changes.empty()) {
            try {
                refused = store_.write(changes);
            } catch (const std::exception& e) {
                failure = WriteRefusal{WriteRefusal::Reason::Failed, e.what()};
            }
            std::lock_guard lock(mutex_);
            ++transactions_;
        }
        std::size_t next = 0;  // the next change's answer in `refused`
        for (Pending& pending : batch) {
            std::optional<WriteRefusal> outcome;
            if (pending.change) outcome = failure ? failure : std::move(refused[next++]);
            try {
                pending.done(outcome);
            } catch (...) {
                // A `done` must not throw; if one does, the others still run.
            }
        }
    }
}

}  // namespace chess960::server
