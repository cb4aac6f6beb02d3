// Checkpoints of the game store's write-ahead log on a thread of their own. SQLite's automatic
// checkpoint runs inside the commit that crosses its threshold: that commit, and every change
// waiting behind it in the group commit, waits for the whole log to be copied into the
// database and synced (tens of milliseconds for a large log). Here the writer's connection only
// reports how long the log has grown (a WAL hook), and this thread copies it meanwhile, on its
// own connection, without blocking the writer (SQLITE_CHECKPOINT_PASSIVE).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

struct sqlite3;

namespace chess960::server {

class StoreCheckpointer {
  public:
    // Opens its own connection to the database at `path` (which the store has opened, checked
    // and migrated). A checkpoint starts once the log holds `threshold` pages. `log` gets a line
    // when a checkpoint fails (the writer goes on; the log grows until one succeeds).
    StoreCheckpointer(const std::string& path, int threshold,
                      std::function<void(const std::string&)> log);
    ~StoreCheckpointer();
    StoreCheckpointer(const StoreCheckpointer&) = delete;
    StoreCheckpointer& operator=(const StoreCheckpointer&) = delete;

    // From the writer's WAL hook, after each commit: the log holds `pages` pages.
    void log_grew(int pages);
    // Checkpoints run so far (tests).
    int checkpoints();

    // The thread's name, and its nice value from the one it started with: it runs when the
    // serving threads leave a core idle (a copy of a 64 MiB log takes a core for tens of
    // milliseconds).
    static constexpr const char* kThreadName = "c960-checkpoint";
    static constexpr int lowered_nice(int nice) { return nice + 10 < 19 ? nice + 10 : 19; }

  private:
    void loop();

    const int threshold_;
    std::function<void(const std::string&)> log_;
    sqlite3* db_ = nullptr;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool wanted_ = false;
    bool stopping_ = false;
    int checkpoints_ = 0;
    std::thread thread_;
};

}  // namespace chess960::server
