// The SQLite back end's file: what it holds (hashes, not tokens; no bytes of a deleted account),
// owner-only, the files it refuses to start on (damaged, not a database, another program's,
// read-only, missing), its checkpointer, and its indexes with 100,000 finished games.
#include <grp.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "chess960/startpos.hpp"
#include "store/account_store.hpp"
#include "store/checkpointer.hpp"
#include "store/open.hpp"
#include "store/secrets.hpp"
#include "store/sqlite_schema.hpp"
#include "store/store.hpp"
#include "store_support.hpp"

namespace chess960::server::store_test {
namespace {

// The user the read-only tests drop to when they run as root (nobody on Debian).
constexpr uid_t kUnprivileged = 65534;

// ---- What the file holds ----

TEST_F(StoreTest, TheFileHoldsTheTokensHashNeverTheToken) {
    const std::string white_token = random_hex(16), black_token = random_hex(16);
    {
        const auto store = open_store(path_);
        GameRow game = bare_game("g1");
        game.white_token_hash = sha256_hex(white_token);
        game.black_token_hash = sha256_hex(black_token);
        store->insert_game(game);
        const GameRow loaded = store->load_game("g1")->game;
        EXPECT_TRUE(token_matches(white_token, loaded.white_token_hash));
        EXPECT_TRUE(token_matches(black_token, loaded.black_token_hash));
    }
    // Closed: the WAL is checkpointed into the file and removed.
    EXPECT_FALSE(fs::exists(path_ + "-wal"));
    const std::string bytes = read_bytes(path_);
    EXPECT_NE(bytes.find(sha256_hex(white_token)), std::string::npos);  // the search works
    EXPECT_EQ(bytes.find(white_token), std::string::npos);
    EXPECT_EQ(bytes.find(black_token), std::string::npos);
}

TEST_F(StoreTest, TheDatabaseAndItsWalAreCreatedOwnerOnly) {
    const mode_t old_umask = umask(0);  // a umask cannot be what keeps the file private
    {
        const auto store = open_store(path_);
        store->insert_game(full_game("g1"));
        for (const std::string& file : {path_, path_ + "-wal", path_ + "-shm"}) {
            struct stat info {};
            ASSERT_EQ(stat(file.c_str(), &info), 0) << file;
            EXPECT_EQ(info.st_mode & 07777, 0600u) << file;
        }
    }
    umask(old_umask);
}

// A deleted account leaves none of its bytes in the SQLite file (secure_delete on the accounts'
// connection zeroes the deleted rows): neither its name nor its display name nor its hash.
TEST_F(StoreTest, ADeletedAccountLeavesNoBytesInTheFile) {
    AccountRow gone = an_account("a1", "Zebedee");
    gone.display_name = "Zebedee Quuxworth";
    {
        const auto store = open_store(path_);
        const auto accounts = open_account_store(path_);
        for (int i = 0; i < 20; ++i)  // neighbours on the same pages
            ASSERT_EQ(accounts->insert_account(
                          an_account("k" + std::to_string(i), "Keeper" + std::to_string(i)),
                          std::nullopt, 1),
                      AccountInsert::inserted);
        ASSERT_EQ(accounts->insert_account(gone, std::nullopt, 1), AccountInsert::inserted);
        accounts->insert_session({sha256_hex("zebedee's session"), "a1", 1, 1, 100});
        accounts->delete_account("a1");
    }
    EXPECT_FALSE(fs::exists(path_ + "-wal"));
    const std::string bytes = read_bytes(path_);
    EXPECT_NE(bytes.find("Keeper7"), std::string::npos);  // the search works
    EXPECT_EQ(bytes.find("Zebedee"), std::string::npos);
    EXPECT_EQ(bytes.find(sha256_hex("zebedee's session")), std::string::npos);
}

// ---- Databases the store refuses ----

// A read that fails is an error, never "no more rows" (a game loaded without its moves).
TEST_F(StoreTest, AReadErrorWhileLoadingThrows) {
    const auto store = open_store(path_);
    GameRow playing = bare_game("playing");
    playing.result = "*";
    playing.termination = std::nullopt;
    store->import_games({{playing, real_moves(1, 3, 1)}, {bare_game("over"), real_moves(2, 3, 2)}});
    ASSERT_EQ(store->load_in_play().size(), 1u);
    {
        // Damage the running database: the moves table (a WITHOUT ROWID table, an index b-tree
        // inside) gets the games table's root page (a table b-tree), which SQLite reports as
        // corruption when it reads it.
        RawDatabase db(path_);
        const std::string games_root =
            db.column("SELECT rootpage FROM sqlite_schema WHERE name = 'games'")[0];
        const int schema_version = std::stoi(db.column("PRAGMA schema_version")[0]);
        db.exec("PRAGMA writable_schema=ON");
        db.exec("UPDATE sqlite_schema SET rootpage = " + games_root + " WHERE name = 'moves'");
        db.exec("PRAGMA schema_version=" + std::to_string(schema_version + 1));
    }
    for (const auto& load : std::vector<std::function<void()>>{[&] { store->load_in_play(); },
                                                               [&] { store->load_game("over"); }}) {
        try {
            load();
            ADD_FAILURE() << "loaded moves from a damaged table";
        } catch (const StoreError& e) {
            std::cout << "StoreError: " << e.what() << "\n";
            EXPECT_NE(std::string(e.what()).find(path_ + ": the database is damaged"),
                      std::string::npos)
                << e.what();
        }
    }
}

TEST_F(StoreTest, ADamagedDatabaseIsRefused) {
    {
        const auto store = open_store(path_);
        std::vector<StoredGame> games;
        for (int i = 0; i < 400; ++i) {
            GameRow g = bare_game("game-" + std::to_string(i));
            games.push_back(StoredGame{g, real_moves(i, 4, i)});
        }
        store->import_games(games);
    }
    ASSERT_FALSE(fs::exists(path_ + "-wal"));
    const std::string whole = read_bytes(path_);
    constexpr std::size_t kPage = 4096;  // SQLite's default page size
    const std::size_t pages = whole.size() / kPage;
    ASSERT_GT(pages, 20u) << "too small a database to damage in the middle";
    {
        // Four whole pages in the middle of the file become noise, as a failing disk might
        // leave them; the header (page 1) stays intact, so SQLite still opens the file.
        std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
        std::mt19937 noise(960);
        std::string garbage(4 * kPage, '\0');
        for (char& c : garbage) c = char(noise());
        file.seekp(std::streamoff(pages / 2 * kPage));
        file.write(garbage.data(), std::streamsize(garbage.size()));
    }
    const std::string message = open_error(path_);
    EXPECT_NE(message.find(path_ + ": the database is damaged"), std::string::npos) << message;
    EXPECT_NE(message.find("Restore it from a backup"), std::string::npos) << message;
}

TEST_F(StoreTest, AFileThatIsNotADatabaseIsRefused) {
    {
        std::ofstream file(path_, std::ios::binary);
        std::mt19937 noise(1);
        for (int i = 0; i < 64 * 1024; ++i) file.put(char(noise()));
    }
    std::string message = open_error(path_);
    EXPECT_NE(message.find(path_ + ": the file is not an SQLite database"), std::string::npos)
        << message;
    {
        std::ofstream file(path_, std::ios::binary | std::ios::trunc);
        file << "[Event \"a PGN file given as the database\"]\n\n1. e4 e5 *\n";
    }
    message = open_error(path_);
    EXPECT_NE(message.find(path_ + ": the file is not an SQLite database"), std::string::npos)
        << message;
    // The garbage is left as it was: refusing never overwrites.
    EXPECT_EQ(read_bytes(path_).substr(0, 7), "[Event ");
}

TEST_F(StoreTest, AnotherProgramsDatabaseIsRefused) {
    {
        RawDatabase db(path_);
        db.exec("CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT)");
    }
    const std::string message = open_error(path_);
    EXPECT_NE(message.find("not a chess960 one"), std::string::npos) << message;
}

TEST_F(StoreTest, AMissingDirectoryOrADirectoryAsTheFileIsRefused) {
    std::string message = open_error(dir_ + "/no-such-dir/chess960.db");
    EXPECT_NE(message.find("no-such-dir/chess960.db: cannot create the database"),
              std::string::npos)
        << message;
    message = open_error(dir_);
    EXPECT_NE(message.find(dir_ + ": not a regular file"), std::string::npos) << message;
}

// Root ignores file permissions, so a read-only test run as root opens the store in a child
// process that has dropped to an unprivileged user (allowed to root); as another user, the child
// just keeps its identity. The child reports StoreError's message through a pipe.
struct ChildOutcome {
    bool opened = false;
    std::string error;
};

ChildOutcome open_in_unprivileged_child(const std::string& path) {
    int fds[2];
    if (pipe(fds) != 0) {
        ADD_FAILURE() << "pipe failed";
        return {};
    }
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        std::string report;
        if (geteuid() == 0 && (setgroups(0, nullptr) != 0 || setgid(kUnprivileged) != 0 ||
                               setuid(kUnprivileged) != 0)) {
            report = "Xcannot drop to uid 65534";
        } else {
            try {
                const auto store = open_store(path);
                report = "O";
            } catch (const StoreError& e) {
                report = std::string("E") + e.what();
            } catch (const std::exception& e) {
                report = std::string("Xnot a StoreError: ") + e.what();
            }
        }
        const ssize_t written = write(fds[1], report.data(), report.size());
        _exit(written == ssize_t(report.size()) ? 0 : 1);
    }
    close(fds[1]);
    std::string report;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fds[0], buffer, sizeof buffer)) > 0) report.append(buffer, std::size_t(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child failed";
    ChildOutcome outcome;
    if (report.starts_with("O")) {
        outcome.opened = true;
    } else if (report.starts_with("E")) {
        outcome.error = report.substr(1);
        std::cout << "StoreError (uid " << (geteuid() == 0 ? kUnprivileged : geteuid())
                  << "): " << outcome.error << "\n";
    } else {
        ADD_FAILURE() << "child: " << report.substr(report.empty() ? 0 : 1);
    }
    return outcome;
}

class ReadOnlyTest : public StoreTest {
  protected:
    void SetUp() override {
        StoreTest::SetUp();
        // The unprivileged child must be able to reach the temporary directory.
        if (geteuid() == 0) {
            for (fs::path p = fs::path(dir_).parent_path(); !p.empty(); p = p.parent_path()) {
                struct stat info {};
                if (stat(p.c_str(), &info) == 0 && !(info.st_mode & S_IXOTH))
                    GTEST_SKIP() << p << " is not searchable by other users, so the "
                                 << "unprivileged child cannot reach the test's files (set "
                                    "TEST_TMPDIR to a directory under /tmp)";
                if (p == p.root_path()) break;
            }
        }
        { const auto store = open_store(path_); }
        hand_over(dir_);
        hand_over(path_);
        chmod(dir_.c_str(), 0700);
    }
    // Files the test makes unwritable belong to the child's user, as the server's would.
    static void hand_over(const std::string& path) {
        if (geteuid() == 0) {
            ASSERT_EQ(chown(path.c_str(), kUnprivileged, kUnprivileged), 0) << path;
        }
    }
};

TEST_F(ReadOnlyTest, AReadOnlyFileIsRefused) {
    // The same file and user open when the file is writable: what refuses is the mode.
    EXPECT_TRUE(open_in_unprivileged_child(path_).opened);
    ASSERT_EQ(chmod(path_.c_str(), 0400), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the database is read-only"), std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("writable"), std::string::npos) << outcome.error;
}

TEST_F(ReadOnlyTest, AReadOnlyDirectoryIsRefused) {
    EXPECT_TRUE(open_in_unprivileged_child(path_).opened);
    ASSERT_EQ(chmod(dir_.c_str(), 0500), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the directory " + dir_ + " is read-only"),
              std::string::npos)
        << outcome.error;
    EXPECT_NE(outcome.error.find("chess960.db-wal"), std::string::npos) << outcome.error;
}

TEST_F(ReadOnlyTest, AnUnreadableFileIsRefused) {
    ASSERT_EQ(chmod(path_.c_str(), 0200), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the database cannot be read"), std::string::npos)
        << outcome.error;
}

// What access() on the file and the directory cannot see: a -wal file left by another user,
// which SQLite opens read-only. The write the store tries at start-up finds it.
TEST_F(ReadOnlyTest, AWalFileTheServerCannotWriteIsRefused) {
    if (geteuid() != 0) GTEST_SKIP() << "needs root, to leave a -wal file of another user";
    {
        std::ofstream wal(path_ + "-wal", std::ios::binary);  // root's, mode 0644
    }
    ASSERT_EQ(chmod((path_ + "-wal").c_str(), 0644), 0);
    const ChildOutcome outcome = open_in_unprivileged_child(path_);
    EXPECT_FALSE(outcome.opened);
    EXPECT_NE(outcome.error.find(path_ + ": the database "), std::string::npos) << outcome.error;
}

// ---- The checkpointer ----

// The checkpointer copies the log into the database file on its own connection once the log
// has grown past its threshold, and not before.
TEST_F(StoreTest, TheCheckpointerCopiesTheLogIntoTheDatabaseFilePastItsThreshold) {
    RawDatabase db(path_);
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA wal_autocheckpoint=0");
    db.exec("CREATE TABLE pages(bytes BLOB)");
    db.exec(
        "INSERT INTO pages WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
        "WHERE i < 200) SELECT randomblob(2000) FROM n");
    const auto size_before = fs::file_size(path_);
    std::vector<std::string> failures;
    StoreCheckpointer checkpointer(path_, 100,
                                   [&](const std::string& line) { failures.push_back(line); });
    checkpointer.log_grew(99);  // under the threshold: nothing happens
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(checkpointer.checkpoints(), 0);
    EXPECT_EQ(fs::file_size(path_), size_before);
    checkpointer.log_grew(150);
    for (int i = 0; i < 500 && checkpointer.checkpoints() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_EQ(checkpointer.checkpoints(), 1);
    EXPECT_GT(fs::file_size(path_), size_before + 200 * 2000);
    EXPECT_TRUE(failures.empty());
}

// The checkpointer's thread runs at a lower priority than the threads serving moves, under a
// name an operator finds in `top -H` (the copy of a large log once delayed acknowledgements).
TEST_F(StoreTest, TheCheckpointerRunsAtALowerPriorityUnderItsOwnName) {
    RawDatabase db(path_);
    db.exec("PRAGMA journal_mode=WAL");
    StoreCheckpointer checkpointer(path_, 100, [](const std::string&) {});
    // /proc/self/task/<tid>/stat: "tid (name) state ..." with the nice value the 19th field.
    auto find = [] {
        for (const auto& task : fs::directory_iterator("/proc/self/task")) {
            std::ifstream stat(task.path() / "stat");
            std::string line;
            std::getline(stat, line);
            const auto open = line.find('('), close = line.rfind(')');
            if (open == std::string::npos || close == std::string::npos) continue;
            if (line.substr(open + 1, close - open - 1) != StoreCheckpointer::kThreadName) continue;
            std::istringstream fields(line.substr(close + 2));
            std::string field;
            for (int i = 3; i <= 19 && fields >> field; ++i) {
            }
            return std::optional<int>(std::stoi(field));
        }
        return std::optional<int>();
    };
    std::optional<int> nice;
    for (int i = 0; i < 200 && !nice; ++i) {
        nice = find();
        if (!nice) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(nice) << "no thread named " << StoreCheckpointer::kThreadName;
    const int own = getpriority(PRIO_PROCESS, 0);
    const int wanted = StoreCheckpointer::lowered_nice(own);
    for (int i = 0; i < 200 && *nice != wanted; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        nice = find();
    }
    EXPECT_EQ(*nice, wanted);
    if (own < 19) {
        EXPECT_GT(*nice, own);  // behind the test's own threads
    }
}

// ---- The indexes, and start-up with many finished games (the time bounds) ----

// The plans of the very SQL the store runs (sqlite_schema.hpp): both lists read an index, in the
// order asked for, and the in-play one reads the partial index of the games in play only.
TEST_F(StoreTest, InPlayAndRecentGamesAreReadFromTheirIndexes) {
    { const auto store = open_store(path_); }
    RawDatabase db(path_);
    const std::string in_play = db.plan(schema::kSelectInPlay);
    EXPECT_NE(in_play.find("USING INDEX games_in_play"), std::string::npos) << in_play;
    EXPECT_EQ(in_play.find("TEMP B-TREE"), std::string::npos) << in_play;
    const std::string recent = db.plan(schema::kSelectRecent);
    EXPECT_NE(recent.find("USING INDEX games_recent"), std::string::npos) << recent;
    EXPECT_EQ(recent.find("TEMP B-TREE"), std::string::npos) << recent;
    const std::string moves = db.plan(schema::kSelectMoves);
    EXPECT_NE(moves.find("USING PRIMARY KEY (game_id=?)"), std::string::npos) << moves;
    std::cout << "in play: " << in_play << "recent: " << recent << "moves: " << moves;
}

TEST_F(StoreTest, StartUpAndRecentGamesStayFastWithAHundredThousandFinishedGames) {
    constexpr int kFinished = 100'000;
    // 960 real four-move openings, one per start position, reused.
    std::vector<std::vector<MoveRow>> openings;
    for (int n = 0; n < startpos::kCount; ++n) openings.push_back(real_moves(n, 4, 0));

    const auto import_start = std::chrono::steady_clock::now();
    {
        const auto store = open_store(path_);
        std::vector<StoredGame> batch;
        auto game = [&](int i, bool in_play) {
            char id[17];
            std::snprintf(id, sizeof id, "%016x", unsigned(i) * 2654435761u);
            GameRow g = full_game(id);
            g.white_token_hash = sha256_hex(std::to_string(i) + "w");
            g.black_token_hash = sha256_hex(std::to_string(i) + "b");
            g.start_number = i % startpos::kCount;
            g.created_at = 1'700'000'000'000 + std::int64_t(i) * 60'000;
            g.updated_at = g.created_at + 600'000;
            if (!in_play) {
                g.result = i % 2 ? "1-0" : "0-1";
                g.termination = "resignation";
                g.clock_running = std::nullopt;
            }
            std::vector<MoveRow> moves = openings[std::size_t(i % startpos::kCount)];
            for (MoveRow& m : moves) m.created_at = g.created_at + m.ply * 1000;
            batch.push_back(StoredGame{g, std::move(moves)});
        };
        for (int i = 0; i < kFinished + 3; ++i) {
            // Three games in play, spread among the finished ones.
            game(i, i == 10 || i == kFinished / 2 || i == kFinished + 2);
            if (batch.size() == 10'000) {
                store->import_games(batch);
                batch.clear();
            }
        }
        store->import_games(batch);
    }
    const double import_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - import_start).count();

    const auto open_start = std::chrono::steady_clock::now();
    const auto store = open_store(path_);
    const std::vector<StoredGame> in_play = store->load_in_play();
    const auto opened = std::chrono::steady_clock::now();
    const std::vector<GameRow> recent = store->recent_games(20);
    const auto listed = std::chrono::steady_clock::now();

    const double open_ms = std::chrono::duration<double, std::milli>(opened - open_start).count();
    const double recent_ms = std::chrono::duration<double, std::milli>(listed - opened).count();
    std::cout << "100,003 games (400,012 moves): import " << import_s << " s, database "
              << fs::file_size(path_) / 1024 / 1024 << " MiB (+ WAL "
              << (fs::exists(path_ + "-wal") ? fs::file_size(path_ + "-wal") / 1024 : 0)
              << " KiB); open + load_in_play " << open_ms << " ms; recent_games(20) " << recent_ms
              << " ms\n";

    ASSERT_EQ(in_play.size(), 3u);
    for (const StoredGame& stored : in_play) {
        EXPECT_TRUE(stored.game.in_play());
        EXPECT_EQ(stored.moves.size(), 4u);
        EXPECT_EQ(stored.game.plies, 4);
    }
    ASSERT_EQ(recent.size(), 20u);
    EXPECT_EQ(recent[0].updated_at,
              1'700'000'000'000 + std::int64_t(kFinished + 2) * 60'000 + 600'000);
    for (std::size_t i = 1; i < recent.size(); ++i)
        EXPECT_GT(recent[i - 1].updated_at, recent[i].updated_at);
    EXPECT_LT(open_ms, 2000.0);
    EXPECT_LT(recent_ms, 10.0);
}

}  // namespace
}  // namespace chess960::server::store_test
