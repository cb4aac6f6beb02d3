// Group commit: the changes of every game, from every thread, go to the store in the order
// they were made, many to a transaction, on the writer's own thread. A change's `done` runs on
// that thread once its transaction has committed (or failed), in submission order, so whoever
// publishes a change in `done` publishes the changes of one game in the order they happened,
// and only once they are stored. The threads serving connections never wait for the disk.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "store/store.hpp"

namespace chess960::server {

class StoreWriter {
  public:
    // Called with nullopt once the change is committed, or with why it was not saved.
    using Refused = std::optional<WriteRefusal>;
    using Done = std::move_only_function<void(const Refused& refused)>;

    // `max_batch`: changes in one transaction at most. `gather`: how long a transaction waits
    // after its first change for others to join it (while one commits, the next gather
    // anyway); a longer wait means fewer, larger transactions and a later acknowledgement.
    explicit StoreWriter(Store& store, std::chrono::microseconds gather = kDefaultGather,
                         std::size_t max_batch = 1024);
    static constexpr std::chrono::microseconds kDefaultGather{1000};
    ~StoreWriter();
    StoreWriter(const StoreWriter&) = delete;
    StoreWriter& operator=(const StoreWriter&) = delete;

    // Queues a change (none: nothing to store, `done` runs in order after the changes before
    // it are stored); never blocks on the store. After stop(), the change is refused at once
    // (its `done` runs on the caller's thread).
    void submit(std::optional<GameChange> change, Done done);
    // Commits everything submitted so far, then stops the thread.
    void stop();
    // Transactions committed so far (tests, logs).
    std::size_t transactions();

  private:
    struct Pending {
        std::optional<GameChange> change;
        Done done;
    };
    void loop();

    Store& store_;
    const std::chrono::microseconds gather_;
    const std::size_t max_batch_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Pending> queue_;
    bool stopping_ = false;
    std::size_t transactions_ = 0;
    std::thread thread_;
};

}  // namespace chess960::server
