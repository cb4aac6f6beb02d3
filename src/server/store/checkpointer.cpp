#include "store/checkpointer.hpp"

#include <pthread.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <stdexcept>

namespace chess960::server {

StoreCheckpointer::StoreCheckpointer(const std::string& path, int threshold,
                                     std::function<void(const std::string&)> log)
    : threshold_(threshold), log_(std::move(log)) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        const std::string reason = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error(path + ": cannot open a second connection for checkpoints (" +
                                 reason + ")");
    }
    // This connection only checkpoints: it never commits, so it never checkpoints on its own.
    sqlite3_wal_autocheckpoint(db_, 0);
    sqlite3_busy_timeout(db_, 5000);
    // SQLite opens the file at the first read: until then the connection does not know that the
    // database is in WAL mode, and a checkpoint through it does nothing.
    if (sqlite3_exec(db_, "PRAGMA schema_version", nullptr, nullptr, nullptr) != SQLITE_OK) {
        const std::string reason = sqlite3_errmsg(db_);
        sqlite3_close(db_);
        throw std::runtime_error(path + ": cannot read the database for checkpoints (" + reason +
                                 ")");
    }
    thread_ = std::thread([this] { loop(); });
}

StoreCheckpointer::~StoreCheckpointer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    sqlite3_close(db_);
}

void StoreCheckpointer::log_grew(int pages) {
    if (pages < threshold_) return;
    {
        std::lock_guard lock(mutex_);
        if (wanted_) return;
        wanted_ = true;
    }
    wake_.notify_one();
}

int StoreCheckpointer::checkpoints() {
    std::lock_guard lock(mutex_);
    return checkpoints_;
}

void StoreCheckpointer::loop() {
    // Copying the log is background work: the threads that acknowledge moves (and the writer,
    // whose commits they wait for) go first when the cores are busy. Named for `top -H`.
    pthread_setname_np(pthread_self(), kThreadName);
    const auto self = static_cast<id_t>(gettid());
    setpriority(PRIO_PROCESS, self, lowered_nice(getpriority(PRIO_PROCESS, self)));
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return wanted_ || stopping_; });
            if (stopping_) return;  // the store's connection checkpoints as it closes
        }
        // PASSIVE copies what no reader still needs, without waiting for or blocking the
        // writer; the writer starts the log over at its next commit once all of it is copied.
        int log_pages = 0, copied = 0;
        const int rc =
            sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_pages, &copied);
        std::lock_guard lock(mutex_);
        wanted_ = false;
        ++checkpoints_;
        if (rc != SQLITE_OK && rc != SQLITE_BUSY && log_)
            log_(std::string("store checkpoint failed: ") + sqlite3_errmsg(db_));
    }
}

}  // namespace chess960::server
